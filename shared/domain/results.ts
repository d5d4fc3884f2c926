/**
 * What the workspace keeps of an MSC's billing results (docs/results.md): each result as it arrived, with the
 * template it was billed on and the documents (PDFs) saved beside it, so the clerk still has them when the MSC no
 * longer serves them. The result and template are kept as the JSON that arrived; they are checked against the
 * contract when read, so a later change of the contract never makes an old entry unreadable on disk.
 */
import { z } from 'zod';
import { BillingUnitNumber, IsoDate } from '@shared/msc/primitives';

const Timestamp = z.iso.datetime({ offset: true });

export const StoredDocument = z
  .object({
    documentid: z.string().min(1),
    type: z.string().min(1),
    title: z.string(),
    residentialunitMscnumber: z.string().optional(),
    partnerPmnumber: z.string().optional(),
    /** File name under the workspace's `result-documents/<billingunit>_<periodTo>/`. */
    file: z.string().regex(/^[\w.-]+\.pdf$/),
    bytes: z.int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .strict();
export type StoredDocument = z.infer<typeof StoredDocument>;

/** A tenant's §35a share as an E835 record gave it (docs/arge.md). */
export const StoredTaxShare = z
  .object({
    residentialunitMscnumber: z.string(),
    partnerPmnumber: z.string(),
    validto: z.string(),
    costKey: z.string(),
    costText: z.string().optional(),
    taxServiceType: z.string(),
    invoiceTotalGross: z.string(),
    userShareAmount: z.string(),
    userSharePercent: z.string(),
    laborTotal: z.string(),
    userLaborShare: z.string(),
  })
  .strict();

/** Where a result came from when not from the MSC's API: ARGE files the clerk read in (docs/arge.md). */
export const ResultOrigin = z
  .object({
    kind: z.literal('arge-files'),
    /** The files read (D, E835, E898 and the PDFs taken). */
    files: z.array(z.string()),
    /** Image files the E898 index names that were not among the picked files. */
    missing: z.array(
      z
        .object({
          path: z.string(),
          unit: z.string().optional(),
          partner: z.string().optional(),
          name: z.string().optional(),
          unitPm: z.string().optional(),
        })
        .strict(),
    ),
    taxShares: z.array(StoredTaxShare),
  })
  .strict();
export type ResultOrigin = z.infer<typeof ResultOrigin>;

export const ResultEntryInput = z
  .object({
    billingunit: BillingUnitNumber,
    periodTo: IsoDate,
    /** The binding submission the MSC billed from. */
    transactionid: z.string().min(1),
    result: z.record(z.string(), z.unknown()),
    /** The template of the period as the MSC served it with the result (absent when it could not be read). */
    template: z.record(z.string(), z.unknown()).optional(),
    documents: z.array(StoredDocument),
    origin: ResultOrigin.optional(),
  })
  .strict();
export type ResultEntryInput = z.infer<typeof ResultEntryInput>;

export const ResultEntry = ResultEntryInput.extend({ id: z.string().min(1), seq: z.int().min(1), at: Timestamp }).strict();
export type ResultEntry = z.infer<typeof ResultEntry>;

export type ResultSummary = { id: string; seq: number; at: string; billingunit: string; periodTo: string };
export const ResultSummary = z
  .object({ id: z.string(), seq: z.int(), at: Timestamp, billingunit: BillingUnitNumber, periodTo: IsoDate })
  .strict();
