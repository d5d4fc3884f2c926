/**
 * Drafts of filled templates, one file per billing unit and period. Autosave names the revision it
 * was based on; a save based on an older revision is refused, so two windows editing the same draft
 * never silently overwrite each other's work.
 */
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { formatGermanDate } from '@shared/domain/dates';
import { Draft, DraftInput, type DraftSummary, type WorkspaceEvent } from '@shared/domain/workspace';
import { writeJsonAtomic } from '@main/lib/atomic-file';
import { isoNow, type Clock } from '@main/services/workspace/clock';
import { loadJsonDir, readValidated, type FileContext } from '@main/services/workspace/json-files';
import { createKeyedSerial } from '@main/services/workspace/serial';
import { WorkspaceError } from '@main/services/workspace/workspace-error';

export type Drafts = {
  /** Every draft without its content, newest first. */
  list: () => DraftSummary[];
  get: (billingunit: string, periodTo: string) => Promise<Draft | undefined>;
  /** Stores the content as the next revision; `expectedRevision` is the one the editor started from (0: new). */
  save: (input: DraftInput, expectedRevision: number) => Promise<Draft>;
  discard: (billingunit: string, periodTo: string, expectedRevision: number) => Promise<void>;
};

export type DraftsDeps = { dir: string; clock: Clock; files: FileContext; emit: (event: WorkspaceEvent) => void };

const keyOf = (billingunit: string, periodTo: string) => `${billingunit}_${periodTo}`;

export async function openDrafts({ dir, clock, files, emit }: DraftsDeps): Promise<Drafts> {
  const check = (name: string, d: Draft) =>
    name === keyOf(d.billingunit, d.periodTo) ? undefined : `Dateiname passt nicht zu ${keyOf(d.billingunit, d.periodTo)}`;
  const index = new Map<string, DraftSummary>();
  for (const [key, draft] of await loadJsonDir(dir, Draft, files, check)) index.set(key, summarize(draft));
  const serial = createKeyedSerial();
  const fileOf = (key: string) => join(dir, `${key}.json`);

  function assertRevision(key: string, billingunit: string, periodTo: string, expected: number): number {
    const current = index.get(key)?.revision ?? 0;
    if (current !== expected) {
      throw new WorkspaceError(
        'CONFLICT',
        `Der Entwurf für Liegenschaft ${billingunit}, Zeitraum bis ${formatGermanDate(periodTo)}, wurde inzwischen an anderer Stelle ` +
          `geändert (Stand ${String(current)}, hier bearbeitet: Stand ${String(expected)}). Bitte neu laden; Ihre Eingaben ` +
          'bleiben in diesem Fenster erhalten.',
        { currentRevision: current },
      );
    }
    return current;
  }

  return {
    list: () => [...index.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),

    async get(billingunit, periodTo) {
      const key = keyOf(billingunit, periodTo);
      if (!index.has(key)) return undefined;
      const draft = await readValidated(fileOf(key), Draft, files, check);
      if (!draft) index.delete(key);
      return draft;
    },

    async save(raw, expectedRevision) {
      const parsed = DraftInput.safeParse(raw);
      if (!parsed.success) throw WorkspaceError.fromZod('Der Entwurf wurde nicht gespeichert', parsed.error);
      const { billingunit, periodTo, content } = parsed.data;
      const key = keyOf(billingunit, periodTo);
      return serial(key, async () => {
        const current = assertRevision(key, billingunit, periodTo, expectedRevision);
        const draft: Draft = { billingunit, periodTo, updatedAt: isoNow(clock), revision: current + 1, content };
        await writeJsonAtomic(fileOf(key), draft);
        const summary = summarize(draft);
        index.set(key, summary);
        emit({ type: 'draft-saved', draft: summary });
        return draft;
      });
    },

    discard(billingunit, periodTo, expectedRevision) {
      const key = keyOf(billingunit, periodTo);
      if (!index.has(key)) return Promise.resolve();
      return serial(key, async () => {
        assertRevision(key, billingunit, periodTo, expectedRevision);
        await unlink(fileOf(key)).catch((err: unknown) => {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        });
        index.delete(key);
        emit({ type: 'draft-discarded', billingunit, periodTo });
      });
    },
  };
}

function summarize({ content: _c, ...summary }: Draft): DraftSummary {
  return summary;
}
