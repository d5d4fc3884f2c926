/**
 * Binding submissions whose outcome is not known yet (their request may still reach the MSC), one file per billing
 * unit and period. On disk, so that a restart neither lets a second submission of the period go out while the first
 * is unclear nor forgets to learn and archive how the first one ended.
 */
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ReceivedCheckMessage } from '@shared/msc/problem';
import { BillingUnitNumber, IsoDate } from '@shared/msc/primitives';
import { writeJsonAtomic } from '@main/lib/atomic-file';
import { loadJsonDir, type FileContext } from '@main/services/workspace/json-files';

export const PendingSend = z
  .object({
    billingunit: BillingUnitNumber,
    periodTo: IsoDate,
    action: z.enum(['SEND', 'SEND_AND_IGNORE_WARNINGS']),
    /** When the SEND was started (wall clock), for the record and the bounded wait after a restart. */
    startedAt: z.iso.datetime({ offset: true }),
    /**
     * The transaction id of the period's lastsubmission right before the SEND (null: none): a later one is ours.
     * Absent in files of older versions, which are judged by `startedAt` instead.
     */
    lastSubmissionBefore: z.string().min(1).nullable().optional(),
    /** The filled template as sent, for the archive entry once the outcome is known. */
    request: z.record(z.string(), z.unknown()),
    acceptedWarnings: z.array(ReceivedCheckMessage).optional(),
  })
  .strict();
export type PendingSend = z.infer<typeof PendingSend>;

export type PendingSends = {
  list: () => PendingSend[];
  get: (billingunit: string, periodTo: string) => PendingSend | undefined;
  /** Known at once (a failed write still blocks for this run), then on disk; throws when the write failed. */
  put: (send: PendingSend) => Promise<void>;
  remove: (billingunit: string, periodTo: string) => Promise<void>;
};

const keyOf = (billingunit: string, periodTo: string) => `${billingunit}_${periodTo}`;

export async function openPendingSends({ dir, files }: { dir: string; files: FileContext }): Promise<PendingSends> {
  const check = (name: string, p: PendingSend) =>
    name === keyOf(p.billingunit, p.periodTo) ? undefined : `Dateiname passt nicht zu ${keyOf(p.billingunit, p.periodTo)}`;
  const sends = await loadJsonDir(dir, PendingSend, files, check);
  const fileOf = (key: string) => join(dir, `${key}.json`);

  return {
    list: () => [...sends.values()],
    get: (billingunit, periodTo) => sends.get(keyOf(billingunit, periodTo)),
    async put(send) {
      const key = keyOf(send.billingunit, send.periodTo);
      sends.set(key, send);
      await writeJsonAtomic(fileOf(key), send);
    },
    async remove(billingunit, periodTo) {
      const key = keyOf(billingunit, periodTo);
      sends.delete(key);
      await unlink(fileOf(key)).catch((err: unknown) => {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      });
    },
  };
}
