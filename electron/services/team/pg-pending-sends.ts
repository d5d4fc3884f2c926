/**
 * Binding SENDs of the team, behind the same PendingSends interface as the data folder's files. The claim of a
 * period is a row (primary key: connection, billing unit, period), so while one desk sends a period or its outcome is
 * unclear, every other desk's claim fails and the clerk there is told to wait. A claim carries a lease this desk
 * renews; a desk that crashed mid-SEND leaves a row whose lease runs out, and it is then reconciled like an unclear
 * SEND by whichever desk follows it. Settling locks the row (FOR UPDATE SKIP LOCKED), so the outcome is archived by
 * one desk only. An open desk looks for such rows of other desks every quarter of the lease (on the injected clock)
 * and hands them to whoever follows SENDs (`onStranded`), so a crashed colleague's SEND is settled without waiting
 * for a restart.
 */
import { randomUUID } from 'node:crypto';
import { isTheSend, PendingSend, type PendingSends } from '@main/services/workspace/pending-sends';
import { createListeners } from '@main/services/workspace/events';
import { systemClock, type Clock } from '@main/services/workspace/clock';
import { transaction, type TeamDb } from '@main/services/team/team-db';

export type PgPendingSendsOptions = {
  connectionId: string;
  /** How long a SEND's claim holds without renewal (default 2 min). */
  leaseMs?: number;
  /** Schedules the look for other desks' stranded SENDs (default: the system clock). */
  clock?: Clock;
};

type Row = { billingunit: string; period_to: string; state: string; desk: string; claim_token: string; send: unknown };

const keyOf = (billingunit: string, periodTo: string) => `${billingunit}_${periodTo}`;

/** Another desk is still sending this period: the reconciler asks again later. */
export class StillSending extends Error {}

export async function openPgPendingSends(
  db: TeamDb,
  { connectionId, leaseMs = 120_000, clock = systemClock }: PgPendingSendsOptions,
): Promise<PendingSends & { refresh: () => Promise<void> }> {
  const token = randomUUID();
  const lease = `${String(leaseMs)} milliseconds`;
  const sends = new Map<string, PendingSend>();
  const mine = new Set<string>();
  const where = 'connection_id = $1 AND billingunit = $2 AND period_to = $3';
  let settling: Promise<unknown> = Promise.resolve();

  async function refresh(): Promise<void> {
    const { rows } = await db.pool.query<Row>('SELECT send FROM pending_sends WHERE connection_id = $1', [connectionId]);
    sends.clear();
    for (const row of rows) {
      const send = PendingSend.parse(row.send);
      sends.set(keyOf(send.billingunit, send.periodTo), send);
    }
  }
  await refresh();

  /**
   * Other desks' SENDs nobody is following: unclear ones, and those whose desk stopped renewing the claim (it died
   * mid-SEND). Each look hands all of them over again; the follower skips those it follows already, and takes one up
   * again whose settling another desk began but did not finish (its transaction rolled back, the row is still here).
   */
  const stranded = createListeners<PendingSend>();
  async function lookForStranded(): Promise<void> {
    const { rows } = await db.pool.query<Row>(
      `SELECT send FROM pending_sends WHERE connection_id = $1 AND claim_token <> $2
         AND (state = 'unclear' OR lease_until < now())`,
      [connectionId, token],
    );
    const found = rows.map((row) => PendingSend.parse(row.send));
    for (const send of found) {
      sends.set(keyOf(send.billingunit, send.periodTo), send);
      stranded.emit(send);
    }
  }
  let closed = false;
  let cancelLook: () => void = () => undefined;
  const scheduleLook = () => {
    cancelLook = clock.schedule(leaseMs / 4, () => {
      if (closed) return;
      // A database that is gone now is asked again at the next look.
      void lookForStranded()
        .catch(() => undefined)
        .finally(() => {
          if (!closed) scheduleLook();
        });
    });
  };
  scheduleLook();

  const renew = setInterval(() => {
    if (mine.size === 0) return;
    db.pool
      .query(`UPDATE pending_sends SET lease_until = now() + $1::interval WHERE claim_token = $2 AND state = 'sending'`, [
        lease,
        token,
      ])
      .catch(() => undefined);
  }, leaseMs / 4);
  renew.unref();

  async function settleNow(
    billingunit: string,
    periodTo: string,
    record: (send: PendingSend) => Promise<void>,
    startedAt: number | undefined,
  ): Promise<boolean> {
    const settled = await transaction(db, async (client): Promise<boolean | 'another'> => {
      const { rows } = await client.query<Row & { live: boolean }>(
        `SELECT send, state, desk, (state = 'sending' AND lease_until >= now()) AS live FROM pending_sends
           WHERE ${where} FOR UPDATE SKIP LOCKED`,
        [connectionId, billingunit, periodTo],
      );
      const row = rows[0];
      // Gone (settled or released) or locked by the desk settling it right now.
      if (!row) return false;
      if (row.live) throw new StillSending(`${row.desk} sendet diesen Zeitraum gerade`);
      const send = PendingSend.parse(row.send);
      // A newer SEND of the period took the row: the outcome read for the one followed is not its outcome.
      if (!isTheSend(send, startedAt)) return 'another';
      // A desk that died after archiving its SEND's outcome but before releasing the claim: nothing to add.
      const { rowCount: archived } =
        row.state === 'sending'
          ? await client.query(
              `SELECT 1 FROM archive_entries WHERE ${where} AND action IN ('SEND', 'SEND_AND_IGNORE_WARNINGS')
                 AND clerk = $4 AND at >= $5 LIMIT 1`,
              [connectionId, billingunit, periodTo, row.desk, send.startedAt],
            )
          : { rowCount: 0 };
      // Archived while the row is locked; removed in the same transaction, so no other desk archives it again.
      if (archived === 0) await record(send);
      await client.query(`DELETE FROM pending_sends WHERE ${where}`, [connectionId, billingunit, periodTo]);
      return archived === 0;
    });
    if (settled === 'another') return false;
    sends.delete(keyOf(billingunit, periodTo));
    return settled;
  }

  return {
    list: () => [...sends.values()],
    onStranded: stranded.subscribe,
    get: (billingunit, periodTo) => sends.get(keyOf(billingunit, periodTo)),
    refresh,
    async claim(send) {
      const { rowCount } = await db.pool.query(
        `INSERT INTO pending_sends (connection_id, billingunit, period_to, state, desk, claim_token, lease_until, send)
         VALUES ($1, $2, $3, 'sending', $4, $5, now() + $6::interval, $7) ON CONFLICT DO NOTHING`,
        [connectionId, send.billingunit, send.periodTo, db.desk, token, lease, JSON.stringify(send)],
      );
      if (rowCount !== 1) return false;
      mine.add(keyOf(send.billingunit, send.periodTo));
      return true;
    },
    async release(billingunit, periodTo) {
      mine.delete(keyOf(billingunit, periodTo));
      await db.pool.query(`DELETE FROM pending_sends WHERE ${where} AND claim_token = $4 AND state = 'sending'`, [
        connectionId,
        billingunit,
        periodTo,
        token,
      ]);
    },
    async put(send) {
      const key = keyOf(send.billingunit, send.periodTo);
      sends.set(key, send);
      mine.delete(key);
      await db.pool.query(
        `INSERT INTO pending_sends (connection_id, billingunit, period_to, state, desk, claim_token, lease_until, send)
         VALUES ($1, $2, $3, 'unclear', $4, $5, NULL, $6)
         ON CONFLICT (connection_id, billingunit, period_to) DO UPDATE
           SET state = 'unclear', desk = EXCLUDED.desk, claim_token = EXCLUDED.claim_token, lease_until = NULL,
               send = EXCLUDED.send`,
        [connectionId, send.billingunit, send.periodTo, db.desk, token, JSON.stringify(send)],
      );
    },
    settle(billingunit, periodTo, record, startedAt) {
      // One at a time on this desk: a settle holds a connection while `record` needs another for the archive, and
      // several at once could take every connection of the pool and wait for each other.
      const run = settling.then(() => settleNow(billingunit, periodTo, record, startedAt));
      settling = run.catch(() => undefined);
      return run;
    },
    async remove(billingunit, periodTo) {
      sends.delete(keyOf(billingunit, periodTo));
      await db.pool.query(`DELETE FROM pending_sends WHERE ${where}`, [connectionId, billingunit, periodTo]);
    },
    close() {
      closed = true;
      cancelLook();
      clearInterval(renew);
      return Promise.resolve();
    },
  };
}
