/**
 * Excel in and out. Imports read a file the clerk picked (by id: native dialog or browser upload) and return
 * records plus German issues naming sheet, row and column; exports return a prepared file to save or download.
 */
import { z } from 'zod';
import {
  AccountMapping,
  InvoiceImportResult,
  InvoiceMapping,
  TemplateImportResult,
  UsageUnitImportResult,
  UsageUnitMapping,
} from '@shared/domain/excel';
import { channel, FileRef, OnPeriod, OnUnit } from '@shared/ipc/channel';

const FileId = z.string().min(1);
const Sheet = z.string().min(1).optional();

export const excelChannels = {
  'excel:import-units': channel(
    z.object({ fileId: FileId, sheet: Sheet, mapping: UsageUnitMapping.optional() }).strict(),
    UsageUnitImportResult,
  ),
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
