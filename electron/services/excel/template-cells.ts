/**
 * Where a JSON path of the submission sits in the Erfassungsmappe that template-export writes for the same
 * template and draft: sheet, row and column. The export writes rows in the draft's order (deliveries of all fuels
 * one after another on one sheet), so the row follows from the indices; columns come from template-layout.
 */
import { pathSegments } from '@shared/domain/precheck/logic';
import type { FilledTemplate, Template } from '@shared/msc/billing-input';
import { columnLetter } from '@main/services/excel/issues';
import {
  CO2_COLS,
  DELIVERY_COLS,
  FUEL_COLS,
  PREPAYMENT_COLS,
  SHEET,
  allocKey,
  distributionKeysOf,
  invoiceCols,
  recipientCols,
  type Col,
} from '@main/services/excel/template-layout';
import { reportText, type ReportLanguage } from '@main/services/reports/report-text';

export type TemplateCell = { sheet: string; row: number; column: string; header: string };

type Segment = string | number;

/** The first data row: row 1 holds the headers. */
const FIRST_ROW = 2;

const STOCK_COLS: Readonly<Record<string, string>> = {
  date: 'Date',
  quantity: 'Qty',
  'amounts.grossamount': 'Gross',
  'amounts.netamount': 'Net',
};
const DELIVERY_FIELDS: Readonly<Record<string, string>> = {
  invoicedate: 'invoicedate',
  quantity: 'quantity',
  amounts: 'gross',
  'amounts.grossamount': 'gross',
  'amounts.netamount': 'net',
  co2: 'co2Factor',
  'co2.emissionfactor': 'co2Factor',
  'co2.emissionkg': 'co2Kg',
  'co2.costgross': 'co2Cost',
  energymix: 'mix1Source',
  servicefrom: 'servicefrom',
  serviceto: 'serviceto',
};
/** Unknown fields fall back to the row's first visible column, so the report still names the row. */
const INVOICE_FIELDS: Readonly<Record<string, string>> = {
  cost: 'cost',
  'cost.key': 'cost',
  'cost.text': 'text',
  allocationkey: 'allocationkey',
  invoicedate: 'invoicedate',
  quantity: 'quantity',
  amounts: 'gross',
  'amounts.grossamount': 'gross',
  'amounts.netamount': 'net',
  taxservicetype: 'taxservicetype',
  laborgross: 'laborgross',
  servicefrom: 'servicefrom',
  serviceto: 'serviceto',
};
const RECIPIENT_FIELDS: Readonly<Record<string, string>> = {
  residentialunitMscnumber: 'msc',
  residentialunitPmnumber: 'pm',
  partnerPmnumber: 'partner',
  validfrom: 'validfrom',
  validto: 'validto',
  vacancy: 'vacancy',
};

const fieldOf = (rest: readonly Segment[]): string => rest.filter((s): s is string => typeof s === 'string').join('.');

function cell(sheet: string, cols: readonly Col[], key: string | undefined, row: number): TemplateCell | undefined {
  const i = cols.findIndex((c) => c.key === key);
  const col = cols[i];
  return col ? { sheet, row, column: columnLetter(i + 1), header: col.header } : undefined;
}

function sourceCell(draft: FilledTemplate, i: number, rest: readonly Segment[]): TemplateCell | undefined {
  const [part, j, ...tail] = rest;
  if (part !== 'deliveries') {
    const prefix = part === 'openingstock' ? 'os' : part === 'closingstock' ? 'cs' : undefined;
    const sub = fieldOf(rest.slice(1));
    const own = part === 'slot' ? 'slot' : part === 'calorificvalue' ? 'calorific' : 'fuel';
    const key = prefix === undefined ? own : `${prefix}${STOCK_COLS[sub] ?? 'Qty'}`;
    return cell(SHEET.fuels, FUEL_COLS, key, FIRST_ROW + i);
  }
  if (typeof j !== 'number') return undefined;
  const before = draft.energysources.slice(0, i).reduce((n, s) => n + s.deliveries.length, 0);
  const row = FIRST_ROW + before + j;
  const [head, k, leaf] = tail;
  if (head === 'energymix' && typeof k === 'number') {
    const part = String(k + 1);
    return cell(SHEET.deliveries, DELIVERY_COLS, leaf === 'source' ? `mix${part}Source` : `mix${part}Share`, row);
  }
  return cell(SHEET.deliveries, DELIVERY_COLS, DELIVERY_FIELDS[fieldOf(tail)] ?? 'fuel', row);
}

function recipientCell(template: Template, draft: FilledTemplate, i: number, rest: readonly Segment[]): TemplateCell | undefined {
  const row = FIRST_ROW + i;
  const [part, k] = rest;
  if (part === 'prepayments') {
    const kind = typeof rest[1] === 'string' ? rest[1] : 'heating';
    const key = `${kind}${rest[2] === 'netamount' ? 'Net' : 'Gross'}`;
    return cell(SHEET.prepayments, PREPAYMENT_COLS, key, row);
  }
  const keys = distributionKeysOf(template, draft);
  const cols = recipientCols(keys);
  if (part === 'allocations') {
    const code = typeof k === 'number' ? draft.billingrecipients[i]?.allocations[k]?.key : keys[0];
    return cell(SHEET.recipients, cols, code === undefined ? undefined : allocKey(code), row);
  }
  return cell(SHEET.recipients, cols, RECIPIENT_FIELDS[fieldOf(rest)] ?? 'msc', row);
}

/**
 * The cell of the exported Erfassungsmappe (template + this draft) that holds the value at `path`; undefined for
 * header paths (currency, expected VAT) and for places the workbook has no row for. A fuel's calorific value is
 * the last column of its fuel row; the CO2 property facts are the one row of the sheet „CO2-Angaben“.
 */
export function templateCellOf(path: string, template: Template, draft: FilledTemplate): TemplateCell | undefined {
  const [head, index, ...rest] = pathSegments(path);
  // The CO2 property facts are the one row of their sheet; the whole object points at its first column.
  if (head === 'co2configuration') return cell(SHEET.co2, CO2_COLS, typeof index === 'string' ? index : 'heatedarea', FIRST_ROW);
  if (typeof index !== 'number') return undefined;
  switch (head) {
    case 'energysources':
      return index < draft.energysources.length ? sourceCell(draft, index, rest) : undefined;
    case 'heatingsysteminvoices':
    case 'ancillaryinvoices': {
      if (index >= draft[head].length) return undefined;
      const sheet = head === 'heatingsysteminvoices' ? SHEET.heating : SHEET.ancillary;
      const cols = invoiceCols(head === 'heatingsysteminvoices' ? 'heatingCosts' : 'ancillaryCosts');
      return cell(sheet, cols, INVOICE_FIELDS[fieldOf(rest)] ?? 'cost', FIRST_ROW + index);
    }
    case 'billingrecipients':
      return index < draft.billingrecipients.length ? recipientCell(template, draft, index, rest) : undefined;
    default:
      return undefined;
  }
}

/** `Lieferungen, Zeile 3, Spalte E (Brutto €)` (`…, row 3, column E …` in English) for the check report. */
export function describeTemplateCell(c: TemplateCell, language?: ReportLanguage): string {
  return reportText(language).r('cell', { ...c });
}
