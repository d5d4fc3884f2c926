/**
 * The setup outbox: every setup request is on disk before it goes out, so a crash or a closed laptop
 * never loses one. Items are sent oldest first, at most `concurrency` at a time and never two for the
 * same billing unit at once. The setup POST is idempotent per billing unit, so an item caught in
 * `sending` by a crash is simply sent again after the restart.
 */
import { randomUUID } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_UNITS_PER_REQUEST, SetupRequest, type SetupStatus } from '@shared/msc/billing-unit-data';
import { OutboxItem, type WorkspaceEvent } from '@shared/domain/workspace';
import { writeJsonAtomic } from '@main/lib/atomic-file';
import { isoNow, waitUntil, type Clock } from '@main/services/workspace/clock';
import { loadJsonDir, type FileContext } from '@main/services/workspace/json-files';
import { describeSendFailure, withoutTransactionId } from '@main/services/workspace/send-failure';
import { WorkspaceError } from '@main/services/workspace/workspace-error';
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

export type OutboxControl = Outbox & { start: () => void; stop: () => Promise<void> };

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
  dir: string;
  sender: SetupSender;
  clock: Clock;
  files: FileContext;
  concurrency: number;
  autoRetry: AutoRetry;
  emit: (event: WorkspaceEvent) => void;
  /** Called after an item was persisted as sent (the workspace starts watching its matching). */
  onSent: (item: SentItem) => Promise<void>;
};

export async function openOutbox(deps: OutboxDeps): Promise<OutboxControl> {
  const { dir, sender, clock, files, emit } = deps;
  const items = await loadJsonDir(dir, OutboxItem, files, (name, item) =>
    name === item.id ? undefined : `Dateiname passt nicht zur ID ${item.id}`,
  );
  const fileOf = (id: string) => join(dir, `${id}.json`);
  const inflight = new Map<string, Promise<void>>();
  const busyUnits = new Set<string>();
  const retryTimers = new Map<string, () => void>();
  let running = false;
  let nextSeq = Math.max(0, ...[...items.values()].map((i) => i.seq)) + 1;

  async function put(item: OutboxItem): Promise<OutboxItem> {
    await writeJsonAtomic(fileOf(item.id), item);
    items.set(item.id, item);
    emit({ type: 'outbox-item-changed', item });
    return item;
  }

  // Resume: a crash while sending left items in `sending`; sending them again is harmless.
  for (const item of [...items.values()]) {
    if (item.state !== 'sending') continue;
    const { state: _s, ...rest } = item;
    await put({ ...rest, state: 'queued', updatedAt: isoNow(clock) });
  }

  const ordered = () => [...items.values()].sort((a, b) => a.seq - b.seq);

  function pump(): void {
    if (!running) return;
    for (const item of ordered()) {
      if (inflight.size >= deps.concurrency) break;
      if (item.state !== 'queued' || busyUnits.has(item.billingunit)) continue;
      busyUnits.add(item.billingunit);
      const run = send(item).finally(() => {
        inflight.delete(item.id);
        busyUnits.delete(item.billingunit);
        pump();
      });
      inflight.set(item.id, run);
    }
  }

  async function send(item: Extract<OutboxItem, { state: 'queued' }>): Promise<void> {
    const { state: _s, lastFailure: _f, ...base } = item;
    const sending: OutboxItem = { ...base, state: 'sending', attempts: item.attempts + 1, updatedAt: isoNow(clock) };
    try {
      await put(sending);
    } catch (err) {
      // Sending without the `sending` mark on disk would break the crash guarantee: stop instead.
      running = false;
      files.report({
        file: fileOf(item.id),
        message: `Der Postausgang wurde angehalten, weil nicht gespeichert werden konnte: ${String(err)}`,
        at: isoNow(clock),
      });
      return;
    }
    let outcome: OutboxItem;
    try {
      const { transactionid } = await sender.sendSetup(item.billingunit, item.request);
      if (typeof transactionid !== 'string' || transactionid === '') throw withoutTransactionId();
      outcome = {
        ...base,
        attempts: sending.attempts,
        state: 'sent',
        transactionid,
        sentAt: isoNow(clock),
        updatedAt: isoNow(clock),
      };
    } catch (err) {
      const failure = describeSendFailure(err);
      const delay = retryDelay(failure.retryable, sending.attempts);
      outcome = {
        ...base,
        attempts: sending.attempts,
        state: 'failed',
        failure,
        updatedAt: isoNow(clock),
        ...(delay === undefined ? {} : { nextAttemptAt: new Date(clock.now() + delay).toISOString() }),
      };
    }
    try {
      await put(outcome);
    } catch (err) {
      // The item stays `sending` on disk and is sent again after a restart (idempotent).
      files.report({
        file: fileOf(item.id),
        message: `Ergebnis des Sendens nicht gespeichert: ${String(err)}`,
        at: isoNow(clock),
      });
      return;
    }
    if (outcome.state === 'failed') scheduleRetry(outcome);
    if (outcome.state !== 'sent') return;
    try {
      await deps.onSent(outcome);
    } catch (err) {
      files.report({
        file: fileOf(item.id),
        message: `Gesendet, aber die Verfolgung des Abgleichs schlug fehl: ${String(err)}`,
        at: isoNow(clock),
      });
    }
  }

  /** Undefined when the outbox leaves the item to the clerk. */
  function retryDelay(retryable: boolean, attempts: number): number | undefined {
    return !retryable || attempts >= deps.autoRetry.maxAttempts ? undefined : backoff(deps.autoRetry, attempts);
  }

  function scheduleRetry(item: Extract<OutboxItem, { state: 'failed' }>): void {
    retryTimers.get(item.id)?.();
    retryTimers.delete(item.id);
    if (item.nextAttemptAt === undefined || !running) return;
    // Right after the failure this is the backoff itself; after a restart, never more than it (clock set back).
    const wait = waitUntil(clock, Date.parse(item.nextAttemptAt), backoff(deps.autoRetry, item.attempts));
    retryTimers.set(
      item.id,
      clock.schedule(wait, () => {
        retryTimers.delete(item.id);
        const current = items.get(item.id);
        // The clerk may have retried or removed it meanwhile.
        if (current?.state !== 'failed' || current.nextAttemptAt !== item.nextAttemptAt) return;
        requeue(current).catch((err: unknown) => {
          if (!(err instanceof WorkspaceError)) files.report({ file: fileOf(item.id), message: String(err), at: isoNow(clock) });
        });
      }),
    );
  }

  function requireItem(id: string): OutboxItem {
    const item = items.get(id);
    if (!item) throw WorkspaceError.notFound('Diesen Eintrag gibt es im Postausgang nicht (mehr).', { key: 'outbox.notFound' });
    return item;
  }

  /**
   * Back into the queue. Where newer setups of the unit exist, it goes out with only the usage units they lack
   * (after them, so their newer data wins), or is dropped when they name all of its units.
   */
  async function requeue(item: Extract<OutboxItem, { state: 'failed' }>): Promise<OutboxItem> {
    const newer = ordered().filter((o) => o.billingunit === item.billingunit && o.seq > item.seq && o.state !== 'failed');
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
    retryTimers.get(item.id)?.();
    retryTimers.delete(item.id);
    const { state: _s, failure, nextAttemptAt: _n, ...base } = item;
    const seq = newer.length === 0 ? item.seq : nextSeq++;
    const queued = await put({
      ...base,
      seq,
      request: request ?? item.request,
      state: 'queued',
      lastFailure: failure,
      updatedAt: isoNow(clock),
    });
    pump();
    return queued;
  }

  async function discard(id: string): Promise<void> {
    retryTimers.get(id)?.();
    retryTimers.delete(id);
    await unlink(fileOf(id)).catch((err: unknown) => {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    });
    items.delete(id);
    emit({ type: 'outbox-item-removed', id });
  }

  function validated(raw: SetupRequest): SetupRequest {
    const parsed = SetupRequest.safeParse(raw);
    if (!parsed.success) throw WorkspaceError.fromZod('Der Abgleich kann nicht in den Postausgang', parsed.error);
    return parsed.data;
  }

  function queuedItem(request: SetupRequest): OutboxItem {
    const at = isoNow(clock);
    return {
      id: randomUUID(),
      seq: nextSeq++,
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
    const out: OutboxItem[] = [];
    // Nothing is pumped before every part is on disk, so a complete list never goes out with a part missing.
    for (const request of requests) out.push(await put(queuedItem(request)));
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
      const waiting = ordered().filter(
        (o) => o.billingunit === given.billingunitMscnumber && o.state === 'failed' && o.failure.retryable,
      );
      const folded = withUnitsOf(
        given,
        waiting.map((o) => o.request),
      );
      // Past the MSC's limit the older items are left to retry on their own (they then send only what is missing).
      const fits = folded.residentialunits.length <= MAX_UNITS_PER_REQUEST;
      const item = await put(queuedItem(fits ? folded : given));
      if (fits) for (const o of waiting) if (items.get(o.id)?.state === 'failed') await discard(o.id);
      pump();
      return item;
    },
    list: ordered,
    get: (id) => items.get(id),
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
      for (const item of ordered()) {
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
      if (item.state === 'sending' || inflight.has(id))
        throw new WorkspaceError('CONFLICT', 'Der Eintrag wird gerade gesendet und kann nicht entfernt werden.', undefined, {
          key: 'outbox.removeSending',
        });
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
      while (inflight.size > 0) await Promise.allSettled([...inflight.values()]);
    },
    start() {
      running = true;
      for (const item of ordered()) if (item.state === 'failed') scheduleRetry(item);
      pump();
    },
    async stop() {
      running = false;
      for (const cancel of retryTimers.values()) cancel();
      retryTimers.clear();
      while (inflight.size > 0) await Promise.allSettled([...inflight.values()]);
    },
  };
}
