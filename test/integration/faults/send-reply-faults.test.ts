/**
 * Binding SENDs that reach the demo MSC but whose reply is damaged on the way back (stalled past the client
 * timeout, cut off mid-body, shortened to half a body) or that a gateway refuses once. Whatever the client saw,
 * the app must end with the MSC's one commission in its archive, with its transaction id, and never claim the
 * billing was not commissioned.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { isSend, mscState, mscSubmissions, startFaultWorld, until } from '@test/integration/faults/helpers';
import type { FaultWorld } from '@test/integration/faults/helpers';
import type { FaultRule } from '@test/support/fault-proxy';

const BILLINGUNIT = '100200301';
const PERIOD_TO = '2025-12-31';

const CASES: { name: string; first: FaultRule; forwarded: boolean[] }[] = [
  { name: 'reply stalled past the timeout', first: { kind: 'stall-reply', ms: 1800 }, forwarded: [true] },
  { name: 'reply cut off mid-body', first: { kind: 'truncate', mode: 'cut' }, forwarded: [true] },
  { name: 'reply ending cleanly after half its body', first: { kind: 'truncate', mode: 'short' }, forwarded: [true] },
  { name: 'gateway refusing the first SEND with 502', first: { kind: 'status', status: 502 }, forwarded: [false, true] },
];

describe('a binding SEND whose reply is lost or damaged', () => {
  let world: FaultWorld | undefined;
  afterEach(async () => {
    await world?.close();
  });

  it.each(CASES)('$name: ends with the one commission the MSC made', async ({ first, forwarded }) => {
    // Arrange: the first SEND meets the fault, any later one passes
    world = await startFaultWorld({
      plan: (req) => (isSend(req) && req.nth === 1 ? first : { kind: 'pass' }),
      timing: { mscLimits: { timeoutMs: 1000, retries: 1 }, sendReconcile: { intervalMs: 200, settleAfterMs: 10_000 } },
    });
    const { h, connectionId } = world;
    const where = { connectionId, billingunit: BILLINGUNIT, periodTo: PERIOD_TO };
    const filled = demoSubmission(await h['templates:get'](where));

    // Act
    const outcome = await h['templates:submit']({ ...where, filled, ignoreWarnings: false }).catch((err: unknown) => err);

    // Assert: commissioned at once, or unknown and reconciled; never "not commissioned"
    const key = (outcome as { appError?: { key?: string } }).appError?.key;
    if (key !== undefined) expect(key).toBe('send.outcomeUnknown');
    else expect(outcome).toMatchObject({ status: 'commissioned' });
    await until(
      async () => (await h['archive:list'](where)).some((e) => e.result === 'commissioned'),
      6000,
      'the archive records the commission',
    );
    const submissions = await mscSubmissions(world, BILLINGUNIT, PERIOD_TO);
    expect(submissions).toHaveLength(1);
    const entries = await h['archive:list'](where);
    const last = await h['archive:read']({ connectionId, id: entries.at(-1)?.id ?? '' });
    expect(last?.result).toEqual({ kind: 'commissioned', transactionid: submissions[0] });
    for (const e of entries) {
      const read = await h['archive:read']({ connectionId, id: e.id });
      expect(JSON.stringify(read?.result)).not.toMatch(/nicht beauftragt/i);
    }
    expect((await mscState(world)).periods[`${BILLINGUNIT}/${PERIOD_TO}`]).toMatchObject({
      status: 'COMMISSIONED',
      lastsubmission: { transactionid: submissions[0] },
    });
    const period = (await h['periods:list'](where)).find((p) => p.to === PERIOD_TO);
    expect(period).toMatchObject({ status: 'COMMISSIONED', lastsubmission: { transactionid: submissions[0] } });
    await world.proxy.whenIdle();
    const sends = world.proxy.records().filter((r) => r.method === 'POST' && r.url.includes('action=SEND'));
    expect(sends.map((r) => r.forwarded)).toEqual(forwarded);
  });
});
