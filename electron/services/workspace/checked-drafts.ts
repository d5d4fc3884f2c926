/**
 * Copies of draft revisions that went through a test check at the MSC, one file per billing unit and period. They
 * let the clerk go back to the last state the MSC has seen, after edits or an import that made things worse. Only
 * a few are kept: the newest is what "zurücksetzen" restores, the others guard against a damaged newest file.
 */
import { mkdir, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { DraftContent } from '@shared/domain/workspace';
import { BillingUnitNumber, IsoDate } from '@shared/msc/primitives';
import { writeJsonAtomic } from '@main/lib/atomic-file';
import { readValidated, type FileContext } from '@main/services/workspace/json-files';

/** How many checked revisions each draft keeps. */
export const CHECKED_KEPT = 5;

const Snapshot = z
  .object({ revision: z.int().min(1), checkedAt: z.iso.datetime({ offset: true }), content: DraftContent })
  .strict();
export type CheckedSnapshot = z.infer<typeof Snapshot>;

const CheckedFile = z
  .object({ billingunit: BillingUnitNumber, periodTo: IsoDate, snapshots: z.array(Snapshot).max(CHECKED_KEPT) })
  .strict();
type CheckedFile = z.infer<typeof CheckedFile>;

export type CheckedStore = {
  /** Newest last; empty when nothing was checked or the file was damaged (then it is set aside and reported). */
  read: (billingunit: string, periodTo: string) => Promise<CheckedSnapshot[]>;
  add: (billingunit: string, periodTo: string, snapshot: CheckedSnapshot) => Promise<void>;
  remove: (billingunit: string, periodTo: string) => Promise<void>;
};

/** `dir` is the drafts folder; the copies live in its `checked` subfolder, which the draft loader skips. */
export function checkedStore(dir: string, files: FileContext): CheckedStore {
  const fileOf = (billingunit: string, periodTo: string) => join(dir, 'checked', `${billingunit}_${periodTo}.json`);
  const check = (name: string, f: CheckedFile) =>
    name === `${f.billingunit}_${f.periodTo}` ? undefined : `Dateiname passt nicht zu ${f.billingunit}_${f.periodTo}`;

  async function read(billingunit: string, periodTo: string): Promise<CheckedSnapshot[]> {
    return (await readValidated(fileOf(billingunit, periodTo), CheckedFile, files, check))?.snapshots ?? [];
  }

  return {
    read,
    async add(billingunit, periodTo, snapshot) {
      // A revision checked twice is kept once, with the time of its latest check.
      const kept = (await read(billingunit, periodTo)).filter((s) => s.revision !== snapshot.revision);
      const snapshots = [...kept, snapshot].sort((a, b) => a.revision - b.revision).slice(-CHECKED_KEPT);
      await mkdir(dirname(fileOf(billingunit, periodTo)), { recursive: true });
      await writeJsonAtomic(fileOf(billingunit, periodTo), { billingunit, periodTo, snapshots } satisfies CheckedFile);
    },
    async remove(billingunit, periodTo) {
      await unlink(fileOf(billingunit, periodTo)).catch((err: unknown) => {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      });
    },
  };
}
