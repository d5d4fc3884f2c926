/**
 * The results archive: every billing result an MSC delivered, append-only like the submission archive. An entry
 * (`results/<time>-<seq>-<billingunit>-<periodTo>.json`) holds the result, the template and the list of its
 * documents; the PDFs are written first, each under a name made of its document id and the start of its SHA-256
 * (`result-documents/<billingunit>_<periodTo>/<documentid>-<hash>.pdf`), never overwritten, so an entry never
 * names a file that is not there and a changed document gets a file of its own. A document is read back only when
 * its bytes still have the SHA-256 the entry names.
 *
 * Appending what the period's newest entry already holds (the same transaction id, result, template, documents and
 * origin) stores nothing and returns that entry: two result watchers (two windows, or two desks of a team) fetching the
 * same result leave one entry. The team database's engine (services/team/pg-results.ts) keeps the same contract.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ResultEntry, ResultEntryInput, type ResultSummary, type StoredDocument } from '@shared/domain/results';
import type { WorkspaceEvent } from '@shared/domain/workspace';
import { writeNewFileAtomic } from '@main/lib/atomic-file';
import type { Clock } from '@main/services/workspace/clock';
import { compactTime, isoTime, openEntryFiles } from '@main/services/workspace/entry-files';
import type { FileContext } from '@main/services/workspace/json-files';
import { WorkspaceError } from '@main/services/workspace/workspace-error';
import { createKeyedSerial } from '@main/lib/keyed-serial';

export type DocumentInput = Omit<StoredDocument, 'file' | 'bytes' | 'sha256'> & { data: Uint8Array };

export type ResultStore = {
  /**
   * Saves the documents, then the entry; returns the new entry's summary, or the period's newest entry's when that
   * holds the same content already (nothing is stored or announced then).
   */
  append: (input: Omit<ResultEntryInput, 'documents'>, documents: readonly DocumentInput[]) => Promise<ResultSummary>;
  /** Entries oldest first, optionally of one billing unit and/or period. */
  list: (filter?: { billingunit?: string; periodTo?: string }) => ResultSummary[];
  read: (id: string) => Promise<ResultEntry | undefined>;
  /** The newest entry of a period. */
  latest: (billingunit: string, periodTo: string) => Promise<ResultEntry | undefined>;
  /** A stored document's bytes; throws when they are missing or no longer have the SHA-256 the entry names. */
  document: (entry: ResultEntry, documentid: string) => Promise<{ doc: StoredDocument; data: Buffer } | undefined>;
};

export type ResultStoreDeps = {
  dir: string;
  documentsDir: string;
  clock: Clock;
  files: FileContext;
  emit: (e: WorkspaceEvent) => void;
};

const NAME = /^(\d{8}T\d{9}Z)-(\d{6,})-(\d{1,9})-(\d{4}-\d{2}-\d{2})$/;

export async function openResultStore({ dir, documentsDir, clock, files, emit }: ResultStoreDeps): Promise<ResultStore> {
  const store = await openEntryFiles({
    dir,
    files,
    schema: ResultEntry,
    parseName,
    summarize: ({ id, seq, at, billingunit, periodTo }: ResultEntry): ResultSummary => ({ id, seq, at, billingunit, periodTo }),
    strayReason: 'unbekannter Dateiname im Ergebnis-Archiv',
  });
  const folderOf = (billingunit: string, periodTo: string) => join(documentsDir, `${billingunit}_${periodTo}`);
  const list: ResultStore['list'] = (filter) =>
    store
      .list()
      .filter(
        (s) =>
          (filter?.billingunit === undefined || s.billingunit === filter.billingunit) &&
          (filter?.periodTo === undefined || s.periodTo === filter.periodTo),
      );

  const serial = createKeyedSerial();

  return {
    append: (input, documents) => serial(`${input.billingunit}_${input.periodTo}`, () => append(input, documents)),
    list,
    read: (id) => store.read(id),
    async latest(billingunit, periodTo) {
      const newest = list({ billingunit, periodTo }).at(-1);
      return newest ? store.read(newest.id) : undefined;
    },
    async document(entry, documentid) {
      const doc = entry.documents.find((d) => d.documentid === documentid);
      if (!doc) return undefined;
      const data = await readFile(join(folderOf(entry.billingunit, entry.periodTo), doc.file)).catch((err: unknown) => {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      });
      return { doc, data: checkedDocument(doc, data) };
    },
  };

  async function append(input: Omit<ResultEntryInput, 'documents'>, documents: readonly DocumentInput[]) {
    const folder = folderOf(input.billingunit, input.periodTo);
    await mkdir(folder, { recursive: true });
    const stored: StoredDocument[] = [];
    for (const { data, ...doc } of documents) {
      const sha256 = createHash('sha256').update(data).digest('hex');
      const file = `${doc.documentid}-${sha256.slice(0, 12)}.pdf`;
      try {
        await writeNewFileAtomic(join(folder, file), data);
      } catch (err) {
        // The same bytes under the same id are already there (an earlier fetch of the same result).
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      stored.push({ ...doc, file, bytes: data.byteLength, sha256 });
    }
    const parsed = ResultEntryInput.safeParse({ ...input, documents: stored });
    if (!parsed.success) throw WorkspaceError.fromZod('Das Abrechnungsergebnis wurde nicht gespeichert', parsed.error);
    const newest = list({ billingunit: input.billingunit, periodTo: input.periodTo }).at(-1);
    const before = newest && (await store.read(newest.id));
    if (newest && before && sameResult(before, parsed.data)) return newest;
    const at = new Date(clock.now()).toISOString();
    const summary = await store.add((seq): ResultEntry => {
      const id = [compactTime(at), String(seq).padStart(6, '0'), input.billingunit, input.periodTo].join('-');
      return { ...parsed.data, id, seq, at };
    });
    emit({ type: 'result-stored', entry: summary, recipients: recipientsOf(parsed.data) });
    return summary;
  }
}

/** How many billing recipients a result has (for the announcement "Abrechnung liegt vor"). */
export function recipientsOf(input: ResultEntryInput): number {
  return Array.isArray(input.result.results) ? input.result.results.length : 0;
}

/** JSON with the keys of every object sorted, so two equal results compare equal whatever order their keys came in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** True when a stored entry holds exactly this content (its id, number and time aside). */
export function sameResult(stored: ResultEntry, input: ResultEntryInput): boolean {
  const { id: _id, seq: _seq, at: _at, ...content } = stored;
  return canonical(content) === canonical(input);
}

/** The document's bytes when they are there and still have the SHA-256 the entry names; else the refusal. */
export function checkedDocument(doc: StoredDocument, data: Buffer | undefined): Buffer {
  if (data && data.byteLength === doc.bytes && createHash('sha256').update(data).digest('hex') === doc.sha256) return data;
  const title = doc.title || doc.documentid;
  throw new WorkspaceError(
    'CONFLICT',
    `Das Dokument „${title}“ des gespeicherten Abrechnungsergebnisses ist beschädigt oder fehlt: sein Inhalt stimmt ` +
      'nicht mehr mit dem überein, was der Messdienst geliefert hat. Es wird nicht geöffnet. Ihre Systembetreuung ' +
      'kann es aus der Datensicherung wiederherstellen.',
    { reason: 'document-damaged', documentid: doc.documentid },
    { key: 'storage.documentDamaged', params: { title } },
  );
}

function parseName(id: string): ResultSummary | undefined {
  const m = NAME.exec(id);
  if (!m) return undefined;
  const [, ts = '', seq = '', billingunit = '', periodTo = ''] = m;
  return { id, seq: Number(seq), at: isoTime(ts), billingunit, periodTo };
}
