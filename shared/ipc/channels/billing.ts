/**
 * Billing input per period: periods, the MSC's template, test checks and binding submissions, local drafts and
 * the archive of every check and submission.
 */
import { z } from 'zod';
import { Action, BillingPeriod, FilledTemplate, Template } from '@shared/msc/billing-input';
import { ReceivedCheckMessage } from '@shared/msc/problem';
import { ArchiveEntry, Draft, DraftInput } from '@shared/domain/workspace';
import { WrittenFile } from '@shared/arge/written-file';
import { BillingUnitNumber, IsoDate } from '@shared/msc/primitives';
import { channel, OnConnection, OnPeriod, OnUnit } from '@shared/ipc/channel';

export const CheckOutcome = z.discriminatedUnion('result', [
  z.object({ result: z.literal('passed') }),
  z.object({ result: z.literal('messages'), messages: z.array(ReceivedCheckMessage) }),
]);
export type CheckOutcome = z.infer<typeof CheckOutcome>;

/** How a binding submission ended; `already-commissioned`: the period had been submitted before. */
export const SubmitOutcome = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('commissioned'),
    transactionid: z.string(),
    confirmedBy: z.enum(['reply', 'status']),
    /** A file-exchange connection: the files written ("Dateien erzeugen"). */
    files: z.array(WrittenFile).optional(),
  }),
  z.object({ status: z.literal('rejected'), messages: z.array(ReceivedCheckMessage) }),
  z.object({ status: z.literal('already-commissioned'), transactionid: z.string().optional() }),
]);
export type SubmitOutcome = z.infer<typeof SubmitOutcome>;

export const DraftSummary = Draft.omit({ content: true });
export type DraftSummary = z.infer<typeof DraftSummary>;

export const ArchiveSummary = z.object({
  id: z.string(),
  seq: z.int(),
  at: z.string(),
  action: Action,
  billingunit: z.string(),
  periodTo: z.string(),
  result: z.enum(['passed', 'messages', 'commissioned', 'failed']),
  /** Who made the entry, in a team workspace. */
  clerk: z.string().optional(),
});
export type ArchiveSummary = z.infer<typeof ArchiveSummary>;

/** A finished test check or submission, for the window that did not start it and for desktop notifications. */
export const BillingCheckedEvent = z.object({
  ...OnPeriod,
  action: Action,
  result: ArchiveSummary.shape.result,
  errors: z.int().min(0),
  warnings: z.int().min(0),
});
export type BillingCheckedEvent = z.infer<typeof BillingCheckedEvent>;

const OnDraft = z.object(OnPeriod).strict();
const DraftRevision = z.int().min(1).optional();

/** The last test check of a draft: the revision it checked, when, and how it ended. */
export const LastCheck = z.object({ revision: z.int().min(1), at: z.string(), outcome: CheckOutcome });
export type LastCheck = z.infer<typeof LastCheck>;

export const CheckedSnapshotRef = z.object({ revision: z.int().min(1), checkedAt: z.string() }).strict();
export type CheckedSnapshotRef = z.infer<typeof CheckedSnapshotRef>;

export const PreviousSubmission = z.object({ id: z.string(), periodTo: z.string(), at: z.string() }).strict();
export type PreviousSubmission = z.infer<typeof PreviousSubmission>;

export const billingChannels = {
  'periods:list': channel(z.object(OnUnit).strict(), z.array(BillingPeriod)),
  'templates:get': channel(OnDraft, Template),
  /** Test check (VALIDATE): stores nothing at the MSC, may be repeated; archived locally. */
  /** `draftRevision`: the draft revision checked; the outcome is kept as that revision's last check (drafts:last-check). */
  'templates:check': channel(OnDraft.extend({ filled: FilledTemplate, draftRevision: DraftRevision }).strict(), CheckOutcome),
  /** Binding submission; never retried blindly (the client asks the period's status first). Archived locally. */
  /** With `draftRevision`: refused (CONFLICT, key `send.checkHasErrors`) while that revision's last check has errors. */
  'templates:submit': channel(
    OnDraft.extend({ filled: FilledTemplate, ignoreWarnings: z.boolean(), draftRevision: DraftRevision }).strict(),
    SubmitOutcome,
  ),
  'drafts:list': channel(z.object(OnConnection).strict(), z.array(DraftSummary)),
  'drafts:get': channel(OnDraft, Draft.nullable()),
  /** `expectedRevision`: the revision the editor started from (0 for a new draft); a mismatch is a CONFLICT. */
  'drafts:save': channel(z.object({ ...OnConnection, draft: DraftInput, expectedRevision: z.int().min(0) }).strict(), Draft),
  /** The last test check made of this period's draft (kept across restarts); null when none was made. */
  'drafts:last-check': channel(OnDraft, LastCheck.nullable()),
  'drafts:discard': channel(OnDraft.extend({ expectedRevision: z.int().min(1) }).strict(), z.void()),
  /** The newest revision kept because a test check ran on it (`templates:check` with `draftRevision`), if any. */
  'drafts:checked-snapshot': channel(OnDraft, CheckedSnapshotRef.nullable()),
  /** Saves that checked revision's content as the next revision; a stale `expectedRevision` is a CONFLICT. */
  'drafts:restore-checked': channel(OnDraft.extend({ expectedRevision: z.int().min(1) }).strict(), Draft),
  /** The last commissioned submission of an earlier period of this unit in the archive, which can start a draft. */
  'drafts:previous-submission': channel(OnDraft, PreviousSubmission.nullable()),
  /** Creates the (so far missing) draft from that submission: recipients, keys, closing stock, cost types. */
  'drafts:from-previous': channel(OnDraft, Draft),
  'archive:list': channel(
    z.object({ ...OnConnection, billingunit: BillingUnitNumber.optional(), periodTo: IsoDate.optional() }).strict(),
    z.array(ArchiveSummary),
  ),
  'archive:read': channel(z.object({ ...OnConnection, id: z.string().min(1) }).strict(), ArchiveEntry.nullable()),
} as const;
