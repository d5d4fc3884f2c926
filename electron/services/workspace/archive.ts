/**
 * The append-only submission archive: every test check and binding submission with request, answer,
 * time and result, one file per entry, never overwritten. The file name carries time, sequence and
 * the summary fields, so listing needs no index and reads no content.
 */
import {
  ArchiveEntry,
  ArchiveEntryInput,
  type ArchiveResultKind,
  type ArchiveSummary,
  type WorkspaceEvent,
} from '@shared/domain/workspace';
import type { Action } from '@shared/msc/billing-input';
import type { Clock } from '@main/services/workspace/clock';
import { compactTime, isoTime, openEntryFiles } from '@main/services/workspace/entry-files';
import type { FileContext } from '@main/services/workspace/json-files';
import { WorkspaceError } from '@main/services/workspace/workspace-error';

export type Archive = {
  /** Stores one entry under a new name; existing entries are never touched. */
  append: (entry: ArchiveEntryInput) => Promise<ArchiveSummary>;
  /** Entries oldest first, optionally only those of one billing unit and/or period. */
  list: (filter?: { billingunit?: string; periodTo?: string }) => ArchiveSummary[];
  read: (id: string) => Promise<ArchiveEntry | undefined>;
  /** Settles once every entry was checked in the background after opening (damaged ones reported). */
  checked: Promise<void>;
};

export type ArchiveDeps = { dir: string; clock: Clock; files: FileContext; emit: (event: WorkspaceEvent) => void };

const NAME =
  /^(\d{8}T\d{9}Z)-(\d{6,})-(VALIDATE|SEND|SEND_AND_IGNORE_WARNINGS)-(\d{1,9})-(\d{4}-\d{2}-\d{2})-(passed|messages|commissioned|failed)$/;

export async function openArchive({ dir, clock, files, emit }: ArchiveDeps): Promise<Archive> {
  const store = await openEntryFiles({
    dir,
    files,
    schema: ArchiveEntry,
    parseName,
    summarize,
    strayReason: 'unbekannter Dateiname im Archiv',
  });
  return {
    async append(raw) {
      const parsed = ArchiveEntryInput.safeParse(raw);
      if (!parsed.success) throw WorkspaceError.fromZod('Der Archiveintrag wurde nicht gespeichert', parsed.error);
      const input = parsed.data;
      const at = new Date(clock.now()).toISOString();
      const summary = await store.add((seq): ArchiveEntry => {
        const id = [
          compactTime(at),
          String(seq).padStart(6, '0'),
          input.action,
          input.billingunit,
          input.periodTo,
          input.result.kind,
        ].join('-');
        return { ...input, id, seq, at };
      });
      emit({ type: 'archive-appended', entry: summary });
      return summary;
    },

    list(filter) {
      return store
        .list()
        .filter(
          (s) =>
            (filter?.billingunit === undefined || s.billingunit === filter.billingunit) &&
            (filter?.periodTo === undefined || s.periodTo === filter.periodTo),
        );
    },

    read: (id) => store.read(id),
    checked: store.checked,
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
  return {
    id,
    seq: Number(seq),
    at: isoTime(ts),
    action: action as Action,
    billingunit,
    periodTo,
    result: result as ArchiveResultKind,
  };
}
