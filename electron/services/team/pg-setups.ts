/**
 * Tracked setups in the team database, behind the same SetupStore as the data folder's files: every desk shows the
 * same matching state. A change (a new setup tracked, a poll's answer) is written under the row lock from the stand
 * in the database, so a late answer about an older setup never overwrites a newer one. One desk at a time polls a
 * setup: it takes the turn for a while and renews it with each poll; the others learn the answers through kb_setups,
 * and take the turn over once it ran out (that desk is gone). The setups are held in memory for the synchronous
 * `list()`.
 */
import { randomUUID } from 'node:crypto';
import { TrackedSetup } from '@shared/domain/workspace';
import { createListeners } from '@main/services/workspace/events';
import type { SetupChange, SetupStore } from '@main/services/workspace/setup-store';
import { insertRow, transaction, type Queryable, type TeamDb } from '@main/services/team/team-db';

type Row = { setup: unknown };

/**
 * Writes a unit's tracked setup (kept whole as JSON) as changed by `changedBy`, over the one the unit has: `always`
 * (the live store, which read the current one under lock), or only when it was sent later than that one (`if-later`:
 * the folder takeover, where the office's may be newer). True when it was written.
 */
export async function writeTrackedSetup(
  q: Queryable,
  connectionId: string,
  setup: TrackedSetup,
  changedBy: string,
  over: 'always' | 'if-later',
): Promise<boolean> {
  const later = `WHERE (tracked_setups.setup->>'sentAt')::timestamptz < (EXCLUDED.setup->>'sentAt')::timestamptz`;
  return insertRow(
    q,
    'tracked_setups',
    { connection_id: connectionId, billingunit: setup.billingunit, changed_by: changedBy, setup: JSON.stringify(setup) },
    `ON CONFLICT (connection_id, billingunit) DO UPDATE SET changed_by = EXCLUDED.changed_by, setup = EXCLUDED.setup
     ${over === 'if-later' ? later : ''}`,
  );
}

export async function openPgSetups(db: TeamDb, { connectionId }: { connectionId: string }): Promise<SetupStore> {
  const token = randomUUID();
  const setups = new Map<string, TrackedSetup>();
  const changes = createListeners<SetupChange>();
  let closed = false;

  const versions = new Map<string, number>();
  const bump = (bu: string) => {
    const v = (versions.get(bu) ?? 0) + 1;
    versions.set(bu, v);
    return v;
  };
  const set = (setup: TrackedSetup, foreign: boolean) => {
    const previous = setups.get(setup.billingunit);
    if (foreign && previous && JSON.stringify(previous) === JSON.stringify(setup)) return;
    setups.set(setup.billingunit, setup);
    changes.emit({ setup, previous, foreign });
  };

  async function reload(billingunit: string): Promise<void> {
    const asked = bump(billingunit);
    const { rows } = await db.pool.query<Row>('SELECT setup FROM tracked_setups WHERE connection_id = $1 AND billingunit = $2', [
      connectionId,
      billingunit,
    ]);
    if (versions.get(billingunit) !== asked || !rows[0]) return;
    set(TrackedSetup.parse(rows[0].setup), true);
  }

  // Notices come through the desk's one listening client (team-listen.ts); a failed one is replaced there.
  const unlisten = await db.listen('kb_setups', (payload) => {
    if (closed) return;
    const change = JSON.parse(payload) as { connectionId: string; billingunit: string; by: string };
    if (change.connectionId !== connectionId || change.by === token) return;
    reload(change.billingunit).catch(() => undefined);
  });
  const { rows } = await db.pool.query<Row>('SELECT setup FROM tracked_setups WHERE connection_id = $1', [connectionId]);
  for (const row of rows) {
    const setup = TrackedSetup.parse(row.setup);
    setups.set(setup.billingunit, setup);
  }

  return {
    list: () => [...setups.values()],
    get: (bu) => setups.get(bu),
    async update(billingunit, change) {
      const write = () =>
        transaction(db, async (client) => {
          const { rows: found } = await client.query<Row>(
            'SELECT setup FROM tracked_setups WHERE connection_id = $1 AND billingunit = $2 FOR UPDATE',
            [connectionId, billingunit],
          );
          const current = found[0] ? TrackedSetup.parse(found[0].setup) : undefined;
          const next = change(current);
          if (next === undefined) return undefined;
          await writeTrackedSetup(client, connectionId, next, token, 'always');
          return next;
        });
      // Two desks tracking a billing unit's first setup at once both find no row; the second insert waits for the
      // first and becomes an update, so the later setup stands, as on the data folder.
      const next = await write();
      if (next) {
        bump(billingunit);
        set(next, false);
      }
      return next;
    },
    async takeTurn(billingunit, forMs) {
      const { rowCount } = await db.pool.query(
        `UPDATE tracked_setups SET poll_token = $3, poll_until = now() + $4::interval
         WHERE connection_id = $1 AND billingunit = $2 AND (poll_token IS NULL OR poll_token = $3 OR poll_until < now())`,
        [connectionId, billingunit, token, `${String(forMs)} milliseconds`],
      );
      return rowCount === 1;
    },
    subscribe: changes.subscribe,
    where: (billingunit) => `Team-Datenbank, Abgleich ${billingunit}`,
    async close() {
      closed = true;
      // The turn goes at once, so another desk polls without waiting for it to run out.
      await db.pool
        .query('UPDATE tracked_setups SET poll_token = NULL, poll_until = NULL WHERE connection_id = $1 AND poll_token = $2', [
          connectionId,
          token,
        ])
        .catch(() => undefined);
      await unlisten();
    },
  };
}
