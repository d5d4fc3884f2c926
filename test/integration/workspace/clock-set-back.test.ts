/**
 * Issue 19, item 10, through the real app and the demo MSC: the clock set back one hour (an injected clock whose
 * wall time jumps while its monotonic time runs on) must not stall the app. Setup polling and the outbox's retries
 * go on within their backoff, and an unclear SEND is settled within its window.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createAppContext, type AppContext, type AppTiming } from '@main/app/app-context';
import { systemClock, type Clock } from '@main/services/workspace/clock';
import { passAll } from '@test/support/fault-proxy';
import type { ProxiedRequest } from '@test/support/fault-proxy';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { appErrorOf, isSend, mscSubmissions, startFaultWorld, until } from '@test/integration/faults/helpers';
import type { FaultWorld } from '@test/integration/faults/helpers';

const HOUR = 60 * 60_000;
const BILLINGUNIT = '100200301';
const request = {
  billingunitMscnumber: BILLINGUNIT,
  customerMscnumber: '0000012345',
  ordercriteriafor: 'USAGEUNIT' as const,
  residentialunits: [{ residentialunitPmnumber: 'LE-KH42-0001' }],
};
const isSetupPost = (req: ProxiedRequest) => req.method === 'POST' && req.path.startsWith('/billingunitsetup/');

/** The system's timers and monotonic time, with a wall clock that can be set like the clerk's. */
function settableClock(): Clock & { setBack: (ms: number) => void } {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    monotonic: () => performance.now(),
    schedule: systemClock.schedule,
    setBack: (ms) => {
      offset -= ms;
    },
  };
}

describe('with the clock set back one hour', () => {
  let world: FaultWorld | undefined;
  let restarted: AppContext | undefined;
  afterEach(async () => {
    await restarted?.close();
    restarted = undefined;
    await world?.close();
  });

  it('follows a setup to its matching result within the polling interval', async () => {
    // Arrange
    const clock = settableClock();
    world = await startFaultWorld({ timing: { clock } });
    const { h, connectionId } = world;
    await h['units:send-setup']({ connectionId, request });
    await until(async () => (await h['units:setups']({ connectionId }))[0]?.watching === true, 5000, 'the setup is watched');

    // Act
    clock.setBack(HOUR);

    // Assert: the first poll (2 s after sending) already finds the demo MSC's matching complete
    await until(
      async () => (await h['units:setups']({ connectionId }))[0]?.watching === false,
      6000,
      'the matching result arrives',
    );
    expect((await h['units:setups']({ connectionId }))[0]?.status?.setupstatus).toBe('COMPLETED');
  });

  it('retries a failed setup after a restart within its backoff', async () => {
    // Arrange: the MSC refuses setups (503) until the network heals; the outbox retries after 2 s
    const clock = settableClock();
    const timing: AppTiming = {
      clock,
      mscLimits: { timeoutMs: 1000, retries: 0 },
      outboxAutoRetry: { firstDelayMs: 2000, maxDelayMs: 2000, maxAttempts: 3 },
    };
    world = await startFaultWorld({
      plan: (req) => (isSetupPost(req) ? { kind: 'status', status: 503 } : { kind: 'pass' }),
      timing,
    });
    const { connectionId } = world;
    const item = await world.h['units:send-setup']({ connectionId, request });
    await until(async () => (await world!.h['units:outbox']({ connectionId }))[0]?.state === 'failed', 5000, 'it fails');
    await world.context.close();

    // Act: the clock is set back an hour, the network heals and the app starts again
    clock.setBack(HOUR);
    world.proxy.setPlan(passAll);
    restarted = createAppContext({
      mode: 'browser',
      version: 't',
      userDataDir: join(world.dir, 'app'),
      credentialStore: null,
      timing,
      log: () => undefined,
    });
    const h = restarted.handlers;

    // Assert
    await until(async () => (await h['units:outbox']({ connectionId }))[0]?.state === 'sent', 6000, 'the retry is sent');
    expect((await h['units:outbox']({ connectionId }))[0]).toMatchObject({ id: item.id, state: 'sent', attempts: 2 });
  });

  it('settles a SEND that never arrived as not commissioned within its window', async () => {
    // Arrange: the SEND is dropped; the period stays open
    const clock = settableClock();
    world = await startFaultWorld({
      plan: (req) => (isSend(req) ? { kind: 'drop' } : { kind: 'pass' }),
      timing: { clock, mscLimits: { timeoutMs: 1000, retries: 1 }, sendReconcile: { intervalMs: 200, settleAfterMs: 1500 } },
    });
    const { h, connectionId } = world;
    const where = { connectionId, billingunit: '100200302', periodTo: '2025-12-31' };
    const filled = demoSubmission(await h['templates:get'](where));
    const unknown = await appErrorOf(h['templates:submit']({ ...where, filled, ignoreWarnings: false }));
    expect(unknown.key).toBe('send.outcomeUnknown');

    // Act
    clock.setBack(HOUR);

    // Assert
    await until(async () => (await h['archive:list'](where)).length === 2, 6000, 'the SEND is settled');
    const entries = await h['archive:list'](where);
    const settled = await h['archive:read']({ connectionId, id: entries[1]?.id ?? '' });
    expect(settled?.result).toMatchObject({ kind: 'failed', code: 'NETWORK' });
    expect(JSON.stringify(settled?.result)).toContain('NICHT beauftragt');
    expect(await mscSubmissions(world, where.billingunit, where.periodTo)).toEqual([]);
  });
});
