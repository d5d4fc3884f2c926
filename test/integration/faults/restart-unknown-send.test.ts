/**
 * A restart while a binding SEND's outcome is still unknown: the proxy holds the SEND past the client timeout, the
 * app is closed and started again on the same data folder, and only then does the held SEND reach the demo MSC.
 * The restarted app must still refuse a second submission while it is unclear, and must still learn and archive
 * the MSC's one commission.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createAppContext } from '@main/app/app-context';
import type { AppContext, AppTiming } from '@main/app/app-context';
import { WORKSPACES_FOLDER } from '@main/app/workspaces';
import { passAll } from '@test/support/fault-proxy';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { appErrorOf, isSend, mscSubmissions, startFaultWorld, until } from '@test/integration/faults/helpers';
import type { FaultWorld } from '@test/integration/faults/helpers';

const BILLINGUNIT = '100200302';
const PERIOD_TO = '2025-12-31';
const TIMING: AppTiming = {
  mscLimits: { timeoutMs: 1000, retries: 1 },
  sendReconcile: { intervalMs: 200, settleAfterMs: 10_000 },
};

describe('a restart while a SEND is unclear', () => {
  let world: FaultWorld | undefined;
  let restarted: AppContext | undefined;
  afterEach(async () => {
    await restarted?.close();
    await world?.close();
  });

  it('keeps the submission blocked and archives the commission that arrives after the restart', async () => {
    // Arrange: the SEND is held 3 s against a 1 s timeout
    world = await startFaultWorld({
      plan: (req) => (isSend(req) ? { kind: 'hold', ms: 3000 } : { kind: 'pass' }),
      timing: TIMING,
    });
    const { connectionId } = world;
    const where = { connectionId, billingunit: BILLINGUNIT, periodTo: PERIOD_TO };
    const filled = demoSubmission(await world.h['templates:get'](where));
    const first = await appErrorOf(world.h['templates:submit']({ ...where, filled, ignoreWarnings: false }));
    expect(first.key).toBe('send.outcomeUnknown');

    // Act: restart the app on the same data folder while the SEND is still held
    await world.context.close();
    restarted = createAppContext({
      mode: 'browser',
      version: 't',
      userDataDir: join(world.dir, 'app'),
      credentialStore: null,
      timing: TIMING,
      log: () => undefined,
    });
    const h = restarted.handlers;
    const meanwhile = await appErrorOf(h['templates:submit']({ ...where, filled, ignoreWarnings: false }));

    // Assert
    expect(meanwhile.key).toBe('send.pending');
    await until(
      async () => (await h['archive:list'](where)).some((e) => e.result === 'commissioned'),
      8000,
      'the restarted app archives the commission',
    );
    const submissions = await mscSubmissions(world, BILLINGUNIT, PERIOD_TO);
    expect(submissions).toHaveLength(1);
    const entries = await h['archive:list'](where);
    expect(entries.map((e) => e.result)).toEqual(['failed', 'commissioned']);
    const entry = await h['archive:read']({ connectionId, id: entries[1]?.id ?? '' });
    expect(entry?.result).toEqual({ kind: 'commissioned', transactionid: submissions[0] });
    expect(entry?.request).toEqual(filled);
    const pendingDir = join(world.dir, 'app', WORKSPACES_FOLDER, connectionId, 'pending-sends');
    expect((await readdir(pendingDir)).filter((f) => f.endsWith('.json'))).toEqual([]);
    // Settled: submitting is allowed again, and the MSC refuses a second commission
    world.proxy.setPlan(passAll);
    await expect(h['templates:submit']({ ...where, filled, ignoreWarnings: false })).resolves.toMatchObject({
      status: 'already-commissioned',
    });
    expect(await mscSubmissions(world, BILLINGUNIT, PERIOD_TO)).toEqual(submissions);
  });
});
