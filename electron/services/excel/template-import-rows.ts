/** Reading the invoice, recipient and prepayment sheets of the Erfassungsmappe back into draft parts. */
import type { Worksheet } from 'exceljs';
import { COST_TYPE_CODES, DISTRIBUTION_UNIT_CODES, TAX_SERVICE_TYPE_CODES } from '@shared/domain/codes';
import type { Invoice, RecipientEntry } from '@shared/msc/billing-input';
import type { Amounts } from '@shared/msc/primitives';
import { cellText, toCell } from '@main/services/excel/cell-values';
import { issueAt, type IssueList } from '@main/services/excel/issues';
import { readTable, RowFields, type TableRow } from '@main/services/excel/table-sheet';
import {
  PREPAYMENT_COLS,
  PREPAYMENT_GROUPS,
  allocKey,
  invoiceCols,
  recipientCols,
  type Col,
} from '@main/services/excel/template-layout';

export type Ranked<T> = { id: number | undefined; row: number; value: T };

/** The draft's order: rows with a position first (by it), rows the clerk added after them, in sheet order. */
export function restoreOrder<T>(items: readonly Ranked<T>[]): T[] {
  const rank = (x: Ranked<T>): number => x.id ?? Number.MAX_SAFE_INTEGER;
  return [...items].sort((a, b) => rank(a) - rank(b) || a.row - b.row).map((x) => x.value);
}

export function rowId(r: TableRow): number | undefined {
  const t = cellText(r.cell('id'));
  return /^\d+$/.test(t) ? Number(t) : undefined;
}

export const visibleKeys = (cols: readonly Col[]): string[] =>
  cols.filter((c) => c.kind !== 'id' && c.kind !== 'order').map((c) => c.key);

export function amountsOf(f: RowFields, gross: string, net: string): Amounts {
  const amounts: Amounts = {};
  const g = f.money(gross);
  const n = f.money(net);
  if (g !== undefined) amounts.grossamount = g;
  if (n !== undefined) amounts.netamount = n;
  return amounts;
}

export function readInvoices(ws: Worksheet, issues: IssueList): Invoice[] {
  const cols = invoiceCols('heatingCosts');
  const table = readTable(ws, cols, issues);
  const keys = visibleKeys(cols);
  const out: Ranked<Invoice>[] = [];
  for (const r of table.rows) {
    if (r.blank(keys)) continue;
    const f = new RowFields(r, issues);
    const key = f.code('cost', COST_TYPE_CODES, 'Kostenarten (Tabelle K)');
    const invoicedate = f.date('invoicedate');
    const text = f.text('text');
    const allocationkey = f.code('allocationkey', DISTRIBUTION_UNIT_CODES, 'Verteilerschlüssel (Tabelle E)');
    const quantity = f.quantity('quantity');
    const amounts = amountsOf(f, 'gross', 'net');
    const taxservicetype = f.code('taxservicetype', TAX_SERVICE_TYPE_CODES, 'Leistungsarten §35a (Tabelle L)');
    const laborgross = f.money('laborgross');
    if (!f.require('cost', key, 'Die Kostenart') || !f.require('invoicedate', invoicedate, 'Das Rechnungsdatum') || f.failed)
      continue;
    const inv: Invoice = { cost: { key }, invoicedate, amounts };
    if (text !== undefined) inv.cost.text = text;
    if (allocationkey !== undefined) inv.allocationkey = allocationkey;
    if (quantity !== undefined) inv.quantity = quantity;
    if (taxservicetype !== undefined) inv.taxservicetype = taxservicetype;
    if (laborgross !== undefined) inv.laborgross = laborgross;
    out.push({ id: rowId(r), row: r.row, value: inv });
  }
  return restoreOrder(out);
}

const whoKey = (msc: string, partner: string, validfrom: string): string => `${msc}|${partner}|${validfrom}`;

type Who = { msc: string; partner: string; validfrom: string; validto: string; pm?: string };

function readWho(f: RowFields): Who | undefined {
  const msc = f.text('msc');
  const partner = f.text('partner');
  const validfrom = f.date('validfrom');
  const validto = f.date('validto');
  const pm = f.text('pm');
  if (!f.require('msc', msc, 'Die Nutzer-Nr.') || !f.require('partner', partner, 'Die Partner-Nr.')) return undefined;
  if (!f.require('validfrom', validfrom, 'Das Datum „gültig ab“') || !f.require('validto', validto, 'Das Datum „gültig bis“'))
    return undefined;
  return pm === undefined ? { msc, partner, validfrom, validto } : { msc, partner, validfrom, validto, pm };
}

type PrepaymentRow = { id: number | undefined; who: Who; prepayments: NonNullable<RecipientEntry['prepayments']>; row: TableRow };

function readPrepayments(ws: Worksheet, issues: IssueList): PrepaymentRow[] {
  const table = readTable(ws, PREPAYMENT_COLS, issues);
  const out: PrepaymentRow[] = [];
  for (const r of table.rows) {
    const f = new RowFields(r, issues);
    const prepayments: PrepaymentRow['prepayments'] = {};
    for (const [k] of PREPAYMENT_GROUPS) {
      const a = amountsOf(f, `${k}Gross`, `${k}Net`);
      if (a.grossamount !== undefined || a.netamount !== undefined) prepayments[k] = a;
    }
    if (Object.keys(prepayments).length === 0) continue;
    const who = readWho(f);
    if (!who || f.failed) continue;
    out.push({ id: rowId(r), who, prepayments, row: r });
  }
  return out;
}

/** Distribution keys the recipients sheet has columns for (`010 m² Wohnfläche` → `010`). */
function allocationColumns(ws: Worksheet): string[] {
  const keys: string[] = [];
  ws.getRow(1).eachCell((cell) => {
    const code = /^(\d{3})\s/.exec(cellText(toCell(cell.value)))?.[1];
    if (code !== undefined && DISTRIBUTION_UNIT_CODES.includes(code)) keys.push(code);
  });
  return keys;
}

export function readRecipients(ws: Worksheet, prepaymentSheet: Worksheet, issues: IssueList): RecipientEntry[] {
  const keys = allocationColumns(ws);
  const table = readTable(ws, recipientCols(keys), issues);
  const prepaid = readPrepayments(prepaymentSheet, issues);
  const used = new Set<PrepaymentRow>();
  const out: Ranked<RecipientEntry>[] = [];
  for (const r of table.rows) {
    const f = new RowFields(r, issues);
    const id = rowId(r);
    const values = keys.map((k) => ({ key: k, value: f.variable(allocKey(k), 3) }));
    const order = (f.text('order') ?? '').split(',').filter((k) => k !== '');
    const vacancy = f.bool('vacancy');
    const who = readWho(f);
    if (!who || !f.require('vacancy', vacancy, 'Die Angabe „Leerstand“') || f.failed) continue;
    const key = whoKey(who.msc, who.partner, who.validfrom);
    const pre =
      (id === undefined ? undefined : prepaid.find((p) => p.id === id)) ??
      prepaid.find((p) => p.id === undefined && whoKey(p.who.msc, p.who.partner, p.who.validfrom) === key);
    const allocations = values
      .filter((a): a is { key: string; value: string } => a.value !== undefined)
      .sort((a, b) => rankIn(order, a.key) - rankIn(order, b.key) || keys.indexOf(a.key) - keys.indexOf(b.key));
    if (id === undefined && allocations.length === 0 && !pre) continue;
    const entry: RecipientEntry = {
      residentialunitMscnumber: who.msc,
      partnerPmnumber: who.partner,
      validfrom: who.validfrom,
      validto: who.validto,
      vacancy,
      allocations,
    };
    if (who.pm !== undefined) entry.residentialunitPmnumber = who.pm;
    if (pre) {
      entry.prepayments = pre.prepayments;
      used.add(pre);
    }
    out.push({ id, row: r.row, value: entry });
  }
  for (const p of prepaid) {
    if (used.has(p)) continue;
    issues.add(
      issueAt(
        p.row.where('msc'),
        'INVALID_VALUE',
        `Zu diesen Vorauszahlungen gibt es im Blatt „${ws.name}“ keinen Nutzer ${p.who.msc} / ${p.who.partner} ab ${p.who.validfrom}.`,
      ),
    );
  }
  return restoreOrder(out);
}

function rankIn(order: readonly string[], key: string): number {
  const i = order.indexOf(key);
  return i < 0 ? order.length : i;
}
