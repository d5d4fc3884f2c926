/**
 * A billing result as an Excel workbook for the clerk's bookkeeping (ERP import): one sheet "Ergebnis", one header
 * row, then one row per billing recipient, nothing else on the sheet, so an ERP's import can map the columns by
 * their header. Amounts are numbers with two decimals (converted from the exact decimal strings only at this last
 * step; every amount has at most two decimals, which a spreadsheet number holds exactly as shown); dates are
 * real dates. The period and property are on every row, so rows of several exports can be pooled.
 */
import ExcelJS from 'exceljs';
import { balanceSide } from '@shared/domain/result-rows';

export type ResultExportRow = {
  residentialunitMscnumber: string;
  residentialunitPmnumber: string | undefined;
  partnerPmnumber: string;
  name: string | undefined;
  validfrom: string;
  validto: string | undefined;
  vacancy: boolean;
  /** Decimal strings (`1234.56`, `-12.30`). */
  totalcost: string;
  co2landlordshare: string;
  prepayment: string;
  balance: string;
  newmonthlyprepayment: string | undefined;
};

export type ResultExport = {
  billingunit: string;
  periodFrom: string;
  periodTo: string;
  currency: string;
  /** Whether the amounts are gross or net (the template's expected VAT). */
  amountKind: 'gross' | 'net';
  rows: readonly ResultExportRow[];
  /** The tenants' §35a shares an E835 file gave (absent or empty: no sheet "§35a-Anteile"). */
  taxShares?: readonly TaxShareRow[] | undefined;
};

export type TaxShareRow = {
  residentialunitMscnumber: string;
  partnerPmnumber: string;
  costKey: string;
  costText?: string | undefined;
  taxServiceType: string;
  /** Decimal strings, as the E835 record gave them. */
  invoiceTotalGross: string;
  userShareAmount: string;
  userSharePercent: string;
  laborTotal: string;
  userLaborShare: string;
};

export const RESULT_COLUMNS = [
  'Liegenschaft',
  'Abrechnungszeitraum von',
  'Abrechnungszeitraum bis',
  'Nutzeinheit (Messdienst)',
  'Nutzeinheit (Verwalter)',
  'Partner (Verwalter)',
  'Name',
  'Nutzung von',
  'Nutzung bis',
  'Leerstand',
  'Kosten',
  'CO2-Kosten Vermieteranteil',
  'Vorauszahlung',
  'Saldo',
  'Nachzahlung/Guthaben',
  'Neue monatliche Vorauszahlung',
  'Währung',
  'Beträge',
] as const;

export const TAX_SHARE_COLUMNS = [
  'Liegenschaft',
  'Abrechnungszeitraum bis',
  'Nutzeinheit (Messdienst)',
  'Nutzeinheit (Verwalter)',
  'Partner (Verwalter)',
  'Name',
  'Kostenart',
  'Bezeichnung',
  'Leistungsart §35a',
  'Rechnungsbetrag brutto',
  'Anteil des Nutzers',
  'Anteil in Prozent',
  'Lohnanteil der Rechnung',
  'Lohnanteil des Nutzers',
] as const;

const MONEY = '#,##0.00;-#,##0.00';
const MONEY_COLUMNS = [11, 12, 13, 14, 16];
const DATE_COLUMNS = [2, 3, 8, 9];

/** An ISO calendar day as the spreadsheet date of that day (UTC midnight, which Excel shows as the day itself). */
const day = (iso: string | undefined): Date | null => (iso === undefined ? null : new Date(`${iso}T00:00:00Z`));
const amount = (decimal: string | undefined): number | null => (decimal === undefined ? null : Number(decimal));

/** "Nachzahlung" when the tenant pays (positive balance), "Guthaben" when the tenant gets money back. */
export function balanceWord(balance: string): string {
  return { pays: 'Nachzahlung', refund: 'Guthaben', even: 'ausgeglichen' }[balanceSide(balance)];
}

export async function buildResultWorkbook(result: ResultExport, createdAt: Date): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Kostenbrücke';
  wb.created = createdAt;
  const ws = wb.addWorksheet('Ergebnis');
  ws.columns = RESULT_COLUMNS.map((header) => ({ header, width: Math.max(12, header.length + 2) }));
  ws.getRow(1).font = { bold: true };
  for (const r of result.rows) {
    ws.addRow([
      result.billingunit,
      day(result.periodFrom),
      day(result.periodTo),
      r.residentialunitMscnumber,
      r.residentialunitPmnumber ?? '',
      r.partnerPmnumber,
      r.name ?? '',
      day(r.validfrom),
      day(r.validto),
      r.vacancy ? 'ja' : 'nein',
      amount(r.totalcost),
      amount(r.co2landlordshare),
      amount(r.prepayment),
      amount(r.balance),
      balanceWord(r.balance),
      amount(r.newmonthlyprepayment),
      result.currency,
      result.amountKind === 'gross' ? 'brutto' : 'netto',
    ]);
  }
  for (const c of MONEY_COLUMNS) ws.getColumn(c).numFmt = MONEY;
  for (const c of DATE_COLUMNS) ws.getColumn(c).numFmt = 'dd.mm.yyyy';
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1 + result.rows.length, column: RESULT_COLUMNS.length } };
  if (result.taxShares && result.taxShares.length > 0) addTaxShareSheet(wb, result, result.taxShares);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A second sheet for the tenants' §35a certificates, laid out like "Ergebnis": one header row, one row per share. */
function addTaxShareSheet(wb: ExcelJS.Workbook, result: ResultExport, shares: readonly TaxShareRow[]): void {
  const ws = wb.addWorksheet('§35a-Anteile');
  ws.columns = TAX_SHARE_COLUMNS.map((header) => ({ header, width: Math.max(12, header.length + 2) }));
  ws.getRow(1).font = { bold: true };
  const recipient = new Map(result.rows.map((r) => [`${r.residentialunitMscnumber}|${r.partnerPmnumber}`, r]));
  for (const s of shares) {
    const r = recipient.get(`${s.residentialunitMscnumber}|${s.partnerPmnumber}`);
    ws.addRow([
      result.billingunit,
      day(result.periodTo),
      s.residentialunitMscnumber,
      r?.residentialunitPmnumber ?? '',
      s.partnerPmnumber,
      r?.name ?? '',
      s.costKey,
      s.costText ?? '',
      s.taxServiceType,
      amount(s.invoiceTotalGross),
      amount(s.userShareAmount),
      amount(s.userSharePercent),
      amount(s.laborTotal),
      amount(s.userLaborShare),
    ]);
  }
  for (const c of [10, 11, 13, 14]) ws.getColumn(c).numFmt = MONEY;
  ws.getColumn(12).numFmt = '0.00';
  ws.getColumn(2).numFmt = 'dd.mm.yyyy';
  ws.views = [{ state: 'frozen', ySplit: 1 }];
}
