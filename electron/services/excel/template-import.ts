/**
 * Erfassungsmappe → FilledTemplate draft, also after the clerk edited it in Excel: re-sorted rows,
 * German number text typed into cells, added rows, deleted rows. All or nothing: any error returns
 * only the issues.
 */
import ExcelJS from 'exceljs';
import type { Worksheet } from 'exceljs';
import { ENERGY_SOURCE_CODES, FUEL_CODES } from '@shared/domain/codes';
import { IMPORT_LIMITS, type TemplateImportResult } from '@shared/domain/excel';
import { FilledTemplate } from '@shared/msc/billing-input';
import type { Delivery, EnergySource, Stock, Template } from '@shared/msc/billing-input';
import { formatPath } from '@shared/msc/primitives';
import { cellText, leadingCode } from '@main/services/excel/cell-values';
import { issueAt, IssueList } from '@main/services/excel/issues';
import { readTable, RowFields } from '@main/services/excel/table-sheet';
import {
  amountsOf,
  readInvoices,
  readRecipients,
  restoreOrder,
  rowId,
  visibleKeys,
  type Ranked,
} from '@main/services/excel/template-import-rows';
import { DELIVERY_COLS, FUEL_COLS, MIX_PARTS, NOTE_KEYS, SHEET } from '@main/services/excel/template-layout';
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
  const draft: FilledTemplate = {
    currency: template.currency,
    expectedvat: template.expectedvat,
    energysources: readEnergySources(fuels, deliveries, issues),
    heatingsysteminvoices: readInvoices(heating, issues),
    ancillaryinvoices: readInvoices(ancillary, issues),
    billingrecipients: readRecipients(recipients, prepayments, issues),
  };
  if (issues.hasErrors()) return fail(issues);
  // Safety net: what the contract schema still refuses is named by its path in the draft.
  const checked = FilledTemplate.safeParse(draft);
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

function stockOf(f: RowFields, prefix: 'os' | 'cs', what: string): Stock | undefined {
  const date = f.date(`${prefix}Date`);
  const quantity = f.quantity(`${prefix}Qty`);
  const amounts = amountsOf(f, `${prefix}Gross`, `${prefix}Net`);
  const any = date !== undefined || quantity !== undefined || Object.keys(amounts).length > 0;
  if (!any) return undefined;
  if (
    !f.require(`${prefix}Date`, date, `Das Datum des ${what}s`) ||
    !f.require(`${prefix}Qty`, quantity, `Die Menge des ${what}s`)
  ) {
    return undefined;
  }
  return { date, quantity, amounts };
}

type SourceRow = { id: number | undefined; row: number; source: EnergySource; keep: boolean };

function readEnergySources(fuelSheet: Worksheet, deliverySheet: Worksheet, issues: IssueList): EnergySource[] {
  const sources: SourceRow[] = [];
  for (const r of readTable(fuelSheet, FUEL_COLS, issues).rows) {
    if (r.blank(visibleKeys(FUEL_COLS))) continue;
    const f = new RowFields(r, issues);
    const slot = f.int('slot', 1, 2);
    const fuel = f.code('fuel', FUEL_CODES, 'Brennstoffe (Tabelle B)');
    const openingstock = stockOf(f, 'os', 'Anfangsbestand');
    const closingstock = stockOf(f, 'cs', 'Endbestand');
    if (!f.require('slot', slot, 'Der Slot') || !f.require('fuel', fuel, 'Der Brennstoff') || f.failed) continue;
    const source: EnergySource = { slot, fuel, deliveries: [] };
    if (openingstock) source.openingstock = openingstock;
    if (closingstock) source.closingstock = closingstock;
    const id = rowId(r);
    sources.push({ id, row: r.row, source, keep: id !== undefined || openingstock !== undefined || closingstock !== undefined });
  }
  const bySlot = new Map<number, Ranked<Delivery>[]>();
  const table = readTable(deliverySheet, DELIVERY_COLS, issues);
  for (const r of table.rows) {
    if (r.blank(visibleKeys(DELIVERY_COLS))) continue;
    const f = new RowFields(r, issues);
    const fuelText = f.text('fuel');
    const code = fuelText === undefined ? undefined : leadingCode(fuelText);
    const target = sources.find((s) => String(s.source.slot) === code) ?? sources.find((s) => s.source.fuel === code);
    const delivery = readDelivery(f);
    if (!f.require('fuel', fuelText, 'Der Brennstoff')) continue;
    if (!target) {
      const known = sources.map((s) => `${String(s.source.slot)} – ${s.source.fuel}`).join(', ');
      issues.add(
        issueAt(r.where('fuel'), 'FUEL_UNKNOWN', `Der Brennstoff „${cellText(r.cell('fuel'))}“ ist nicht vereinbart (${known}).`),
      );
      continue;
    }
    if (!delivery || f.failed) continue;
    const list = bySlot.get(target.source.slot) ?? [];
    list.push({ id: rowId(r), row: r.row, value: delivery });
    bySlot.set(target.source.slot, list);
  }
  const out: Ranked<EnergySource>[] = [];
  for (const s of sources) {
    s.source.deliveries = restoreOrder(bySlot.get(s.source.slot) ?? []);
    if (s.keep || s.source.deliveries.length > 0) out.push({ id: s.id, row: s.row, value: s.source });
  }
  return restoreOrder(out);
}

function readDelivery(f: RowFields): Delivery | undefined {
  const invoicedate = f.date('invoicedate');
  const quantity = f.quantity('quantity');
  const amounts = amountsOf(f, 'gross', 'net');
  const co2 = { emissionfactor: f.variable('co2Factor', 3), emissionkg: f.quantity('co2Kg'), costgross: f.money('co2Cost') };
  const mix: NonNullable<Delivery['energymix']> = [];
  for (let i = 1; i <= MIX_PARTS; i++) {
    const source = f.code(`mix${String(i)}Source`, ENERGY_SOURCE_CODES, 'Energieträger (Tabelle M)');
    const share = f.share(`mix${String(i)}Share`);
    if (source === undefined && share === undefined) continue;
    if (
      !f.require(`mix${String(i)}Source`, source, `Der Energieträger ${String(i)}`) ||
      !f.require(`mix${String(i)}Share`, share, `Der Anteil ${String(i)}`)
    ) {
      continue;
    }
    mix.push({ source, share });
  }
  if (!f.require('invoicedate', invoicedate, 'Das Rechnungsdatum')) return undefined;
  const delivery: Delivery = { invoicedate, amounts };
  if (quantity !== undefined) delivery.quantity = quantity;
  const co2Parts = Object.values(co2).filter((v) => v !== undefined).length;
  if (co2Parts === 3 && co2.emissionfactor !== undefined && co2.emissionkg !== undefined && co2.costgross !== undefined) {
    delivery.co2 = { emissionfactor: co2.emissionfactor, emissionkg: co2.emissionkg, costgross: co2.costgross };
  } else if (co2Parts > 0) {
    const missing =
      (['co2Factor', 'co2Kg', 'co2Cost'] as const).find((k, i) => Object.values(co2)[i] === undefined) ?? 'co2Factor';
    f.require(missing, undefined, 'Für die CO2-Angaben werden Emissionsfaktor, CO2-Menge und CO2-Kosten gebraucht; eine Angabe');
  }
  if (mix.length > 0) delivery.energymix = mix;
  return delivery;
}
