/**
 * Drafts of filled templates, one file per billing unit and period. Autosave names the revision it
 * was based on; a save based on an older revision is refused, so two windows editing the same draft
 * never silently overwrite each other's work.
 */
import { access, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { formatGermanDate } from '@shared/domain/dates';
import { Draft, DraftInput, type DraftSummary, type WorkspaceEvent } from '@shared/domain/workspace';
import { writeJsonAtomic } from '@main/lib/atomic-file';
import { isoNow, type Clock } from '@main/services/workspace/clock';
import { loadJsonDir, readValidated, type FileContext } from '@main/services/workspace/json-files';
import { createKeyedSerial } from '@main/lib/keyed-serial';
import { checkedStore } from '@main/services/workspace/checked-drafts';
import { WorkspaceError } from '@main/services/workspace/workspace-error';

export type Drafts = {
  /** Every draft without its content, newest first. */
  list: () => DraftSummary[];
  get: (billingunit: string, periodTo: string) => Promise<Draft | undefined>;
  /** Stores the content as the next revision; `expectedRevision` is the one the editor started from (0: new). */
  save: (input: DraftInput, expectedRevision: number) => Promise<Draft>;
  discard: (billingunit: string, periodTo: string, expectedRevision: number) => Promise<void>;
  /** Keeps a copy of `revision` as checked at the MSC, if it is still the current one (a later save wins). */
  markChecked: (billingunit: string, periodTo: string, revision: number) => Promise<boolean>;
  /** The newest checked copy's revision and time, if any. */
  lastChecked: (billingunit: string, periodTo: string) => Promise<CheckedRef | undefined>;
  /** Stores the newest checked copy's content as the next revision (same CONFLICT rule as `save`). */
  restoreChecked: (billingunit: string, periodTo: string, expectedRevision: number) => Promise<Draft>;
};

export type CheckedRef = { revision: number; checkedAt: string };

export type DraftsDeps = { dir: string; clock: Clock; files: FileContext; emit: (event: WorkspaceEvent) => void };

const keyOf = (billingunit: string, periodTo: string) => `${billingunit}_${periodTo}`;

export async function openDrafts({ dir, clock, files, emit }: DraftsDeps): Promise<Drafts> {
  const check = (name: string, d: Draft) =>
    name === keyOf(d.billingunit, d.periodTo) ? undefined : `Dateiname passt nicht zu ${keyOf(d.billingunit, d.periodTo)}`;
  const index = new Map<string, DraftSummary>();
  for (const [key, draft] of await loadJsonDir(dir, Draft, files, check)) index.set(key, summarize(draft));
  const serial = createKeyedSerial();
  const fileOf = (key: string) => join(dir, `${key}.json`);
  const checked = checkedStore(dir, files);

  /**
   * The revision on disk, not the index's copy: another workspace object on the folder (a second window's, or a
   * second instance before the folder lock existed) may have saved since, and its save must not be overwritten.
   */
  async function assertRevision(key: string, billingunit: string, periodTo: string, expected: number): Promise<number> {
    const onDisk = await readValidated(fileOf(key), Draft, files, check);
    if (onDisk) index.set(key, summarize(onDisk));
    else index.delete(key);
    const current = onDisk?.revision ?? 0;
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

  const drafts: Drafts = {
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
        const current = await assertRevision(key, billingunit, periodTo, expectedRevision);
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
      return serial(key, async () => {
        const gone = await access(fileOf(key)).then(
          () => false,
          () => true,
        );
        if (gone) {
          index.delete(key);
          return;
        }
        await assertRevision(key, billingunit, periodTo, expectedRevision);
        await unlink(fileOf(key)).catch((err: unknown) => {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        });
        // The checked copies go with it: the clerk was told that discarding drops every stand of this draft.
        await checked.remove(billingunit, periodTo);
        index.delete(key);
        emit({ type: 'draft-discarded', billingunit, periodTo });
      });
    },

    markChecked(billingunit, periodTo, revision) {
      const key = keyOf(billingunit, periodTo);
      return serial(key, async () => {
        const draft = index.get(key)?.revision === revision ? await drafts.get(billingunit, periodTo) : undefined;
        if (draft?.revision !== revision) return false;
        await checked.add(billingunit, periodTo, { revision, checkedAt: isoNow(clock), content: draft.content });
        return true;
      });
    },

    async lastChecked(billingunit, periodTo) {
      const last = (await checked.read(billingunit, periodTo)).at(-1);
      return last && { revision: last.revision, checkedAt: last.checkedAt };
    },

    async restoreChecked(billingunit, periodTo, expectedRevision) {
      const last = (await checked.read(billingunit, periodTo)).at(-1);
      if (!last) {
        throw WorkspaceError.notFound(
          `Für den Entwurf der Liegenschaft ${billingunit}, Zeitraum bis ${formatGermanDate(periodTo)}, gibt es keinen geprüften Stand.`,
        );
      }
      return drafts.save({ billingunit, periodTo, content: last.content }, expectedRevision);
    },
  };
  return drafts;
}

function summarize({ content: _c, ...summary }: Draft): DraftSummary {
  return summary;
}
