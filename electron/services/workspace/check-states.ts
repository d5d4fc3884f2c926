/**
 * The last test check of each draft, with the draft revision it checked, one file per billing unit and period.
 * On disk, so that after leaving the period or restarting the app the clerk still sees the check of the current
 * revision, and a binding submission of a revision whose check found errors stays refused.
 */
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { CheckOutcome } from '@shared/ipc/channels/billing';
import { BillingUnitNumber, IsoDate } from '@shared/msc/primitives';
import { writeJsonAtomic } from '@main/lib/atomic-file';
import { isoNow, type Clock } from '@main/services/workspace/clock';
import { loadJsonDir, type FileContext } from '@main/services/workspace/json-files';
import { createKeyedSerial } from '@main/lib/keyed-serial';

export const LastCheck = z
  .object({
    billingunit: BillingUnitNumber,
    periodTo: IsoDate,
    /** The draft revision the check was made of. */
    revision: z.int().min(1),
    at: z.iso.datetime({ offset: true }),
    outcome: CheckOutcome,
  })
  .strict();
export type LastCheck = z.infer<typeof LastCheck>;

/**
 * The data folder's engine below; the team database's is services/team/pg-checks.ts, where every desk reads the
 * same last check (so a check that found errors blocks the binding submission of its revision on every desk).
 */
export type CheckStates = {
  get: (billingunit: string, periodTo: string) => Promise<LastCheck | undefined>;
  /**
   * Replaces the period's last check and returns the one kept (throws when the write failed). A check of an older
   * revision than the kept one's does not replace it: a window (or desk) still on an old revision must not make the
   * newer revision's failed check forgotten.
   */
  record: (check: Omit<LastCheck, 'at'>) => Promise<LastCheck>;
  /** Forgets the period's check, e.g. when its draft is discarded and revisions start again at 1. */
  remove: (billingunit: string, periodTo: string) => Promise<void>;
};

const keyOf = (billingunit: string, periodTo: string) => `${billingunit}_${periodTo}`;

/** True when the check found at least one error (then a binding submission of that revision is refused). */
export function hasErrors(check: LastCheck | undefined): boolean {
  return check?.outcome.result === 'messages' && check.outcome.messages.some((m) => m.type === 'ERROR');
}

export async function openCheckStates({
  dir,
  clock,
  files,
}: {
  dir: string;
  clock: Clock;
  files: FileContext;
}): Promise<CheckStates> {
  const check = (name: string, c: LastCheck) =>
    name === keyOf(c.billingunit, c.periodTo) ? undefined : `Dateiname passt nicht zu ${keyOf(c.billingunit, c.periodTo)}`;
  const checks = await loadJsonDir(dir, LastCheck, files, check);
  const fileOf = (key: string) => join(dir, `${key}.json`);
  const serial = createKeyedSerial();

  return {
    get: (billingunit, periodTo) => Promise.resolve(checks.get(keyOf(billingunit, periodTo))),
    record(input) {
      const last: LastCheck = { ...input, at: isoNow(clock) };
      const key = keyOf(last.billingunit, last.periodTo);
      const kept = checks.get(key);
      if (kept && kept.revision > last.revision) return Promise.resolve(kept);
      checks.set(key, last);
      return serial(key, async () => {
        await writeJsonAtomic(fileOf(key), last);
        return last;
      });
    },
    remove(billingunit, periodTo) {
      const key = keyOf(billingunit, periodTo);
      checks.delete(key);
      return serial(key, async () => {
        await unlink(fileOf(key)).catch((err: unknown) => {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        });
      });
    },
  };
}
