/**
 * Issue 20 item 4: the fields a real MSC needs go through the Erfassungsmappe — exported with German headers and
 * dropdowns, filled in Excel as a clerk does, imported into the draft; a draft with them survives the round trip;
 * a workbook from before (without the new sheet and columns) still imports.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildTemplateWorkbook } from '@main/services/excel/template-export';
import { importTemplateWorkbook } from '@main/services/excel/template-import';
import { completeDraft } from '@renderer/features/editor/sections';
import { toFilledTemplate } from '@renderer/features/editor/to-filled';
import { baseSubmission, baseTemplate } from '@test/fixtures/billing-input';
import { FIXED_DATE } from '@test/fixtures/excel/workbooks';
import type { DraftContent } from '@shared/domain/workspace';

const template = baseTemplate();

async function load(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  return wb;
}

function sheet(wb: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const ws = wb.getWorksheet(name);
  if (!ws) throw new Error(`Blatt „${name}“ fehlt`);
  return ws;
}

/** The column a clerk finds by its header. */
function col(ws: ExcelJS.Worksheet, header: string): number {
  let found = 0;
  ws.getRow(1).eachCell((cell, n) => {
    if (cell.text === header) found ||= n;
  });
  if (found === 0) throw new Error(`Spalte „${header}“ fehlt in „${ws.name}“`);
  return found;
}

/** The row of a user by unit and partner number. */
function rowOf(ws: ExcelJS.Worksheet, unit: string, partner: string): number {
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    if (row.getCell(col(ws, 'Nutzer-Nr.')).text === unit && row.getCell(col(ws, 'Partner-Nr.')).text === partner) return r;
  }
  throw new Error(`Nutzer ${unit}/${partner} fehlt`);
}

async function imported(buffer: Buffer): Promise<DraftContent> {
  const read = await importTemplateWorkbook(buffer, template);
  if (!read.ok) throw new Error(read.issues.map((i) => i.message).join('\n'));
  return read.draft;
}

describe('the new fields in the Erfassungsmappe', () => {
  it('a clerk fills them in Excel from the dropdowns and they arrive in the draft', async () => {
    const wb = await load(await buildTemplateWorkbook(template, { now: FIXED_DATE }));
    const lists = sheet(wb, 'Listen');

    const hot = sheet(wb, 'Warmwasser und Liegenschaft');
    // The template's preset temperature is there already; the clerk adds the meter readings and the volume.
    expect(hot.getRow(2).getCell(col(hot, 'Mittlere Warmwassertemperatur °C')).value).toBe(55);
    expect(hot.getRow(2).getCell(col(hot, 'Eigentümergemeinschaft (WEG)')).value).toBe('Nein');
    hot.getRow(2).getCell(col(hot, 'Warmwassermenge m³')).value = 412.5;
    hot.getRow(2).getCell(col(hot, 'Warmwasserzähler Anfangsstand m³')).value = 1208.25;
    hot.getRow(2).getCell(col(hot, 'Warmwasserzähler Endstand m³')).value = 1620.75;

    const fuels = sheet(wb, 'Brennstoffe und Bestände');
    fuels.getRow(3).getCell(col(fuels, 'Versorgung Heizung 1 von')).value = new Date('2025-12-01T00:00:00Z');
    fuels.getRow(3).getCell(col(fuels, 'Versorgung Heizung 1 bis')).value = new Date('2025-12-31T00:00:00Z');

    const deliveries = sheet(wb, 'Lieferungen');
    const d = deliveries.getRow(2);
    d.getCell(col(deliveries, 'Brennstoff')).value = lists.getCell(1, 3).text;
    d.getCell(col(deliveries, 'Rechnungsdatum')).value = new Date('2025-02-14T00:00:00Z');
    d.getCell(col(deliveries, 'CO2-Kosten netto €')).value = 1166.0;

    const ancillary = sheet(wb, 'Nebenkosten');
    const inv = ancillary.getRow(2);
    inv.getCell(col(ancillary, 'Kostenart')).value = '400 – Allgemeinstrom';
    inv.getCell(col(ancillary, 'Rechnungsdatum')).value = new Date('2025-06-30T00:00:00Z');
    inv.getCell(col(ancillary, 'Brutto €')).value = 615.33;
    // The dropdown offers the agreed usage groups as „key – text“.
    const groups: string[] = [];
    for (let r = 1; r <= lists.rowCount; r++) if (lists.getCell(r, 8).text !== '') groups.push(lists.getCell(r, 8).text);
    expect(groups).toEqual(['WOHN – Wohnungen', 'GEW – Gewerbe']);
    inv.getCell(col(ancillary, 'Verwendungsgruppe')).value = groups[1];

    const users = sheet(wb, 'Nutzer und Verteilwerte');
    const leaving = users.getRow(rowOf(users, '0003', 'P-1003'));
    leaving.getCell(col(users, 'Nutzerwechsel: Aufteilung')).value = '14 – Aufteilung nach Gradtagen';
    leaving.getCell(col(users, 'Nutzerwechselgebühr trägt der Nutzer')).value = 'Ja';
    users.getRow(rowOf(users, '0005', 'P-1005')).getCell(col(users, 'Umsatzsteuer-Ausweis')).value =
      '1 – Umsatzsteuer ausweisen (gewerbliche Vermietung)';

    const draft = await imported(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(draft.hotwater).toEqual({ temperature: '55.00', volume: '412.500', meterstart: '1208.250', meterend: '1620.750' });
    expect(draft.condominium).toBe(false);
    expect(draft.energysources?.[1]?.supply).toEqual({ heating1: { from: '2025-12-01', to: '2025-12-31' } });
    expect(draft.energysources?.[0]?.deliveries?.[0]?.co2).toEqual({ costnet: '1166.00' });
    expect(draft.ancillaryinvoices?.[0]?.usagegroup).toBe('GEW');
    const byUnit = (unit: string, partner: string) =>
      draft.billingrecipients?.find((r) => r.residentialunitMscnumber === unit && r.partnerPmnumber === partner);
    expect(byUnit('0003', 'P-1003')).toMatchObject({ changesplit: '14', changefee: true });
    expect(byUnit('0005', 'P-1005')?.vatindicator).toBe('1');
  });

  it('a complete fill with every new field goes out and comes back the same, and still makes a valid submission', async () => {
    const draft = completeDraft(baseSubmission(), template);
    const once = await imported(await buildTemplateWorkbook(template, { draft, now: FIXED_DATE }));
    const twice = await imported(await buildTemplateWorkbook(template, { draft: once, now: FIXED_DATE }));
    expect(twice).toEqual(once);
    const sent = toFilledTemplate(once);
    const base = baseSubmission();
    expect(sent?.hotwater).toEqual(base.hotwater);
    expect(sent?.condominium).toBe(false);
    expect(sent?.energysources[1]?.supply).toEqual(base.energysources[1]?.supply);
    expect(sent?.energysources[1]?.deliveries[0]?.co2?.costnet).toBe('574.86');
    expect(sent?.ancillaryinvoices.map((i) => i.usagegroup)).toEqual(base.ancillaryinvoices.map((i) => i.usagegroup));
    expect(sent?.billingrecipients.map((r) => [r.vatindicator, r.changesplit, r.changefee])).toEqual(
      base.billingrecipients.map((r) => [r.vatindicator, r.changesplit, r.changefee]),
    );
  });

  it('still imports a workbook from before, without the hot-water sheet and the new columns', async () => {
    const wb = await load(await buildTemplateWorkbook(template, { now: FIXED_DATE }));
    wb.removeWorksheet(sheet(wb, 'Warmwasser und Liegenschaft').id);
    for (const [name, headers] of [
      ['Nebenkosten', ['Verwendungsgruppe']],
      ['Nutzer und Verteilwerte', ['Umsatzsteuer-Ausweis', 'Nutzerwechsel: Aufteilung', 'Nutzerwechselgebühr trägt der Nutzer']],
      ['Lieferungen', ['CO2-Kosten netto €']],
      ['Brennstoffe und Bestände', ['Versorgung Heizung 1 von', 'Versorgung Heizung 1 bis']],
    ] as const) {
      const ws = sheet(wb, name);
      for (const h of headers) ws.getRow(1).getCell(col(ws, h)).value = null;
    }
    const read = await importTemplateWorkbook(Buffer.from(await wb.xlsx.writeBuffer()), template);
    expect(read.ok ? [] : read.issues.map((i) => i.message)).toEqual([]);
  });
});
