/**
 * Tracked setups and the watcher that follows their matching. Each open setup is polled with
 * backoff (2 s doubling to 60 s by default, reset whenever the status moves) until it is COMPLETED;
 * every change is stored and announced as a `setup-status-changed` event. Where the setups are kept is the
 * SetupStore's business (setup-store.ts): in a team database every desk shows the same state, one desk at a time
 * polls a setup, and the others learn its answer from the database.
 */
import { SetupStatus } from '@shared/msc/billing-unit-data';
import type { TrackedSetup, WorkspaceEvent } from '@shared/domain/workspace';
import { isoNow, waitUntil, type Clock } from '@main/services/workspace/clock';
import type { FileContext } from '@main/services/workspace/json-files';
import type { SetupSender } from '@main/services/workspace/outbox';
import type { SetupStore } from '@main/services/workspace/setup-store';
import { describeSendFailure } from '@main/services/workspace/send-failure';
import { isTeamOffline } from '@main/services/workspace/workspace-error';
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

export type SetupWatcher = Setups & { start: () => void; stop: () => Promise<void>; close: () => Promise<void> };

export type WatcherDeps = {
  store: SetupStore;
  sender: SetupSender;
  clock: Clock;
  files: FileContext;
  options: WatchOptions;
  emit: (event: WorkspaceEvent) => void;
};

const statusMoved = (a: TrackedSetup | undefined, b: TrackedSetup) =>
  a?.transactionid !== b.transactionid ||
  a.status?.setupstatus !== b.status?.setupstatus ||
  a.status?.lastupdate !== b.status?.lastupdate;

export function openSetupWatcher(deps: WatcherDeps): SetupWatcher {
  const { store, sender, clock, files, options, emit } = deps;
  /** Monotonic deadlines of the next poll: a clock set back must not hold a poll for the time it jumped. */
  const dueAt = new Map<string, number>();
  const polling = new Map<string, Promise<TrackedSetup>>();
  let running = false;
  let cancelTimer: (() => void) | undefined;
  let ticking: Promise<void> | undefined;

  // After a restart a setup is due when its interval since the last check has passed, by the wall clock (all that
  // survives a restart), but never later than one interval from now.
  for (const s of store.list()) {
    if (!s.watching) continue;
    dueAt.set(s.billingunit, clock.monotonic() + waitUntil(clock, Date.parse(s.checkedAt ?? s.sentAt) + s.delayMs, s.delayMs));
  }

  // Every stored change sets the next poll; another desk's (it polled, or tracked a new setup) is announced here too.
  const unsubscribe = store.subscribe(({ setup, previous, foreign }) => {
    if (setup.watching) dueAt.set(setup.billingunit, clock.monotonic() + setup.delayMs);
    else dueAt.delete(setup.billingunit);
    if (!foreign) return;
    if (statusMoved(previous, setup)) {
      const before = previous?.transactionid === setup.transactionid ? previous.status?.setupstatus : undefined;
      emit({ type: 'setup-status-changed', setup, previous: before });
    }
    scheduleNext();
  });

  function poll(billingunit: string, force: boolean): Promise<TrackedSetup> {
    const already = polling.get(billingunit);
    if (already) return already;
    const run = pollOnce(billingunit, force).finally(() => polling.delete(billingunit));
    polling.set(billingunit, run);
    return run;
  }

  async function pollOnce(billingunit: string, force: boolean): Promise<TrackedSetup> {
    const setup = store.get(billingunit);
    if (!setup) throw WorkspaceError.notFound(`Für Liegenschaft ${billingunit} wird kein Abgleich verfolgt.`);
    // Another desk polls this setup: its answer arrives through the store. A clerk asking now polls anyway.
    if (!force && !(await store.takeTurn(billingunit, 2 * options.maxDelayMs))) {
      dueAt.set(billingunit, clock.monotonic() + Math.max(setup.delayMs, options.initialDelayMs));
      return setup;
    }
    let status: SetupStatus | undefined;
    let failure: unknown;
    try {
      const parsed = SetupStatus.safeParse(await sender.getSetupStatus(billingunit));
      if (parsed.success) status = parsed.data;
      else failure = new Error('Antwort des Messdienstes passt nicht zum Setup-Status');
    } catch (err) {
      failure = err;
    }
    // What the stored stand said before this answer, learnt under the row lock.
    const seen: { changed: boolean; previous: TrackedSetup['status'] } = { changed: false, previous: undefined };
    const next = await store.update(billingunit, (current) => {
      // A newer setup may have been tracked while we waited; this answer then belongs to the old one.
      if (current?.transactionid !== setup.transactionid) return undefined;
      const backedOff = Math.min(Math.max(current.delayMs, 1) * options.factor, options.maxDelayMs);
      if (status === undefined) {
        return { ...current, checkedAt: isoNow(clock), delayMs: backedOff, lastError: describeSendFailure(failure) };
      }
      const previous = current.status;
      const changed = previous?.setupstatus !== status.setupstatus || previous.lastupdate !== status.lastupdate;
      seen.changed = changed;
      seen.previous = previous;
      // A COMPLETED status of an earlier transaction is not the answer to ours. One of a transaction the MSC changed
      // after ours was accepted is: a newer setup, or a late copy of ours that a network held, now stands for the
      // unit, and the MSC's record of it holds every unit sent so far. Without this the watch would never end.
      const ours =
        status.transactionid === undefined ||
        status.transactionid === current.transactionid ||
        Date.parse(status.lastupdate) > Date.parse(current.sentAt);
      const { lastError: _e, ...rest } = current;
      return {
        ...rest,
        status,
        checkedAt: isoNow(clock),
        watching: !(ours && status.setupstatus === 'COMPLETED'),
        delayMs: changed ? options.initialDelayMs : backedOff,
      };
    });
    if (!next) return store.get(billingunit) ?? setup;
    if (seen.changed) emit({ type: 'setup-status-changed', setup: next, previous: seen.previous?.setupstatus });
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
          await poll(bu, false);
        } catch (err) {
          // The team database out of reach is the banner's to say; the setup is asked about again later.
          if (!isTeamOffline(err)) {
            files.report({
              file: store.where(bu),
              message: `Abgleich-Status nicht gespeichert: ${String(err)}`,
              at: isoNow(clock),
            });
          }
          dueAt.set(bu, clock.monotonic() + options.maxDelayMs);
        }
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  }

  return {
    list: () => store.list().sort((a, b) => a.billingunit.localeCompare(b.billingunit)),
    get: (bu) => store.get(bu),
    async track(input) {
      const tracked = await store.update(input.billingunit, () => ({
        ...input,
        watching: true,
        delayMs: options.initialDelayMs,
      }));
      scheduleNext();
      return tracked as TrackedSetup;
    },
    async publish(status, file) {
      let prev: TrackedSetup | undefined;
      const next = await store.update(status.billingunitMscnumber, (current) => {
        prev = current;
        const at = isoNow(clock);
        const { lastError: _e, ...rest } = current ?? { billingunit: status.billingunitMscnumber, sentAt: at };
        return {
          ...rest,
          transactionid: `ARGE ${file}`,
          status,
          checkedAt: at,
          watching: false,
          delayMs: options.initialDelayMs,
          fromFile: file,
        };
      });
      const published = next as TrackedSetup;
      emit({ type: 'setup-status-changed', setup: published, previous: prev?.status?.setupstatus });
      return published;
    },
    async checkNow(billingunit) {
      try {
        return await poll(billingunit, true);
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
    async close() {
      unsubscribe();
      await store.close();
    },
  };
}
