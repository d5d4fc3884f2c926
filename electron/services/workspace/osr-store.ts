/**
 * Where the OSR deliveries keep their records, apart from how they are sent (osr-deliveries.ts). Two engines, like
 * the setup outbox's (outbox-store.ts): the data folder (one file per usage unit, one instance per folder, below) and
 * the team database (services/team/pg-osr.ts), where several desks deliver from one set of records. The sender only
 * ever sees this interface.
 */
import { join } from 'node:path';
import { OsrUnitRecord, type OsrDelivery } from '@shared/domain/osr';
import { writeJsonAtomic } from '@main/lib/atomic-file';
import { createKeyedSerial } from '@main/lib/keyed-serial';
import { isoNow, type Clock } from '@main/services/workspace/clock';
import { createListeners } from '@main/services/workspace/events';
import { loadJsonDir, type FileContext } from '@main/services/workspace/json-files';
import type { OsrLog, OsrLogInput } from '@main/services/workspace/osr-log';

/** `foreign`: another desk's change, learnt from the database. */
export type OsrChange = { record: OsrUnitRecord; foreign?: boolean };

/** A record whose delivery this desk claimed for sending. */
export type ClaimedRecord = OsrUnitRecord & { delivery: OsrDelivery & { state: 'sending' } };

export type OsrStore = {
  /** Records as this desk knows them: its own writes at once, other desks' as they are announced. */
  list: () => OsrUnitRecord[];
  get: (billingunit: string, residentialunit: string) => OsrUnitRecord | undefined;
  /** The next number of the one order of deliveries all desks share. */
  nextSeq: () => Promise<number>;
  /**
   * Changes one unit's record from its current stand (locked while `change` runs, so two desks never write over
   * each other's step). `change` returns the new record, undefined for no change, or throws to refuse.
   */
  update: (
    billingunit: string,
    residentialunit: string,
    change: (current: OsrUnitRecord | undefined) => OsrUnitRecord | undefined,
  ) => Promise<OsrUnitRecord | undefined>;
  /**
   * Marks up to `max` queued deliveries as being sent by this desk and returns their records, oldest first, none of
   * a unit in `busy`. A delivery a crashed desk left `sending` is taken over once its claim has run out.
   */
  claim: (max: number, busy: ReadonlySet<string>) => Promise<ClaimedRecord[]>;
  /**
   * Stores the outcome of a delivery this desk claimed, with its entry in the OSR log: `settle` turns the current
   * record into the settled one. False, and nothing stored, when the claim was lost meanwhile (another desk took the
   * delivery over; its answer is the one kept).
   */
  finish: (
    claimed: ClaimedRecord,
    settle: (current: OsrUnitRecord) => OsrUnitRecord,
    attempt: OsrLogInput,
  ) => Promise<OsrUnitRecord | false>;
  /** Every change this desk learns of, its own and other desks'. Returns the unsubscribe function. */
  subscribe: (listener: (change: OsrChange) => void) => () => void;
  /** How often the sender looks for work other desks left behind; undefined where only this desk sends. */
  pollMs?: number;
  /** Where problems of this store are reported (a file or the database). */
  where: (key: string) => string;
  close: () => Promise<void>;
};

export type OsrStoreContext = { dir: string; clock: Clock; files: FileContext; log: OsrLog };
export type OpenOsrStore = (context: OsrStoreContext) => Promise<OsrStore>;

export const osrKey = (billingunit: string, residentialunit: string): string => `${billingunit}-${residentialunit}`;

/** The record with another delivery (or none), stamped now. */
export function withDelivery(r: OsrUnitRecord, delivery: OsrDelivery | undefined, at: string): OsrUnitRecord {
  const { delivery: _d, ...rest } = r;
  return { ...rest, updatedAt: at, ...(delivery ? { delivery } : {}) };
}

/** A queued delivery marked as being sent: one attempt more, what the last attempt met dropped. */
export function sendingOf(r: OsrUnitRecord, queued: OsrDelivery, at: string): ClaimedRecord {
  const { failure: _f, nextAttemptAt: _n, messages: _m, ...base } = queued;
  const delivery = { ...base, state: 'sending' as const, attempts: base.attempts + 1, updatedAt: at };
  return { ...withDelivery(r, delivery, at), delivery };
}

const bySeq = (a: OsrUnitRecord, b: OsrUnitRecord) => (a.delivery?.seq ?? 0) - (b.delivery?.seq ?? 0);

/** The data folder's engine: `<dir>/<billingunit>-<residentialunit>.json`; this process is the folder's only writer. */
export const openFolderOsrStore: OpenOsrStore = async ({ dir, clock, files, log }) => {
  const records = await loadJsonDir(dir, OsrUnitRecord, files, (name, r) =>
    name === osrKey(r.billingunit, r.residentialunit) ? undefined : `Dateiname passt nicht zur Nutzeinheit ${r.residentialunit}`,
  );
  const fileOf = (key: string) => join(dir, `${key}.json`);
  const changes = createListeners<OsrChange>();
  const serial = createKeyedSerial();
  let seq = Math.max(0, ...[...records.values()].map((r) => r.delivery?.seq ?? 0));

  async function put(record: OsrUnitRecord): Promise<OsrUnitRecord> {
    const key = osrKey(record.billingunit, record.residentialunit);
    await writeJsonAtomic(fileOf(key), record);
    records.set(key, record);
    changes.emit({ record });
    return record;
  }

  // Resume: a crash while sending left deliveries in `sending`; with one instance per folder nobody else sends them,
  // and the complete data set may safely go again (the delivery is idempotent).
  for (const r of [...records.values()]) {
    if (r.delivery?.state === 'sending') {
      const at = isoNow(clock);
      await put(withDelivery(r, { ...r.delivery, state: 'queued', updatedAt: at }, at));
    }
  }

  // Claims one after the other, so two windows of this instance never take the same delivery.
  let claiming: Promise<unknown> = Promise.resolve();
  async function claimNow(max: number, busy: ReadonlySet<string>): Promise<ClaimedRecord[]> {
    const taken: ClaimedRecord[] = [];
    const queued = [...records.values()].filter((r) => r.delivery?.state === 'queued').sort(bySeq);
    for (const r of queued) {
      if (taken.length >= max) break;
      const key = osrKey(r.billingunit, r.residentialunit);
      if (busy.has(key)) continue;
      // On disk before it goes out: a crash mid-send leaves the mark that sends it again. What was marked before a
      // failed write still goes out; the next claim meets the failure again.
      let claimed: ClaimedRecord | undefined;
      try {
        claimed = await serial(key, async () => {
          const now = records.get(key);
          if (now?.delivery?.state !== 'queued') return undefined;
          const sending = sendingOf(now, now.delivery, isoNow(clock));
          await put(sending);
          return sending;
        });
      } catch (err) {
        if (taken.length === 0) throw err;
        break;
      }
      if (claimed) taken.push(claimed);
    }
    return taken;
  }

  return {
    list: () => [...records.values()],
    get: (bu, ru) => records.get(osrKey(bu, ru)),
    nextSeq: () => Promise.resolve(++seq),
    update: (bu, ru, change) =>
      serial(osrKey(bu, ru), async () => {
        const next = change(records.get(osrKey(bu, ru)));
        return next === undefined ? undefined : put(next);
      }),
    claim(max, busy) {
      const run = claiming.then(() => claimNow(max, busy));
      claiming = run.catch(() => undefined);
      return run;
    },
    async finish(claimed, settle, attempt) {
      // The attempt is logged before the outcome is stored: a crash between the two sends the delivery again rather
      // than losing the record of what the MSC received.
      await log.append(attempt).catch((err: unknown) => {
        files.report({ file: dir, message: `Eintrag im OSR-Protokoll nicht gespeichert: ${String(err)}`, at: isoNow(clock) });
      });
      const key = osrKey(claimed.billingunit, claimed.residentialunit);
      return serial(key, () => put(settle(records.get(key) ?? claimed)));
    },
    subscribe: changes.subscribe,
    where: fileOf,
    close: () => Promise.resolve(),
  };
};
