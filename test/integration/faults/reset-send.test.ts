/**
 * A binding SEND that the demo MSC commits, but whose reply the client never gets: the proxy forwards it and then
 * resets the connection. The app learns the outcome from the period's status — at once when the status is readable,
 * otherwise by reconciling later — and the MSC holds exactly one submission, which the app's archive names.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { appErrorOf, isSend, mscState, mscSubmissions, startFaultWorld, until } from '@test/integration/faults/helpers';
import type { FaultWorld } from '@test/integration/faults/helpers';
import type { FaultPlan } from '@test/support/fault-proxy';

const BILLINGUNIT = '100200303';
const PERIOD_TO = '2025-12-31';
const TIMING = { mscLimits: { timeoutMs: 1000, retries: 1 }, sendReconcile: { intervalMs: 250, settleAfterMs: 10_000 } };

async function expectOneCommission(world: FaultWorld): Promise<string> {
  const where = { connectionId: world.connectionId, billingunit: BILLINGUNIT, periodTo: PERIOD_TO };
  const submissions = await mscSubmissions(world, BILLINGUNIT, PERIOD_TO);
  expect(submissions).toHaveLength(1);
  const [transactionid] = submissions;
  const commissioned = (await world.h['archive:list'](where)).filter((e) => e.result === 'commissioned');
  expect(commissioned).toHaveLength(1);
  const entry = await world.h['archive:read']({ connectionId: world.connectionId, id: commissioned[0]?.id ?? '' });
  expect(entry?.result).toEqual({ kind: 'commissioned', transactionid });
  expect((await mscState(world)).periods[`${BILLINGUNIT}/${PERIOD_TO}`]).toMatchObject({
    status: 'COMMISSIONED',
    lastsubmission: { transactionid },
  });
  const period = (await world.h['periods:list'](where)).find((p) => p.to === PERIOD_TO);
  expect(period).toMatchObject({ status: 'COMMISSIONED', lastsubmission: { transactionid } });
  const sends = world.proxy.records().filter((r) => r.method === 'POST' && r.url.includes('action=SEND'));
  expect(sends.map((r) => [r.forwarded, r.upstreamStatus, r.outcome])).toEqual([[true, 200, 'reset']]);
  return transactionid ?? '';
}

describe('a binding SEND whose connection is reset after the MSC committed it', () => {
  let world: FaultWorld | undefined;
  afterEach(async () => {
    await world?.close();
  });

  it('is confirmed from the period status right away', async () => {
    // Arrange
    world = await startFaultWorld({
      plan: (req) => (isSend(req) ? { kind: 'reset-after-forward' } : { kind: 'pass' }),
      timing: TIMING,
    });
    const where = { connectionId: world.connectionId, billingunit: BILLINGUNIT, periodTo: PERIOD_TO };
    const filled = demoSubmission(await world.h['templates:get'](where));

    // Act
    const outcome = await world.h['templates:submit']({ ...where, filled, ignoreWarnings: false });

    // Assert
    const transactionid = await expectOneCommission(world);
    expect(outcome).toEqual({ status: 'commissioned', transactionid, confirmedBy: 'status' });
    expect(await world.h['archive:list'](where)).toHaveLength(1);
  });

  it('is reported as outcome unknown while the status is unreadable too, then reconciled to commissioned', async () => {
    // Arrange: the SEND is reset after the MSC acted, and so are the two status reads right after it (one retry)
    let sendSeen = false;
    let readsAfterSend = 0;
    const plan: FaultPlan = (req) => {
      if (isSend(req)) {
        sendSeen = true;
        return { kind: 'reset-after-forward' };
      }
      if (sendSeen && req.method === 'GET' && req.path.endsWith('/billingperiods') && ++readsAfterSend <= 2) {
        return { kind: 'drop' };
      }
      return { kind: 'pass' };
    };
    world = await startFaultWorld({ plan, timing: TIMING });
    const { h, connectionId } = world;
    const where = { connectionId, billingunit: BILLINGUNIT, periodTo: PERIOD_TO };
    const filled = demoSubmission(await h['templates:get'](where));

    // Act
    const error = await appErrorOf(h['templates:submit']({ ...where, filled, ignoreWarnings: false }));
    const meanwhile = await appErrorOf(h['templates:submit']({ ...where, filled, ignoreWarnings: false }));

    // Assert
    expect(error.key).toBe('send.outcomeUnknown');
    expect(error.message).not.toMatch(/nicht beauftragt/i);
    expect(meanwhile.key).toBe('send.pending');
    await until(
      async () => (await h['archive:list'](where)).some((e) => e.result === 'commissioned'),
      8000,
      'the archive records the commission',
    );
    await expectOneCommission(world);
    expect((await h['archive:list'](where)).map((e) => e.result)).toEqual(['failed', 'commissioned']);
    const dropped = world.proxy.records().filter((r) => r.outcome === 'dropped');
    expect(dropped.map((r) => r.method)).toEqual(['GET', 'GET']);
  });
});
