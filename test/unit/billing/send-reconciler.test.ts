import { afterEach, describe, expect, it } from 'vitest';
import type { BillingPeriod } from '@shared/msc/billing-input';
import { createSendReconciler } from '@main/services/billing/send-reconciler';
import type { ReconciledOutcome, SendReconciler, WatchedSend } from '@main/services/billing/send-reconciler';
import { createManualClock, waitFor, type ManualClock } from '@test/unit/workspace/helpers';

const HOUR = 60 * 60_000;
const open: BillingPeriod = { from: '2025-01-01', to: '2025-12-31', status: 'OPEN' };
const commissioned = (transactionid: string, at: string): BillingPeriod => ({
  ...open,
  status: 'COMMISSIONED',
  lastsubmission: { transactionid, at },
});

let reconciler: SendReconciler | undefined;
afterEach(() => reconciler?.close());

/** A SEND started now by `clock` in this process, on a period that had no submission before. */
function sentNow(clock: ManualClock, over: Partial<WatchedSend> = {}): WatchedSend {
  return {
    connectionId: 'demo',
    billingunit: '100200302',
    periodTo: '2025-12-31',
    baseline: { lastSubmissionBefore: null },
    startedAt: clock.now(),
    openSince: clock.monotonic(),
    ...over,
  };
}

/**
 * Runs the reconciler (every minute, settling after 5) against scripted period readings; resolves with what it
 * settled on, how often it read and how long that took on the monotonic clock.
 */
async function reconcile(
  clock: ManualClock,
  readings: (BillingPeriod | Error)[],
  send: WatchedSend = sentNow(clock),
): Promise<{ outcome: ReconciledOutcome; reads: number; waitedMs: number }> {
  let reads = 0;
  const done: { outcome?: ReconciledOutcome } = {};
  const from = clock.monotonic();
  reconciler = createSendReconciler({
    readPeriod: () => {
      const next = readings[Math.min(reads++, readings.length - 1)]!;
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
    settle: (_p, settled) => {
      done.outcome = settled;
      return Promise.resolve();
    },
    log: () => undefined,
    clock,
    intervalMs: 60_000,
    settleAfterMs: 5 * 60_000,
  });
  reconciler.watch(send);
  for (let i = 0; i < 200 && done.outcome === undefined; i++) {
    await waitFor(() => clock.pendingCount() > 0 || done.outcome !== undefined);
    if (clock.pendingCount() > 0) clock.runNext();
  }
  if (done.outcome === undefined) throw new Error('not settled');
  return { outcome: done.outcome, reads, waitedMs: clock.monotonic() - from };
}

describe('reconciling a SEND whose outcome was unknown', () => {
  it('reports our submission once the period shows it, also after unreadable statuses', async () => {
    const clock = createManualClock();
    const ours = commissioned('tx-late', '2025-03-01T08:01:10Z');
    const result = await reconcile(clock, [open, new Error('reset'), ours]);
    expect(result).toMatchObject({ outcome: { kind: 'commissioned', transactionid: 'tx-late' }, reads: 3 });
  });

  it('says not commissioned only after the period stayed open past the settling time', async () => {
    const result = await reconcile(createManualClock(), [open]);
    expect(result.outcome).toEqual({ kind: 'not-commissioned' });
    expect(result.reads).toBe(5);
  });

  it('tells an earlier commission apart from ours by its transaction id', async () => {
    const clock = createManualClock();
    const send = sentNow(clock, { baseline: { lastSubmissionBefore: 'tx-old' } });
    // The MSC's time of the earlier commission is after our start: its clock (or ours) is off.
    const result = await reconcile(clock, [commissioned('tx-old', '2025-03-01T08:30:00Z')], send);
    expect(result.outcome).toEqual({ kind: 'earlier', transactionid: 'tx-old' });
  });

  it('decides within its window when the clock is set back an hour right after the SEND (issue 19.10)', async () => {
    const clock = createManualClock();
    const send = sentNow(clock);
    clock.shiftWall(-HOUR);
    const result = await reconcile(clock, [open], send);
    expect(result.outcome).toEqual({ kind: 'not-commissioned' });
    expect(result.waitedMs).toBe(5 * 60_000);
  });

  it('after a restart, with the clock set back since the SEND, decides within its window', async () => {
    const clock = createManualClock();
    const { openSince: _o, ...resumed } = sentNow(clock);
    clock.shiftWall(-HOUR);
    const result = await reconcile(clock, [open], resumed);
    expect(result.outcome).toEqual({ kind: 'not-commissioned' });
    expect(result.waitedMs).toBe(5 * 60_000);
  });

  it('after a restart, with the clock set forward since the SEND, still watches half the window itself', async () => {
    const clock = createManualClock();
    const { openSince: _o, ...resumed } = sentNow(clock);
    clock.shiftWall(2 * HOUR);
    const result = await reconcile(clock, [open], resumed);
    expect(result.outcome).toEqual({ kind: 'not-commissioned' });
    expect(result.waitedMs).toBe(3 * 60_000);
  });
});
