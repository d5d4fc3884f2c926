/**
 * Billing results in the team database, behind the same `ResultStore` interface as the data folder's files
 * (docs/results.md). Entries and their documents are only ever inserted (the tables refuse UPDATE, DELETE and
 * TRUNCATE), in one transaction, so an entry never names a document that is not there; each entry records the desk
 * that stored it. A document is read back only when its bytes still have the SHA-256 the entry names.
 *
 * Two desks' result watchers may fetch the same result at the same moment: the append takes a lock of the period for
 * its transaction and stores nothing when the period's newest entry holds the same content already. The list is held
 * in memory for the synchronous `list()` and follows other desks' entries through kb_results, announcing them as
 * `result-stored`, so the results screen of every desk follows and its watcher stops waiting for that period.
 */
import { createHash } from 'node:crypto';
import { ResultEntry, ResultEntryInput, type ResultSummary, type StoredDocument } from '@shared/domain/results';
import type { WorkspaceEvent } from '@shared/domain/workspace';
import type { Clock } from '@main/services/workspace/clock';
import { compactTime } from '@main/services/workspace/entry-files';
import { checkedDocument, recipientsOf, sameResult, type ResultStore } from '@main/services/workspace/result-store';
import { WorkspaceError } from '@main/services/workspace/workspace-error';
import { insertRow, nextval, onConflict, transaction } from '@main/services/team/team-db';
import type { IfThere, Queryable, TeamDb } from '@main/services/team/team-db';

export type PgResults = ResultStore & { close: () => Promise<void> };

export type PgResultsDeps = { db: TeamDb; connectionId: string; clock: Clock; emit: (event: WorkspaceEvent) => void };

type Row = { seq: string; id: string; at: Date; billingunit: string; period_to: string };

const SUMMARY = `seq, id, at, billingunit, to_char(period_to, 'YYYY-MM-DD') AS period_to`;

/** The results' next place in the office's order. */
export const nextResultSeq = (q: Queryable): Promise<number> => nextval(q, `pg_get_serial_sequence('result_entries', 'seq')`);

/** Writes one document of a period's result; a document the period already has (same id) stays as it is. */
export async function insertResultDocument(
  q: Queryable,
  connectionId: string,
  period: { billingunit: string; periodTo: string },
  doc: { documentid: string; sha256: string },
  data: Uint8Array | undefined,
): Promise<void> {
  await insertRow(
    q,
    'result_documents',
    {
      connection_id: connectionId,
      billingunit: period.billingunit,
      period_to: period.periodTo,
      documentid: doc.documentid,
      sha256: doc.sha256,
      data,
    },
    'ON CONFLICT DO NOTHING',
  );
}

/**
 * Writes one result entry (kept whole as JSON, its columns taken from it) with the desk that stored it. Used by the
 * live store and by the folder takeover (which keeps an entry the database already has).
 */
export async function insertResultEntry(
  q: Queryable,
  connectionId: string,
  entry: ResultEntry,
  clerk: string,
  ifThere: IfThere = 'fail',
): Promise<void> {
  await insertRow(
    q,
    'result_entries',
    {
      seq: entry.seq,
      id: entry.id,
      connection_id: connectionId,
      at: entry.at,
      billingunit: entry.billingunit,
      period_to: entry.periodTo,
      transactionid: entry.transactionid,
      clerk,
      entry: JSON.stringify(entry),
    },
    onConflict(ifThere, '(id)'),
  );
}

function summaryOf(row: Row): ResultSummary {
  return { id: row.id, seq: Number(row.seq), at: row.at.toISOString(), billingunit: row.billingunit, periodTo: row.period_to };
}

export async function openPgResults({ db, connectionId, clock, emit }: PgResultsDeps): Promise<PgResults> {
  const index = new Map<string, ResultSummary>();
  let closed = false;

  const remember = (summary: ResultSummary, recipients?: number) => {
    if (index.has(summary.id)) return;
    index.set(summary.id, summary);
    if (recipients !== undefined) emit({ type: 'result-stored', entry: summary, recipients });
  };

  // Notices come through the desk's one listening client (team-listen.ts); a failed one is replaced there.
  const unlisten = await db.listen('kb_results', (payload) => {
    if (closed) return;
    const added = JSON.parse(payload) as { connectionId: string; id: string };
    if (added.connectionId !== connectionId || index.has(added.id)) return;
    db.pool
      .query<Row & { entry: unknown }>(`SELECT ${SUMMARY}, entry FROM result_entries WHERE id = $1`, [added.id])
      .then(({ rows }) => {
        const row = rows[0];
        const entry = row && ResultEntry.safeParse(row.entry);
        if (row) remember(summaryOf(row), entry?.success ? recipientsOf(entry.data) : 0);
      })
      .catch(() => undefined);
  });
  const { rows } = await db.pool.query<Row>(`SELECT ${SUMMARY} FROM result_entries WHERE connection_id = $1 ORDER BY seq`, [
    connectionId,
  ]);
  for (const row of rows) remember(summaryOf(row));

  const list: ResultStore['list'] = (filter) =>
    [...index.values()]
      .filter(
        (s) =>
          (filter?.billingunit === undefined || s.billingunit === filter.billingunit) &&
          (filter?.periodTo === undefined || s.periodTo === filter.periodTo),
      )
      .sort((a, b) => a.seq - b.seq);

  async function read(id: string): Promise<ResultEntry | undefined> {
    const { rows: found } = await db.pool.query<{ entry: unknown }>(
      'SELECT entry FROM result_entries WHERE id = $1 AND connection_id = $2',
      [id, connectionId],
    );
    const row = found[0];
    return row && ResultEntry.parse(row.entry);
  }

  return {
    async append(input, documents) {
      const stored: StoredDocument[] = [];
      const bytes: Buffer[] = [];
      for (const { data, ...doc } of documents) {
        const sha256 = createHash('sha256').update(data).digest('hex');
        // The data folder's file name, kept so an entry reads the same on both engines.
        stored.push({ ...doc, file: `${doc.documentid}-${sha256.slice(0, 12)}.pdf`, bytes: data.byteLength, sha256 });
        bytes.push(Buffer.from(data));
      }
      const parsed = ResultEntryInput.safeParse({ ...input, documents: stored });
      if (!parsed.success) throw WorkspaceError.fromZod('Das Abrechnungsergebnis wurde nicht gespeichert', parsed.error);
      const content = parsed.data;
      const period = [connectionId, content.billingunit, content.periodTo];

      const outcome = await transaction(db, async (client) => {
        // Two desks storing a result of the same period wait for each other here, so the second sees the first's entry.
        await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`kb_results|${period.join('|')}`]);
        const { rows: newest } = await client.query<Row & { entry: unknown }>(
          `SELECT ${SUMMARY}, entry FROM result_entries
           WHERE connection_id = $1 AND billingunit = $2 AND period_to = $3 ORDER BY seq DESC LIMIT 1`,
          period,
        );
        const last = newest[0];
        const before = last && ResultEntry.safeParse(last.entry);
        if (last && before?.success && sameResult(before.data, content)) return { summary: summaryOf(last) };

        for (const [i, doc] of stored.entries()) await insertResultDocument(client, connectionId, content, doc, bytes[i]);
        // The sequence number is the database's, so entries of all desks have one order and ids never collide.
        const seq = await nextResultSeq(client);
        const at = new Date(clock.now()).toISOString();
        const id = [compactTime(at), String(seq).padStart(6, '0'), content.billingunit, content.periodTo].join('-');
        await insertResultEntry(client, connectionId, { ...content, id, seq, at }, db.desk);
        const summary: ResultSummary = { id, seq, at, billingunit: content.billingunit, periodTo: content.periodTo };
        return { summary };
      });
      // Stored by another desk just before: known here from now on, announced unless its notification came first.
      remember(outcome.summary, recipientsOf(content));
      return outcome.summary;
    },

    list,
    read,

    // From the database, not the list: another desk's entry counts before its announcement has arrived here.
    async latest(billingunit, periodTo) {
      const { rows: found } = await db.pool.query<{ entry: unknown }>(
        `SELECT entry FROM result_entries WHERE connection_id = $1 AND billingunit = $2 AND period_to = $3
         ORDER BY seq DESC LIMIT 1`,
        [connectionId, billingunit, periodTo],
      );
      const row = found[0];
      return row && ResultEntry.parse(row.entry);
    },

    async document(entry, documentid) {
      const doc = entry.documents.find((d) => d.documentid === documentid);
      if (!doc) return undefined;
      const { rows: found } = await db.pool.query<{ data: Buffer }>(
        `SELECT data FROM result_documents
         WHERE connection_id = $1 AND billingunit = $2 AND period_to = $3 AND documentid = $4 AND sha256 = $5`,
        [connectionId, entry.billingunit, entry.periodTo, doc.documentid, doc.sha256],
      );
      return { doc, data: checkedDocument(doc, found[0]?.data) };
    },

    async close() {
      closed = true;
      await unlisten();
    },
  };
}
