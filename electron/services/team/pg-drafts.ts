/**
 * Drafts in the team database, behind the same `Drafts` interface as the data folder's files. A save names the
 * revision it was based on and is refused when another desk saved in between; the refusal says who and when.
 * The list is kept in memory for the synchronous `list()` and refreshed from the kb_drafts notifications, so a
 * draft another desk saves appears here without polling.
 */
import type pg from 'pg';
import { formatGermanDate } from '@shared/domain/dates';
import { Draft, DraftContent, DraftInput, type DraftSummary, type WorkspaceEvent } from '@shared/domain/workspace';
import { isoNow, type Clock } from '@main/services/workspace/clock';
import type { Drafts } from '@main/services/workspace/drafts';
import { CHECKED_KEPT } from '@main/services/workspace/checked-drafts';
import { WorkspaceError } from '@main/services/workspace/workspace-error';
import { insertRow, transaction, type Queryable, type TeamDb } from '@main/services/team/team-db';

export type PgDrafts = Drafts & { close: () => Promise<void> };

export type PgDraftsDeps = { db: TeamDb; connectionId: string; clock: Clock; emit: (event: WorkspaceEvent) => void };

type Row = { billingunit: string; period_to: string; revision: number; updated_at: Date; updated_by: string; content?: unknown };

const keyOf = (billingunit: string, periodTo: string) => `${billingunit}_${periodTo}`;
const SUMMARY = `billingunit, to_char(period_to, 'YYYY-MM-DD') AS period_to, revision, updated_at, updated_by`;

function summaryOf(row: Row): DraftSummary {
  return {
    billingunit: row.billingunit,
    periodTo: row.period_to,
    revision: row.revision,
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

/**
 * Writes a draft's row, its content kept as JSON. `follows`: a save; a row of the period is replaced only while it
 * has the revision just before the draft's (the one the save was based on). `keep`: a row of the period stays as it
 * is (the folder takeover, where the office's stand may be newer). True when the row was written.
 */
export async function writeDraftRow(
  q: Queryable,
  connectionId: string,
  draft: Draft & { updatedBy: string },
  when: 'follows' | 'keep',
): Promise<boolean> {
  return insertRow(
    q,
    'drafts',
    {
      connection_id: connectionId,
      billingunit: draft.billingunit,
      period_to: draft.periodTo,
      revision: draft.revision,
      updated_at: draft.updatedAt,
      updated_by: draft.updatedBy,
      content: JSON.stringify(draft.content),
    },
    when === 'keep'
      ? 'ON CONFLICT DO NOTHING'
      : `ON CONFLICT (connection_id, billingunit, period_to) DO UPDATE
           SET revision = EXCLUDED.revision, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by,
               content = EXCLUDED.content
           WHERE drafts.revision = EXCLUDED.revision - 1`,
  );
}

export async function openPgDrafts({ db, connectionId, clock, emit }: PgDraftsDeps): Promise<PgDrafts> {
  const index = new Map<string, DraftSummary>();
  let closed = false;

  async function reload(billingunit: string, periodTo: string): Promise<void> {
    const { rows } = await db.pool.query<Row>(
      `SELECT ${SUMMARY} FROM drafts WHERE connection_id = $1 AND billingunit = $2 AND period_to = $3`,
      [connectionId, billingunit, periodTo],
    );
    const key = keyOf(billingunit, periodTo);
    const row = rows[0];
    const before = index.get(key);
    if (row) {
      const summary = summaryOf(row);
      index.set(key, summary);
      if (before?.revision !== summary.revision) emit({ type: 'draft-saved', draft: summary });
    } else if (before) {
      index.delete(key);
      emit({ type: 'draft-discarded', billingunit, periodTo });
    }
  }

  // Notices come through the desk's one listening client (team-listen.ts); a failed one is replaced there.
  const unlisten = await db.listen('kb_drafts', (payload) => {
    if (closed) return;
    const change = JSON.parse(payload) as { connectionId: string; billingunit: string; periodTo: string };
    if (change.connectionId !== connectionId) return;
    reload(change.billingunit, change.periodTo).catch(() => undefined);
  });
  const { rows } = await db.pool.query<Row>(`SELECT ${SUMMARY} FROM drafts WHERE connection_id = $1`, [connectionId]);
  for (const row of rows) index.set(keyOf(row.billingunit, row.period_to), summaryOf(row));

  function conflict(billingunit: string, periodTo: string, expected: number, current?: Row): WorkspaceError {
    const revision = current?.revision ?? 0;
    const by = current ? ` von ${current.updated_by} am ${formatGermanDate(current.updated_at.toISOString().slice(0, 10))}` : '';
    return new WorkspaceError(
      'CONFLICT',
      `Der Entwurf für Liegenschaft ${billingunit}, Zeitraum bis ${formatGermanDate(periodTo)}, wurde inzwischen${by} ` +
        `geändert (Stand ${String(revision)}, hier bearbeitet: Stand ${String(expected)}). Bitte neu laden; Ihre Eingaben ` +
        'bleiben in diesem Fenster erhalten.',
      {
        currentRevision: revision,
        ...(current && { updatedBy: current.updated_by, updatedAt: current.updated_at.toISOString() }),
      },
    );
  }

  /** Runs `work` in a transaction holding the draft's row lock (or, for a new draft, the insert's uniqueness). */
  const inTransaction = <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => transaction(db, work);

  async function current(client: pg.PoolClient, billingunit: string, periodTo: string): Promise<Row | undefined> {
    const { rows } = await client.query<Row>(
      `SELECT ${SUMMARY} FROM drafts WHERE connection_id = $1 AND billingunit = $2 AND period_to = $3 FOR UPDATE`,
      [connectionId, billingunit, periodTo],
    );
    return rows[0];
  }

  const drafts: PgDrafts = {
    list: () => [...index.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),

    async get(billingunit, periodTo) {
      const { rows } = await db.pool.query<Row>(
        `SELECT ${SUMMARY}, content FROM drafts WHERE connection_id = $1 AND billingunit = $2 AND period_to = $3`,
        [connectionId, billingunit, periodTo],
      );
      const row = rows[0];
      if (!row) return undefined;
      return Draft.parse({ ...summaryOf(row), content: row.content });
    },

    async save(raw, expectedRevision) {
      const parsed = DraftInput.safeParse(raw);
      if (!parsed.success) throw WorkspaceError.fromZod('Der Entwurf wurde nicht gespeichert', parsed.error);
      const { billingunit, periodTo, content } = parsed.data;
      const draft = await inTransaction(async (client) => {
        const now = await current(client, billingunit, periodTo);
        if ((now?.revision ?? 0) !== expectedRevision) throw conflict(billingunit, periodTo, expectedRevision, now);
        const next: Draft & { updatedBy: string } = {
          billingunit,
          periodTo,
          updatedAt: isoNow(clock),
          revision: expectedRevision + 1,
          updatedBy: db.desk,
          content,
        };
        // A new draft saved by two desks at once: the primary key lets one insert win, the other gets the conflict.
        const written = await writeDraftRow(client, connectionId, next, 'follows');
        if (!written) throw conflict(billingunit, periodTo, expectedRevision, await current(client, billingunit, periodTo));
        return next;
      });
      const summary: DraftSummary = {
        billingunit,
        periodTo,
        updatedAt: draft.updatedAt,
        revision: draft.revision,
        updatedBy: db.desk,
      };
      index.set(keyOf(billingunit, periodTo), summary);
      emit({ type: 'draft-saved', draft: summary });
      return draft;
    },

    async discard(billingunit, periodTo, expectedRevision) {
      const removed = await inTransaction(async (client) => {
        const now = await current(client, billingunit, periodTo);
        if (!now) return false;
        if (now.revision !== expectedRevision) throw conflict(billingunit, periodTo, expectedRevision, now);
        const where = [connectionId, billingunit, periodTo];
        await client.query('DELETE FROM drafts WHERE connection_id = $1 AND billingunit = $2 AND period_to = $3', where);
        await client.query('DELETE FROM draft_checks WHERE connection_id = $1 AND billingunit = $2 AND period_to = $3', where);
        return true;
      });
      if (index.delete(keyOf(billingunit, periodTo)) || removed) emit({ type: 'draft-discarded', billingunit, periodTo });
    },

    async markChecked(billingunit, periodTo, revision) {
      return inTransaction(async (client) => {
        const where = [connectionId, billingunit, periodTo];
        const { rows } = await client.query<Row>(
          `SELECT revision, content FROM drafts WHERE connection_id = $1 AND billingunit = $2 AND period_to = $3 FOR UPDATE`,
          where,
        );
        if (rows[0]?.revision !== revision) return false;
        await client.query(
          `INSERT INTO draft_checks (connection_id, billingunit, period_to, revision, checked_at, content)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
          [...where, revision, isoNow(clock), JSON.stringify(rows[0].content)],
        );
        await client.query(
          `DELETE FROM draft_checks WHERE connection_id = $1 AND billingunit = $2 AND period_to = $3 AND revision NOT IN
             (SELECT revision FROM draft_checks WHERE connection_id = $1 AND billingunit = $2 AND period_to = $3
              ORDER BY revision DESC LIMIT $4)`,
          [...where, CHECKED_KEPT],
        );
        return true;
      });
    },

    async lastChecked(billingunit, periodTo) {
      const last = await newestChecked(billingunit, periodTo);
      return last && { revision: last.revision, checkedAt: last.checkedAt };
    },

    async restoreChecked(billingunit, periodTo, expectedRevision) {
      const last = await newestChecked(billingunit, periodTo);
      if (!last) {
        throw WorkspaceError.notFound(
          `Für den Entwurf der Liegenschaft ${billingunit}, Zeitraum bis ${formatGermanDate(periodTo)}, gibt es keinen geprüften Stand.`,
        );
      }
      return drafts.save({ billingunit, periodTo, content: last.content }, expectedRevision);
    },

    async close() {
      closed = true;
      await unlisten();
    },
  };

  async function newestChecked(billingunit: string, periodTo: string) {
    const { rows } = await db.pool.query<{ revision: number; checked_at: Date; content: unknown }>(
      `SELECT revision, checked_at, content FROM draft_checks
       WHERE connection_id = $1 AND billingunit = $2 AND period_to = $3 ORDER BY revision DESC LIMIT 1`,
      [connectionId, billingunit, periodTo],
    );
    const row = rows[0];
    return row && { revision: row.revision, checkedAt: row.checked_at.toISOString(), content: DraftContent.parse(row.content) };
  }

  return drafts;
}
