/**
 * Binding submissions whose outcome is not known yet (their request may still reach the MSC), one file per billing
 * unit and period. On disk, so that a restart neither lets a second submission of the period go out while the first
 * is unclear nor forgets to learn and archive how the first one ended. A SEND about to start claims its period
 * first, so a second submission of it is refused while the first is on its way. This is the data folder's engine
 * (one instance per folder: the claim lives in memory); the team database's is services/team/pg-pending-sends.ts,
 * where the claim is a row every desk sees.
 */
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ReceivedCheckMessage } from '@shared/msc/problem';
import { BillingUnitNumber, IsoDate } from '@shared/msc/primitives';
import { writeJsonAtomic } from '@main/lib/atomic-file';
import { loadJsonDir, type FileContext } from '@main/services/workspace/json-files';
import type { Clock } from '@main/services/workspace/clock';

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

/** Whether `send` is the SEND started at `startedAt` (ms); any SEND when none is named. */
export const isTheSend = (send: PendingSend, startedAt: number | undefined): boolean =>
  startedAt === undefined || Date.parse(send.startedAt) === startedAt;

export type PendingSends = {
  /** The unclear SENDs (and, in the team database, those other desks are sending right now). */
  list: () => PendingSend[];
  get: (billingunit: string, periodTo: string) => PendingSend | undefined;
  /** Reserves the period for a SEND about to start; false when a SEND of it is on its way or unclear (on any desk). */
  claim: (send: PendingSend) => Promise<boolean>;
  /** The claimed SEND's outcome is known and archived: the period is free again. */
  release: (billingunit: string, periodTo: string) => Promise<void>;
  /** The outcome is unclear: kept until reconciled. Known at once (a failed write still blocks for this run). */
  put: (send: PendingSend) => Promise<void>;
  /**
   * Hands the unclear SEND to `record` (which archives how it ended), then removes it — on exactly one desk: false
   * when there is nothing to settle (already settled elsewhere). Throws while another desk is still sending it.
   * `startedAt` (ms): settle only that SEND; a newer SEND of the period that took its place is left alone, so an
   * outcome read for one SEND is never archived for the next (a reconciler may follow a period across hand-overs).
   */
  settle: (
    billingunit: string,
    periodTo: string,
    record: (send: PendingSend) => Promise<void>,
    startedAt?: number,
  ) => Promise<boolean>;
  remove: (billingunit: string, periodTo: string) => Promise<void>;
  /**
   * Tells, while the workspace is open, of SENDs other desks left unclear or stranded (their desk died mid-SEND), so
   * they are followed up without a restart. Only the team database has other desks; the data folder has no such
   * thing to tell (its instance is the only one, and what it left behind is in `list()` when it opens).
   */
  onStranded?: (listener: (send: PendingSend) => void) => () => void;
  close?: () => Promise<void>;
};

export type OpenPendingSends = (context: { dir: string; files: FileContext; clock?: Clock }) => Promise<PendingSends>;

const keyOf = (billingunit: string, periodTo: string) => `${billingunit}_${periodTo}`;

export const openPendingSends: OpenPendingSends = async ({ dir, files }) => {
  const check = (name: string, p: PendingSend) =>
    name === keyOf(p.billingunit, p.periodTo) ? undefined : `Dateiname passt nicht zu ${keyOf(p.billingunit, p.periodTo)}`;
  const sends = await loadJsonDir(dir, PendingSend, files, check);
  const fileOf = (key: string) => join(dir, `${key}.json`);
  // SENDs on their way from this instance, and unclear ones being settled: both in memory (one instance per folder).
  const claimed = new Set<string>();
  const settling = new Set<string>();

  async function remove(billingunit: string, periodTo: string): Promise<void> {
    const key = keyOf(billingunit, periodTo);
    sends.delete(key);
    await unlink(fileOf(key)).catch((err: unknown) => {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    });
  }

  return {
    list: () => [...sends.values()],
    get: (billingunit, periodTo) => sends.get(keyOf(billingunit, periodTo)),
    claim(send) {
      const key = keyOf(send.billingunit, send.periodTo);
      if (sends.has(key) || claimed.has(key)) return Promise.resolve(false);
      claimed.add(key);
      return Promise.resolve(true);
    },
    release(billingunit, periodTo) {
      claimed.delete(keyOf(billingunit, periodTo));
      return Promise.resolve();
    },
    async put(send) {
      const key = keyOf(send.billingunit, send.periodTo);
      sends.set(key, send);
      claimed.delete(key);
      await writeJsonAtomic(fileOf(key), send);
    },
    async settle(billingunit, periodTo, record, startedAt) {
      const key = keyOf(billingunit, periodTo);
      const send = sends.get(key);
      if (!send || settling.has(key) || !isTheSend(send, startedAt)) return false;
      settling.add(key);
      try {
        await record(send);
        // Only after the archive has it: a crash in between archives the outcome twice rather than never.
        await remove(billingunit, periodTo);
      } finally {
        settling.delete(key);
      }
      return true;
    },
    remove,
  };
};
