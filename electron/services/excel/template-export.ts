/**
 * Template (+ optional draft) → Erfassungsmappe: one sheet per section with German headers, typed values, dropdowns
 * from the code tables and locked preset columns. The draft may be half-filled: every value the clerk typed goes
 * into its cell (see template-values), so "Als Excel bearbeiten" never drops work. The import reads it back.
 */
import ExcelJS from 'exceljs';
import type { Worksheet } from 'exceljs';
import {
  DISTRIBUTION_UNITS,
  ENERGY_SOURCES,
  FUELS,
  QUANTITY_UNITS,
  TAX_SERVICE_TYPES,
  USER_CHANGE_SPLITS,
  VAT_INDICATORS,
  labelOf,
  costTypeOf,
} from '@shared/domain/codes';
import type { DraftContent } from '@shared/domain/workspace';
import { carryTemplatePresets } from '@shared/domain/precheck/presets';
import type { Template, TemplateRecipient } from '@shared/msc/billing-input';
import { columnLetter } from '@main/services/excel/issues';
import { protect, type ListRefs } from '@main/services/excel/table-sheet';
import {
  CO2_COLS,
  CO2_FACTS,
  DELIVERY_COLS,
  FORMAT_TAG,
  FUEL_COLS,
  HOTWATER_COLS,
  HOTWATER_FIGURES,
  MIX_PARTS,
  PREPAYMENT_COLS,
  PREPAYMENT_GROUPS,
  SHEET,
  SUPPLY_PARTS,
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
import { writeTemplateTable, type TemplateRow } from '@main/services/excel/template-table';

export type TemplateExportOptions = { draft?: DraftContent; now?: Date };

type Source = NonNullable<DraftContent['energysources']>[number];
type Stock = NonNullable<Source['openingstock']>;
type Invoice = NonNullable<DraftContent['heatingsysteminvoices']>[number];
type Recipient = NonNullable<DraftContent['billingrecipients']>[number];

/** Rows left unlocked and with dropdowns below the data, for invoices the clerk adds. */
const INPUT_ROWS = 200;

/**
 * Builds the Erfassungsmappe for a template, pre-filled from a draft (complete or not) when one is given. What the
 * template presets for the fill (calorific values, CO2 property facts) is written where the draft has none.
 */
export async function buildTemplateWorkbook(template: Template, opts: TemplateExportOptions = {}): Promise<Buffer> {
  const draft = opts.draft === undefined ? undefined : carryTemplatePresets(opts.draft, template);
  const now = opts.now ?? new Date();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Kostenbrücke';
  wb.created = now;
  wb.modified = now;
  wb.subject = FORMAT_TAG;
  const sheets: Worksheet[] = [writeNotes(wb, template, now)];
  const lists = listValues(template, draft);
  const refs = listRefs(lists);
  const table = (name: string, cols: Parameters<typeof writeTemplateTable>[2], rows: TemplateRow[], inputRows: number) =>
    writeTemplateTable(wb, name, cols, rows, refs, inputRows);
  sheets.push(table(SHEET.fuels, FUEL_COLS, fuelRows(template, draft), 0));
  sheets.push(table(SHEET.deliveries, DELIVERY_COLS, deliveryRows(draft), INPUT_ROWS));
  const co2 = co2Row(template, draft);
  if (template.co2configuration.applicable || Object.keys(co2).length > 0) sheets.push(table(SHEET.co2, CO2_COLS, [co2], 0));
  sheets.push(table(SHEET.hotwater, HOTWATER_COLS, [hotWaterRow(template, draft)], 0));
  const invoices = (name: string, list: ListName, items: readonly Invoice[]): Worksheet =>
    table(
      name,
      invoiceCols(list),
      items.map((inv, i) => invoiceRow(inv, i, template)),
      INPUT_ROWS,
    );
  sheets.push(invoices(SHEET.heating, 'heatingCosts', draft?.heatingsysteminvoices ?? []));
  sheets.push(invoices(SHEET.ancillary, 'ancillaryCosts', draft?.ancillaryinvoices ?? []));
  const recipients = recipientList(template, draft);
  const keys = distributionKeysOf(template, draft);
  sheets.push(table(SHEET.recipients, recipientCols(keys), recipients.map(recipientRow), 0));
  sheets.push(table(SHEET.prepayments, PREPAYMENT_COLS, recipients.map(prepaymentRow), 0));
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

/** `221 – Wartung` for a code of its table; a code the table lacks stays as typed, for the import to name. */
function codeText(code: string | undefined, table: readonly { code: string; label: string }[]): string | undefined {
  if (code === undefined || code === '') return undefined;
  return table.some((e) => e.code === code) ? entry(code, labelOf(table, code)) : code;
}

function stockCells(prefix: 'os' | 'cs', s: Stock | undefined): TemplateRow {
  if (!s) return {};
  return {
    [`${prefix}Date`]: s.date,
    [`${prefix}Qty`]: s.quantity,
    [`${prefix}Gross`]: s.amounts?.grossamount,
    [`${prefix}Net`]: s.amounts?.netamount,
  };
}

function fuelRows(template: Template, draft?: DraftContent): TemplateRow[] {
  const agreed = (slot: number | undefined) => template.fuels.find((f) => f.slot === slot);
  const unitOf = (slot: number | undefined, fuel: string): string =>
    labelOf(QUANTITY_UNITS, agreed(slot)?.unit ?? FUELS.find((f) => f.code === fuel)?.unit ?? '');
  const storedOf = (slot: number | undefined, fuel: string): boolean =>
    agreed(slot)?.stored ?? FUELS.find((f) => f.code === fuel)?.stored ?? false;
  const sources = draft?.energysources ?? [];
  const rows: TemplateRow[] = sources.map((s, i) => ({
    id: String(i + 1),
    slot: s.slot,
    fuel: codeText(s.fuel, FUELS),
    unit: unitOf(s.slot, s.fuel ?? ''),
    stored: storedOf(s.slot, s.fuel ?? ''),
    ...stockCells('os', s.openingstock),
    ...stockCells('cs', s.closingstock),
    calorific: s['calorificvalue'],
    ...supplyCells(s.supply),
  }));
  for (const f of template.fuels) {
    if (sources.some((s) => s.slot === f.slot)) continue;
    // Without a draft the agreed opening stock is a useful start; with one, the draft decides.
    const preset = draft === undefined ? stockCells('os', f.openingstockpreset) : {};
    rows.push({
      id: '',
      slot: f.slot,
      fuel: codeText(f.fuel, FUELS),
      unit: unitOf(f.slot, f.fuel),
      stored: f.stored,
      ...preset,
      calorific: f.calorificvalue,
    });
  }
  return rows;
}

function supplyCells(supply: Source['supply']): TemplateRow {
  const row: TemplateRow = {};
  for (const [part] of SUPPLY_PARTS) {
    row[`${part}From`] = supply?.[part]?.from;
    row[`${part}To`] = supply?.[part]?.to;
  }
  return row;
}

/** The hot-water figures and the condominium flag of the draft; without a draft the template's presets. */
function hotWaterRow(template: Template, draft?: DraftContent): TemplateRow {
  const row: TemplateRow = {};
  const figures: Partial<Record<(typeof HOTWATER_FIGURES)[number], string>> =
    draft?.hotwater ?? (draft === undefined ? { ...template.hotwater } : {});
  for (const k of HOTWATER_FIGURES) row[k] = figures[k];
  row.condominium = draft === undefined ? template.condominium : draft.condominium;
  return row;
}

/** The CO2 property facts of the draft, the template's presets where it has none. */
function co2Row(template: Template, draft?: DraftContent): TemplateRow {
  const given = carryTemplatePresets(draft ?? {}, template)['co2configuration'];
  const facts = typeof given === 'object' && given !== null ? (given as Record<string, unknown>) : {};
  return Object.fromEntries(CO2_FACTS.flatMap((k) => (facts[k] === undefined ? [] : [[k, facts[k]]])));
}

function deliveryRows(draft?: DraftContent): TemplateRow[] {
  return (draft?.energysources ?? []).flatMap((s) =>
    (s.deliveries ?? []).map((d, i) => {
      const row: TemplateRow = {
        id: String(i + 1),
        fuel: fuelEntry(s.slot ?? 0, s.fuel ?? ''),
        invoicedate: d.invoicedate,
        quantity: d.quantity,
        gross: d.amounts?.grossamount,
        net: d.amounts?.netamount,
        co2Factor: d.co2?.emissionfactor,
        co2Kg: d.co2?.emissionkg,
        co2Cost: d.co2?.costgross,
        servicefrom: d.servicefrom,
        serviceto: d.serviceto,
        co2Net: d.co2?.costnet,
      };
      (d.energymix ?? []).slice(0, MIX_PARTS).forEach((m, k) => {
        row[`mix${String(k + 1)}Source`] = codeText(m.source, ENERGY_SOURCES);
        row[`mix${String(k + 1)}Share`] = m.share;
      });
      return row;
    }),
  );
}

function invoiceRow(inv: Invoice, i: number, template: Template): TemplateRow {
  const key = inv.cost?.key;
  const label = template.costtypes.find((c) => c.key === key)?.text ?? (key === undefined ? undefined : costTypeOf(key)?.label);
  return {
    id: String(i + 1),
    cost: key !== undefined && label !== undefined ? entry(key, label) : key,
    text: inv.cost?.text,
    allocationkey: codeText(inv.allocationkey, DISTRIBUTION_UNITS),
    invoicedate: inv.invoicedate,
    quantity: inv.quantity,
    gross: inv.amounts?.grossamount,
    net: inv.amounts?.netamount,
    taxservicetype: codeText(inv.taxservicetype, TAX_SERVICE_TYPES),
    laborgross: inv.laborgross,
    servicefrom: inv.servicefrom,
    serviceto: inv.serviceto,
    usagegroup: usageGroupText(inv.usagegroup, template),
  };
}

/** `GEW – Gewerbe` for an agreed group, else the key as typed (the import reads the key before the dash). */
function usageGroupText(key: string | undefined, template: Template): string | undefined {
  const group = template.usagegroups?.find((g) => g.key === key);
  return group ? entry(group.key, group.text) : key;
}

/** One row per recipient: the draft's entries (with their position) and template recipients not yet in it. */
type RecipientLine = { id: string; entry: Recipient; name: string; order: string };

function recipientList(template: Template, draft?: DraftContent): RecipientLine[] {
  const same = (t: TemplateRecipient, e: Recipient): boolean =>
    t.residentialunitMscnumber === e.residentialunitMscnumber && t.partnerPmnumber === e.partnerPmnumber;
  const entries = draft?.billingrecipients ?? [];
  const lines: RecipientLine[] = entries.map((e, i) => ({
    id: String(i + 1),
    entry: e,
    name: template.billingrecipients.find((t) => same(t, e))?.name ?? '',
    // Every key of the entry, also one still without a value, so the import restores the entry as it was.
    order: (e.allocations ?? []).map((a) => a.key ?? '').join(','),
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

function whoCells(l: RecipientLine): TemplateRow {
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

function recipientRow(l: RecipientLine): TemplateRow {
  const row: TemplateRow = { ...whoCells(l), order: l.order, vacancy: l.entry.vacancy };
  for (const a of l.entry.allocations ?? []) if (a.key !== undefined) row[allocKey(a.key)] = a.value;
  row.vatindicator = codeText(l.entry.vatindicator, VAT_INDICATORS);
  row.changesplit = codeText(l.entry.changesplit, USER_CHANGE_SPLITS);
  row.changefee = l.entry.changefee;
  return row;
}

function prepaymentRow(l: RecipientLine): TemplateRow {
  const row = whoCells(l);
  for (const [k] of PREPAYMENT_GROUPS) {
    row[`${k}Gross`] = l.entry.prepayments?.[k]?.grossamount;
    row[`${k}Net`] = l.entry.prepayments?.[k]?.netamount;
  }
  return row;
}
