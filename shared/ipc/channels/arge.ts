/** ARGE Heiwako files of a billing period (docs/arge.md): the check's findings and the files to save. */
import { z } from 'zod';
import { channel, FileRef, OnConnection, OnPeriod } from '@shared/ipc/channel';
import { Agreement, AgreementFields, StoredAgreement } from '@shared/arge/agreement';
import { RECORD_TYPES } from '@shared/arge/fields';
import { FilledTemplate } from '@shared/msc/billing-input';

const ArgePlace = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('property') }).strict(),
  z.object({ kind: z.literal('recipient'), unit: z.string(), partner: z.string(), name: z.string().optional() }).strict(),
  z.object({ kind: z.literal('fuel'), slot: z.int(), fuel: z.string() }).strict(),
  z.object({ kind: z.literal('delivery'), slot: z.int(), fuel: z.string(), date: z.string(), index: z.int() }).strict(),
  z
    .object({
      kind: z.literal('invoice'),
      list: z.enum(['heating', 'ancillary']),
      key: z.string(),
      date: z.string(),
      index: z.int(),
    })
    .strict(),
]);

/** A field that cannot take its value; the problem's code keys its text in the locales' arge.json. */
const ArgeFieldIssue = z
  .object({
    severity: z.literal('error'),
    place: ArgePlace,
    record: z.enum(RECORD_TYPES as [string, ...string[]]),
    field: z.int(),
    fieldName: z.string(),
    value: z.string().optional(),
    key: z.string().optional(),
    problem: z
      .object({
        code: z.enum([
          'ARGE_MISSING',
          'ARGE_TEXT_TOO_LONG',
          'ARGE_CHARACTER',
          'ARGE_NOT_A_NUMBER',
          'ARGE_TOO_MANY_PLACES',
          'ARGE_TOO_LARGE',
          'ARGE_BAD_DATE',
          'ARGE_DATE_OUT_OF_RANGE',
        ]),
        length: z.int().optional(),
        max: z.int().optional(),
        character: z.string().optional(),
        value: z.string().optional(),
        places: z.int().optional(),
        digits: z.int().optional(),
      })
      .strict(),
  })
  .strict();

export const ArgeIssue = z.union([
  ArgeFieldIssue,
  z.object({ severity: z.literal('error'), code: z.enum(['ARGE_CUSTOMER_NUMBER', 'ARGE_MSC_KEY']), value: z.string() }).strict(),
  z
    .object({
      severity: z.literal('warning'),
      code: z.enum([
        'ARGE_KEY_NOT_CARRIED',
        'ARGE_INVOICE_KEY_NOT_CARRIED',
        'ARGE_CO2_NOT_CARRIED',
        'ARGE_ENERGYMIX_NOT_CARRIED',
      ]),
      key: z.string().optional(),
      place: ArgePlace.optional(),
    })
    .strict(),
]);
export type ArgeIssue = z.infer<typeof ArgeIssue>;

export const ArgeExportOutcome = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), files: z.array(FileRef), notes: z.array(ArgeIssue) }).strict(),
  z.object({ ok: z.literal(false), issues: z.array(ArgeIssue) }).strict(),
]);
export type ArgeExportOutcome = z.infer<typeof ArgeExportOutcome>;

/** What last year's files gave for an agreement, and what they held that could not be used. */
export const DerivedAgreement = z
  .object({
    agreement: AgreementFields.partial(),
    /** Codes of table B, K or E the files name that our tables do not know (`K 999`). */
    unknownCodes: z.array(z.string()),
    /** Records the reader could not read (each reported with file and line by `npm run arge -- read`). */
    unreadable: z.int().min(0),
  })
  .strict();
export type DerivedAgreement = z.infer<typeof DerivedAgreement>;

export const argeChannels = {
  /** The agreements of a file-exchange connection's properties (docs/arge.md, "File-exchange connection"). */
  'arge:agreements': channel(z.object(OnConnection).strict(), z.array(StoredAgreement)),
  /** Creates or replaces a property's agreement; refused with the fields' problems when it does not hold together. */
  'arge:agreement-save': channel(z.object({ ...OnConnection, agreement: Agreement }).strict(), StoredAgreement),
  /** Reads last year's DTM/DTK files (picked or uploaded) into the parts of an agreement they give. */
  'arge:agreement-from-files': channel(
    z.object({ ...OnConnection, fileIds: z.array(z.string().min(1).max(100)).min(1).max(10) }).strict(),
    DerivedAgreement,
  ),
  /** One of the files written for a period, offered again for saving; refused when it is gone or changed since. */
  'arge:written-file': channel(
    z.object({ ...OnConnection, transactionid: z.string().min(1).max(100), name: z.string().min(1).max(100) }).strict(),
    FileRef,
  ),
  /** The period's DTM (L + M) and DTK (B + K) files from the filled template; refused with the check's errors. */
  'arge:export': channel(z.object({ ...OnPeriod, filled: FilledTemplate }).strict(), ArgeExportOutcome),
} as const;
