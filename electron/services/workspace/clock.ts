/** Time and timers, injected so tests drive the outbox and the setup watcher without waiting. */
export type Clock = {
  now: () => number;
  /** Runs `fn` once after `delayMs`; the returned function cancels it. */
  schedule: (delayMs: number, fn: () => void) => () => void;
};

export const systemClock: Clock = {
  now: () => Date.now(),
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
