/**
 * The OSR deliveries' records in the team database, behind the same OsrStore as the data folder's files: every desk
 * of the office delivers from one set of records. A clerk's step (save, discard, deliver) changes a unit's row under
 * its row lock, so two desks never write over each other's step. A claim locks the oldest queued deliveries with
 * `FOR UPDATE SKIP LOCKED` (two desks claiming at once take different units) and marks them `sending` with this
 * desk's name and a lease on the database's clock, renewed while the send runs. A delivery whose lease ran out (its
 * desk crashed or lost the database mid-send) is claimed again by any desk; a delivery is the unit's complete data
 * set, so the second send is harmless. The outcome is stored, together with its entry in the OSR log, only while the
 * desk's claim holds: a late answer of a desk whose claim is gone leaves nothing. The records are held in memory for
 * the synchronous `list()` and follow other desks' changes through kb_osr.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { OsrUnitRecord } from '@shared/domain/osr';
import { isoNow, type Clock } from '@main/services/workspace/clock';
import { createListeners } from '@main/services/workspace/events';
import { osrKey, sendingOf, type ClaimedRecord, type OsrChange, type OsrStore } from '@main/services/workspace/osr-store';
import { insertOsrLogEntry } from '@main/services/team/pg-osr-log';
import { insertRow, nextval, onConflict, transaction } from '@main/services/team/team-db';
import type { IfThere, Queryable, TeamDb } from '@main/services/team/team-db';
import { DEFAULT_LEASE_MS } from '@main/services/team/pg-outbox';

export type PgOsrOptions = {
  connectionId: string;
  /** How long a claim holds without renewal (default 2 min); a crashed desk's deliveries wait this long at most. */
  leaseMs?: number;
  clock: Clock;
};

type Row = { record: unknown };

const OPEN = `delivery_state = 'queued' OR (delivery_state = 'sending' AND lease_until < now())`;

/** An osr_units row's columns that a change writes, in the order of the UPDATE's $1 … $7. */
const osrUnitColumns = (connectionId: string, record: OsrUnitRecord, changedBy: string) => ({
  connection_id: connectionId,
  billingunit: record.billingunit,
  residentialunit: record.residentialunit,
  delivery_state: record.delivery?.state ?? null,
  delivery_seq: record.delivery?.seq ?? null,
  changed_by: changedBy,
  record: JSON.stringify(record),
});

/**
 * Writes a unit's first OSR record (kept whole as JSON; its delivery's state and place as columns) as changed by
 * `changedBy`. Used by the live store and by the folder takeover, where a unit the office already has a record of
 * keeps the office's; true when it was written.
 */
export async function insertOsrUnit(
  q: Queryable,
  connectionId: string,
  record: OsrUnitRecord,
  changedBy: string,
  ifThere: IfThere = 'fail',
): Promise<boolean> {
  return insertRow(q, 'osr_units', osrUnitColumns(connectionId, record, changedBy), onConflict(ifThere));
}

export async function openPgOsr(
  db: TeamDb,
  { connectionId, clock, leaseMs = DEFAULT_LEASE_MS }: PgOsrOptions,
): Promise<OsrStore> {
  const token = randomUUID();
  const records = new Map<string, OsrUnitRecord>();
  const changes = createListeners<OsrChange>();
  const mine = new Set<string>();
  const lease = `${String(leaseMs)} milliseconds`;
  let closed = false;

  // Every write of this desk and every reload counts: an answer is kept only if nothing happened to the unit since
  // it was asked for, so a slow reload never puts an older stand over a newer one.
  const versions = new Map<string, number>();
  const bump = (key: string) => {
    const v = (versions.get(key) ?? 0) + 1;
    versions.set(key, v);
    return v;
  };
  const set = (record: OsrUnitRecord, foreign = false) => {
    const key = osrKey(record.billingunit, record.residentialunit);
    const before = records.get(key);
    if (before && JSON.stringify(before) === JSON.stringify(record)) return;
    records.set(key, record);
    changes.emit({ record, foreign });
  };
  const mineNow = (record: OsrUnitRecord) => {
    bump(osrKey(record.billingunit, record.residentialunit));
    set(record);
  };

  async function reload(billingunit: string, residentialunit: string): Promise<void> {
    const asked = bump(osrKey(billingunit, residentialunit));
    const { rows } = await db.pool.query<Row>(
      'SELECT record FROM osr_units WHERE connection_id = $1 AND billingunit = $2 AND residentialunit = $3',
      [connectionId, billingunit, residentialunit],
    );
    if (versions.get(osrKey(billingunit, residentialunit)) !== asked || !rows[0]) return;
    set(OsrUnitRecord.parse(rows[0].record), true);
  }

  // Notices come through the desk's one listening client (team-listen.ts); a failed one is replaced there.
  const unlisten = await db.listen('kb_osr', (payload) => {
    if (closed) return;
    const change = JSON.parse(payload) as {
      connectionId: string;
      billingunit: string;
      residentialunit: string;
      by: string;
    };
    if (change.connectionId !== connectionId || change.by === token) return;
    reload(change.billingunit, change.residentialunit).catch(() => undefined);
  });

  async function loadAll(announce: boolean): Promise<void> {
    const asked = new Map(versions);
    const { rows } = await db.pool.query<Row>('SELECT record FROM osr_units WHERE connection_id = $1', [connectionId]);
    for (const row of rows) {
      const record = OsrUnitRecord.parse(row.record);
      const key = osrKey(record.billingunit, record.residentialunit);
      if (versions.get(key) !== asked.get(key)) continue;
      if (announce) set(record, true);
      else records.set(key, record);
    }
  }
  await loadAll(false);
  // The whole set again, now and then: heals what a lost notification (a dropped connection) left stale.
  const refreshing = setInterval(
    () => {
      loadAll(true).catch(() => undefined);
    },
    Math.max(1_000, leaseMs / 2),
  );
  refreshing.unref();

  // The lease of what this desk is sending is renewed well before it runs out; a stalled send keeps its claim.
  const renew = setInterval(() => {
    if (mine.size === 0) return;
    db.pool
      .query(
        `UPDATE osr_units SET lease_until = now() + $1::interval
         WHERE claim_token = $2 AND delivery_state = 'sending' AND connection_id = $3 AND billingunit || '-' || residentialunit = ANY($4)`,
        [lease, token, connectionId, [...mine]],
      )
      .catch(() => undefined);
  }, leaseMs / 4);
  renew.unref();

  /** Writes a record as this desk's change; the claim columns follow the delivery's state. */
  async function write(client: pg.ClientBase, record: OsrUnitRecord, exists: boolean, claim?: 'keep' | 'take'): Promise<void> {
    if (!exists) {
      await insertOsrUnit(client, connectionId, record, token);
      return;
    }
    const claiming = claim === 'take';
    const params = Object.values(osrUnitColumns(connectionId, record, token));
    await client.query(
      `UPDATE osr_units SET delivery_state = $4, delivery_seq = $5, changed_by = $6, record = $7
         ${claiming ? `, claimed_by = $8, claim_token = $6, lease_until = now() + $9::interval` : ''}
         ${claim === undefined ? ', claim_token = NULL, lease_until = NULL' : ''}
       WHERE connection_id = $1 AND billingunit = $2 AND residentialunit = $3`,
      claiming ? [...params, db.desk, lease] : params,
    );
  }

  function changeRow(
    billingunit: string,
    residentialunit: string,
    change: (current: OsrUnitRecord | undefined) => OsrUnitRecord | undefined,
  ): Promise<OsrUnitRecord | undefined> {
    return transaction(db, async (client) => {
      const { rows } = await client.query<Row>(
        `SELECT record FROM osr_units WHERE connection_id = $1 AND billingunit = $2 AND residentialunit = $3 FOR UPDATE`,
        [connectionId, billingunit, residentialunit],
      );
      const current = rows[0] ? OsrUnitRecord.parse(rows[0].record) : undefined;
      const changed = change(current);
      // A delivery on its way keeps its desk's claim: the clerk's step (a new pending change) does not take it.
      if (changed)
        await write(client, changed, current !== undefined, current?.delivery?.state === 'sending' ? 'keep' : undefined);
      return changed;
    });
  }

  return {
    list: () => [...records.values()],
    get: (bu, ru) => records.get(osrKey(bu, ru)),
    nextSeq: () => nextval(db.pool, `'osr_delivery_seq'`),
    async update(billingunit, residentialunit, change) {
      const next = await changeRow(billingunit, residentialunit, change).catch((err: unknown) => {
        // Two desks saved a unit's first stand at once: the second's insert met the first's row; take it from there.
        if ((err as { code?: string }).code !== '23505') throw err;
        return changeRow(billingunit, residentialunit, change);
      });
      if (next) mineNow(next);
      return next;
    },
    async claim(max, busy) {
      const at = isoNow(clock);
      const claimed = await transaction(db, async (client) => {
        const { rows } = await client.query<Row>(
          `SELECT record FROM osr_units
           WHERE connection_id = $1 AND (${OPEN}) AND NOT (billingunit || '-' || residentialunit = ANY($2))
           ORDER BY delivery_seq LIMIT $3
           FOR UPDATE SKIP LOCKED`,
          [connectionId, [...busy], max],
        );
        const out: ClaimedRecord[] = [];
        for (const row of rows) {
          const record = OsrUnitRecord.parse(row.record);
          if (!record.delivery) continue;
          // A delivery a crashed desk left `sending` goes again as it was, one attempt more.
          const sending = sendingOf(record, record.delivery, at);
          await write(client, sending, true, 'take');
          out.push(sending);
        }
        return out;
      });
      for (const record of claimed) {
        mine.add(osrKey(record.billingunit, record.residentialunit));
        mineNow(record);
      }
      return claimed;
    },
    async finish(claimed, settle, attempt) {
      const key = osrKey(claimed.billingunit, claimed.residentialunit);
      mine.delete(key);
      const next = await transaction(db, async (client) => {
        const { rows } = await client.query<Row>(
          `SELECT record FROM osr_units WHERE connection_id = $1 AND billingunit = $2 AND residentialunit = $3
             AND claim_token = $4 AND delivery_state = 'sending' AND record->'delivery'->>'id' = $5
           FOR UPDATE`,
          [connectionId, claimed.billingunit, claimed.residentialunit, token, claimed.delivery.id],
        );
        if (!rows[0]) return false;
        const settled = settle(OsrUnitRecord.parse(rows[0].record));
        await insertOsrLogEntry(client, { db, connectionId, clock }, attempt);
        await write(client, settled, true);
        return settled;
      });
      if (next === false) await reload(claimed.billingunit, claimed.residentialunit);
      else mineNow(next);
      return next;
    },
    subscribe: changes.subscribe,
    pollMs: Math.max(100, Math.round(leaseMs / 4)),
    where: (key) => `Team-Datenbank, Nutzerwechsel${key === '' ? '' : ` ${key}`}`,
    async close() {
      closed = true;
      clearInterval(renew);
      clearInterval(refreshing);
      await unlisten();
    },
  };
}
