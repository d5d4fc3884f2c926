/**
 * The setup outbox in the team database, behind the same OutboxStore as the data folder's files: every desk of the
 * office takes items from one queue. A claim locks the oldest queued item of each billing unit with
 * `FOR UPDATE SKIP LOCKED` (two desks claiming at once take different items, never two of one unit) and marks it
 * `sending` with this desk's name and a lease, renewed while the send runs. An item whose lease ran out (its desk
 * crashed or lost the database mid-send) is claimed again by any desk; the setup POST is idempotent per billing
 * unit, so the second send is harmless. The item list is held in memory for the synchronous `list()` and follows
 * other desks' changes through kb_outbox.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { OutboxItem } from '@shared/domain/workspace';
import { isoNow, type Clock } from '@main/services/workspace/clock';
import { createListeners } from '@main/services/workspace/events';
import type { OutboxChange, OutboxStore, QueuedItem, SendingItem } from '@main/services/workspace/outbox-store';
import { insertRow, nextval, onConflict, transaction } from '@main/services/team/team-db';
import type { IfThere, Queryable, TeamDb } from '@main/services/team/team-db';

export type PgOutboxOptions = {
  connectionId: string;
  /** How long a claim holds without renewal (default 2 min); a crashed desk's items wait this long at most. */
  leaseMs?: number;
  clock: Clock;
};

export const DEFAULT_LEASE_MS = 120_000;

type Row = { id: string; item: unknown };

const OPEN = `state = 'queued' OR (state = 'sending' AND lease_until < now())`;

/**
 * Writes one outbox item (kept whole as JSON; its state and unit as columns) as changed by `changedBy`. Used by the
 * live outbox and by the folder takeover (which keeps an item the database already has).
 */
export async function insertOutboxItem(
  q: Queryable,
  connectionId: string,
  item: OutboxItem,
  changedBy: string,
  ifThere: IfThere = 'fail',
): Promise<void> {
  await insertRow(
    q,
    'outbox_items',
    {
      id: item.id,
      connection_id: connectionId,
      seq: item.seq,
      billingunit: item.billingunit,
      state: item.state,
      changed_by: changedBy,
      item: JSON.stringify(item),
    },
    onConflict(ifThere, '(id)'),
  );
}

export async function openPgOutbox(
  db: TeamDb,
  { connectionId, clock, leaseMs = DEFAULT_LEASE_MS }: PgOutboxOptions,
): Promise<OutboxStore> {
  const token = randomUUID();
  const items = new Map<string, OutboxItem>();
  const changes = createListeners<OutboxChange>();
  const mine = new Set<string>();
  const lease = `${String(leaseMs)} milliseconds`;
  let closed = false;

  // Every write of this desk and every reload counts: an answer is kept only if nothing happened to the item since
  // it was asked for, so a slow reload never puts an older state over a newer one.
  const versions = new Map<string, number>();
  const bump = (id: string) => {
    const v = (versions.get(id) ?? 0) + 1;
    versions.set(id, v);
    return v;
  };

  const set = (item: OutboxItem, foreign = false) => {
    const before = items.get(item.id);
    if (before && JSON.stringify(before) === JSON.stringify(item)) return;
    items.set(item.id, item);
    changes.emit({ item, foreign });
  };
  const drop = (id: string, foreign = false) => {
    if (items.delete(id)) changes.emit({ removed: id, foreign });
  };
  const mineNow = (item: OutboxItem) => {
    bump(item.id);
    set(item);
  };

  async function reload(id: string): Promise<void> {
    const asked = bump(id);
    const { rows } = await db.pool.query<Row>('SELECT id, item FROM outbox_items WHERE id = $1', [id]);
    if (versions.get(id) !== asked) return;
    const row = rows[0];
    if (row) set(OutboxItem.parse(row.item), true);
    else drop(id, true);
  }

  // Notices come through the desk's one listening client (team-listen.ts); a failed one is replaced there.
  const unlisten = await db.listen('kb_outbox', (payload) => {
    if (closed) return;
    const change = JSON.parse(payload) as { connectionId: string; id: string; by: string };
    if (change.connectionId !== connectionId || change.by === token) return;
    reload(change.id).catch(() => undefined);
  });
  const { rows } = await db.pool.query<Row>('SELECT id, item FROM outbox_items WHERE connection_id = $1 ORDER BY seq', [
    connectionId,
  ]);
  for (const row of rows) items.set(row.id, OutboxItem.parse(row.item));

  /** The whole list again, now and then: heals what a lost notification (a dropped connection) left stale. */
  async function refresh(): Promise<void> {
    const asked = new Map(versions);
    const unchanged = (id: string) => versions.get(id) === asked.get(id);
    const { rows: all } = await db.pool.query<Row>('SELECT id, item FROM outbox_items WHERE connection_id = $1', [connectionId]);
    const seen = new Set<string>();
    for (const row of all) {
      seen.add(row.id);
      if (unchanged(row.id)) set(OutboxItem.parse(row.item), true);
    }
    for (const id of [...items.keys()]) if (!seen.has(id) && unchanged(id)) drop(id, true);
  }
  const refreshing = setInterval(
    () => {
      refresh().catch(() => undefined);
    },
    Math.max(1_000, leaseMs / 2),
  );
  refreshing.unref();

  // The lease of what this desk is sending is renewed well before it runs out; a stalled send keeps its claim.
  const renew = setInterval(() => {
    if (mine.size === 0) return;
    db.pool
      .query(
        `UPDATE outbox_items SET lease_until = now() + $1::interval WHERE claim_token = $2 AND state = 'sending' AND id = ANY($3)`,
        [lease, token, [...mine]],
      )
      .catch(() => undefined);
  }, leaseMs / 4);
  renew.unref();

  const inTransaction = <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => transaction(db, work);

  return {
    list: () => [...items.values()].sort((a, b) => a.seq - b.seq),
    get: (id) => items.get(id),
    nextSeq: () => nextval(db.pool, `'outbox_seq'`),
    async add(added) {
      // One transaction: the parts of a send are queued together or not at all, so no desk sends half of them.
      await inTransaction(async (client) => {
        for (const item of added) await insertOutboxItem(client, connectionId, item, token);
      });
      for (const item of added) mineNow(item);
    },
    async claim(max, busy) {
      const at = isoNow(clock);
      const { rows: claimed } = await db.pool.query<Row>(
        `UPDATE outbox_items o
         SET state = 'sending', claimed_by = $4, claim_token = $5, changed_by = $5, lease_until = now() + $6::interval,
             item = (o.item - 'lastFailure') || jsonb_build_object('state', 'sending', 'updatedAt', $7::text,
               'attempts', (o.item->>'attempts')::int + 1)
         FROM (
           SELECT id FROM outbox_items c
           WHERE c.connection_id = $1 AND (${OPEN}) AND NOT (c.billingunit = ANY($2))
             AND NOT EXISTS (SELECT 1 FROM outbox_items e WHERE e.connection_id = c.connection_id
               AND e.billingunit = c.billingunit AND e.seq < c.seq AND e.state IN ('queued', 'sending'))
           ORDER BY c.seq LIMIT $3
           FOR UPDATE SKIP LOCKED
         ) picked
         WHERE o.id = picked.id
         RETURNING o.id, o.item`,
        [connectionId, [...busy], max, db.desk, token, lease, at],
      );
      const out = claimed.map((row) => OutboxItem.parse(row.item) as SendingItem).sort((a, b) => a.seq - b.seq);
      for (const item of out) {
        mine.add(item.id);
        mineNow(item);
      }
      return out;
    },
    async finish(outcome) {
      mine.delete(outcome.id);
      const { rowCount } = await db.pool.query(
        `UPDATE outbox_items SET state = $1, item = $2, lease_until = NULL, changed_by = $3
         WHERE id = $4 AND claim_token = $3 AND state = 'sending'`,
        [outcome.state, JSON.stringify(outcome), token, outcome.id],
      );
      if (rowCount !== 1) {
        await reload(outcome.id);
        return false;
      }
      mineNow(outcome);
      return true;
    },
    async requeue(queued: QueuedItem) {
      const { rowCount } = await db.pool.query(
        `UPDATE outbox_items SET state = 'queued', seq = $1, item = $2, changed_by = $3 WHERE id = $4 AND state = 'failed'`,
        [queued.seq, JSON.stringify(queued), token, queued.id],
      );
      if (rowCount !== 1) {
        await reload(queued.id);
        return false;
      }
      mineNow(queued);
      return true;
    },
    async remove(id) {
      const { rowCount } = await db.pool.query(
        `DELETE FROM outbox_items WHERE id = $1 AND connection_id = $2 AND state IN ('queued', 'failed')`,
        [id, connectionId],
      );
      if (rowCount !== 1) {
        await reload(id);
        return false;
      }
      bump(id);
      drop(id);
      return true;
    },
    subscribe: changes.subscribe,
    pollMs: Math.max(100, Math.round(leaseMs / 4)),
    where: (id) => `Team-Datenbank, Postausgang${id === '' ? '' : ` ${id}`}`,
    async close() {
      closed = true;
      clearInterval(renew);
      clearInterval(refreshing);
      await unlisten();
    },
  };
}
