/**
 * Time and timers, injected so tests drive the outbox, the setup watcher and the SEND reconciler without waiting.
 * Two clocks: wall time is what is stored and what the clerk reads, and it jumps whenever the system clock is set;
 * waiting is measured on the monotonic clock, which only moves forward, so setting the clock back an hour never
 * makes a retry, a poll or a reconciliation wait that hour.
 */
import { performance } from 'node:perf_hooks';

export type Clock = {
  /** Wall time in ms since the epoch: for timestamps that are stored or shown. */
  now: () => number;
  /** Ms since an arbitrary origin in this process, never going back: for deadlines and elapsed time. */
  monotonic: () => number;
  /** Runs `fn` once after `delayMs` (monotonic); the returned function cancels it. */
  schedule: (delayMs: number, fn: () => void) => () => void;
};

export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
  schedule(delayMs, fn) {
    const timer = setTimeout(fn, delayMs);
    // Polling must never keep the app (or a test run) alive on its own.
    timer.unref();
    return () => {
      clearTimeout(timer);
    };
  },
};

export function isoNow(clock: Clock): string {
  return new Date(clock.now()).toISOString();
}

/**
 * The wait until a stored wall-clock instant (from before a restart, where no monotonic deadline survives): never
 * negative, and never longer than `maxMs`, the longest wait that instant can have stood for. A clock set back since
 * then (or a file from a machine with another time) cannot stretch the wait beyond it.
 */
export function waitUntil(clock: Clock, wallAt: number, maxMs: number): number {
  const wait = Number.isFinite(wallAt) ? wallAt - clock.now() : 0;
  return Math.min(Math.max(0, wait), Math.max(0, maxMs));
}
