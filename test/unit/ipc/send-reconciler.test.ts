import { afterEach, describe, expect, it } from 'vitest';
import type { BillingPeriod } from '@shared/msc/billing-input';
import { createSendReconciler } from '@main/app/send-reconciler';
import type { PendingSend, ReconciledOutcome, SendReconciler } from '@main/app/send-reconciler';

const START = Date.parse('2026-03-01T10:00:00Z');
const pending: PendingSend = { connectionId: 'demo', billingunit: '100200302', periodTo: '2025-12-31', startedAt: START };
const open: BillingPeriod = { from: '2025-01-01', to: '2025-12-31', status: 'OPEN' };

let reconciler: SendReconciler | undefined;
afterEach(() => reconciler?.close());

/** Runs the reconciler against a scripted sequence of period readings; resolves with what it settled on. */
function reconcile(
  readings: (BillingPeriod | Error)[],
  clock: { now: number },
): Promise<{ outcome: ReconciledOutcome; reads: number }> {
  let reads = 0;
  return new Promise((resolve) => {
    reconciler = createSendReconciler({
      readPeriod: () => {
        const next = readings[Math.min(reads++, readings.length - 1)]!;
        clock.now += 60_000;
        return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
      },
      settle: (_p, outcome) => {
        resolve({ outcome, reads });
        return Promise.resolve();
      },
      log: () => undefined,
      intervalMs: 1,
      settleAfterMs: 5 * 60_000,
      now: () => clock.now,
    });
    reconciler.watch(pending);
  });
}

describe('reconciling a SEND whose outcome was unknown', () => {
  it('reports our submission once the period shows it, also after unreadable statuses', async () => {
    const ours = {
      ...open,
      status: 'COMMISSIONED' as const,
      lastsubmission: { transactionid: 'tx-late', at: '2026-03-01T10:01:10Z' },
    };
    const result = await reconcile([open, new Error('reset'), ours], { now: START });
    expect(result).toEqual({ outcome: { kind: 'commissioned', transactionid: 'tx-late' }, reads: 3 });
  });

  it('says not commissioned only after the period stayed open past the settling time', async () => {
    const result = await reconcile([open], { now: START });
    expect(result.outcome).toEqual({ kind: 'not-commissioned' });
    expect(result.reads).toBe(5);
  });

  it('tells an earlier commission apart from ours', async () => {
    const earlier = {
      ...open,
      status: 'COMMISSIONED' as const,
      lastsubmission: { transactionid: 'tx-old', at: '2026-02-01T09:00:00Z' },
    };
    const result = await reconcile([earlier], { now: START });
    expect(result.outcome).toEqual({ kind: 'earlier', transactionid: 'tx-old' });
  });
});
