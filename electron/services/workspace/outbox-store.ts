/**
 * Where the setup outbox keeps its items, apart from how they are sent (outbox.ts). Two engines: the data folder
 * (one file per item, one instance per folder, below) and the team database (services/team/pg-outbox.ts), where
 * several desks take items from one queue. The sender only ever sees this interface.
 */
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { OutboxItem } from '@shared/domain/workspace';
import { writeJsonAtomic } from '@main/lib/atomic-file';
import { isoNow, type Clock } from '@main/services/workspace/clock';
import { createListeners } from '@main/services/workspace/events';
import { loadJsonDir, type FileContext } from '@main/services/workspace/json-files';

export type QueuedItem = Extract<OutboxItem, { state: 'queued' }>;
export type SendingItem = Extract<OutboxItem, { state: 'sending' }>;
/** `foreign`: another desk's change, learnt from the database. */
export type OutboxChange = ({ item: OutboxItem } | { removed: string }) & { foreign?: boolean };

export type OutboxStore = {
  /** Items as this desk knows them, oldest first: its own writes at once, other desks' as they are announced. */
  list: () => OutboxItem[];
  get: (id: string) => OutboxItem | undefined;
  /** The next number of the one order all desks share. */
  nextSeq: () => Promise<number>;
  /** Stores new queued items, all or (in the database) none: the parts of one send never go out with one missing. */
  add: (items: readonly QueuedItem[]) => Promise<void>;
  /**
   * Marks up to `max` queued items as being sent by this desk and returns them: oldest first, only the oldest
   * unfinished item of a billing unit (so a unit's setups arrive in order), none of `busy`. An item a crashed desk
   * left `sending` is taken over once its lease has expired.
   */
  claim: (max: number, busy: ReadonlySet<string>) => Promise<SendingItem[]>;
  /** The outcome (sent or failed) of an item this desk claimed; false when its claim was lost meanwhile. */
  finish: (outcome: OutboxItem) => Promise<boolean>;
  /** A failed item back in the queue, replaced by `queued`; false when it was not failed any more. */
  requeue: (queued: QueuedItem) => Promise<boolean>;
  /** Deletes a queued or failed item; false when it is being sent, was sent, or is gone. */
  remove: (id: string) => Promise<boolean>;
  /** Every change this desk learns of, its own and other desks'. Returns the unsubscribe function. */
  subscribe: (listener: (change: OutboxChange) => void) => () => void;
  /** How often the sender looks for work other desks left behind; undefined where only this desk sends. */
  pollMs?: number;
  /** Where problems of this store are reported (a file or the database). */
  where: (id: string) => string;
  close: () => Promise<void>;
};

export type OutboxStoreContext = { dir: string; clock: Clock; files: FileContext };
export type OpenOutboxStore = (context: OutboxStoreContext) => Promise<OutboxStore>;

const bySeq = (a: OutboxItem, b: OutboxItem) => a.seq - b.seq;

/** The data folder's engine: `<dir>/<id>.json` per item; this process is the folder's only writer. */
export const openFolderOutboxStore: OpenOutboxStore = async ({ dir, clock, files }) => {
  const items = await loadJsonDir(dir, OutboxItem, files, (name, item) =>
    name === item.id ? undefined : `Dateiname passt nicht zur ID ${item.id}`,
  );
  const fileOf = (id: string) => join(dir, `${id}.json`);
  const changes = createListeners<OutboxChange>();
  let seq = Math.max(0, ...[...items.values()].map((i) => i.seq));

  async function put(item: OutboxItem): Promise<void> {
    await writeJsonAtomic(fileOf(item.id), item);
    items.set(item.id, item);
    changes.emit({ item });
  }

  // Resume: a crash while sending left items in `sending`; with one instance per folder nobody else sends them,
  // and sending them again is harmless (the setup POST is idempotent per billing unit).
  for (const item of [...items.values()]) {
    if (item.state !== 'sending') continue;
    const { state: _s, ...rest } = item;
    await put({ ...rest, state: 'queued', updatedAt: isoNow(clock) });
  }

  const ordered = () => [...items.values()].sort(bySeq);
  // Claims one after the other, so two windows of this instance never take the same item.
  let claiming: Promise<unknown> = Promise.resolve();

  async function claimNow(max: number, busy: ReadonlySet<string>): Promise<SendingItem[]> {
    const taken: SendingItem[] = [];
    const units = new Set(busy);
    for (const item of ordered()) {
      if (taken.length >= max) break;
      if (item.state === 'sending') units.add(item.billingunit);
      if (item.state !== 'queued' || units.has(item.billingunit)) continue;
      units.add(item.billingunit);
      const { state: _s, lastFailure: _f, ...base } = item;
      const sending: SendingItem = { ...base, state: 'sending', attempts: item.attempts + 1, updatedAt: isoNow(clock) };
      // On disk before it goes out: a crash mid-send leaves the mark that sends it again. What was marked before a
      // failed write still goes out; the next claim meets the failure again.
      try {
        await put(sending);
      } catch (err) {
        if (taken.length === 0) throw err;
        break;
      }
      taken.push(sending);
    }
    return taken;
  }

  return {
    list: ordered,
    get: (id) => items.get(id),
    nextSeq: () => Promise.resolve(++seq),
    async add(added) {
      for (const item of added) await put(item);
    },
    claim(max, busy) {
      const run = claiming.then(() => claimNow(max, busy));
      claiming = run.catch(() => undefined);
      return run;
    },

    async finish(outcome) {
      await put(outcome);
      return true;
    },
    async requeue(queued) {
      if (items.get(queued.id)?.state !== 'failed') return false;
      await put(queued);
      return true;
    },
    async remove(id) {
      const item = items.get(id);
      if (item === undefined || item.state === 'sending' || item.state === 'sent') return false;
      await unlink(fileOf(id)).catch((err: unknown) => {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      });
      items.delete(id);
      changes.emit({ removed: id });
      return true;
    },
    subscribe: changes.subscribe,
    where: fileOf,
    close: () => Promise.resolve(),
  };
};
