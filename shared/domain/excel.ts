/**
 * Excel import and report shapes that cross IPC: column mappings (remembered per connection by the
 * caller), import issues and summaries, and the context of a check report. The importers live in
 * electron/services/excel; this file only says what goes in and comes out.
 */
import { z } from 'zod';
import { SetupResidentialUnit } from '@shared/msc/billing-unit-data';
import { Action, CostTypeCode, DateRange, Delivery, FuelCode, Invoice } from '@shared/msc/billing-input';
import { IsoTimestamp } from '@shared/msc/primitives';
import { DraftContent } from '@shared/domain/workspace';

/** Fields a usage-unit list can fill (SetupResidentialUnit incl. auxiliary criteria and current recipient). */
export const USAGE_UNIT_FIELDS = [
  'residentialunitPmnumber',
  /** The property a row belongs to (MSC billing unit number or our own number), for lists of several properties. */
  'billingunit',
  'residentialunitMscnumber',
  'description',
  'validfrom',
  'partnerPmnumber',
  'name',
  'firstname',
  'floor',
  'position',
  'livingarea',
  'persons',
  'meternumbers',
  'previousresidentialunitMscnumber',
  'note',
] as const;
export const UsageUnitField = z.enum(USAGE_UNIT_FIELDS);
export type UsageUnitField = z.infer<typeof UsageUnitField>;

/** Fields of the clerk's bookkeeping export. `amount` is read as gross or net according to the template's VAT mode. */
export const INVOICE_FIELDS = [
  'invoicedate',
  'grossamount',
  'netamount',
  'amount',
  'text',
  'account',
  'costtype',
  'quantity',
  'fuel',
  'taxservicetype',
  'laborgross',
] as const;
export const InvoiceField = z.enum(INVOICE_FIELDS);
export type InvoiceField = z.infer<typeof InvoiceField>;

/** German names of the fields, as the mapping dialog and every issue show them. */
export const FIELD_LABELS: Record<UsageUnitField | InvoiceField, string> = {
  residentialunitPmnumber: 'Ordnungsbegriff',
  billingunit: 'Liegenschaft',
  residentialunitMscnumber: 'Nutzer-Nr. (Messdienst)',
  description: 'Lage',
  validfrom: 'gültig ab',
  partnerPmnumber: 'Partner-Nr.',
  name: 'Name',
  firstname: 'Vorname',
  floor: 'Geschoss',
  position: 'Position',
  livingarea: 'Wohnfläche',
  persons: 'Personen',
  meternumbers: 'Zählernummern',
  previousresidentialunitMscnumber: 'Vorherige Nutzer-Nr.',
  note: 'Bemerkung',
  invoicedate: 'Datum',
  grossamount: 'Brutto',
  netamount: 'Netto',
  amount: 'Betrag',
  text: 'Text',
  account: 'Konto',
  costtype: 'Kostenart',
  quantity: 'Menge',
  fuel: 'Brennstoff',
  taxservicetype: 'Leistungsart §35a',
  laborgross: 'Lohnanteil brutto',
};

/** Field groups of which at least one needs a column, per import kind. */
export const REQUIRED_FIELD_GROUPS = {
  'usage-units': [['residentialunitPmnumber']] as readonly (readonly UsageUnitField[])[],
  invoices: [
    ['invoicedate'],
    ['grossamount', 'netamount', 'amount'],
    ['costtype', 'account', 'text'],
  ] as readonly (readonly InvoiceField[])[],
} as const;

export const ColumnLetter = z.string().regex(/^[A-Z]{1,3}$/, { message: 'muss ein Spaltenbuchstabe sein (z. B. C)' });

/** A column named by its letter (exact) or by its header text (survives re-ordered columns). */
export const ColumnRef = z.union([
  z.object({ letter: ColumnLetter }).strict(),
  z.object({ header: z.string().min(1).max(200) }).strict(),
]);
export type ColumnRef = z.infer<typeof ColumnRef>;

const mappingBase = {
  /** Sheet name; missing = the first sheet. */
  sheet: z.string().min(1).optional(),
  /** Excel row number of the header row; missing = detect it. */
  headerRow: z.int().min(1).max(1_048_576).optional(),
};

export const UsageUnitMapping = z
  .object({ kind: z.literal('usage-units'), ...mappingBase, columns: z.partialRecord(UsageUnitField, ColumnRef) })
  .strict()
  .meta({ id: 'UsageUnitMapping' });
export type UsageUnitMapping = z.infer<typeof UsageUnitMapping>;

export const InvoiceMapping = z
  .object({ kind: z.literal('invoices'), ...mappingBase, columns: z.partialRecord(InvoiceField, ColumnRef) })
  .strict()
  .meta({ id: 'InvoiceMapping' });
export type InvoiceMapping = z.infer<typeof InvoiceMapping>;

export const ColumnMapping = z.discriminatedUnion('kind', [UsageUnitMapping, InvoiceMapping]);
export type ColumnMapping = z.infer<typeof ColumnMapping>;

/** An account whose rows the clerk leaves out of the billing (e.g. repairs, which no cost type covers). */
export const ACCOUNT_SKIP = 'skip';

/** The clerk's accounts (or booking texts) → agreed cost type or `skip`; remembered per connection by the caller. */
export const AccountMapping = z.record(z.string().min(1), z.union([CostTypeCode, z.literal(ACCOUNT_SKIP)]));
export type AccountMapping = z.infer<typeof AccountMapping>;

export const IMPORT_ISSUE_CODES = [
  'FILE_EMPTY',
  'FILE_CORRUPT',
  'FILE_ENCRYPTED',
  'FILE_LEGACY_XLS',
  'SHEET_MISSING',
  'SHEET_EMPTY',
  'HEADER_NOT_FOUND',
  'HEADER_MERGED',
  'MERGED_CELLS',
  'COLUMN_MISSING',
  'FORMULA_NO_RESULT',
  'CELL_ERROR',
  'NOT_A_NUMBER',
  'NOT_A_DATE',
  'INVALID_VALUE',
  'REQUIRED',
  'TOO_LONG',
  'BIDI_CONTROL',
  'DUPLICATE',
  'ACCOUNT_UNMAPPED',
  'COSTTYPE_UNKNOWN',
  'COSTTYPE_NOT_AGREED',
  'FUEL_UNKNOWN',
  'VAT_MODE',
  'TRUNCATED',
  'WRONG_WORKBOOK',
  'TOO_MANY_ISSUES',
  'FILE_TOO_LARGE',
  'LIMIT_EXCEEDED',
  'AMOUNT_ZERO',
  'CREDIT_NOTE',
  'DATE_BEFORE_PERIOD',
] as const;
export const ImportIssueCode = z.enum(IMPORT_ISSUE_CODES);
export type ImportIssueCode = z.infer<typeof ImportIssueCode>;

const MIB = 1024 * 1024;

/**
 * What an imported workbook may need before it is refused unread, with room to spare over the largest real
 * files: a 20,000-row usage-unit list (sheet 7.9 MB, shared strings 2.7 MB unpacked) and an Erfassungsmappe
 * of 2,000 recipients × 5 keys and 500 invoices (largest sheet 1.2 MB, 2.6 MB in all, 2,001 rows, 21 columns,
 * no merged cells). Lists are read row by row; the Erfassungsmappe is loaded whole, so it gets tighter bounds.
 */
export const IMPORT_LIMITS = {
  /** Any part of the zip, as its directory states and as it actually unpacks. */
  partBytes: 64 * MIB,
  /** All parts together, as the zip directory states. */
  archiveBytes: 256 * MIB,
  list: { readBytes: 128 * MIB, rows: 100_000, columns: 1_000, mergedRanges: 1_000 },
  workbook: { readBytes: 32 * MIB, rows: 20_000, columns: 256, mergedRanges: 1_000, mergedCells: 100_000 },
  /** The import runs in a worker thread of its own with this much heap and time. */
  worker: { heapMb: 512, timeoutMs: 60_000 },
} as const;

/** One problem of an import; `message` is a complete German sentence naming sheet, row and column. */
export const ImportIssue = z
  .object({
    severity: z.enum(['error', 'warning']),
    code: ImportIssueCode,
    message: z.string().min(1),
    sheet: z.string().optional(),
    /** Excel row number (1-based, as Excel shows it). */
    row: z.int().min(1).optional(),
    column: ColumnLetter.optional(),
    header: z.string().optional(),
    value: z.string().optional(),
  })
  .strict()
  .meta({ id: 'ImportIssue' });
export type ImportIssue = z.infer<typeof ImportIssue>;

export const SheetInfo = z.object({ name: z.string(), hidden: z.boolean() }).strict();
export type SheetInfo = z.infer<typeof SheetInfo>;

export const HeaderCell = z
  .object({ letter: ColumnLetter, text: z.string(), field: z.union([UsageUnitField, InvoiceField]).optional() })
  .strict();
export type HeaderCell = z.infer<typeof HeaderCell>;

export const ImportSummary = z
  .object({
    sheet: z.string(),
    headerRow: z.int().min(1),
    /** Data rows turned into records. */
    rowsImported: z.int().min(0),
    emptyRowsSkipped: z.int().min(0),
    lastRow: z.int().min(0),
    headers: z.array(HeaderCell),
  })
  .strict()
  .meta({ id: 'ImportSummary' });
export type ImportSummary = z.infer<typeof ImportSummary>;

export const MappingSuggestion = z
  .object({
    sheets: z.array(SheetInfo),
    mapping: ColumnMapping,
    headers: z.array(HeaderCell),
    /** Required fields no column was found for. */
    missing: z.array(z.union([UsageUnitField, InvoiceField])),
  })
  .strict()
  .meta({ id: 'MappingSuggestion' });
export type MappingSuggestion = z.infer<typeof MappingSuggestion>;

const Failure = z.object({ ok: z.literal(false), issues: z.array(ImportIssue).min(1) }).strict();

export const UsageUnitImportResult = z.discriminatedUnion('ok', [
  z
    .object({
      ok: z.literal(true),
      units: z.array(SetupResidentialUnit),
      warnings: z.array(ImportIssue),
      summary: ImportSummary,
    })
    .strict(),
  Failure,
]);
export type UsageUnitImportResult = z.infer<typeof UsageUnitImportResult>;

/** An account (or booking text) of the clerk's export that has no cost type yet. */
export const AccountToMap = z
  .object({
    account: z.string(),
    rows: z.array(z.int().min(1)),
    texts: z.array(z.string()),
    suggestion: CostTypeCode.optional(),
  })
  .strict()
  .meta({ id: 'AccountToMap' });
export type AccountToMap = z.infer<typeof AccountToMap>;

export const FuelDelivery = z.object({ slot: z.int().min(1).max(2), fuel: FuelCode, delivery: Delivery }).strict();
export type FuelDelivery = z.infer<typeof FuelDelivery>;

export const InvoiceImportResult = z.discriminatedUnion('ok', [
  z
    .object({
      ok: z.literal(true),
      heatingsysteminvoices: z.array(Invoice),
      ancillaryinvoices: z.array(Invoice),
      deliveries: z.array(FuelDelivery),
      warnings: z.array(ImportIssue),
      summary: ImportSummary,
      /** SHA-256 of the file's bytes (hex): the same list read again is recognised by it. */
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      /** Rows left out because their account is marked `skip`. */
      skipped: z.int().min(0),
    })
    .strict(),
  Failure.extend({ accounts: z.array(AccountToMap) }).strict(),
]);
export type InvoiceImportResult = z.infer<typeof InvoiceImportResult>;

/** A read Erfassungsmappe: the draft as far as the workbook fills it (values it cannot read kept as text, named). */
export const TemplateImportResult = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), draft: DraftContent, warnings: z.array(ImportIssue) }).strict(),
  Failure,
]);
export type TemplateImportResult = z.infer<typeof TemplateImportResult>;

/** Where and when a check ran; heads the check report. */
export const CheckReportContext = z
  .object({
    billingunit: z.string().min(1),
    period: DateRange,
    checkedAt: IsoTimestamp,
    transactionid: z.string().min(1).optional(),
    action: Action,
  })
  .strict()
  .meta({ id: 'CheckReportContext' });
export type CheckReportContext = z.infer<typeof CheckReportContext>;
