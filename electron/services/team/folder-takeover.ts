/**
 * "Lokale Daten in die Team-Datenbank übernehmen": one connection's drafts and archive entries from this desk's data
 * folder into the team database, in one transaction, once per folder, with its results and checks
 * (takeover-results.ts) and what it still had to send (takeover-sending.ts). The counts in the database are compared with
 * the folder's before the transaction commits; afterwards the folder carries a marker and the app treats its drafts
 * and archive as read-only (electron/app/workspace-engine.ts), so nothing typed there can be mistaken for the office's.
 */
import { join } from 'node:path';
import { z } from 'zod';
import type { FolderTakeover } from '@shared/ipc/channels/team';
import { readJsonIfExists, writeJsonAtomic } from '@main/lib/atomic-file';
import { openArchive } from '@main/services/workspace/archive';
import { isoNow, type Clock } from '@main/services/workspace/clock';
import { openDrafts } from '@main/services/workspace/drafts';
import type { FileContext } from '@main/services/workspace/json-files';
import { WorkspaceError } from '@main/services/workspace/workspace-error';
import { insertArchiveEntry, nextArchiveSeq } from '@main/services/team/pg-archive';
import { writeDraftRow } from '@main/services/team/pg-drafts';
import { transaction, type TeamDb } from '@main/services/team/team-db';
import { takeOverChecks, takeOverResults } from '@main/services/team/takeover-results';
import { refuseWhilePendingSend, takeOverSending } from '@main/services/team/takeover-sending';

export const TAKEOVER_MARKER = 'TEAM-DATENBANK.json';

const Marker = z.object({
  at: z.string(),
  database: z.string(),
  drafts: z.int().min(0),
  archive: z.int().min(0),
  draftsKept: z.int().min(0),
  // Markers written before the takeover counted results and sending have none of these: read as 0.
  results: z.int().min(0).default(0),
  outbox: z.int().min(0).default(0),
  osr: z.int().min(0).default(0),
  osrKept: z.int().min(0).default(0),
  osrLog: z.int().min(0).default(0),
  setups: z.int().min(0).default(0),
  setupsKept: z.int().min(0).default(0),
});
export type TakeoverMarker = z.infer<typeof Marker>;

/** What the takeover-state channel answers of a marker (the marker also names the database). */
export function takeoverOf({ database: _database, ...taken }: TakeoverMarker): FolderTakeover {
  return taken;
}

/** The marker of a connection's workspace folder that was taken over, if it was. */
export async function readTakeover(workspaceDir: string): Promise<TakeoverMarker | undefined> {
  const raw = await readJsonIfExists(join(workspaceDir, TAKEOVER_MARKER)).catch(() => undefined);
  const parsed = Marker.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

export type TakeoverDeps = {
  db: TeamDb;
  /** The connection's workspace folder in this desk's data folder. */
  workspaceDir: string;
  connectionId: string;
  /** Names this data folder in the database, so the same folder is never taken over twice. */
  folderId: string;
  /** "server/database", for the marker the clerk may read. */
  databaseName: string;
  clock: Clock;
};

export async function takeOverFolder(deps: TakeoverDeps): Promise<FolderTakeover> {
  const { db, workspaceDir, connectionId, clock } = deps;
  const done = await readTakeover(workspaceDir);
  if (done) throw alreadyTaken(done.at);
  await refuseWhilePendingSend(workspaceDir, clock);
  const files: FileContext = { clock, report: () => undefined };
  const emit = () => undefined;
  const drafts = await openDrafts({ dir: join(workspaceDir, 'drafts'), clock, files, emit });
  const archive = await openArchive({ dir: join(workspaceDir, 'archive'), clock, files, emit });
  await archive.checked;
  const localDrafts = drafts.list();
  const localEntries = archive.list();
  const at = isoNow(clock);

  const result = await transaction(db, async (client) => {
    let kept = 0;
    const draftsTaken: { billingunit: string; periodTo: string }[] = [];
    const claimed = await client.query(
      `INSERT INTO folder_takeovers (folder_id, connection_id, at, clerk, drafts, archive) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING`,
      [deps.folderId, connectionId, at, db.desk, localDrafts.length, localEntries.length],
    );
    if (claimed.rowCount !== 1) throw alreadyTaken(at);
    for (const summary of localDrafts) {
      const draft = await drafts.get(summary.billingunit, summary.periodTo);
      if (!draft) continue;
      // A period the office already has a draft of keeps the office's stand: it may be newer than this folder's.
      const written = await writeDraftRow(client, connectionId, { ...draft, updatedBy: draft.updatedBy ?? db.desk }, 'keep');
      if (!written) kept += 1;
      else draftsTaken.push(draft);
    }
    for (const summary of localEntries) {
      const entry = await archive.read(summary.id);
      if (!entry) throw new Error(`Archiveintrag ${summary.id} ist nicht lesbar`);
      const seq = await nextArchiveSeq(client);
      // The entry keeps its id and time; its place in the office's order is where it was taken over.
      await insertArchiveEntry(client, connectionId, { ...entry, seq, clerk: entry.clerk ?? db.desk }, 'keep');
    }
    const part = { client, workspaceDir, connectionId, clock, desk: db.desk };
    await takeOverChecks(part, draftsTaken);
    const results = await takeOverResults(part);
    const sending = await takeOverSending(part);
    await compareCounts(
      client,
      connectionId,
      localDrafts,
      localEntries.map((e) => e.id),
    );
    const taken: FolderTakeover = {
      drafts: localDrafts.length,
      archive: localEntries.length,
      draftsKept: kept,
      results,
      ...sending,
      at,
    };
    await client.query(
      `UPDATE folder_takeovers SET drafts_kept = $3, results = $4, outbox = $5, osr = $6, osr_kept = $7, osr_log = $8,
         setups = $9, setups_kept = $10 WHERE folder_id = $1 AND connection_id = $2`,
      [
        deps.folderId,
        connectionId,
        taken.draftsKept,
        taken.results,
        taken.outbox,
        taken.osr,
        taken.osrKept,
        taken.osrLog,
        taken.setups,
        taken.setupsKept,
      ],
    );
    return taken;
  });
  await writeJsonAtomic(join(workspaceDir, TAKEOVER_MARKER), { ...result, database: deps.databaseName } satisfies TakeoverMarker);
  return result;
}

/** Every draft period and every entry of the folder must now be in the database, or nothing is committed. */
async function compareCounts(
  client: { query: TeamDb['pool']['query'] },
  connectionId: string,
  drafts: readonly { billingunit: string; periodTo: string }[],
  entryIds: readonly string[],
): Promise<void> {
  const { rows: d } = await client.query<{ n: string }>(
    `SELECT count(*) AS n FROM drafts WHERE connection_id = $1
       AND (billingunit || '_' || to_char(period_to, 'YYYY-MM-DD')) = ANY($2::text[])`,
    [connectionId, drafts.map((x) => `${x.billingunit}_${x.periodTo}`)],
  );
  const { rows: a } = await client.query<{ n: string }>(
    'SELECT count(*) AS n FROM archive_entries WHERE connection_id = $1 AND id = ANY($2::text[])',
    [connectionId, entryIds],
  );
  const draftsThere = Number(d[0]?.n);
  const entriesThere = Number(a[0]?.n);
  if (draftsThere !== drafts.length || entriesThere !== entryIds.length) {
    throw new WorkspaceError(
      'CONFLICT',
      `Die Übernahme wurde abgebrochen: in der Team-Datenbank kamen ${String(draftsThere)} von ${String(drafts.length)} Entwürfen ` +
        `und ${String(entriesThere)} von ${String(entryIds.length)} Archiveinträgen an. Es wurde nichts übernommen.`,
      { draftsThere, entriesThere },
      {
        key: 'team.takeoverCounts',
        params: { drafts: draftsThere, draftsLocal: drafts.length, archive: entriesThere, archiveLocal: entryIds.length },
      },
    );
  }
}

function alreadyTaken(at: string): WorkspaceError {
  return new WorkspaceError(
    'CONFLICT',
    `Die lokalen Daten dieser Verbindung wurden bereits übernommen (${at.slice(0, 10)}); ein zweites Mal ist nicht nötig.`,
    { reason: 'taken-over', at },
    { key: 'team.alreadyTakenOver', params: { at } },
  );
}
