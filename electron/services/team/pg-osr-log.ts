/**
 * The OSR log in the team database, behind the same `OsrLog` interface as the data folder's entry files: entries are
 * only inserted (the table refuses UPDATE, DELETE and TRUNCATE) and carry the desk that made the attempt. The team's
 * OSR store writes an attempt in the transaction that stores its outcome (`insertOsrLogEntry`); the list is held in
 * memory for the synchronous `list()` and follows every desk's entries through kb_osr_log.
 */
import { OsrLogEntry, type OsrLogSummary } from '@shared/domain/osr';
import type { WorkspaceEvent } from '@shared/domain/workspace';
import type { Clock } from '@main/services/workspace/clock';
import { osrLogId, summarize, type OsrLog, type OsrLogInput } from '@main/services/workspace/osr-log';
import { insertRow, nextval, onConflict } from '@main/services/team/team-db';
import type { IfThere, Queryable, TeamDb } from '@main/services/team/team-db';

export type PgOsrLogDeps = { db: TeamDb; connectionId: string; clock: Clock; emit: (event: WorkspaceEvent) => void };

type Row = { seq: string; id: string; at: Date; billingunit: string; residentialunit: string; result_kind: string };

const SUMMARY = 'seq, id, at, billingunit, residentialunit, result_kind';

const summaryOf = (row: Row): OsrLogSummary => ({
  id: row.id,
  seq: Number(row.seq),
  at: row.at.toISOString(),
  billingunit: row.billingunit,
  residentialunit: row.residentialunit,
  result: row.result_kind as OsrLogSummary['result'],
});

/** The OSR log's next place in the office's order. */
export const nextOsrLogSeq = (q: Queryable): Promise<number> => nextval(q, `pg_get_serial_sequence('osr_log', 'seq')`);

/**
 * Writes one log entry (kept whole as JSON, its columns taken from it) with the desk that made the attempt. Used by
 * the team's OSR store and by the folder takeover (which keeps an entry the database already has).
 */
export async function insertOsrLogRow(
  q: Queryable,
  connectionId: string,
  entry: OsrLogEntry,
  clerk: string,
  ifThere: IfThere = 'fail',
): Promise<void> {
  await insertRow(
    q,
    'osr_log',
    {
      seq: entry.seq,
      id: entry.id,
      connection_id: connectionId,
      at: entry.at,
      billingunit: entry.billingunit,
      residentialunit: entry.residentialunit,
      result_kind: entry.result.kind,
      clerk,
      entry: JSON.stringify(entry),
    },
    onConflict(ifThere, '(id)'),
  );
}

/** Writes one entry on `client` (inside the caller's transaction); the sequence number is the database's. */
export async function insertOsrLogEntry(
  client: Queryable,
  { db, connectionId, clock }: Omit<PgOsrLogDeps, 'emit'>,
  input: OsrLogInput,
): Promise<OsrLogSummary> {
  const at = new Date(clock.now()).toISOString();
  const seq = await nextOsrLogSeq(client);
  const entry = OsrLogEntry.parse({ ...input, id: osrLogId(at, seq, input), seq, at });
  await insertOsrLogRow(client, connectionId, entry, db.desk);
  return summarize(entry);
}

export async function openPgOsrLog(deps: PgOsrLogDeps): Promise<OsrLog & { close: () => Promise<void> }> {
  const { db, connectionId, emit } = deps;
  const index = new Map<string, OsrLogSummary>();
  let closed = false;

  const remember = (summary: OsrLogSummary, announce: boolean) => {
    if (index.has(summary.id)) return;
    index.set(summary.id, summary);
    if (announce) emit({ type: 'osr-log-appended', entry: summary });
  };

  // Every desk's entries arrive here, this desk's own as well (they are written by the OSR store's transaction).
  // Notices come through the desk's one listening client (team-listen.ts); a failed one is replaced there.
  const unlisten = await db.listen('kb_osr_log', (payload) => {
    if (closed) return;
    const added = JSON.parse(payload) as { connectionId: string; id: string };
    if (added.connectionId !== connectionId || index.has(added.id)) return;
    db.pool
      .query<Row>(`SELECT ${SUMMARY} FROM osr_log WHERE id = $1`, [added.id])
      .then(({ rows }) => {
        if (rows[0]) remember(summaryOf(rows[0]), true);
      })
      .catch(() => undefined);
  });
  const { rows } = await db.pool.query<Row>(`SELECT ${SUMMARY} FROM osr_log WHERE connection_id = $1 ORDER BY seq`, [
    connectionId,
  ]);
  for (const row of rows) remember(summaryOf(row), false);

  return {
    async append(input) {
      const summary = await insertOsrLogEntry(db.pool, deps, input);
      remember(summary, true);
      return summary;
    },
    list(filter) {
      return [...index.values()]
        .filter(
          (s) =>
            (filter?.billingunit === undefined || s.billingunit === filter.billingunit) &&
            (filter?.residentialunit === undefined || s.residentialunit === filter.residentialunit),
        )
        .sort((a, b) => a.seq - b.seq);
    },
    async read(id) {
      const { rows: found } = await db.pool.query<{ entry: unknown }>(
        'SELECT entry FROM osr_log WHERE id = $1 AND connection_id = $2',
        [id, connectionId],
      );
      const row = found[0];
      return row && OsrLogEntry.parse(row.entry);
    },
    async close() {
      closed = true;
      await unlisten();
    },
  };
}
