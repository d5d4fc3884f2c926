/**
 * The last test check of each draft in the team database, behind the same `CheckStates` interface as the data
 * folder's files. It is kept in the draft's own row (`drafts.last_check`), so every desk reads the same verdict: a
 * check on desk A that found errors refuses the binding submission of that revision on desk B too, until a clean
 * check of it. Read from the database on every call rather than from a cache fed by notifications, because the
 * refusal must not depend on a notification having arrived.
 */
import { formatGermanDate } from '@shared/domain/dates';
import { isoNow, type Clock } from '@main/services/workspace/clock';
import { LastCheck, type CheckStates } from '@main/services/workspace/check-states';
import { WorkspaceError } from '@main/services/workspace/workspace-error';
import type { TeamDb } from '@main/services/team/team-db';

export type PgChecksDeps = { db: TeamDb; connectionId: string; clock: Clock };

const WHERE = 'connection_id = $1 AND billingunit = $2 AND period_to = $3';

export function openPgChecks({ db, connectionId, clock }: PgChecksDeps): CheckStates {
  async function read(billingunit: string, periodTo: string): Promise<{ draft: boolean; check?: LastCheck }> {
    const { rows } = await db.pool.query<{ last_check: unknown }>(`SELECT last_check FROM drafts WHERE ${WHERE}`, [
      connectionId,
      billingunit,
      periodTo,
    ]);
    const row = rows[0];
    if (!row) return { draft: false };
    // A row written by a later version of the app that this one cannot read counts as not checked.
    const parsed = LastCheck.safeParse(row.last_check);
    return parsed.success ? { draft: true, check: parsed.data } : { draft: true };
  }

  return {
    async get(billingunit, periodTo) {
      return (await read(billingunit, periodTo)).check;
    },

    async record(input) {
      const last: LastCheck = LastCheck.parse({ ...input, at: isoNow(clock) });
      const where = [connectionId, last.billingunit, last.periodTo];
      // One statement: a check of an older revision than the kept one's leaves the kept one (see CheckStates).
      const { rowCount } = await db.pool.query(
        `UPDATE drafts SET last_check = $4 WHERE ${WHERE}
           AND (last_check IS NULL OR (last_check->>'revision')::int <= $5)`,
        [...where, JSON.stringify(last), last.revision],
      );
      if (rowCount === 1) return last;
      const now = await read(last.billingunit, last.periodTo);
      if (now.check) return now.check;
      // The check belongs to a draft; one discarded meanwhile (by any desk) has no check to keep.
      throw WorkspaceError.notFound(
        `Der Entwurf der Liegenschaft ${last.billingunit}, Zeitraum bis ${formatGermanDate(last.periodTo)}, ` +
          'ist nicht mehr vorhanden; seine Testprüfung wurde nicht vermerkt.',
      );
    },

    // The check lives in the draft's row and goes with it in the discard's own transaction. Doing anything here
    // would be wrong: this is called when any desk's discard is announced, possibly after a new draft of the period
    // was saved and checked.
    remove: () => Promise.resolve(),
  };
}
