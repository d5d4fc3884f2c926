/**
 * Excel in and out. Imports read a file the clerk picked (by id: native dialog or browser upload) and return
 * records plus German issues naming sheet, row and column; exports return a prepared file to save or download.
 */
import { z } from 'zod';
import {
  AccountMapping,
  ImportIssue,
  InvoiceImportResult,
  MappingSuggestion,
  InvoiceMapping,
  TemplateImportResult,
  UsageUnitImportResult,
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
  /** Without `mapping`, the connection's remembered mapping is used when it fits; a successful mapped import is remembered. */
  'excel:import-units': channel(
    z.object({ ...OnConnection, fileId: FileId, sheet: Sheet, mapping: UsageUnitMapping.optional() }).strict(),
    UsageUnitImportResult,
  ),
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
} as const;
