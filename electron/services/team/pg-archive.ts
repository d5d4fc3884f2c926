/**
 * The archive in the team database, behind the same `Archive` interface as the data folder's entry files. Entries
 * are only ever inserted (the table refuses UPDATE, DELETE and TRUNCATE) and carry the desk that made them. The
 * list is held in memory for the synchronous `list()` and follows other desks' entries through kb_archive.
 */
import {
  ArchiveEntry,
  ArchiveEntryInput,
  type ArchiveResultKind,
  type ArchiveSummary,
  type WorkspaceEvent,
} from '@shared/domain/workspace';
import type { Action } from '@shared/msc/billing-input';
import type { Archive } from '@main/services/workspace/archive';
import type { Clock } from '@main/services/workspace/clock';
import { compactTime } from '@main/services/workspace/entry-files';
import { WorkspaceError } from '@main/services/workspace/workspace-error';
import { insertRow, nextval, onConflict, transaction } from '@main/services/team/team-db';
import type { IfThere, Queryable, TeamDb } from '@main/services/team/team-db';

export type PgArchive = Archive & { close: () => Promise<void> };

export type PgArchiveDeps = { db: TeamDb; connectionId: string; clock: Clock; emit: (event: WorkspaceEvent) => void };

type Row = {
  seq: string;
  id: string;
  at: Date;
  action: string;
  billingunit: string;
  period_to: string;
  result_kind: string;
  clerk: string;
};

const SUMMARY = `seq, id, at, action, billingunit, to_char(period_to, 'YYYY-MM-DD') AS period_to, result_kind, clerk`;

function summaryOf(row: Row): ArchiveSummary {
  return {
    id: row.id,
    seq: Number(row.seq),
    at: row.at.toISOString(),
    action: row.action as Action,
    billingunit: row.billingunit,
    periodTo: row.period_to,
    result: row.result_kind as ArchiveResultKind,
    clerk: row.clerk,
  };
}

/** The archive's next place in the office's order. */
export const nextArchiveSeq = (q: Queryable): Promise<number> => nextval(q, `pg_get_serial_sequence('archive_entries', 'seq')`);

/**
 * Writes one archive entry: the table's columns are taken from the entry, which is kept whole as JSON. Used by the
 * live archive and by the folder takeover (which keeps an entry the database already has); true when it was written.
 */
export async function insertArchiveEntry(
  q: Queryable,
  connectionId: string,
  entry: ArchiveEntry & { clerk: string },
  ifThere: IfThere = 'fail',
): Promise<boolean> {
  return insertRow(
    q,
    'archive_entries',
    {
      seq: entry.seq,
      id: entry.id,
      connection_id: connectionId,
      at: entry.at,
      action: entry.action,
      billingunit: entry.billingunit,
      period_to: entry.periodTo,
      result_kind: entry.result.kind,
      clerk: entry.clerk,
      entry: JSON.stringify(entry),
    },
    onConflict(ifThere, '(id)'),
  );
}

export async function openPgArchive({ db, connectionId, clock, emit }: PgArchiveDeps): Promise<PgArchive> {
  const index = new Map<string, ArchiveSummary>();
  let closed = false;

  const remember = (summary: ArchiveSummary, announce: boolean) => {
    if (index.has(summary.id)) return;
    index.set(summary.id, summary);
    if (announce) emit({ type: 'archive-appended', entry: summary });
  };

  // Notices come through the desk's one listening client (team-listen.ts); a failed one is replaced there.
  const unlisten = await db.listen('kb_archive', (payload) => {
    if (closed) return;
    const added = JSON.parse(payload) as { connectionId: string; id: string };
    if (added.connectionId !== connectionId || index.has(added.id)) return;
    db.pool
      .query<Row>(`SELECT ${SUMMARY} FROM archive_entries WHERE id = $1`, [added.id])
      .then(({ rows }) => {
        if (rows[0]) remember(summaryOf(rows[0]), true);
      })
      .catch(() => undefined);
  });
  const { rows } = await db.pool.query<Row>(`SELECT ${SUMMARY} FROM archive_entries WHERE connection_id = $1 ORDER BY seq`, [
    connectionId,
  ]);
  for (const row of rows) remember(summaryOf(row), false);

  return {
    async append(raw) {
      const parsed = ArchiveEntryInput.safeParse(raw);
      if (!parsed.success) throw WorkspaceError.fromZod('Der Archiveintrag wurde nicht gespeichert', parsed.error);
      const input = parsed.data;
      const at = new Date(clock.now()).toISOString();
      const { id, seq } = await transaction(db, async (client) => {
        // The sequence number is the database's, so entries of all desks have one order and ids never collide.
        const seq = await nextArchiveSeq(client);
        const id = [
          compactTime(at),
          String(seq).padStart(6, '0'),
          input.action,
          input.billingunit,
          input.periodTo,
          input.result.kind,
        ].join('-');
        await insertArchiveEntry(client, connectionId, { ...input, id, seq, at, clerk: db.desk });
        return { id, seq };
      });
      const summary: ArchiveSummary = {
        id,
        seq,
        at,
        action: input.action,
        billingunit: input.billingunit,
        periodTo: input.periodTo,
        result: input.result.kind,
        clerk: db.desk,
      };
      remember(summary, true);
      return summary;
    },

    list(filter) {
      return [...index.values()]
        .filter(
          (s) =>
            (filter?.billingunit === undefined || s.billingunit === filter.billingunit) &&
            (filter?.periodTo === undefined || s.periodTo === filter.periodTo),
        )
        .sort((a, b) => a.seq - b.seq);
    },

    async read(id) {
      const { rows: found } = await db.pool.query<{ entry: unknown }>(
        'SELECT entry FROM archive_entries WHERE id = $1 AND connection_id = $2',
        [id, connectionId],
      );
      const row = found[0];
      return row && ArchiveEntry.parse(row.entry);
    },

    // The database checked every entry when it was written; there is nothing to read through at start.
    checked: Promise.resolve(),

    async close() {
      closed = true;
      await unlisten();
    },
  };
}
