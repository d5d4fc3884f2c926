/**
 * What the local workspace of one connection keeps on disk: the setup outbox, tracked setups,
 * drafts of filled templates and the submission archive. Each schema validates one file on read,
 * so a damaged file is recognised and set aside instead of breaking the rest.
 */
import { z } from 'zod';
import { MessageParams } from '@shared/domain/app-error';
import type { StorageProblem } from '@shared/domain/storage-problem';
import { SetupRequest, SetupStatus, type SetupStatusCode } from '@shared/msc/billing-unit-data';
import { Action } from '@shared/msc/billing-input';
import { ReceivedCheckMessage } from '@shared/msc/problem';
import { WrittenFile } from '@shared/arge/written-file';
import { BillingUnitNumber, IsoDate } from '@shared/msc/primitives';
import type { OsrLogSummary, OsrUnitRecord } from '@shared/domain/osr';
import type { ResultSummary } from '@shared/domain/results';

const Timestamp = z.iso.datetime({ offset: true });

/** A stored failure. `key`/`params` say it in the clerk's language; older items have only the German `message`. */
export const FailureInfo = z
  .object({
    code: z.string().min(1),
    message: z.string(),
    key: z.string().min(1).optional(),
    params: MessageParams.optional(),
    retryable: z.boolean(),
    status: z.int().optional(),
  })
  .strict();
export type FailureInfo = z.infer<typeof FailureInfo>;

const outboxBase = {
  id: z.string().min(1),
  /** Order of creation; the outbox sends oldest first. */
  seq: z.int().min(1),
  billingunit: BillingUnitNumber,
  request: SetupRequest,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  attempts: z.int().min(0),
};

export const OutboxItem = z.discriminatedUnion('state', [
  z.object({ ...outboxBase, state: z.literal('queued'), lastFailure: FailureInfo.optional() }).strict(),
  z.object({ ...outboxBase, state: z.literal('sending') }).strict(),
  z.object({ ...outboxBase, state: z.literal('sent'), transactionid: z.string().min(1), sentAt: Timestamp }).strict(),
  z
    .object({
      ...outboxBase,
      state: z.literal('failed'),
      failure: FailureInfo,
      /** When the outbox tries again by itself (transient failures only, a bounded number of times). */
      nextAttemptAt: Timestamp.optional(),
    })
    .strict(),
]);
export type OutboxItem = z.infer<typeof OutboxItem>;
export type OutboxState = OutboxItem['state'];

/** A setup sent to the MSC whose matching we follow until it is COMPLETED. */
export const TrackedSetup = z
  .object({
    billingunit: BillingUnitNumber,
    transactionid: z.string().min(1),
    outboxItemId: z.string().min(1).optional(),
    sentAt: Timestamp,
    watching: z.boolean(),
    status: SetupStatus.optional(),
    checkedAt: Timestamp.optional(),
    /** Current polling interval; doubles while nothing changes. */
    delayMs: z.int().min(0),
    lastError: FailureInfo.optional(),
    /** The matching was read from this ARGE A file (docs/arge.md), not fetched from the MSC. */
    fromFile: z.string().optional(),
  })
  .strict();
export type TrackedSetup = z.infer<typeof TrackedSetup>;

// Drafts hold what a clerk has typed so far: every field optional, every value a string as typed
// (German decimals included), unknown keys kept so nothing the editor stores is lost.
const typed = z.string().optional();
const DraftAmounts = z.looseObject({ grossamount: typed, netamount: typed });
const DraftStock = z.looseObject({ date: typed, quantity: typed, amounts: DraftAmounts.optional() });
const DraftDelivery = z.looseObject({
  invoicedate: typed,
  servicefrom: typed,
  serviceto: typed,
  quantity: typed,
  amounts: DraftAmounts.optional(),
  co2: z.looseObject({ emissionfactor: typed, emissionkg: typed, costgross: typed, costnet: typed }).optional(),
  energymix: z.array(z.looseObject({ source: typed, share: typed })).optional(),
});
const DraftEnergySource = z.looseObject({
  slot: z.int().optional(),
  fuel: typed,
  openingstock: DraftStock.optional(),
  closingstock: DraftStock.optional(),
  deliveries: z.array(DraftDelivery).optional(),
  supply: z.record(z.string(), z.looseObject({ from: typed, to: typed })).optional(),
});
const DraftInvoice = z.looseObject({
  cost: z.looseObject({ key: typed, text: typed }).optional(),
  allocationkey: typed,
  invoicedate: typed,
  servicefrom: typed,
  serviceto: typed,
  quantity: typed,
  amounts: DraftAmounts.optional(),
  taxservicetype: typed,
  laborgross: typed,
  usagegroup: typed,
});
const DraftRecipient = z.looseObject({
  residentialunitMscnumber: typed,
  residentialunitPmnumber: typed,
  partnerPmnumber: typed,
  validfrom: typed,
  validto: typed,
  vacancy: z.boolean().optional(),
  prepayments: z
    .looseObject({ heating: DraftAmounts.optional(), hotwater: DraftAmounts.optional(), coldwater: DraftAmounts.optional() })
    .optional(),
  allocations: z.array(z.looseObject({ key: typed, value: typed })).optional(),
  vatindicator: typed,
  changesplit: typed,
  changefee: z.boolean().optional(),
});

/** A filled template while being edited: a complete FilledTemplate also passes. */
export const DraftContent = z.looseObject({
  currency: typed,
  expectedvat: typed,
  energysources: z.array(DraftEnergySource).optional(),
  heatingsysteminvoices: z.array(DraftInvoice).optional(),
  ancillaryinvoices: z.array(DraftInvoice).optional(),
  billingrecipients: z.array(DraftRecipient).optional(),
  hotwater: z.looseObject({ temperature: typed, volume: typed, flatrate: typed, meterstart: typed, meterend: typed }).optional(),
  condominium: z.boolean().optional(),
});
export type DraftContent = z.infer<typeof DraftContent>;

export const DraftInput = z.object({ billingunit: BillingUnitNumber, periodTo: IsoDate, content: DraftContent }).strict();
export type DraftInput = z.infer<typeof DraftInput>;

export const Draft = z
  .object({
    billingunit: BillingUnitNumber,
    periodTo: IsoDate,
    updatedAt: Timestamp,
    /** Starts at 1; a save must name the revision it was based on (0 for a new draft). */
    revision: z.int().min(1),
    /** The clerk who saved this revision, in a team workspace (the data folder has one clerk and leaves it out). */
    updatedBy: z.string().min(1).max(200).optional(),
    content: DraftContent,
  })
  .strict();
export type Draft = z.infer<typeof Draft>;
export type DraftSummary = Omit<Draft, 'content'>;

/** How a test check or submission ended. */
export const ArchiveResult = z.discriminatedUnion('kind', [
  /** VALIDATE answered 204: no errors, no warnings. */
  z.object({ kind: z.literal('passed') }).strict(),
  /** The MSC answered with check messages (errors and/or warnings). */
  z.object({ kind: z.literal('messages'), messages: z.array(ReceivedCheckMessage) }).strict(),
  /** A binding submission was accepted. */
  z
    .object({
      kind: z.literal('commissioned'),
      transactionid: z.string().min(1),
      /** A file-exchange connection: the ARGE files written instead (docs/arge.md); the bytes stay in the workspace. */
      files: z.array(WrittenFile).optional(),
    })
    .strict(),
  /** No usable answer: network, auth, 409, 5xx, … */
  z.object({ kind: z.literal('failed'), code: z.string().min(1), message: z.string() }).strict(),
]);
export type ArchiveResult = z.infer<typeof ArchiveResult>;
export type ArchiveResultKind = ArchiveResult['kind'];

export const ArchiveEntryInput = z
  .object({
    action: Action,
    billingunit: BillingUnitNumber,
    periodTo: IsoDate,
    /** The body as sent; kept as JSON so later schema changes never invalidate old entries. */
    request: z.record(z.string(), z.unknown()),
    response: z.object({ status: z.int(), body: z.unknown().optional() }).strict().optional(),
    result: ArchiveResult,
    /**
     * A submission that accepted warnings (SEND_AND_IGNORE_WARNINGS): the warnings a test check of the same
     * submission showed just before, since the MSC's acceptance itself names none. Absent in older entries.
     */
    acceptedWarnings: z.array(ReceivedCheckMessage).optional(),
  })
  .strict();
export type ArchiveEntryInput = z.infer<typeof ArchiveEntryInput>;

export const ArchiveEntry = ArchiveEntryInput.extend({
  id: z.string().min(1),
  seq: z.int().min(1),
  at: Timestamp,
  /** The desk that made the entry, in a team workspace (the local data folder has one clerk and leaves it out). */
  clerk: z.string().min(1).max(200).optional(),
}).strict();
export type ArchiveEntry = z.infer<typeof ArchiveEntry>;

export type ArchiveSummary = {
  id: string;
  seq: number;
  at: string;
  action: Action;
  billingunit: string;
  periodTo: string;
  result: ArchiveResultKind;
  clerk?: string;
};

/** A workspace file that could not be used; it was moved to `movedTo` and nothing else was affected. */
export type WorkspaceProblem = StorageProblem;

export type WorkspaceEvent =
  | { type: 'outbox-item-changed'; item: OutboxItem }
  | { type: 'outbox-item-removed'; id: string }
  | { type: 'setup-status-changed'; setup: TrackedSetup; previous: SetupStatusCode | undefined }
  | { type: 'draft-saved'; draft: DraftSummary }
  | { type: 'draft-discarded'; billingunit: string; periodTo: string }
  | { type: 'archive-appended'; entry: ArchiveSummary }
  | { type: 'osr-unit-changed'; record: OsrUnitRecord }
  | { type: 'osr-log-appended'; entry: OsrLogSummary }
  | { type: 'result-stored'; entry: ResultSummary; recipients: number }
  | { type: 'problem'; problem: WorkspaceProblem };
