/**
 * Template (+ optional draft) → Erfassungsmappe: one sheet per section with German headers, typed
 * values, dropdowns from the code tables and locked preset columns. The import reads it back losslessly.
 */
import ExcelJS from 'exceljs';
import type { Worksheet } from 'exceljs';
import {
  DISTRIBUTION_UNITS,
  ENERGY_SOURCES,
  FUELS,
  QUANTITY_UNITS,
  TAX_SERVICE_TYPES,
  labelOf,
  costTypeOf,
} from '@shared/domain/codes';
import type {
  EnergySource,
  FilledTemplate,
  Invoice,
  RecipientEntry,
  Template,
  TemplateRecipient,
} from '@shared/msc/billing-input';
import { columnLetter } from '@main/services/excel/issues';
import { protect, writeTable, type CellOut, type ListRefs } from '@main/services/excel/table-sheet';
import {
  DELIVERY_COLS,
  FORMAT_TAG,
  FUEL_COLS,
  MIX_PARTS,
  PREPAYMENT_COLS,
  PREPAYMENT_GROUPS,
  SHEET,
  allocKey,
  distributionKeysOf,
  entry,
  fuelEntry,
  invoiceCols,
  listValues,
  recipientCols,
  type ListName,
} from '@main/services/excel/template-layout';
import { writeNotes } from '@main/services/excel/template-notes';

export type TemplateExportOptions = { draft?: FilledTemplate; now?: Date };

/** Rows left unlocked and with dropdowns below the data, for invoices the clerk adds. */
const INPUT_ROWS = 200;

/** Builds the Erfassungsmappe for a template, pre-filled from a draft when one is given. */
export async function buildTemplateWorkbook(template: Template, opts: TemplateExportOptions = {}): Promise<Buffer> {
  const { draft } = opts;
  const now = opts.now ?? new Date();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Kostenbrücke';
  wb.created = now;
  wb.modified = now;
  wb.subject = FORMAT_TAG;
  const sheets: Worksheet[] = [writeNotes(wb, template, now)];
  const lists = listValues(template, draft);
  const refs = listRefs(lists);
  sheets.push(writeTable(wb, SHEET.fuels, FUEL_COLS, fuelRows(template, draft), refs, 0));
  sheets.push(writeTable(wb, SHEET.deliveries, DELIVERY_COLS, deliveryRows(draft), refs, INPUT_ROWS));
  const invoices = (name: string, list: ListName, items: readonly Invoice[]): Worksheet =>
    writeTable(
      wb,
      name,
      invoiceCols(list),
      items.map((inv, i) => invoiceRow(inv, i, template)),
      refs,
      INPUT_ROWS,
    );
  sheets.push(invoices(SHEET.heating, 'heatingCosts', draft?.heatingsysteminvoices ?? []));
  sheets.push(invoices(SHEET.ancillary, 'ancillaryCosts', draft?.ancillaryinvoices ?? []));
  const recipients = recipientList(template, draft);
  const keys = distributionKeysOf(template, draft);
  sheets.push(
    writeTable(
      wb,
      SHEET.recipients,
      recipientCols(keys),
      recipients.map((r) => recipientRow(r)),
      refs,
      0,
    ),
  );
  sheets.push(
    writeTable(
      wb,
      SHEET.prepayments,
      PREPAYMENT_COLS,
      recipients.map((r) => prepaymentRow(r)),
      refs,
      0,
    ),
  );
  const listSheet = wb.addWorksheet(SHEET.lists, { state: 'veryHidden' });
  Object.values(lists).forEach((values, i) => {
    values.forEach((v, r) => (listSheet.getCell(r + 1, i + 1).value = v));
  });
  sheets.push(listSheet);
  for (const ws of sheets) await protect(ws);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function listRefs(lists: Record<ListName, string[]>): ListRefs {
  const refs: ListRefs = {};
  (Object.entries(lists) as [ListName, string[]][]).forEach(([name, values], i) => {
    const col = columnLetter(i + 1);
    if (values.length > 0) refs[name] = `${SHEET.lists}!$${col}$1:$${col}$${String(values.length)}`;
  });
  return refs;
}

const fuelText = (code: string): string => entry(code, labelOf(FUELS, code));

function stockCells(prefix: 'os' | 'cs', s: EnergySource['openingstock']): Record<string, CellOut> {
  if (!s) return {};
  return {
    [`${prefix}Date`]: s.date,
    [`${prefix}Qty`]: s.quantity,
    [`${prefix}Gross`]: s.amounts.grossamount,
    [`${prefix}Net`]: s.amounts.netamount,
  };
}

function fuelRows(template: Template, draft?: FilledTemplate): Record<string, CellOut>[] {
  const unitOf = (slot: number, fuel: string): string => {
    const unit = template.fuels.find((f) => f.slot === slot)?.unit ?? FUELS.find((f) => f.code === fuel)?.unit ?? '';
    return labelOf(QUANTITY_UNITS, unit);
  };
  const storedOf = (slot: number, fuel: string): boolean =>
    template.fuels.find((f) => f.slot === slot)?.stored ?? FUELS.find((f) => f.code === fuel)?.stored ?? false;
  const sources = draft?.energysources ?? [];
  const rows = sources.map((s, i) => ({
    id: String(i + 1),
    slot: s.slot,
    fuel: fuelText(s.fuel),
    unit: unitOf(s.slot, s.fuel),
    stored: storedOf(s.slot, s.fuel),
    ...stockCells('os', s.openingstock),
    ...stockCells('cs', s.closingstock),
  }));
  for (const f of template.fuels) {
    if (sources.some((s) => s.slot === f.slot)) continue;
    // Without a draft the agreed opening stock is a useful start; with one, the draft decides.
    const preset = draft === undefined ? stockCells('os', f.openingstockpreset) : {};
    rows.push({ id: '', slot: f.slot, fuel: fuelText(f.fuel), unit: unitOf(f.slot, f.fuel), stored: f.stored, ...preset });
  }
  return rows;
}

function deliveryRows(draft?: FilledTemplate): Record<string, CellOut>[] {
  return (draft?.energysources ?? []).flatMap((s) =>
    s.deliveries.map((d, i) => {
      const row: Record<string, CellOut> = {
        id: String(i + 1),
        fuel: fuelEntry(s.slot, s.fuel),
        invoicedate: d.invoicedate,
        quantity: d.quantity,
        gross: d.amounts.grossamount,
        net: d.amounts.netamount,
        co2Factor: d.co2?.emissionfactor,
        co2Kg: d.co2?.emissionkg,
        co2Cost: d.co2?.costgross,
      };
      (d.energymix ?? []).slice(0, MIX_PARTS).forEach((m, k) => {
        row[`mix${String(k + 1)}Source`] = entry(m.source, labelOf(ENERGY_SOURCES, m.source));
        row[`mix${String(k + 1)}Share`] = m.share;
      });
      return row;
    }),
  );
}

function invoiceRow(inv: Invoice, i: number, template: Template): Record<string, CellOut> {
  const costLabel = template.costtypes.find((c) => c.key === inv.cost.key)?.text ?? costTypeOf(inv.cost.key)?.label ?? '';
  return {
    id: String(i + 1),
    cost: entry(inv.cost.key, costLabel),
    text: inv.cost.text,
    allocationkey:
      inv.allocationkey === undefined ? undefined : entry(inv.allocationkey, labelOf(DISTRIBUTION_UNITS, inv.allocationkey)),
    invoicedate: inv.invoicedate,
    quantity: inv.quantity,
    gross: inv.amounts.grossamount,
    net: inv.amounts.netamount,
    taxservicetype:
      inv.taxservicetype === undefined ? undefined : entry(inv.taxservicetype, labelOf(TAX_SERVICE_TYPES, inv.taxservicetype)),
    laborgross: inv.laborgross,
  };
}

/** One row per recipient: the draft's entries (with their position) and template recipients not yet in it. */
type RecipientLine = { id: string; entry: RecipientEntry; name: string; order: string };

function recipientList(template: Template, draft?: FilledTemplate): RecipientLine[] {
  const same = (t: TemplateRecipient, e: RecipientEntry): boolean =>
    t.residentialunitMscnumber === e.residentialunitMscnumber && t.partnerPmnumber === e.partnerPmnumber;
  const entries = draft?.billingrecipients ?? [];
  const lines: RecipientLine[] = entries.map((e, i) => ({
    id: String(i + 1),
    entry: e,
    name: template.billingrecipients.find((t) => same(t, e))?.name ?? '',
    order: e.allocations.map((a) => a.key).join(','),
  }));
  const { from, to } = template.billingperiod;
  for (const t of template.billingrecipients) {
    if (entries.some((e) => same(t, e))) continue;
    const validto = t.validto === undefined || t.validto > to ? to : t.validto;
    lines.push({
      id: '',
      name: t.name,
      order: '',
      entry: {
        residentialunitMscnumber: t.residentialunitMscnumber,
        residentialunitPmnumber: t.residentialunitPmnumber,
        partnerPmnumber: t.partnerPmnumber,
        validfrom: t.validfrom < from ? from : t.validfrom,
        validto,
        vacancy: t.vacancy,
        allocations: [],
      },
    });
  }
  return lines;
}

function whoCells(l: RecipientLine): Record<string, CellOut> {
  const e = l.entry;
  return {
    id: l.id,
    msc: e.residentialunitMscnumber,
    pm: e.residentialunitPmnumber,
    partner: e.partnerPmnumber,
    name: l.name,
    validfrom: e.validfrom,
    validto: e.validto,
  };
}

function recipientRow(l: RecipientLine): Record<string, CellOut> {
  const row: Record<string, CellOut> = { ...whoCells(l), order: l.order, vacancy: l.entry.vacancy };
  for (const a of l.entry.allocations) row[allocKey(a.key)] = a.value;
  return row;
}

function prepaymentRow(l: RecipientLine): Record<string, CellOut> {
  const row = whoCells(l);
  for (const [k] of PREPAYMENT_GROUPS) {
    row[`${k}Gross`] = l.entry.prepayments?.[k]?.grossamount;
    row[`${k}Net`] = l.entry.prepayments?.[k]?.netamount;
  }
  return row;
}
