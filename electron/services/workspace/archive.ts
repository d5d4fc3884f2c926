/**
 * The append-only submission archive: every test check and binding submission with request, answer,
 * time and result, one file per entry, never overwritten. The file name carries time, sequence and
 * the summary fields, so listing needs no index and reads no content.
 */
import { mkdir, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ArchiveEntry,
  ArchiveEntryInput,
  type ArchiveResultKind,
  type ArchiveSummary,
  type WorkspaceEvent,
} from '@shared/domain/workspace';
import type { Action } from '@shared/msc/billing-input';
import { isAtomicTempName, writeNewFileAtomic } from '@main/lib/atomic-file';
import type { Clock } from '@main/services/workspace/clock';
import { readValidated, setAside, type FileContext } from '@main/services/workspace/json-files';
import { WorkspaceError } from '@main/services/workspace/workspace-error';

export type Archive = {
  /** Stores one entry under a new name; existing entries are never touched. */
  append: (entry: ArchiveEntryInput) => Promise<ArchiveSummary>;
  /** Entries oldest first, optionally only those of one billing unit and/or period. */
  list: (filter?: { billingunit?: string; periodTo?: string }) => ArchiveSummary[];
  read: (id: string) => Promise<ArchiveEntry | undefined>;
};

export type ArchiveDeps = { dir: string; clock: Clock; files: FileContext; emit: (event: WorkspaceEvent) => void };

const NAME =
  /^(\d{8}T\d{9}Z)-(\d{6,})-(VALIDATE|SEND|SEND_AND_IGNORE_WARNINGS)-(\d{1,9})-(\d{4}-\d{2}-\d{2})-(passed|messages|commissioned|failed)$/;

export async function openArchive({ dir, clock, files, emit }: ArchiveDeps): Promise<Archive> {
  await mkdir(dir, { recursive: true });
  const index = new Map<string, ArchiveSummary>();
  for (const name of await readdir(dir)) {
    if (isAtomicTempName(name)) {
      await unlink(join(dir, name)).catch(() => undefined);
      continue;
    }
    if (!name.endsWith('.json')) continue;
    const summary = parseName(name.slice(0, -'.json'.length));
    if (summary) index.set(summary.id, summary);
    else await setAside(join(dir, name), 'unbekannter Dateiname im Archiv', files);
  }
  let nextSeq = Math.max(0, ...[...index.values()].map((s) => s.seq)) + 1;

  return {
    async append(raw) {
      const parsed = ArchiveEntryInput.safeParse(raw);
      if (!parsed.success) throw WorkspaceError.fromZod('Der Archiveintrag wurde nicht gespeichert', parsed.error);
      const input = parsed.data;
      const at = new Date(clock.now()).toISOString();
      for (;;) {
        const seq = nextSeq++;
        const id = [
          compact(at),
          String(seq).padStart(6, '0'),
          input.action,
          input.billingunit,
          input.periodTo,
          input.result.kind,
        ].join('-');
        const entry: ArchiveEntry = { ...input, id, seq, at };
        try {
          await writeNewFileAtomic(join(dir, `${id}.json`), `${JSON.stringify(entry, null, 2)}\n`);
        } catch (err) {
          // Another writer took this name: take the next sequence number, never overwrite.
          if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
          throw err;
        }
        const summary = summarize(entry);
        index.set(id, summary);
        emit({ type: 'archive-appended', entry: summary });
        return summary;
      }
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
      if (!index.has(id)) return undefined;
      const entry = await readValidated(join(dir, `${id}.json`), ArchiveEntry, files, (name, e) =>
        name === e.id ? undefined : `Dateiname passt nicht zur ID ${e.id}`,
      );
      if (!entry) index.delete(id);
      return entry;
    },
  };
}

function summarize(entry: ArchiveEntry): ArchiveSummary {
  const { id, seq, at, action, billingunit, periodTo, result } = entry;
  return { id, seq, at, action, billingunit, periodTo, result: result.kind };
}

function parseName(id: string): ArchiveSummary | undefined {
  const m = NAME.exec(id);
  if (!m) return undefined;
  const [, ts = '', seq = '', action = '', billingunit = '', periodTo = '', result = ''] = m;
  const at = `${ts.slice(0, 4)}-${ts.slice(4, 6)}-${ts.slice(6, 8)}T${ts.slice(9, 11)}:${ts.slice(11, 13)}:${ts.slice(13, 15)}.${ts.slice(15, 18)}Z`;
  return { id, seq: Number(seq), at, action: action as Action, billingunit, periodTo, result: result as ArchiveResultKind };
}

/** `2025-01-31T10:15:00.123Z` → `20250131T101500123Z`: sortable and valid on every file system. */
function compact(iso: string): string {
  return iso.replace(/[-:.]/g, '');
}
