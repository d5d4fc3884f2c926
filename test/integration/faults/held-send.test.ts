/**
 * Issue 14, defect 3, as reported but scaled down: a proxy holds the binding SEND longer than the client's timeout
 * (2.5 s against 1 s) and then delivers it, so the demo MSC commissions the billing after the app gave up. The app
 * must say "outcome unknown", never "not commissioned", refuse a second submission meanwhile, and end up with the
 * MSC's transaction id in its archive; the MSC holds exactly one submission and the period status agrees.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { appErrorOf, isSend, mscState, mscSubmissions, startFaultWorld, until } from '@test/integration/faults/helpers';
import type { FaultWorld } from '@test/integration/faults/helpers';

const BILLINGUNIT = '100200302';
const PERIOD_TO = '2025-12-31';

describe('a binding SEND held by a proxy beyond the client timeout', () => {
  let world: FaultWorld | undefined;
  afterEach(async () => {
    await world?.close();
  });

  it('is reported as outcome unknown, then reconciled to the one commission the MSC made', async () => {
    // Arrange: every SEND is held 2.5 s, then forwarded; the client gives up after 1 s
    world = await startFaultWorld({
      profile: 'bved-v1',
      plan: (req) => (isSend(req) ? { kind: 'hold', ms: 2500 } : { kind: 'pass' }),
      timing: { mscLimits: { timeoutMs: 1000, retries: 1 }, sendReconcile: { intervalMs: 250, settleAfterMs: 10_000 } },
    });
    const { h, connectionId } = world;
    const where = { connectionId, billingunit: BILLINGUNIT, periodTo: PERIOD_TO };
    const filled = demoSubmission(await h['templates:get'](where));

    // Act
    const first = await appErrorOf(h['templates:submit']({ ...where, filled, ignoreWarnings: false }));
    const second = await appErrorOf(h['templates:submit']({ ...where, filled, ignoreWarnings: false }));

    // Assert: unknown, not "not commissioned"; the second submission is refused without reaching the MSC
    expect(first.key).toBe('send.outcomeUnknown');
    expect(first.message).toContain('UNBEKANNT');
    expect(first.message).not.toMatch(/nicht beauftragt/i);
    expect(second.key).toBe('send.pending');

    await until(
      async () => (await h['archive:list'](where)).some((e) => e.result === 'commissioned'),
      8000,
      'the archive records the commission',
    );
    const submissions = await mscSubmissions(world, BILLINGUNIT, PERIOD_TO);
    expect(submissions).toHaveLength(1);
    const entries = await h['archive:list'](where);
    expect(entries.map((e) => [e.action, e.result])).toEqual([
      ['SEND', 'failed'],
      ['SEND', 'commissioned'],
    ]);
    const unknown = await h['archive:read']({ connectionId, id: entries[0]?.id ?? '' });
    expect(unknown?.result).toMatchObject({ kind: 'failed' });
    expect(JSON.stringify(unknown?.result)).not.toMatch(/nicht beauftragt/i);
    const commissioned = await h['archive:read']({ connectionId, id: entries[1]?.id ?? '' });
    expect(commissioned?.result).toEqual({ kind: 'commissioned', transactionid: submissions[0] });

    const state = await mscState(world);
    expect(state.periods[`${BILLINGUNIT}/${PERIOD_TO}`]).toMatchObject({
      status: 'COMMISSIONED',
      lastsubmission: { transactionid: submissions[0] },
    });
    const period = (await h['periods:list'](where)).find((p) => p.to === PERIOD_TO);
    expect(period).toMatchObject({ status: 'COMMISSIONED', lastsubmission: { transactionid: submissions[0] } });
    const sends = world.proxy.records().filter((r) => r.method === 'POST' && r.url.includes('action=SEND'));
    expect(sends.map((r) => [r.forwarded, r.upstreamStatus, r.outcome])).toEqual([[true, 200, 'client-gone']]);

    // Once settled, submitting again is allowed and the MSC says it is already commissioned: still one submission
    world.proxy.setPlan(() => ({ kind: 'pass' }));
    const again = await h['templates:submit']({ ...where, filled, ignoreWarnings: false });
    expect(again.status).toBe('already-commissioned');
    expect(await mscSubmissions(world, BILLINGUNIT, PERIOD_TO)).toEqual(submissions);
  }, 25_000);
});
