/**
 * After a binding SEND whose outcome is unknown (its request may still reach the MSC), the period's status is
 * read again every `intervalMs` until it tells: commissioned by our submission, commissioned by an earlier one,
 * or still open after `settleAfterMs`, by when no held request can plausibly arrive any more. The outcome is
 * handed to `settle`, which archives it and tells the clerk; until then nobody is invited to send again.
 */
import type { BillingPeriod } from '@shared/msc/billing-input';
import type { Log } from '@main/lib/log';
import { periodVerdict } from '@main/services/msc-client/send-safely';

export type PendingSend = { connectionId: string; billingunit: string; periodTo: string; startedAt: number };

export type ReconciledOutcome =
  { kind: 'commissioned'; transactionid: string } | { kind: 'earlier'; transactionid?: string } | { kind: 'not-commissioned' };

export type SendReconcilerDeps = {
  readPeriod: (p: PendingSend) => Promise<BillingPeriod | undefined>;
  settle: (p: PendingSend, outcome: ReconciledOutcome) => Promise<void>;
  log: Log;
  intervalMs?: number;
  settleAfterMs?: number;
  now?: () => number;
};

export type SendReconciler = { watch: (p: PendingSend) => void; close: () => void };

export function createSendReconciler(deps: SendReconcilerDeps): SendReconciler {
  const intervalMs = deps.intervalMs ?? 15_000;
  const settleAfterMs = deps.settleAfterMs ?? 10 * 60_000;
  const now = deps.now ?? Date.now;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let closed = false;

  function later(fn: () => void): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) fn();
    }, intervalMs);
    // Reconciling must not keep a closing app alive; an unsettled SEND shows as such in the period's status anyway.
    timer.unref();
    timers.add(timer);
  }

  async function look(p: PendingSend): Promise<ReconciledOutcome | undefined> {
    const period = await deps.readPeriod(p);
    if (period === undefined) return undefined;
    const verdict = periodVerdict(period, p.startedAt);
    if (verdict.state === 'commissioned') return { kind: 'commissioned', transactionid: verdict.transactionid };
    if (verdict.state === 'earlier')
      return verdict.transactionid === undefined
        ? { kind: 'earlier' }
        : { kind: 'earlier', transactionid: verdict.transactionid };
    return now() - p.startedAt >= settleAfterMs ? { kind: 'not-commissioned' } : undefined;
  }

  function watch(p: PendingSend): void {
    later(() => {
      look(p)
        .then(async (outcome) => {
          if (outcome === undefined) watch(p);
          else await deps.settle(p, outcome);
        })
        .catch((err: unknown) => {
          // An unreachable MSC says nothing about the SEND: keep asking.
          deps.log(`reconciling the SEND of ${p.billingunit}/${p.periodTo}: status not readable`, err);
          watch(p);
        });
    });
  }

  return {
    watch,
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
