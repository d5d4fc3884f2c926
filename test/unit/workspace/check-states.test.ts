/**
 * The last test check of a draft belongs to the revision it checked and survives a restart (issue 11, item 5):
 * what was recorded is there after reopening the workspace on the same folder, a discarded draft loses it, and a
 * damaged file is set aside and reported while the rest keeps working.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WorkspaceProblem } from '@shared/domain/workspace';
import { hasErrors, openCheckStates } from '@main/services/workspace/check-states';
import { createWorkspace } from '@main/services/workspace/workspace';
import { createFakeSender, createManualClock, tempDir, waitFor } from '@test/unit/workspace/helpers';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterEach(async () => {
  await cleanup();
});

const PERIOD = { billingunit: '100200302', periodTo: '2025-12-31' };
const ERROR = {
  type: 'ERROR',
  shortmessage: 'ENERGYMIX_SUM',
  message: 'Energiemix 95 %',
  path: 'energysources[0].deliveries[0].energymix',
} as const;
const WARNING = {
  type: 'WARNING',
  shortmessage: 'DUPLICATE_INVOICE',
  message: 'doppelt?',
  path: 'ancillaryinvoices[1]',
} as const;

function open(problems: WorkspaceProblem[] = []) {
  return openCheckStates({
    dir,
    clock: createManualClock(),
    files: { clock: createManualClock(), report: (p) => problems.push(p) },
  });
}

describe('last checks per draft revision', () => {
  it('are there again after reopening, with their revision and time', async () => {
    const first = await open();
    await first.record({ ...PERIOD, revision: 3, outcome: { result: 'messages', messages: [ERROR] } });

    const reopened = await open();
    expect(await reopened.get(PERIOD.billingunit, PERIOD.periodTo)).toEqual({
      ...PERIOD,
      revision: 3,
      at: '2025-03-01T08:00:00.000Z',
      outcome: { result: 'messages', messages: [ERROR] },
    });
    expect(await reopened.get(PERIOD.billingunit, '2024-12-31')).toBeUndefined();
  });

  it('keep only the newest check of a period, which names its revision', async () => {
    const checks = await open();
    await checks.record({ ...PERIOD, revision: 3, outcome: { result: 'messages', messages: [ERROR] } });
    await checks.record({ ...PERIOD, revision: 4, outcome: { result: 'passed' } });
    const last = await (await open()).get(PERIOD.billingunit, PERIOD.periodTo);
    expect([last?.revision, last?.outcome.result]).toEqual([4, 'passed']);
  });

  it('count as having errors only with an ERROR message', async () => {
    const checks = await open();
    const warned = await checks.record({ ...PERIOD, revision: 1, outcome: { result: 'messages', messages: [WARNING] } });
    const failed = await checks.record({ ...PERIOD, revision: 2, outcome: { result: 'messages', messages: [WARNING, ERROR] } });
    expect([hasErrors(undefined), hasErrors(warned), hasErrors(failed)]).toEqual([false, false, true]);
  });

  it('set a damaged file aside and report it; the others stay', async () => {
    const checks = await open();
    await checks.record({ ...PERIOD, revision: 1, outcome: { result: 'passed' } });
    await writeFile(join(dir, '100200303_2025-12-31.json'), '{"billingunit": "100200303", "revis');
    const problems: WorkspaceProblem[] = [];

    const reopened = await open(problems);

    expect((await reopened.get(PERIOD.billingunit, PERIOD.periodTo))?.revision).toBe(1);
    expect(await reopened.get('100200303', '2025-12-31')).toBeUndefined();
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toContain('100200303_2025-12-31.json ist beschädigt');
    expect((await readdir(dir)).some((n) => n.startsWith('100200303_2025-12-31.json.corrupt'))).toBe(true);
  });

  it('are forgotten with a discarded draft, so a new draft at revision 1 shows no old check', async () => {
    const ws = await createWorkspace({ dir, sender: createFakeSender(), clock: createManualClock() });
    const draft = await ws.drafts.save({ ...PERIOD, content: {} }, 0);
    await ws.checks.record({ ...PERIOD, revision: draft.revision, outcome: { result: 'messages', messages: [ERROR] } });

    await ws.drafts.discard(PERIOD.billingunit, PERIOD.periodTo, draft.revision);

    expect(await ws.checks.get(PERIOD.billingunit, PERIOD.periodTo)).toBeUndefined();
    await waitFor(async () => !(await readdir(join(dir, 'checks'))).some((n) => n.endsWith('.json')));
    const reopened = await createWorkspace({ dir, sender: createFakeSender(), clock: createManualClock() });
    expect(await reopened.checks.get(PERIOD.billingunit, PERIOD.periodTo)).toBeUndefined();
    await Promise.all([ws.close(), reopened.close()]);
  });
});
