/**
 * Excel in and out. Imports read a file the clerk picked (by id: native dialog or browser upload) and return
 * records plus German issues naming sheet, row and column; exports return a prepared file to save or download.
 */
import { z } from 'zod';
import {
  AccountMapping,
  ColumnRef,
  ImportIssue,
  ImportSummary,
  InvoiceImportResult,
  MappingSuggestion,
  InvoiceMapping,
  TemplateImportResult,
  UsageUnitField,
  UsageUnitMapping,
} from '@shared/domain/excel';
import { channel, FileRef, OnConnection, OnPeriod, OnUnit } from '@shared/ipc/channel';

const FileId = z.string().min(1);
const Sheet = z.string().min(1).optional();

/** The proposed column mapping of a picked file; `remembered`: the connection's remembered mapping fits this file. */
export const SuggestMappingResult = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), suggestion: MappingSuggestion, remembered: z.boolean() }).strict(),
  z.object({ ok: z.literal(false), issues: z.array(ImportIssue).min(1) }).strict(),
]);
export type SuggestMappingResult = z.infer<typeof SuggestMappingResult>;

/** Names one running import, chosen by the page, so its progress events and its cancel find it. */
export const ImportJobId = z.string().regex(/^[\w-]{8,64}$/, { message: 'ist keine gültige Import-Kennung' });

/** One data row of a usage-unit list: its Excel row and its text per field, in the order of `fields`. */
export const UnitRow = z.object({ row: z.int().min(1), values: z.array(z.string().max(32_767)) }).strict();
export type UnitRow = z.infer<typeof UnitRow>;

const UnitRowsHead = z.object({ fields: z.array(UsageUnitField), rows: z.array(UnitRow) }).strict();

/**
 * A usage-unit list read for the preview: every data row as it stands in the file, problems included, so the clerk
 * can correct them in place. `issues`: cells that could not be read at all (error values, formulas without a
 * result) and warnings. Only problems of the whole file (no header, a required column missing, …) fail.
 */
export const UnitRowsResult = z.discriminatedUnion('ok', [
  UnitRowsHead.extend({
    ok: z.literal(true),
    issues: z.array(ImportIssue),
    summary: ImportSummary,
    /** The columns as read, for changing the mapping from the preview. */
    suggestion: MappingSuggestion,
    /** The connection's remembered mapping was used. */
    remembered: z.boolean(),
  }).strict(),
  z.object({ ok: z.literal(false), issues: z.array(ImportIssue).min(1) }).strict(),
]);
export type UnitRowsResult = z.infer<typeof UnitRowsResult>;

/** How far reading a usage-unit list has come; `first` comes once, with the first rows, long before the end. */
export const UnitRowsProgress = z
  .object({
    rowsRead: z.int().min(0),
    /** Data rows the sheet says it has (for a progress bar); missing when the file does not say. */
    rowsTotal: z.int().min(0).optional(),
    first: UnitRowsHead.optional(),
  })
  .strict();
export type UnitRowsProgress = z.infer<typeof UnitRowsProgress>;

/** The event the page follows while its import runs. */
export const ImportProgressEvent = UnitRowsProgress.extend({ jobId: ImportJobId }).strict();
export type ImportProgressEvent = z.infer<typeof ImportProgressEvent>;

/** Columns of a tenant list (ERP export) for On-Site-Roles changes: unit, tenant number, name, move-in, move-out. */
export const TENANT_LIST_FIELDS = ['residentialunit', 'partnerPmnumber', 'name', 'firstname', 'movein', 'moveout'] as const;
export const TenantListField = z.enum(TENANT_LIST_FIELDS);
export type TenantListField = z.infer<typeof TenantListField>;
const TenantColumns = z.partialRecord(TenantListField, z.string().regex(/^[A-Z]{1,3}$/));

/** The tenant-list columns a connection remembers, by header text (or letter where the text is not unique). */
export const TenantColumnsMapping = z.object({ columns: z.partialRecord(TenantListField, ColumnRef) }).strict();
export type TenantColumnsMapping = z.infer<typeof TenantColumnsMapping>;

/**
 * One tenancy of the list; dates ISO. `residentialunit`: the unit as the list names it (MSC or own number).
 * `partnerPmnumber` is missing where the list has no tenant number; the screen then matches by unit, name and period.
 */
export const TenantRow = z
  .object({
    row: z.int().min(1),
    residentialunit: z.string().min(1),
    partnerPmnumber: z.string().min(1).optional(),
    name: z.string().min(1),
    firstname: z.string().optional(),
    movein: z.string().min(1),
    moveout: z.string().optional(),
  })
  .strict();
export type TenantRow = z.infer<typeof TenantRow>;

export const TenantListResult = z.discriminatedUnion('ok', [
  z
    .object({
      ok: z.literal(true),
      sheet: z.string(),
      sheets: z.array(z.object({ name: z.string(), hidden: z.boolean() }).strict()),
      headerRow: z.int().min(1),
      headers: z.array(z.object({ letter: z.string(), text: z.string() }).strict()),
      /** The columns as read (suggested or chosen), by letter. */
      columns: TenantColumns,
      /** The columns are the ones remembered from this connection's last chosen mapping. */
      remembered: z.literal(true).optional(),
      rows: z.array(TenantRow),
      issues: z.array(ImportIssue),
    })
    .strict(),
  z.object({ ok: z.literal(false), issues: z.array(ImportIssue).min(1) }).strict(),
]);
export type TenantListResult = z.infer<typeof TenantListResult>;

export const excelChannels = {
  /**
   * Sheets, header row and column mapping of a picked file, for the mapping step. The connection's remembered
   * mapping wins when all its header texts are in the file; `headerRow` asks for that row as the header row.
   */
  'excel:suggest-mapping': channel(
    z
      .object({
        ...OnConnection,
        fileId: FileId,
        kind: z.enum(['usage-units', 'invoices']),
        sheet: Sheet,
        headerRow: z.int().min(1).max(1_048_576).optional(),
      })
      .strict(),
    SuggestMappingResult,
  ),
  /**
   * Reads a usage-unit list for the preview. Without `mapping`, the connection's remembered mapping is used when it
   * fits; a successful mapped import is remembered. With `jobId`, `excel:import-progress` events report the rows
   * read (and the first rows) and `excel:cancel-import` stops it (the call then fails with CANCELLED).
   */
  'excel:import-units': channel(
    z
      .object({
        ...OnConnection,
        fileId: FileId,
        sheet: Sheet,
        mapping: UsageUnitMapping.optional(),
        jobId: ImportJobId.optional(),
      })
      .strict(),
    UnitRowsResult,
  ),
  /** Gets the import's worker thread going while the clerk is still choosing a file. */
  'excel:prepare-import': channel(z.object({}).strict(), z.void()),
  /** Stops a running import; nothing happens when it has finished already. */
  'excel:cancel-import': channel(z.object({ jobId: ImportJobId }).strict(), z.void()),
  /** Remembered accounts → cost types are merged under `accountMapping`; after success the merged mapping is remembered. */
  'excel:import-invoices': channel(
    z
      .object({
        ...OnPeriod,
        fileId: FileId,
        sheet: Sheet,
        mapping: InvoiceMapping.optional(),
        accountMapping: AccountMapping.optional(),
      })
      .strict(),
    InvoiceImportResult,
  ),
  /** Reads a filled Erfassungsmappe back against the period's template. */
  'excel:import-template': channel(z.object({ ...OnPeriod, fileId: FileId }).strict(), TemplateImportResult),
  /** The period's template as an Erfassungsmappe, pre-filled from the draft when it is complete. */
  'excel:export-template': channel(z.object(OnPeriod).strict(), FileRef),
  'excel:export-matching': channel(z.object(OnUnit).strict(), FileRef),
  /** Reads a tenant list for On-Site-Roles changes; without `columns` they are suggested from the header texts. */
  'excel:import-tenants': channel(
    z
      .object({
        ...OnConnection,
        fileId: FileId,
        sheet: Sheet,
        headerRow: z.int().min(1).max(1_048_576).optional(),
        columns: TenantColumns.optional(),
      })
      .strict(),
    TenantListResult,
  ),
} as const;
