/**
 * Billing results of a period (docs/results.md): the stored result with its documents, asking the MSC now,
 * a document as PDF, all tenant PDFs as one ZIP, the Excel export for the bookkeeping and the reconciliation
 * ("Abgleich") with the submission, on screen and as a PDF or Excel report.
 */
import { z } from 'zod';
import { BillingResult } from '@shared/msc/billing-result';
import { ResultOrigin, StoredDocument } from '@shared/domain/results';
import { RECON_CODES } from '@shared/domain/reconciliation';
import { channel, FileRef, OnConnection, OnPeriod } from '@shared/ipc/channel';
import { FilledTemplate } from '@shared/msc/billing-input';

export const StoredResult = z
  .object({
    id: z.string(),
    /** When the app fetched and stored it. */
    storedAt: z.string(),
    result: BillingResult,
    documents: z.array(StoredDocument),
    /** Present when the result was read from ARGE files rather than fetched from the MSC. */
    origin: ResultOrigin.optional(),
  })
  .strict();
export type StoredResult = z.infer<typeof StoredResult>;

export const PeriodResult = z
  .object({
    /** The newest stored result of the period, or null while none has arrived. */
    stored: StoredResult.nullable(),
    /** The period's binding submission still waits for its result (the app asks the MSC by itself). */
    awaited: z.boolean(),
  })
  .strict();
export type PeriodResult = z.infer<typeof PeriodResult>;

const ReconPlace = z
  .object({
    residentialunitMscnumber: z.string(),
    residentialunitPmnumber: z.string().optional(),
    partnerPmnumber: z.string(),
    name: z.string().optional(),
    validfrom: z.string(),
  })
  .strict();

export const ReconMessageSchema = z
  .object({
    code: z.enum(RECON_CODES),
    severity: z.enum(['error', 'warning', 'info']),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
    place: ReconPlace.optional(),
  })
  .strict();

export const ReconciliationSchema = z
  .object({
    amountKind: z.enum(['grossamount', 'netamount']),
    submitted: z.string(),
    billed: z.string(),
    recipients: z.int(),
    messages: z.array(ReconMessageSchema),
    counts: z.object({ error: z.int(), warning: z.int(), info: z.int() }).strict(),
    /** The archive entry of the binding submission compared with. */
    submissionId: z.string(),
    submittedAt: z.string(),
    /** What the result was compared with: the binding submission, or (a result from files without one) the draft. */
    comparedWith: z.enum(['submission', 'draft']).optional(),
  })
  .strict();
export type ReconciliationOutput = z.infer<typeof ReconciliationSchema>;

const ReconInput = z
  .object({
    ...OnPeriod,
    /** A balance at or above this is flagged (ISO decimal; default 500.00). */
    balanceThreshold: z
      .string()
      .regex(/^\d{1,9}(\.\d{1,2})?$/)
      .optional(),
    /** For a result read from files without a binding submission: the draft to compare with, as the editor converts it. */
    filled: FilledTemplate.optional(),
  })
  .strict();

export const resultChannels = {
  'results:get': channel(z.object(OnPeriod).strict(), PeriodResult),
  /** Asks the MSC now whether the period is billed, and stores the result when it is. */
  'results:check-now': channel(z.object(OnPeriod).strict(), PeriodResult),
  /** One stored document as a PDF file to open or save. */
  'results:document': channel(z.object({ ...OnPeriod, documentid: z.string().min(1) }).strict(), FileRef),
  /** Every tenant's statement (HKA) of the period in one ZIP, one PDF per tenant named after the tenant. */
  'results:documents-zip': channel(z.object(OnPeriod).strict(), FileRef),
  /** The result as Excel, one row per recipient, for the bookkeeping. */
  'results:export': channel(z.object(OnPeriod).strict(), FileRef),
  'results:reconcile': channel(ReconInput, ReconciliationSchema),
  'results:reconcile-report': channel(ReconInput.extend({ format: z.enum(['pdf', 'excel']) }).strict(), FileRef),
  /** Periods of the connection with a stored result, newest first (for the Übersicht and the archive). */
  'results:list': channel(
    z.object(OnConnection).strict(),
    z.array(z.object({ billingunit: z.string(), periodTo: z.string(), storedAt: z.string() }).strict()),
  ),
} as const;
