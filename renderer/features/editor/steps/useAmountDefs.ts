import type { TFunction } from 'i18next';
import type { ColumnDef } from '@renderer/components/grid/columns';

/** Gross and/or net columns as the template's expected VAT mode asks. */
export function amountDefs(t: TFunction<'editor'>, expectedvat: string, prefix = 'amounts'): ColumnDef[] {
  const defs: ColumnDef[] = [];
  if (expectedvat !== 'NET') defs.push({ field: `${prefix}.grossamount`, title: t('field.gross') });
  if (expectedvat !== 'GROSS') defs.push({ field: `${prefix}.netamount`, title: t('field.net') });
  return defs;
}
