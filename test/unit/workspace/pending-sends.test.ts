/**
 * Unclear binding submissions survive a restart (issue 14, defect 3 after a restart): what was put is listed
 * again after reopening, what was removed is gone, and a damaged file is set aside and reported.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WorkspaceProblem } from '@shared/domain/workspace';
import { openPendingSends, type PendingSend } from '@main/services/workspace/pending-sends';
import { createManualClock, tempDir } from '@test/unit/workspace/helpers';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterEach(async () => {
  await cleanup();
});

const SEND: PendingSend = {
  billingunit: '100200302',
  periodTo: '2025-12-31',
  action: 'SEND',
  startedAt: '2026-01-10T09:00:00.000Z',
  request: { currency: 'EUR' },
};

function open(problems: WorkspaceProblem[] = []) {
  return openPendingSends({ dir, files: { clock: createManualClock(), report: (p) => problems.push(p) } });
}

describe('pending sends', () => {
  it('are listed again after reopening until removed', async () => {
    const first = await open();
    await first.put(SEND);
    expect(first.get('100200302', '2025-12-31')).toEqual(SEND);

    const reopened = await open();
    expect(reopened.list()).toEqual([SEND]);
    await reopened.remove('100200302', '2025-12-31');

    expect((await open()).list()).toEqual([]);
    expect(reopened.get('100200302', '2025-12-31')).toBeUndefined();
  });

  it('sets a damaged file aside and keeps the others', async () => {
    await (await open()).put(SEND);
    await writeFile(join(dir, '100200301_2025-12-31.json'), '{"billingunit": "100200301"');
    const problems: WorkspaceProblem[] = [];

    const reopened = await open(problems);

    expect(reopened.list()).toEqual([SEND]);
    expect(problems).toHaveLength(1);
    expect((await readdir(dir)).some((f) => f.startsWith('100200301_2025-12-31.json.corrupt'))).toBe(true);
  });
});
