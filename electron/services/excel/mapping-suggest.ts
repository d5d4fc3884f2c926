/** A column mapping proposed from the header texts, for the mapping dialog to show and the caller to remember. */
import type { ColumnRef, ImportIssue, InvoiceField, MappingSuggestion, UsageUnitField } from '@shared/domain/excel';
import type { FieldSpec } from '@main/services/excel/columns';
import { INVOICE_REQUIRED, INVOICE_SPECS, USAGE_UNIT_REQUIRED, USAGE_UNIT_SPECS } from '@main/services/excel/field-specs';
import { headerCells, readMappedSheet, type MappedSheet } from '@main/services/excel/mapped-sheet';

export type SuggestResult = { ok: true; suggestion: MappingSuggestion } | { ok: false; issues: ImportIssue[] };

/** `headerRow`: take this row as the header row; `columns`: check a known mapping against the header row instead of guessing. */
export type SuggestOptions = {
  headerRow?: number;
  columns?: Partial<Record<UsageUnitField | InvoiceField, ColumnRef>>;
  /** The file's name, for the messages. */
  file?: string;
};

const REQUIRED = { 'usage-units': USAGE_UNIT_REQUIRED, invoices: INVOICE_REQUIRED } as const;

/**
 * Finds the header row of a sheet (first one with two known headers in the first 20 rows) and maps its columns.
 * With `columns`, a header text of the mapping that the header row lacks is an error issue.
 */
export async function suggestMapping(
  buffer: Buffer,
  kind: 'usage-units' | 'invoices',
  sheet?: string,
  extra: SuggestOptions = {},
): Promise<SuggestResult> {
  const specs = (kind === 'usage-units' ? USAGE_UNIT_SPECS : INVOICE_SPECS) as readonly FieldSpec<
    UsageUnitField | InvoiceField
  >[];
  const opts: Parameters<typeof readMappedSheet<UsageUnitField | InvoiceField>>[2] = {
    required: REQUIRED[kind],
    headerOnly: true,
  };
  if (sheet !== undefined) opts.sheet = sheet;
  if (extra.headerRow !== undefined) opts.headerRow = extra.headerRow;
  if (extra.columns !== undefined) opts.columns = extra.columns;
  if (extra.file !== undefined) opts.file = extra.file;
  const result = await readMappedSheet(buffer, specs, opts);
  if (!result.ok) return result;
  const { read } = result;
  if (read.issues.hasErrors()) return { ok: false, issues: read.issues.all() };
  return { ok: true, suggestion: suggestionOf(read, kind) };
}

/** The mapping a read sheet was read with, by header text where there is one, as the mapping step shows it. */
export function suggestionOf<F extends UsageUnitField | InvoiceField>(
  read: MappedSheet<F>,
  kind: 'usage-units' | 'invoices',
): MappingSuggestion {
  const columns: Partial<Record<UsageUnitField | InvoiceField, ColumnRef>> = {};
  for (const c of read.columns) columns[c.field] = c.header === '' ? { letter: c.letter } : { header: c.header };
  const base = { sheet: read.sheet, headerRow: read.headerRow };
  const mapping: MappingSuggestion['mapping'] = kind === 'usage-units' ? { kind, ...base, columns } : { kind, ...base, columns };
  return { sheets: read.sheets, mapping, headers: headerCells(read), missing: read.missing };
}
