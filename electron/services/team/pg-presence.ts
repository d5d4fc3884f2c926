/**
 * Who has a period open: each desk's editor renews a row every few seconds, and a row counts only until its expiry,
 * so a desk that crashed or lost the network disappears by itself. Only a hint for the clerks: the revision check
 * on save is what keeps two desks from overwriting each other.
 */
import type { PresenceEntry } from '@shared/ipc/channels/team';
import type { TeamDb } from '@main/services/team/team-db';

export const PRESENCE_TTL_MS = 45_000;

export type Presence = {
  /** Renews (open) or removes (closed) this desk's row; answers the other desks on the same period. */
  beat: (period: { connectionId: string; billingunit: string; periodTo: string; open: boolean }) => Promise<PresenceEntry[]>;
};

type Row = { clerk: string; heartbeat_at: Date; expires_at: Date };

export function createPresence({
  db,
  deskId,
  ttlMs = PRESENCE_TTL_MS,
}: {
  db: TeamDb;
  deskId: string;
  ttlMs?: number;
}): Presence {
  return {
    async beat({ connectionId, billingunit, periodTo, open }) {
      const key = [deskId, connectionId, billingunit, periodTo];
      if (open) {
        await db.pool.query(
          `INSERT INTO presence (desk_id, clerk, connection_id, billingunit, period_to, heartbeat_at, expires_at)
           VALUES ($1, $5, $2, $3, $4, now(), now() + make_interval(secs => $6))
           ON CONFLICT (desk_id, connection_id, billingunit, period_to)
           DO UPDATE SET clerk = EXCLUDED.clerk, heartbeat_at = EXCLUDED.heartbeat_at, expires_at = EXCLUDED.expires_at`,
          [...key, db.desk, ttlMs / 1000],
        );
      } else {
        await db.pool.query(
          'DELETE FROM presence WHERE desk_id = $1 AND connection_id = $2 AND billingunit = $3 AND period_to = $4',
          key,
        );
      }
      // Expired rows go as soon as anyone looks, so the table stays as small as the number of open editors.
      await db.pool.query('DELETE FROM presence WHERE expires_at < now()');
      const { rows } = await db.pool.query<Row>(
        `SELECT clerk, heartbeat_at, expires_at FROM presence
         WHERE connection_id = $2 AND billingunit = $3 AND period_to = $4 AND desk_id <> $1 AND expires_at >= now()
         ORDER BY heartbeat_at DESC`,
        key,
      );
      return rows.map((r) => ({
        clerk: r.clerk,
        heartbeatAt: r.heartbeat_at.toISOString(),
        expiresAt: r.expires_at.toISOString(),
      }));
    },
  };
}
