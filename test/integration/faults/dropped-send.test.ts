/**
 * A binding SEND that never reaches the demo MSC: the proxy closes the connection without forwarding it. To the
 * client this looks like a reset, which may equally follow a commission, so the app says "outcome unknown" and
 * only once the settle time has passed with the period still open does it record "not commissioned" and allow a
 * new submission. Twice dropped, the third submission commissions the billing exactly once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { appErrorOf, isSend, mscState, mscSubmissions, startFaultWorld, until } from '@test/integration/faults/helpers';
import type { FaultWorld } from '@test/integration/faults/helpers';

const BILLINGUNIT = '100200302';
const PERIOD_TO = '2025-12-31';

describe('a binding SEND dropped before it reached the MSC', () => {
  let world: FaultWorld | undefined;
  afterEach(async () => {
    await world?.close();
  });

  it('is unknown until the settle time, then not commissioned, and a new submission commissions once', async () => {
    // Arrange: the first two SENDs are dropped, later ones pass
    world = await startFaultWorld({
      plan: (req) => (isSend(req) && req.nth <= 2 ? { kind: 'drop' } : { kind: 'pass' }),
      timing: { mscLimits: { timeoutMs: 1000, retries: 1 }, sendReconcile: { intervalMs: 200, settleAfterMs: 1500 } },
    });
    const { h, connectionId } = world;
    const where = { connectionId, billingunit: BILLINGUNIT, periodTo: PERIOD_TO };
    const filled = demoSubmission(await h['templates:get'](where));
    const submit = () => h['templates:submit']({ ...where, filled, ignoreWarnings: false });
    const settledEntries = async (count: number) => {
      await until(async () => (await h['archive:list'](where)).length >= count, 6000, `${String(count)} archive entries`);
      return h['archive:list'](where);
    };

    for (const round of [1, 2]) {
      // Act: submit; the SEND is dropped
      const error = await appErrorOf(submit());
      const meanwhile = await appErrorOf(submit());

      // Assert: unknown and blocked, then (period still open after the settle time) not commissioned
      expect(error.key, `round ${String(round)}`).toBe('send.outcomeUnknown');
      expect(error.message).not.toMatch(/nicht beauftragt/i);
      expect(meanwhile.key).toBe('send.pending');
      const entries = await settledEntries(round * 2);
      const settled = await h['archive:read']({ connectionId, id: entries.at(-1)?.id ?? '' });
      expect(settled?.result).toMatchObject({ kind: 'failed', code: 'NETWORK' });
      expect(JSON.stringify(settled?.result)).toContain('NICHT beauftragt');
      expect(await mscSubmissions(world, BILLINGUNIT, PERIOD_TO)).toEqual([]);
    }

    // Act: the third submission passes
    const outcome = await submit();

    // Assert: one commission, and the app, the MSC's archive and its period status agree on it
    const submissions = await mscSubmissions(world, BILLINGUNIT, PERIOD_TO);
    expect(submissions).toHaveLength(1);
    expect(outcome).toEqual({ status: 'commissioned', transactionid: submissions[0], confirmedBy: 'reply' });
    const entries = await h['archive:list'](where);
    expect(entries.map((e) => e.result)).toEqual(['failed', 'failed', 'failed', 'failed', 'commissioned']);
    expect((await mscState(world)).periods[`${BILLINGUNIT}/${PERIOD_TO}`]).toMatchObject({
      status: 'COMMISSIONED',
      lastsubmission: { transactionid: submissions[0] },
    });
    const period = (await h['periods:list'](where)).find((p) => p.to === PERIOD_TO);
    expect(period).toMatchObject({ status: 'COMMISSIONED', lastsubmission: { transactionid: submissions[0] } });
    const sends = world.proxy.records().filter((r) => r.method === 'POST' && r.url.includes('action=SEND'));
    expect(sends.map((r) => [r.forwarded, r.outcome])).toEqual([
      [false, 'dropped'],
      [false, 'dropped'],
      [true, 'answered'],
    ]);
  });
});
