/**
 * The part of "Lokale Daten in die Team-Datenbank übernehmen" (folder-takeover.ts) that copies a data folder's billing
 * results with their documents and the last test checks of the drafts taken over, inside the takeover's transaction.
 * Without them a desk that joins would no longer see the results it had fetched, nor a failed check of its drafts.
 */
import { join } from 'node:path';
import type pg from 'pg';
import { openCheckStates } from '@main/services/workspace/check-states';
import type { Clock } from '@main/services/workspace/clock';
import type { FileContext } from '@main/services/workspace/json-files';
import { openResultStore } from '@main/services/workspace/result-store';
import { WorkspaceError } from '@main/services/workspace/workspace-error';
import { insertResultDocument, insertResultEntry, nextResultSeq } from '@main/services/team/pg-results';

export type TakeoverPart = { client: pg.PoolClient; workspaceDir: string; connectionId: string; clock: Clock; desk: string };

/** Copies every result entry and its documents; returns how many entries the folder had (all of them arrived). */
export async function takeOverResults({ client, workspaceDir, connectionId, clock, desk }: TakeoverPart): Promise<number> {
  const files: FileContext = { clock, report: () => undefined };
  const results = await openResultStore({
    dir: join(workspaceDir, 'results'),
    documentsDir: join(workspaceDir, 'result-documents'),
    clock,
    files,
    emit: () => undefined,
  });
  const local = results.list();
  for (const summary of local) {
    const entry = await results.read(summary.id);
    if (!entry) throw new Error(`Abrechnungsergebnis ${summary.id} ist nicht lesbar`);
    for (const doc of entry.documents) {
      // A document already damaged in the folder is not copied: its entry still names it, and opening it on the
      // database says that it is damaged or missing, as the folder did.
      const found = await results.document(entry, doc.documentid).catch(() => undefined);
      if (!found) continue;
      await insertResultDocument(client, connectionId, entry, doc, found.data);
    }
    const seq = await nextResultSeq(client);
    // The entry keeps its id and time; its place in the office's order is where it was taken over.
    await insertResultEntry(client, connectionId, { ...entry, seq }, desk, 'keep');
  }
  const { rows } = await client.query<{ n: string }>(
    'SELECT count(*) AS n FROM result_entries WHERE connection_id = $1 AND id = ANY($2::text[])',
    [connectionId, local.map((s) => s.id)],
  );
  const there = Number(rows[0]?.n);
  if (there !== local.length) {
    throw new WorkspaceError(
      'CONFLICT',
      `Die Übernahme wurde abgebrochen: in der Team-Datenbank kamen ${String(there)} von ${String(local.length)} ` +
        'Abrechnungsergebnissen an. Es wurde nichts übernommen.',
      { resultsThere: there },
      { key: 'team.takeoverResults', params: { results: there, resultsLocal: local.length } },
    );
  }
  return local.length;
}

/** Puts the folder's last check of each draft taken over (not of one the office's stand was kept of) on its row. */
export async function takeOverChecks(
  { client, workspaceDir, connectionId, clock }: TakeoverPart,
  periods: readonly { billingunit: string; periodTo: string }[],
): Promise<void> {
  const checks = await openCheckStates({ dir: join(workspaceDir, 'checks'), clock, files: { clock, report: () => undefined } });
  for (const { billingunit, periodTo } of periods) {
    const check = await checks.get(billingunit, periodTo);
    if (!check) continue;
    await client.query('UPDATE drafts SET last_check = $4 WHERE connection_id = $1 AND billingunit = $2 AND period_to = $3', [
      connectionId,
      billingunit,
      periodTo,
      JSON.stringify(check),
    ]);
  }
}
