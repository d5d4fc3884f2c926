/** Reading the invoice, recipient and prepayment sheets of the Erfassungsmappe back into draft parts. */
import type { Worksheet } from 'exceljs';
import {
  COST_TYPE_CODES,
  DISTRIBUTION_UNIT_CODES,
  TAX_SERVICE_TYPE_CODES,
  USER_CHANGE_SPLIT_CODES,
  VAT_INDICATOR_CODES,
} from '@shared/domain/codes';
import type { DraftContent } from '@shared/domain/workspace';
import { cellText, toCell } from '@main/services/excel/cell-values';
import { issueAt, type IssueList } from '@main/services/excel/issues';
import { presentCols, readTable, type TableRow } from '@main/services/excel/table-sheet';
import { DraftFields } from '@main/services/excel/template-fields';
import {
  PREPAYMENT_COLS,
  PREPAYMENT_GROUPS,
  allocKey,
  invoiceCols,
  SERVICE_PERIOD_KEYS,
  recipientCols,
  type Col,
} from '@main/services/excel/template-layout';

type Invoice = NonNullable<DraftContent['heatingsysteminvoices']>[number];
type Recipient = NonNullable<DraftContent['billingrecipients']>[number];
type Amounts = { grossamount?: string; netamount?: string };

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

/** The columns of `cols` the sheet has a header for; only `optional` ones may be missing (older workbooks). */
/** Columns added in issue 20; workbooks written before have none of them. */
const ISSUE20_COLS = ['usagegroup', 'vatindicator', 'changesplit', 'changefee'];

export const visibleKeys = (cols: readonly Col[]): string[] =>
  cols.filter((c) => c.kind !== 'id' && c.kind !== 'order').map((c) => c.key);

export function amountsOf(f: DraftFields, gross: string, net: string): Amounts {
  const amounts: Amounts = {};
  const g = f.money(gross);
  const n = f.money(net);
  if (g !== undefined) amounts.grossamount = g;
  if (n !== undefined) amounts.netamount = n;
  return amounts;
}

/** Rows without any value are skipped ("leere Zeilen werden übergangen"), also rows the draft had left empty. */
export function readInvoices(ws: Worksheet, issues: IssueList): Invoice[] {
  const cols = presentCols(ws, invoiceCols('heatingCosts'), [...SERVICE_PERIOD_KEYS, ...ISSUE20_COLS]);
  const table = readTable(ws, cols, issues);
  const keys = visibleKeys(cols);
  const out: Ranked<Invoice>[] = [];
  for (const r of table.rows) {
    if (r.blank(keys)) continue;
    const f = new DraftFields(r, issues);
    const key = f.code('cost', COST_TYPE_CODES, 'Kostenarten (Tabelle K)');
    const text = f.text('text');
    const inv: Invoice = {};
    if (key !== undefined || text !== undefined) {
      inv.cost = {};
      if (key !== undefined) inv.cost.key = key;
      if (text !== undefined) inv.cost.text = text;
    }
    const allocationkey = f.code('allocationkey', DISTRIBUTION_UNIT_CODES, 'Verteilerschlüssel (Tabelle E)');
    const invoicedate = f.date('invoicedate');
    const quantity = f.quantity('quantity');
    inv.amounts = amountsOf(f, 'gross', 'net');
    const taxservicetype = f.code('taxservicetype', TAX_SERVICE_TYPE_CODES, 'Leistungsarten §35a (Tabelle L)');
    const laborgross = f.money('laborgross');
    const servicefrom = f.date('servicefrom');
    const serviceto = f.date('serviceto');
    const usagegroup = f.text('usagegroup');
    f.expect('cost', key, 'Die Kostenart');
    f.expect('invoicedate', invoicedate, 'Das Rechnungsdatum');
    if (f.failed) continue;
    if (allocationkey !== undefined) inv.allocationkey = allocationkey;
    if (invoicedate !== undefined) inv.invoicedate = invoicedate;
    if (quantity !== undefined) inv.quantity = quantity;
    if (taxservicetype !== undefined) inv.taxservicetype = taxservicetype;
    if (laborgross !== undefined) inv.laborgross = laborgross;
    if (servicefrom !== undefined) inv.servicefrom = servicefrom;
    if (serviceto !== undefined) inv.serviceto = serviceto;
    // `GEW – Gewerbe` from the dropdown, or the bare key as typed.
    if (usagegroup !== undefined) inv.usagegroup = usagegroup.split(/\s+–\s+/)[0]?.trim() ?? usagegroup;
    out.push({ id: rowId(r), row: r.row, value: inv });
  }
  return restoreOrder(out);
}

const whoKey = (msc: string, partner: string, validfrom: string | undefined): string => `${msc}|${partner}|${validfrom ?? ''}`;

type Who = { msc: string; partner: string; validfrom?: string; validto?: string; pm?: string };

/** Unit and partner place a row; the dates the clerk may still have to correct. */
function readWho(f: DraftFields): Who | undefined {
  const msc = f.text('msc');
  const partner = f.text('partner');
  const validfrom = f.date('validfrom');
  const validto = f.date('validto');
  const pm = f.text('pm');
  if (!f.need('msc', msc, 'Die Nutzer-Nr.') || !f.need('partner', partner, 'Die Partner-Nr.')) return undefined;
  f.expect('validfrom', validfrom, 'Das Datum „gültig ab“');
  f.expect('validto', validto, 'Das Datum „gültig bis“');
  return {
    msc,
    partner,
    ...(validfrom === undefined ? {} : { validfrom }),
    ...(validto === undefined ? {} : { validto }),
    ...(pm === undefined ? {} : { pm }),
  };
}

type PrepaymentRow = { id: number | undefined; who: Who; prepayments: NonNullable<Recipient['prepayments']>; row: TableRow };

function readPrepayments(ws: Worksheet, issues: IssueList): PrepaymentRow[] {
  const table = readTable(ws, PREPAYMENT_COLS, issues);
  const out: PrepaymentRow[] = [];
  for (const r of table.rows) {
    const f = new DraftFields(r, issues);
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

/**
 * The recipients with their distribution values in the draft's order of keys (hidden `_Reihenfolge`); a key listed
 * there whose cell is empty comes back without a value, as the editor keeps it.
 */
export function readRecipients(ws: Worksheet, prepaymentSheet: Worksheet, issues: IssueList): Recipient[] {
  const keys = allocationColumns(ws);
  const table = readTable(ws, presentCols(ws, recipientCols(keys), ISSUE20_COLS), issues);
  const prepaid = readPrepayments(prepaymentSheet, issues);
  const used = new Set<PrepaymentRow>();
  const out: Ranked<Recipient>[] = [];
  for (const r of table.rows) {
    const f = new DraftFields(r, issues);
    const id = rowId(r);
    const values = new Map(keys.map((k) => [k, f.variable(allocKey(k))]));
    const order = (f.text('order') ?? '').split(',').filter((k) => k !== '');
    const vacancy = f.bool('vacancy');
    const vatindicator = f.code('vatindicator', VAT_INDICATOR_CODES, 'den Umsatzsteuer-Ausweis');
    const changesplit = f.code('changesplit', USER_CHANGE_SPLIT_CODES, 'die Aufteilung beim Nutzerwechsel (Tabelle S)');
    const changefee = f.bool('changefee');
    const who = readWho(f);
    if (!who || f.failed) continue;
    f.expect('vacancy', vacancy, 'Die Angabe „Leerstand“');
    const key = whoKey(who.msc, who.partner, who.validfrom);
    const pre =
      (id === undefined ? undefined : prepaid.find((p) => p.id === id)) ??
      prepaid.find((p) => p.id === undefined && whoKey(p.who.msc, p.who.partner, p.who.validfrom) === key);
    const listed = order.filter((k) => values.has(k));
    const allocations = [...listed, ...keys.filter((k) => !listed.includes(k) && values.get(k) !== undefined)].map((k) => ({
      key: k,
      value: values.get(k) ?? '',
    }));
    const flagged = vatindicator !== undefined || changesplit !== undefined || changefee !== undefined;
    if (id === undefined && !allocations.some((a) => a.value !== '') && !pre && !flagged) continue;
    const entry: Recipient = {
      residentialunitMscnumber: who.msc,
      partnerPmnumber: who.partner,
      ...(who.validfrom === undefined ? {} : { validfrom: who.validfrom }),
      ...(who.validto === undefined ? {} : { validto: who.validto }),
      ...(vacancy === undefined ? {} : { vacancy }),
      allocations,
    };
    if (who.pm !== undefined) entry.residentialunitPmnumber = who.pm;
    if (vatindicator !== undefined) entry.vatindicator = vatindicator;
    if (changesplit !== undefined) entry.changesplit = changesplit;
    if (changefee !== undefined) entry.changefee = changefee;
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
        `Zu diesen Vorauszahlungen gibt es im Blatt „${ws.name}“ keinen Nutzer ${p.who.msc} / ${p.who.partner} ab ${p.who.validfrom ?? '(ohne Datum)'}.`,
      ),
    );
  }
  return restoreOrder(out);
}
