/**
 * After a binding SEND whose outcome is unknown (its request may still reach the MSC), the period's status is
 * read again every `intervalMs` until it tells: commissioned by our submission, commissioned by an earlier one,
 * or still open after `settleAfterMs`, by when no held request can plausibly arrive any more. The outcome is
 * handed to `settle`, which archives it and tells the clerk; until then nobody is invited to send again.
 *
 * The settling time is counted on the monotonic clock of this process: a clock set back an hour neither holds the
 * verdict for that hour nor, set forward, cuts the wait for a held request short. Before a restart only the wall
 * clock counted; that time is credited up to half the window, so the app still watches at least half of it itself.
 */
import type { BillingPeriod } from '@shared/msc/billing-input';
import type { Log } from '@main/lib/log';
import type { Clock } from '@main/services/workspace/clock';
import { periodVerdict, type SendBaseline } from '@main/services/msc-client/send-safely';

export type WatchedSend = {
  connectionId: string;
  billingunit: string;
  periodTo: string;
  baseline: SendBaseline;
  /** Wall time the SEND started (what is stored); only credited, bounded, when `openSince` is unknown. */
  startedAt: number;
  /** Monotonic time the SEND started, when it started in this process. */
  openSince?: number;
};

export type ReconciledOutcome =
  { kind: 'commissioned'; transactionid: string } | { kind: 'earlier'; transactionid?: string } | { kind: 'not-commissioned' };

export type ReconcileTiming = { intervalMs?: number; settleAfterMs?: number };

export type SendReconcilerDeps = ReconcileTiming & {
  readPeriod: (p: WatchedSend) => Promise<BillingPeriod | undefined>;
  settle: (p: WatchedSend, outcome: ReconciledOutcome) => Promise<void>;
  log: Log;
  clock: Clock;
};

export type SendReconciler = { watch: (p: WatchedSend) => void; close: () => void };

export const DEFAULT_SETTLE_MS = 10 * 60_000;

export function createSendReconciler(deps: SendReconcilerDeps): SendReconciler {
  const { clock } = deps;
  const intervalMs = deps.intervalMs ?? 15_000;
  const settleAfterMs = deps.settleAfterMs ?? DEFAULT_SETTLE_MS;
  const timers = new Set<() => void>();
  let closed = false;

  function later(fn: () => void): void {
    // Reconciling must not keep a closing app alive (the clock's timers do not); an unsettled SEND shows as such.
    const cancel = clock.schedule(intervalMs, () => {
      timers.delete(cancel);
      if (!closed) fn();
    });
    timers.add(cancel);
  }

  async function look(p: WatchedSend, openSince: number): Promise<ReconciledOutcome | undefined> {
    const period = await deps.readPeriod(p);
    if (period === undefined) return undefined;
    const verdict = periodVerdict(period, p.baseline);
    if (verdict.state === 'commissioned') return { kind: 'commissioned', transactionid: verdict.transactionid };
    if (verdict.state === 'earlier')
      return verdict.transactionid === undefined
        ? { kind: 'earlier' }
        : { kind: 'earlier', transactionid: verdict.transactionid };
    return clock.monotonic() - openSince >= settleAfterMs ? { kind: 'not-commissioned' } : undefined;
  }

  function follow(p: WatchedSend, openSince: number): void {
    later(() => {
      look(p, openSince)
        .then(async (outcome) => {
          if (outcome === undefined) follow(p, openSince);
          else await deps.settle(p, outcome);
        })
        .catch((err: unknown) => {
          // An unreachable MSC says nothing about the SEND: keep asking.
          deps.log(`reconciling the SEND of ${p.billingunit}/${p.periodTo}: status not readable`, err);
          follow(p, openSince);
        });
    });
  }

  return {
    watch(p) {
      const before = Math.min(Math.max(0, clock.now() - p.startedAt), settleAfterMs / 2);
      follow(p, p.openSince ?? clock.monotonic() - before);
    },
    close() {
      closed = true;
      for (const cancel of timers) cancel();
      timers.clear();
    },
  };
}
