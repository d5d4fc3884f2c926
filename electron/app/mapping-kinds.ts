/**
 * What Excel imports remember per connection: the column mapping of each import kind (columns named by header
 * text, so a re-ordered export still fits; no sheet or header row, which vary from file to file) and the
 * clerk's accounts → agreed cost types.
 */
import { defineMappingKind } from '@shared/domain/connection';
import { AccountMapping, InvoiceMapping, UsageUnitMapping } from '@shared/domain/excel';
import type { ColumnMapping, ColumnRef, HeaderCell } from '@shared/domain/excel';
import { TenantColumnsMapping } from '@shared/ipc/channels/excel';

export const USAGE_UNIT_COLUMNS = defineMappingKind('excel-columns:usage-units', UsageUnitMapping);
export const INVOICE_COLUMNS = defineMappingKind('excel-columns:invoices', InvoiceMapping);
export const TENANT_COLUMNS = defineMappingKind('excel-columns:tenants', TenantColumnsMapping);
export const ACCOUNT_COST_TYPES = defineMappingKind('account-cost-types', AccountMapping);

/**
 * The mapping as it is worth remembering: a column given by letter becomes its header text from the file just
 * read, unless that text is empty or appears twice (then only the letter is exact).
 */
export function portable<M extends ColumnMapping>(mapping: M, headers: readonly HeaderCell[]): M {
  const { sheet: _sheet, headerRow: _row, ...rest } = mapping;
  const columns: Partial<Record<string, ColumnRef>> = mapping.columns;
  return { ...rest, columns: portableColumns(columns, headers) } as M;
}

/** Columns by letter or header text → by header text wherever the file just read has that text once. */
export function portableColumns<F extends string>(
  given: Partial<Record<F, ColumnRef>>,
  headers: readonly Pick<HeaderCell, 'letter' | 'text'>[],
): Partial<Record<F, ColumnRef>> {
  const columns: Partial<Record<F, ColumnRef>> = {};
  for (const [field, ref] of Object.entries(given) as [F, ColumnRef | undefined][]) {
    if (ref === undefined) continue;
    if ('header' in ref) {
      columns[field] = ref;
      continue;
    }
    const text = headers.find((h) => h.letter === ref.letter)?.text.trim() ?? '';
    const unique = text !== '' && headers.filter((h) => h.text.trim() === text).length === 1;
    columns[field] = unique ? { header: text } : ref;
  }
  return columns;
}
