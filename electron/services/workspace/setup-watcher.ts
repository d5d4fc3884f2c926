/**
 * Tracked setups and the watcher that follows their matching. Each open setup is polled with
 * backoff (2 s doubling to 60 s by default, reset whenever the status moves) until it is COMPLETED;
 * every change is stored and announced as a `setup-status-changed` event.
 */
import { join } from 'node:path';
import { SetupStatus } from '@shared/msc/billing-unit-data';
import { TrackedSetup, type WorkspaceEvent } from '@shared/domain/workspace';
import { writeJsonAtomic } from '@main/lib/atomic-file';
import { isoNow, waitUntil, type Clock } from '@main/services/workspace/clock';
import { loadJsonDir, type FileContext } from '@main/services/workspace/json-files';
import type { SetupSender } from '@main/services/workspace/outbox';
import { describeSendFailure } from '@main/services/workspace/send-failure';
import { WorkspaceError } from '@main/services/workspace/workspace-error';

export type WatchOptions = { initialDelayMs: number; maxDelayMs: number; factor: number; concurrency: number };
export const DEFAULT_WATCH: WatchOptions = { initialDelayMs: 2_000, maxDelayMs: 60_000, factor: 2, concurrency: 2 };

export type TrackInput = { billingunit: string; transactionid: string; outboxItemId?: string; sentAt: string };

export type Setups = {
  list: () => TrackedSetup[];
  get: (billingunit: string) => TrackedSetup | undefined;
  /** Starts (or restarts, for a newer transaction) following a billing unit's matching. */
  track: (input: TrackInput) => Promise<TrackedSetup>;
  /** Polls one billing unit right away, whether or not it is still watched. */
  checkNow: (billingunit: string) => Promise<TrackedSetup>;
  /** A matching the MSC published by file (ARGE A): kept like a fetched COMPLETED status, not watched. */
  publish: (status: SetupStatus, file: string) => Promise<TrackedSetup>;
};

export type SetupWatcher = Setups & { start: () => void; stop: () => Promise<void> };

export type WatcherDeps = {
  dir: string;
  sender: SetupSender;
  clock: Clock;
  files: FileContext;
  options: WatchOptions;
  emit: (event: WorkspaceEvent) => void;
};

export async function openSetupWatcher(deps: WatcherDeps): Promise<SetupWatcher> {
  const { dir, sender, clock, files, options, emit } = deps;
  const setups = await loadJsonDir(dir, TrackedSetup, files, (name, s) =>
    name === s.billingunit ? undefined : `Dateiname passt nicht zu Liegenschaft ${s.billingunit}`,
  );
  /** Monotonic deadlines of the next poll: a clock set back must not hold a poll for the time it jumped. */
  const dueAt = new Map<string, number>();
  const polling = new Map<string, Promise<TrackedSetup>>();
  let running = false;
  let cancelTimer: (() => void) | undefined;
  let ticking: Promise<void> | undefined;

  // After a restart a setup is due when its interval since the last check has passed, by the wall clock (all that
  // survives a restart), but never later than one interval from now.
  for (const s of setups.values()) {
    if (!s.watching) continue;
    dueAt.set(s.billingunit, clock.monotonic() + waitUntil(clock, Date.parse(s.checkedAt ?? s.sentAt) + s.delayMs, s.delayMs));
  }

  async function put(setup: TrackedSetup): Promise<TrackedSetup> {
    await writeJsonAtomic(join(dir, `${setup.billingunit}.json`), setup);
    setups.set(setup.billingunit, setup);
    if (setup.watching) dueAt.set(setup.billingunit, clock.monotonic() + setup.delayMs);
    else dueAt.delete(setup.billingunit);
    return setup;
  }

  function poll(billingunit: string): Promise<TrackedSetup> {
    const already = polling.get(billingunit);
    if (already) return already;
    const run = pollOnce(billingunit).finally(() => polling.delete(billingunit));
    polling.set(billingunit, run);
    return run;
  }

  async function pollOnce(billingunit: string): Promise<TrackedSetup> {
    const setup = setups.get(billingunit);
    if (!setup) throw WorkspaceError.notFound(`Für Liegenschaft ${billingunit} wird kein Abgleich verfolgt.`);
    const backedOff = Math.min(Math.max(setup.delayMs, 1) * options.factor, options.maxDelayMs);
    let status: SetupStatus | undefined;
    let failure: unknown;
    try {
      const parsed = SetupStatus.safeParse(await sender.getSetupStatus(billingunit));
      if (parsed.success) status = parsed.data;
      else failure = new Error('Antwort des Messdienstes passt nicht zum Setup-Status');
    } catch (err) {
      failure = err;
    }
    // A newer setup may have been tracked while we waited; this answer then belongs to the old one.
    const current = setups.get(billingunit);
    if (current?.transactionid !== setup.transactionid) return current ?? setup;
    if (status === undefined) {
      return put({ ...setup, checkedAt: isoNow(clock), delayMs: backedOff, lastError: describeSendFailure(failure) });
    }
    const previous = setup.status?.setupstatus;
    const changed = previous !== status.setupstatus || setup.status?.lastupdate !== status.lastupdate;
    // A COMPLETED status of an earlier transaction is not the answer to ours. One of a transaction the MSC changed
    // after ours was accepted is: a newer setup, or a late copy of ours that a network held, now stands for the unit,
    // and the MSC's record of it holds every unit sent so far. Without this the watch would never end.
    const ours =
      status.transactionid === undefined ||
      status.transactionid === setup.transactionid ||
      Date.parse(status.lastupdate) > Date.parse(setup.sentAt);
    const { lastError: _e, ...rest } = setup;
    const next = await put({
      ...rest,
      status,
      checkedAt: isoNow(clock),
      watching: !(ours && status.setupstatus === 'COMPLETED'),
      delayMs: changed ? options.initialDelayMs : backedOff,
    });
    if (changed) emit({ type: 'setup-status-changed', setup: next, previous });
    return next;
  }

  function scheduleNext(): void {
    cancelTimer?.();
    cancelTimer = undefined;
    if (!running || ticking) return;
    const waiting = [...dueAt.entries()].filter(([bu]) => !polling.has(bu));
    if (waiting.length === 0) return;
    const earliest = Math.min(...waiting.map(([, at]) => at));
    cancelTimer = clock.schedule(Math.max(0, earliest - clock.monotonic()), () => {
      cancelTimer = undefined;
      ticking = tick().finally(() => {
        ticking = undefined;
        scheduleNext();
      });
    });
  }

  async function tick(): Promise<void> {
    const now = clock.monotonic();
    const due = [...dueAt.entries()].filter(([, at]) => at <= now).map(([bu]) => bu);
    const worker = async () => {
      for (let bu = due.shift(); bu !== undefined && running; bu = due.shift()) {
        try {
          await poll(bu);
        } catch (err) {
          files.report({
            file: join(dir, `${bu}.json`),
            message: `Abgleich-Status nicht gespeichert: ${String(err)}`,
            at: isoNow(clock),
          });
          dueAt.set(bu, clock.monotonic() + options.maxDelayMs);
        }
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  }

  return {
    list: () => [...setups.values()].sort((a, b) => a.billingunit.localeCompare(b.billingunit)),
    get: (bu) => setups.get(bu),
    async track(input) {
      const tracked = await put({ ...input, watching: true, delayMs: options.initialDelayMs });
      scheduleNext();
      return tracked;
    },
    async publish(status, file) {
      const prev = setups.get(status.billingunitMscnumber);
      const at = isoNow(clock);
      const { lastError: _e, ...rest } = prev ?? { billingunit: status.billingunitMscnumber, sentAt: at };
      const next = await put({
        ...rest,
        transactionid: `ARGE ${file}`,
        status,
        checkedAt: at,
        watching: false,
        delayMs: options.initialDelayMs,
        fromFile: file,
      });
      emit({ type: 'setup-status-changed', setup: next, previous: prev?.status?.setupstatus });
      return next;
    },
    async checkNow(billingunit) {
      try {
        return await poll(billingunit);
      } finally {
        scheduleNext();
      }
    },
    start() {
      running = true;
      scheduleNext();
    },
    async stop() {
      running = false;
      cancelTimer?.();
      cancelTimer = undefined;
      await ticking;
      await Promise.allSettled([...polling.values()]);
    },
  };
}
