/**
 * The setup outbox's sender: every setup request is stored before it goes out, so a crash or a closed laptop
 * never loses one. Items are sent oldest first, at most `concurrency` at a time and never two for the
 * same billing unit at once. The setup POST is idempotent per billing unit, so an item caught in
 * `sending` by a crash is simply sent again after the restart (or, in a team, by another desk once its lease ran
 * out). Where the items are kept is the OutboxStore's business (outbox-store.ts): the data folder or the team
 * database.
 */
import { randomUUID } from 'node:crypto';
import { MAX_UNITS_PER_REQUEST, SetupRequest, type SetupStatus } from '@shared/msc/billing-unit-data';
import type { OutboxItem, WorkspaceEvent } from '@shared/domain/workspace';
import { isoNow, waitUntil, type Clock } from '@main/services/workspace/clock';
import type { FileContext } from '@main/services/workspace/json-files';
import type { OutboxStore, QueuedItem, SendingItem } from '@main/services/workspace/outbox-store';
import { describeSendFailure, withoutTransactionId } from '@main/services/workspace/send-failure';
import { isTeamOffline, WorkspaceError } from '@main/services/workspace/workspace-error';
import { unitsMissingFrom, withUnitsOf } from '@main/services/workspace/setup-merge';

/** What the outbox and the setup watcher need from an MSC client (the real one satisfies it structurally). */
export type SetupSender = {
  sendSetup(billingunit: string, request: SetupRequest): Promise<{ transactionid: string }>;
  getSetupStatus(billingunit: string): Promise<SetupStatus>;
};

export type SentItem = Extract<OutboxItem, { state: 'sent' }>;

export type Outbox = {
  /** Validates and persists the request; it is sent once the workspace is started. */
  enqueue: (request: SetupRequest) => Promise<OutboxItem>;
  /**
   * The parts of one send (splitSetupRequests), each persisted before any goes out and sent in order. Nothing of
   * earlier failed items is folded in: a retry of one sends only what these lack, or nothing after a complete list.
   */
  enqueueAll: (requests: readonly SetupRequest[]) => Promise<OutboxItem[]>;
  /** All items, oldest first. */
  list: () => OutboxItem[];
  get: (id: string) => OutboxItem | undefined;
  /** Puts a failed item back in the queue (refused for non-retryable failures unless `force`). */
  retry: (id: string, options?: { force?: boolean }) => Promise<OutboxItem>;
  /** Re-queues every failed item whose failure was transient. */
  retryFailed: () => Promise<OutboxItem[]>;
  /** Deletes an item that is not being sent right now. */
  remove: (id: string) => Promise<void>;
  /** Resolves once nothing is being sent and nothing more can start. */
  whenIdle: () => Promise<void>;
};

export type OutboxControl = Outbox & { start: () => void; stop: () => Promise<void>; close: () => Promise<void> };

/**
 * Transient failures (network, timeout, 5xx, 429) are retried by the outbox itself, so a clerk whose
 * connection dropped finds the setup sent later without doing anything; after `maxAttempts` the item waits for them.
 */
export type AutoRetry = { firstDelayMs: number; maxDelayMs: number; maxAttempts: number };
export const DEFAULT_AUTO_RETRY: AutoRetry = { firstDelayMs: 30_000, maxDelayMs: 15 * 60_000, maxAttempts: 6 };

/** The pause after the `attempts`-th failed try: doubling from firstDelayMs up to maxDelayMs. */
export function backoff({ firstDelayMs, maxDelayMs }: AutoRetry, attempts: number): number {
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.max(0, attempts - 1));
}

export type OutboxDeps = {
  store: OutboxStore;
  sender: SetupSender;
  clock: Clock;
  files: FileContext;
  concurrency: number;
  autoRetry: AutoRetry;
  emit: (event: WorkspaceEvent) => void;
  /** Called after an item was stored as sent (the workspace starts watching its matching). */
  onSent: (item: SentItem) => Promise<void>;
  /**
   * Whether this desk may take queued work now. A team desk without the connection's password or certificate
   * leaves the office's queue to the desks that have them, instead of failing items they could send.
   */
  mayClaim?: () => Promise<boolean>;
};

type FailedItem = Extract<OutboxItem, { state: 'failed' }>;

export function openOutbox(deps: OutboxDeps): OutboxControl {
  const { store, sender, clock, files, emit } = deps;
  const inflight = new Map<string, Promise<void>>();
  const busyUnits = new Set<string>();
  const retryTimers = new Map<string, () => void>();
  let running = false;
  let pumping = false;
  let again = false;
  let cancelPoll: (() => void) | undefined;
  const report = (id: string, message: string) => {
    files.report({ file: store.where(id), message, at: isoNow(clock) });
  };

  const unsubscribe = store.subscribe((change) => {
    if ('removed' in change) {
      cancelRetry(change.removed);
      emit({ type: 'outbox-item-removed', id: change.removed });
      if (change.foreign) pump();
      return;
    }
    emit({ type: 'outbox-item-changed', item: change.item });
    if (!change.foreign) return;
    // Another desk queued an item, or finished one (the next of its billing unit may go now): this desk may send
    // it. A failed one it retries should that desk be gone.
    if (change.item.state !== 'sending') pump();
    if (change.item.state === 'failed') scheduleRetry(change.item);
    else cancelRetry(change.item.id);
  });

  /** Claims what this desk may send now and starts sending it; one claim at a time, repeated while asked to. */
  function pump(): void {
    if (!running) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    // Read through a function: `stop()` may end the run while a claim is awaited.
    const stopped = () => !running;
    void (async () => {
      do {
        again = false;
        const free = deps.concurrency - inflight.size;
        if (free <= 0 || stopped()) break;
        if (deps.mayClaim && !(await deps.mayClaim().catch(() => false))) break;
        let claimed: SendingItem[];
        try {
          claimed = await store.claim(free, busyUnits);
        } catch (err) {
          claimFailed(err);
          break;
        }
        for (const item of claimed) start(item);
        if (claimed.length === free) again = true;
      } while (again && !stopped());
      pumping = false;
    })();
  }

  function claimFailed(err: unknown): void {
    if (store.pollMs === undefined) {
      // Sending without the `sending` mark stored would break the crash guarantee: stop instead.
      running = false;
      report('', `Der Postausgang wurde angehalten, weil nicht gespeichert werden konnte: ${String(err)}`);
    } else if (!isTeamOffline(err)) {
      // Out of reach, the team banner says so and nothing is sent from here until the next look finds it back.
      report('', `Der Postausgang wartet auf die Team-Datenbank: ${String(err)}`);
    }
  }

  function start(item: SendingItem): void {
    busyUnits.add(item.billingunit);
    const run = send(item).finally(() => {
      inflight.delete(item.id);
      busyUnits.delete(item.billingunit);
      pump();
    });
    inflight.set(item.id, run);
  }

  async function send(sending: SendingItem): Promise<void> {
    const { state: _s, ...base } = sending;
    let outcome: OutboxItem;
    try {
      const { transactionid } = await sender.sendSetup(sending.billingunit, sending.request);
      if (typeof transactionid !== 'string' || transactionid === '') throw withoutTransactionId();
      outcome = { ...base, state: 'sent', transactionid, sentAt: isoNow(clock), updatedAt: isoNow(clock) };
    } catch (err) {
      const failure = describeSendFailure(err);
      const delay = retryDelay(failure.retryable, sending.attempts);
      outcome = {
        ...base,
        state: 'failed',
        failure,
        updatedAt: isoNow(clock),
        ...(delay === undefined ? {} : { nextAttemptAt: new Date(clock.now() + delay).toISOString() }),
      };
    }
    try {
      // False: this desk's claim ran out and another desk sent the item; its outcome is the one kept.
      if (!(await store.finish(outcome))) return;
    } catch (err) {
      // The item stays `sending` and is sent again after a restart or the lease (idempotent).
      report(sending.id, `Ergebnis des Sendens nicht gespeichert: ${String(err)}`);
      return;
    }
    if (outcome.state === 'failed') scheduleRetry(outcome);
    if (outcome.state !== 'sent') return;
    try {
      await deps.onSent(outcome);
    } catch (err) {
      report(sending.id, `Gesendet, aber die Verfolgung des Abgleichs schlug fehl: ${String(err)}`);
    }
  }

  /** Undefined when the outbox leaves the item to the clerk. */
  function retryDelay(retryable: boolean, attempts: number): number | undefined {
    return !retryable || attempts >= deps.autoRetry.maxAttempts ? undefined : backoff(deps.autoRetry, attempts);
  }

  function cancelRetry(id: string): void {
    retryTimers.get(id)?.();
    retryTimers.delete(id);
  }

  function scheduleRetry(item: FailedItem): void {
    cancelRetry(item.id);
    if (item.nextAttemptAt === undefined || !running) return;
    // Right after the failure this is the backoff itself; after a restart, never more than it (clock set back).
    const wait = waitUntil(clock, Date.parse(item.nextAttemptAt), backoff(deps.autoRetry, item.attempts));
    retryTimers.set(
      item.id,
      clock.schedule(wait, () => {
        retryTimers.delete(item.id);
        const current = store.get(item.id);
        // The clerk (or another desk) may have retried or removed it meanwhile.
        if (current?.state !== 'failed' || current.nextAttemptAt !== item.nextAttemptAt) return;
        requeue(current).catch((err: unknown) => {
          if (!(err instanceof WorkspaceError)) report(item.id, String(err));
        });
      }),
    );
  }

  function requireItem(id: string): OutboxItem {
    const item = store.get(id);
    if (!item) throw WorkspaceError.notFound('Diesen Eintrag gibt es im Postausgang nicht (mehr).', { key: 'outbox.notFound' });
    return item;
  }

  const sendingNow = () =>
    new WorkspaceError('CONFLICT', 'Der Eintrag wird gerade gesendet und kann nicht entfernt werden.', undefined, {
      key: 'outbox.removeSending',
    });

  /**
   * Back into the queue. Where newer setups of the unit exist, it goes out with only the usage units they lack
   * (after them, so their newer data wins), or is dropped when they name all of its units.
   */
  async function requeue(item: FailedItem): Promise<OutboxItem> {
    const newer = store.list().filter((o) => o.billingunit === item.billingunit && o.seq > item.seq && o.state !== 'failed');
    const request =
      newer.length === 0
        ? item.request
        : unitsMissingFrom(
            item.request,
            newer.map((o) => o.request),
          );
    const last = newer.at(-1);
    if (request === undefined && last) {
      await discard(item.id);
      return last;
    }
    cancelRetry(item.id);
    const { state: _s, failure, nextAttemptAt: _n, ...base } = item;
    const seq = newer.length === 0 ? item.seq : await store.nextSeq();
    const queued: QueuedItem = {
      ...base,
      seq,
      request: request ?? item.request,
      state: 'queued',
      lastFailure: failure,
      updatedAt: isoNow(clock),
    };
    if (!(await store.requeue(queued)))
      throw new WorkspaceError('CONFLICT', 'Nur fehlgeschlagene Einträge können erneut gesendet werden.', undefined, {
        key: 'outbox.retryNotFailed',
      });
    pump();
    return queued;
  }

  async function discard(id: string): Promise<void> {
    cancelRetry(id);
    if (!(await store.remove(id)) && store.get(id) !== undefined) throw sendingNow();
  }

  function validated(raw: SetupRequest): SetupRequest {
    const parsed = SetupRequest.safeParse(raw);
    if (!parsed.success) throw WorkspaceError.fromZod('Der Abgleich kann nicht in den Postausgang', parsed.error);
    return parsed.data;
  }

  async function queuedItem(request: SetupRequest): Promise<QueuedItem> {
    const at = isoNow(clock);
    return {
      id: randomUUID(),
      seq: await store.nextSeq(),
      billingunit: request.billingunitMscnumber,
      request,
      state: 'queued',
      createdAt: at,
      updatedAt: at,
      attempts: 0,
    };
  }

  async function enqueueAll(raw: readonly SetupRequest[]): Promise<OutboxItem[]> {
    const requests = raw.map(validated);
    const units = new Set(requests.map((r) => r.billingunitMscnumber));
    if (units.size > 1)
      throw new WorkspaceError('VALIDATION', 'Die Teile einer Sendung müssen zu einer Liegenschaft gehören.', undefined, {
        key: 'outbox.oneProperty',
      });
    const out: QueuedItem[] = [];
    for (const request of requests) out.push(await queuedItem(request));
    // Nothing is pumped before every part is stored, so a complete list never goes out with a part missing.
    await store.add(out);
    pump();
    return out;
  }

  return {
    enqueueAll,
    async enqueue(raw) {
      const given = validated(raw);
      // A complete list states the whole property: folding older units into it would undo a withdrawal.
      if (given.completelist) return (await enqueueAll([given]))[0] as OutboxItem;
      // Earlier setups of this unit that failed in transit are folded in, so none of their units is lost; queued ones
      // go out first anyway, and refused ones wait for the clerk (their data would make this one fail too).
      const waiting = store
        .list()
        .filter((o) => o.billingunit === given.billingunitMscnumber && o.state === 'failed' && o.failure.retryable);
      const folded = withUnitsOf(
        given,
        waiting.map((o) => o.request),
      );
      // Past the MSC's limit the older items are left to retry on their own (they then send only what is missing).
      const fits = folded.residentialunits.length <= MAX_UNITS_PER_REQUEST;
      const item = await queuedItem(fits ? folded : given);
      await store.add([item]);
      if (fits) for (const o of waiting) if (store.get(o.id)?.state === 'failed') await store.remove(o.id);
      pump();
      return item;
    },
    list: store.list,
    get: store.get,
    async retry(id, options) {
      const item = requireItem(id);
      if (item.state !== 'failed')
        throw new WorkspaceError('CONFLICT', 'Nur fehlgeschlagene Einträge können erneut gesendet werden.', undefined, {
          key: 'outbox.retryNotFailed',
        });
      if (!item.failure.retryable && options?.force !== true) {
        throw new WorkspaceError('CONFLICT', `Erneutes Senden ändert nichts: ${item.failure.message}`, undefined, {
          key: 'outbox.retryUseless',
        });
      }
      return requeue(item);
    },
    async retryFailed() {
      const done: OutboxItem[] = [];
      for (const item of store.list()) {
        if (item.state !== 'failed' || !item.failure.retryable) continue;
        try {
          done.push(await requeue(item));
        } catch (err) {
          if (!(err instanceof WorkspaceError)) throw err;
        }
      }
      return done;
    },
    async remove(id) {
      const item = requireItem(id);
      if (item.state === 'sending' || inflight.has(id)) throw sendingNow();
      // What the MSC received stays on record; a correction is a new request (a complete list), never a deletion.
      if (item.state === 'sent')
        throw new WorkspaceError(
          'CONFLICT',
          'Gesendete Anfragen bleiben als Nachweis im Postausgang und können nicht entfernt werden.',
          undefined,
          { key: 'outbox.removeSent' },
        );
      await discard(id);
    },
    async whenIdle() {
      while (inflight.size > 0 || pumping) {
        if (inflight.size > 0) await Promise.allSettled([...inflight.values()]);
        else await new Promise((r) => setImmediate(r));
      }
    },
    start() {
      running = true;
      for (const item of store.list()) if (item.state === 'failed') scheduleRetry(item);
      const poll = store.pollMs;
      if (poll !== undefined) {
        const look = () => {
          cancelPoll = clock.schedule(poll, () => {
            pump();
            look();
          });
        };
        look();
      }
      pump();
    },
    async stop() {
      running = false;
      cancelPoll?.();
      for (const cancel of retryTimers.values()) cancel();
      retryTimers.clear();
      while (inflight.size > 0 || pumping) {
        if (inflight.size > 0) await Promise.allSettled([...inflight.values()]);
        else await new Promise((r) => setImmediate(r));
      }
    },
    close: async () => {
      unsubscribe();
      await store.close();
    },
  };
}
