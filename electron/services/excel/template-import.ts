/**
 * Erfassungsmappe → draft, also after the clerk edited it in Excel: re-sorted rows, German number text typed into
 * cells, added rows, deleted rows. A half-filled workbook gives a half-filled draft: missing values and text that
 * is no number or date come back as written, named as warnings (template-fields). Errors are what has no place in
 * a draft (another unit's workbook, a missing sheet or column, a delivery of a fuel not agreed); any error returns
 * only the issues.
 */
import ExcelJS from 'exceljs';
import type { Worksheet } from 'exceljs';
import { ENERGY_SOURCE_CODES, FUEL_CODES } from '@shared/domain/codes';
import { IMPORT_LIMITS, type TemplateImportResult } from '@shared/domain/excel';
import { DraftContent } from '@shared/domain/workspace';
import type { Template } from '@shared/msc/billing-input';
import { formatPath } from '@shared/msc/primitives';
import { cellText, leadingCode } from '@main/services/excel/cell-values';
import { issueAt, IssueList } from '@main/services/excel/issues';
import { presentCols, readTable } from '@main/services/excel/table-sheet';
import { DraftFields } from '@main/services/excel/template-fields';
import {
  amountsOf,
  readInvoices,
  readRecipients,
  restoreOrder,
  rowId,
  visibleKeys,
  type Ranked,
} from '@main/services/excel/template-import-rows';
import {
  CO2_COLS,
  DELIVERY_COLS,
  FUEL_COLS,
  HOTWATER_COLS,
  MIX_PARTS,
  NOTE_KEYS,
  SERVICE_PERIOD_KEYS,
  SHEET,
  SUPPLY_COL_KEYS,
  SUPPLY_PARTS,
} from '@main/services/excel/template-layout';
import { readNotes } from '@main/services/excel/template-notes';
import { openXlsx } from '@main/services/excel/xlsx-package';
import { trimmedWorkbook } from '@main/services/excel/workbook-trim';

const fail = (issues: IssueList): TemplateImportResult => ({ ok: false, issues: issues.all() });

export type TemplateImportOptions = { /** The file's name, for the messages. */ file?: string };

/** Reads an Erfassungsmappe for `template`; the draft's currency and VAT mode come from the template. */
export async function importTemplateWorkbook(
  buffer: Buffer,
  template: Template,
  opts: TemplateImportOptions = {},
): Promise<TemplateImportResult> {
  const opened = openXlsx(buffer, { ...opts, limits: IMPORT_LIMITS.workbook });
  if (!opened.ok) return { ok: false, issues: [opened.issue] };
  const trimmed = trimmedWorkbook(opened.pkg);
  if (!trimmed.ok) return { ok: false, issues: [trimmed.issue] };
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(trimmed.zip as unknown as ArrayBuffer);
  } catch {
    return {
      ok: false,
      issues: [
        {
          severity: 'error',
          code: 'FILE_CORRUPT',
          message:
            'Die Arbeitsmappe lässt sich nicht lesen; sie ist beschädigt. Bitte in Excel öffnen und neu als .xlsx speichern.',
        },
      ],
    };
  }
  const issues = new IssueList();
  const sheet = (name: string): Worksheet | undefined => {
    const ws = wb.getWorksheet(name);
    if (!ws) {
      issues.add({
        severity: 'error',
        code: 'SHEET_MISSING',
        message: `Das Tabellenblatt „${name}“ fehlt. Bitte keine Blätter der Erfassungsmappe löschen oder umbenennen.`,
        sheet: name,
      });
    }
    return ws;
  };
  const notes = sheet(SHEET.notes);
  if (!notes) return fail(issues);
  checkBelongs(readNotes(notes), template, issues);
  if (issues.hasErrors()) return fail(issues);
  const [fuels, deliveries, heating, ancillary, recipients, prepayments] = [
    sheet(SHEET.fuels),
    sheet(SHEET.deliveries),
    sheet(SHEET.heating),
    sheet(SHEET.ancillary),
    sheet(SHEET.recipients),
    sheet(SHEET.prepayments),
  ];
  if (!fuels || !deliveries || !heating || !ancillary || !recipients || !prepayments) return fail(issues);
  // Workbooks written before the CO2 sheet existed have none; the draft then takes the template's presets.
  const co2Sheet = wb.getWorksheet(SHEET.co2);
  const co2configuration = co2Sheet ? readCo2Facts(co2Sheet, issues) : undefined;
  const draft: DraftContent = {
    currency: template.currency,
    expectedvat: template.expectedvat,
    energysources: readEnergySources(fuels, deliveries, issues),
    heatingsysteminvoices: readInvoices(heating, issues),
    ancillaryinvoices: readInvoices(ancillary, issues),
    billingrecipients: readRecipients(recipients, prepayments, issues),
    ...(co2configuration === undefined ? {} : { co2configuration }),
    // Workbooks from before issue 20 have no hot-water sheet.
    ...readHotWater(wb.getWorksheet(SHEET.hotwater), issues),
  };
  if (issues.hasErrors()) return fail(issues);
  // Safety net: what the contract schema still refuses is named by its path in the draft.
  const checked = DraftContent.safeParse(draft);
  if (!checked.success) {
    for (const i of checked.error.issues) {
      issues.add({ severity: 'error', code: 'INVALID_VALUE', message: `Entwurf, ${formatPath(i.path)}: ${i.message}` });
    }
    return fail(issues);
  }
  return { ok: true, draft, warnings: issues.all() };
}

function checkBelongs(facts: Map<string, string>, template: Template, issues: IssueList): void {
  const unit = facts.get(NOTE_KEYS.billingunit);
  const to = facts.get(NOTE_KEYS.periodTo);
  if (facts.get(NOTE_KEYS.format) === undefined || unit === undefined || to === undefined) {
    issues.add({
      severity: 'error',
      code: 'WRONG_WORKBOOK',
      message: `Blatt „${SHEET.notes}“: Die Datei ist keine Erfassungsmappe von Kostenbrücke (Angaben zu Liegenschaft und Zeitraum fehlen).`,
      sheet: SHEET.notes,
    });
    return;
  }
  if (unit !== template.billingunitMscnumber || to !== template.billingperiod.to) {
    issues.add({
      severity: 'error',
      code: 'WRONG_WORKBOOK',
      message: `Blatt „${SHEET.notes}“: Die Mappe gehört zu Liegenschaft ${unit}, Zeitraum bis ${to}, nicht zu Liegenschaft ${template.billingunitMscnumber}, Zeitraum bis ${template.billingperiod.to}.`,
      sheet: SHEET.notes,
    });
  }
}

type Source = NonNullable<DraftContent['energysources']>[number];
type Stock = NonNullable<Source['openingstock']>;
type Delivery = NonNullable<Source['deliveries']>[number];

function stockOf(f: DraftFields, prefix: 'os' | 'cs', what: string): Stock | undefined {
  const date = f.date(`${prefix}Date`);
  const quantity = f.quantity(`${prefix}Qty`);
  const amounts = amountsOf(f, `${prefix}Gross`, `${prefix}Net`);
  if (date === undefined && quantity === undefined && Object.keys(amounts).length === 0) return undefined;
  f.expect(`${prefix}Date`, date, `Das Datum des ${what}s`);
  f.expect(`${prefix}Qty`, quantity, `Die Menge des ${what}s`);
  return { ...(date === undefined ? {} : { date }), ...(quantity === undefined ? {} : { quantity }), amounts };
}

type SourceRow = { id: number | undefined; row: number; source: Source & { slot: number }; keep: boolean };

function readEnergySources(fuelSheet: Worksheet, deliverySheet: Worksheet, issues: IssueList): Source[] {
  const sources: SourceRow[] = [];
  const fuelCols = presentCols(fuelSheet, FUEL_COLS, ['calorific', ...SUPPLY_COL_KEYS]);
  for (const r of readTable(fuelSheet, fuelCols, issues).rows) {
    if (r.blank(visibleKeys(fuelCols))) continue;
    const f = new DraftFields(r, issues);
    const slot = f.int('slot', 1, 2);
    const fuel = f.code('fuel', FUEL_CODES, 'Brennstoffe (Tabelle B)');
    const openingstock = stockOf(f, 'os', 'Anfangsbestand');
    const closingstock = stockOf(f, 'cs', 'Endbestand');
    const calorificvalue = f.typed('calorific', 'calorific');
    const supply = readSupply(f);
    if (!f.need('slot', slot, 'Der Brennstoffplatz') || !f.need('fuel', fuel, 'Der Brennstoff') || f.failed) continue;
    const source: SourceRow['source'] = { slot, fuel, deliveries: [] };
    if (calorificvalue !== undefined) source.calorificvalue = calorificvalue;
    if (supply !== undefined) source.supply = supply;
    if (openingstock) source.openingstock = openingstock;
    if (closingstock) source.closingstock = closingstock;
    const id = rowId(r);
    const typed =
      openingstock !== undefined || closingstock !== undefined || calorificvalue !== undefined || supply !== undefined;
    sources.push({ id, row: r.row, source, keep: id !== undefined || typed });
  }
  const bySlot = new Map<number, Ranked<Delivery>[]>();
  const deliveryCols = presentCols(deliverySheet, DELIVERY_COLS, [...SERVICE_PERIOD_KEYS, 'co2Net']);
  const table = readTable(deliverySheet, deliveryCols, issues);
  for (const r of table.rows) {
    if (r.blank(visibleKeys(deliveryCols))) continue;
    const f = new DraftFields(r, issues);
    const fuelText = f.text('fuel');
    const code = fuelText === undefined ? undefined : leadingCode(fuelText);
    const target = sources.find((s) => String(s.source.slot) === code) ?? sources.find((s) => s.source.fuel === code);
    const delivery = readDelivery(f);
    // A delivery belongs to a fuel of the draft; without one it has no place there.
    if (!f.need('fuel', fuelText, 'Der Brennstoff')) continue;
    if (!target) {
      const known = sources.map((s) => `${String(s.source.slot)} – ${s.source.fuel ?? ''}`).join(', ');
      issues.add(
        issueAt(r.where('fuel'), 'FUEL_UNKNOWN', `Der Brennstoff „${cellText(r.cell('fuel'))}“ ist nicht vereinbart (${known}).`),
      );
      continue;
    }
    if (f.failed) continue;
    const list = bySlot.get(target.source.slot) ?? [];
    list.push({ id: rowId(r), row: r.row, value: delivery });
    bySlot.set(target.source.slot, list);
  }
  const out: Ranked<Source>[] = [];
  for (const s of sources) {
    s.source.deliveries = restoreOrder(bySlot.get(s.source.slot) ?? []);
    if (s.keep || s.source.deliveries.length > 0) out.push({ id: s.id, row: s.row, value: s.source });
  }
  return restoreOrder(out);
}

/** The supply periods of a fuel (ARGE B 24–27); a period needs both days. */
function readSupply(f: DraftFields): Source['supply'] {
  const out: NonNullable<Source['supply']> = {};
  for (const [part, label] of SUPPLY_PARTS) {
    const from = f.date(`${part}From`);
    const to = f.date(`${part}To`);
    if (from === undefined && to === undefined) continue;
    f.expect(`${part}From`, from, `Der Beginn der Versorgung ${label}`);
    f.expect(`${part}To`, to, `Das Ende der Versorgung ${label}`);
    out[part] = { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
  }
  return Object.keys(out).length === 0 ? undefined : out;
}

/** Hot-water figures and the condominium flag from their sheet; nothing when the sheet or every value is missing. */
function readHotWater(ws: Worksheet | undefined, issues: IssueList): Pick<DraftContent, 'hotwater' | 'condominium'> {
  if (!ws) return {};
  const table = readTable(ws, HOTWATER_COLS, issues);
  const r = table.rows.find((row) => !row.blank(visibleKeys(HOTWATER_COLS)));
  if (!r) return {};
  const f = new DraftFields(r, issues);
  const figures = {
    temperature: f.typed('temperature', 'area'),
    volume: f.quantity('volume'),
    flatrate: f.share('flatrate'),
    meterstart: f.quantity('meterstart'),
    meterend: f.quantity('meterend'),
  };
  const condominium = f.bool('condominium');
  const given = Object.entries(figures).filter((e): e is [string, string] => e[1] !== undefined);
  return {
    ...(given.length === 0 ? {} : { hotwater: Object.fromEntries(given) }),
    ...(condominium === undefined ? {} : { condominium }),
  };
}

/** The CO2 property facts from the first row of their sheet that holds any; undefined when none does. */
function readCo2Facts(ws: Worksheet, issues: IssueList): Record<string, string | boolean> | undefined {
  const table = readTable(ws, CO2_COLS, issues);
  const r = table.rows.find((row) => !row.blank(visibleKeys(CO2_COLS)));
  if (!r) return undefined;
  const f = new DraftFields(r, issues);
  const facts = {
    heatedarea: f.typed('heatedarea', 'area'),
    nonresidentialshare: f.share('nonresidentialshare'),
    restrictionbuilding: f.bool('restrictionbuilding'),
    restrictionsupply: f.bool('restrictionsupply'),
  };
  const given = Object.entries(facts).filter((e): e is [string, string | boolean] => e[1] !== undefined);
  return given.length === 0 ? undefined : Object.fromEntries(given);
}

const CO2_PARTS = [
  ['co2Factor', 'emissionfactor'],
  ['co2Kg', 'emissionkg'],
  ['co2Cost', 'costgross'],
] as const;

function readDelivery(f: DraftFields): Delivery {
  const invoicedate = f.date('invoicedate');
  const quantity = f.quantity('quantity');
  const delivery: Delivery = { amounts: amountsOf(f, 'gross', 'net') };
  const co2 = {
    emissionfactor: f.variable('co2Factor'),
    emissionkg: f.quantity('co2Kg'),
    costgross: f.money('co2Cost'),
  };
  const costnet = f.money('co2Net');
  const mix: NonNullable<Delivery['energymix']> = [];
  for (let i = 1; i <= MIX_PARTS; i++) {
    const source = f.code(`mix${String(i)}Source`, ENERGY_SOURCE_CODES, 'Energieträger (Tabelle M)');
    const share = f.share(`mix${String(i)}Share`);
    if (source === undefined && share === undefined) continue;
    f.expect(`mix${String(i)}Source`, source, `Der Energieträger ${String(i)}`);
    f.expect(`mix${String(i)}Share`, share, `Der Anteil ${String(i)}`);
    mix.push({ ...(source === undefined ? {} : { source }), ...(share === undefined ? {} : { share }) });
  }
  f.expect('invoicedate', invoicedate, 'Das Rechnungsdatum');
  if (invoicedate !== undefined) delivery.invoicedate = invoicedate;
  const servicefrom = f.date('servicefrom');
  const serviceto = f.date('serviceto');
  if (servicefrom !== undefined) delivery.servicefrom = servicefrom;
  if (serviceto !== undefined) delivery.serviceto = serviceto;
  if (quantity !== undefined) delivery.quantity = quantity;
  const given = CO2_PARTS.filter(([, field]) => co2[field] !== undefined);
  if (given.length > 0) {
    delivery.co2 = Object.fromEntries(given.map(([, field]) => [field, co2[field]]));
    // The MSC takes the CO2 figures only as a set of three.
    for (const [key, field] of CO2_PARTS) f.expect(key, co2[field], `Zu den CO2-Angaben: ${CO2_LABEL[field]}`);
  }
  if (costnet !== undefined) delivery.co2 = { ...delivery.co2, costnet };
  if (mix.length > 0) delivery.energymix = mix;
  return delivery;
}

const CO2_LABEL = { emissionfactor: 'Der Emissionsfaktor', emissionkg: 'Die CO2-Menge', costgross: 'Die CO2-Kosten' } as const;
