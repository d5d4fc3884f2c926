import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Worksheet } from 'exceljs';
import type { FilledTemplate } from '@shared/msc/billing-input';
import { TemplateImportResult } from '@shared/domain/excel';
import { buildTemplateWorkbook } from '@main/services/excel/template-export';
import { importTemplateWorkbook } from '@main/services/excel/template-import';
import { DRAFT, TEMPLATE } from '@test/fixtures/excel/template-fixture';
import { FIXED_DATE } from '@test/fixtures/excel/workbooks';

const SHEETS = [
  'Hinweise',
  'Brennstoffe und Bestände',
  'Lieferungen',
  'CO2-Angaben',
  'Warmwasser und Liegenschaft',
  'Heizungsbetriebskosten',
  'Nebenkosten',
  'Nutzer und Verteilwerte',
  'Vorauszahlungen',
  'Listen',
];

async function load(buf: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb;
}

function sheet(wb: ExcelJS.Workbook, name: string): Worksheet {
  const ws = wb.getWorksheet(name);
  if (!ws) throw new Error(`no sheet ${name}`);
  return ws;
}

async function save(wb: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const exported = (): Promise<Buffer> => buildTemplateWorkbook(TEMPLATE, { draft: DRAFT, now: FIXED_DATE });

describe('template workbook export', () => {
  it('has one sheet per section, German headers, typed values and a hidden list sheet', async () => {
    const wb = await load(await exported());
    expect(wb.worksheets.map((w) => w.name)).toEqual(SHEETS);
    expect(sheet(wb, 'Listen').state).toBe('veryHidden');
    const notes = sheet(wb, 'Hinweise');
    const facts = new Map<string, unknown>();
    notes.eachRow((r) => facts.set(r.getCell(1).text, r.getCell(2).value));
    expect(facts.get('Liegenschaft (Messdienst)')).toBe('100200300');
    expect(facts.get('Abrechnungszeitraum')).toBe('01.01.2025 – 31.12.2025');
    expect(facts.get('Umsatzsteuer')).toBe('Bruttobeträge (inkl. Umsatzsteuer)');
    expect(facts.get('Erstellt am')).toBe('15.01.2026, 10:00');

    const heating = sheet(wb, 'Heizungsbetriebskosten');
    expect(heating.getRow(1).values).toEqual([
      undefined,
      '_Nr (technisch, nicht ändern)',
      'Kostenart',
      'Text',
      'Verteilerschlüssel',
      'Rechnungsdatum',
      'Menge',
      'Brutto €',
      'Netto €',
      'Leistungsart §35a',
      'Lohnanteil brutto €',
      'Leistungszeitraum von',
      'Leistungszeitraum bis',
      'Verwendungsgruppe',
    ]);
    expect(heating.getColumn(1).hidden).toBe(true);
    const gross = heating.getCell('G2');
    expect(gross.value).toBe(1234.56);
    expect(gross.numFmt).toBe('#,##0.00');
    expect(heating.getCell('E2').value).toEqual(new Date('2025-03-12T00:00:00Z'));
    expect(heating.getCell('E2').numFmt).toBe('dd.mm.yyyy');
    expect(heating.getCell('B2').value).toBe('221 – Wartung');
    expect(heating.getCell('I2').value).toBe('13 – Handwerkerleistungen (§ 35a Abs. 3 EStG)');
  });

  it('offers code-table dropdowns and locks preset columns while input cells stay unlocked', async () => {
    const wb = await load(await exported());
    const heating = sheet(wb, 'Heizungsbetriebskosten');
    const listOf = (ws: Worksheet, ref: string): unknown => ws.getCell(ref).dataValidation;
    expect(listOf(heating, 'B2')).toMatchObject({ type: 'list', formulae: ['Listen!$A$1:$A$4'] });
    expect(listOf(heating, 'B150')).toMatchObject({ type: 'list' });
    expect(listOf(heating, 'I2')).toMatchObject({ type: 'list', formulae: ['Listen!$E$1:$E$4'] });
    const lists = sheet(wb, 'Listen');
    expect([1, 2, 3, 4].map((r) => lists.getCell(r, 1).value)).toEqual([
      '220 – Betriebsstrom',
      '221 – Wartung',
      '225 – Schornsteinfeger',
      '227 – Messdienst',
    ]);
    expect(lists.getCell(1, 3).value).toBe('1 – 111 Leichtes Heizöl in Liter');
    expect(listOf(sheet(wb, 'Lieferungen'), 'J2')).toMatchObject({ type: 'list', formulae: ['Listen!$F$1:$F$7'] });

    const recipients = sheet(wb, 'Nutzer und Verteilwerte');
    for (const ws of wb.worksheets.filter((w) => w.name !== 'Listen')) {
      expect((ws as unknown as { sheetProtection?: { sheet: boolean } }).sheetProtection?.sheet, ws.name).toBe(true);
    }
    expect(recipients.getRow(1).values).toContain('010 m² Wohnfläche');
    // Excel's default is locked: a cell without protection style is locked.
    const locked = (ref: string): boolean => recipients.getCell(ref).style.protection?.locked ?? true;
    expect(['C2', 'D2', 'E2', 'F2', 'G2', 'H2', 'I2'].map(locked)).toEqual([true, true, true, true, true, true, true]);
    expect(['J2', 'K2', 'L2'].map(locked)).toEqual([false, false, false]);
    expect(recipients.getCell('C2').value).toBe('0001');
    expect(sheet(wb, 'Nebenkosten').getCell('G40').style.protection?.locked).toBe(false);
  });

  it('lists template recipients the draft lacks, within the period, and leaves them out again when untouched', async () => {
    const wb = await load(await exported());
    const recipients = sheet(wb, 'Nutzer und Verteilwerte');
    const last = recipients.getRow(5);
    expect([last.getCell('C').value, last.getCell('F').value, last.getCell('G').value, last.getCell('I').value]).toEqual([
      '0003',
      'Leerstand',
      new Date('2025-01-01T00:00:00Z'),
      'Ja',
    ]);
  });
});

describe('template workbook import', () => {
  it('round trip: export → import gives the draft back', async () => {
    const r = await importTemplateWorkbook(await exported(), TEMPLATE);
    expect(TemplateImportResult.parse(r)).toEqual(r);
    expect(r).toStrictEqual({ ok: true, draft: DRAFT, warnings: [] });
  });

  it('reads the committed golden Erfassungsmappe, so older exports stay importable', async () => {
    const golden = readFileSync(fileURLToPath(new URL('../../fixtures/excel/erfassung-100200300-2025.xlsx', import.meta.url)));
    expect(await importTemplateWorkbook(golden, TEMPLATE)).toStrictEqual({ ok: true, draft: DRAFT, warnings: [] });
  });

  it('round trip after a clerk’s edits: re-sorted rows, German number text, an added invoice, deleted empty rows', async () => {
    const wb = await load(await exported());
    const heating = sheet(wb, 'Heizungsbetriebskosten');
    const rows = [2, 3, 4].map((n) => heating.getRow(n).values as ExcelJS.CellValue[]);
    [rows[2], rows[0], rows[1]].forEach((v, i) => (heating.getRow(2 + i).values = v ?? []));
    heating.getCell('G4').value = '1.234,56';
    const recipients = sheet(wb, 'Nutzer und Verteilwerte');
    const rec = [2, 3, 4, 5].map((n) => recipients.getRow(n).values as ExcelJS.CellValue[]);
    [rec[3], rec[2], rec[1], rec[0]].forEach((v, i) => (recipients.getRow(2 + i).values = v ?? []));
    const ancillary = sheet(wb, 'Nebenkosten');
    ancillary.spliceRows(4, 5);
    ancillary.getCell('B4').value = '400 – Allgemeinstrom';
    ancillary.getCell('C4').value = 'Treppenhaus';
    ancillary.getCell('E4').value = '15.11.2025';
    ancillary.getCell('G4').value = '321,09';
    sheet(wb, 'Lieferungen').getCell('D3').value = '2.600';

    const r = await importTemplateWorkbook(await save(wb), TEMPLATE);
    const expected: FilledTemplate = structuredClone(DRAFT);
    const [firstSource] = expected.energysources;
    if (!firstSource?.deliveries[1] || !expected.heatingsysteminvoices[1]) throw new Error('fixture changed');
    expected.heatingsysteminvoices[1].amounts.grossamount = '1234.56';
    firstSource.deliveries[1].quantity = '2600.000';
    expected.ancillaryinvoices.push({
      cost: { key: '400', text: 'Treppenhaus' },
      invoicedate: '2025-11-15',
      amounts: { grossamount: '321.09' },
    });
    expect(r).toStrictEqual({ ok: true, draft: expected, warnings: [] });
  });

  it('from an export without draft: only the agreed opening stock comes back', async () => {
    const r = await importTemplateWorkbook(await buildTemplateWorkbook(TEMPLATE, { now: FIXED_DATE }), TEMPLATE);
    expect(r).toStrictEqual({
      ok: true,
      warnings: [],
      draft: {
        currency: 'EUR',
        expectedvat: 'GROSS',
        energysources: [{ slot: 1, fuel: '111', openingstock: TEMPLATE.fuels[0]?.openingstockpreset, deliveries: [] }],
        heatingsysteminvoices: [],
        ancillaryinvoices: [],
        billingrecipients: [],
      },
    });
  });

  it('keeps a cell that is no number or date as written and names sheet, row and column', async () => {
    const wb = await load(await exported());
    sheet(wb, 'Heizungsbetriebskosten').getCell('G3').value = 'sechshundert';
    sheet(wb, 'Nutzer und Verteilwerte').getCell('J3').value = '72,5,1';
    sheet(wb, 'Lieferungen').getCell('C2').value = '31.02.2025';
    const r = await importTemplateWorkbook(await save(wb), TEMPLATE);
    if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
    expect(r.warnings.map((i) => i.message)).toEqual([
      'Blatt „Lieferungen“, Zeile 2, Spalte C („Rechnungsdatum“): „31.02.2025“ ist kein gültiges Datum; so übernommen; bitte noch korrigieren',
      'Blatt „Heizungsbetriebskosten“, Zeile 3, Spalte G („Brutto €“): „sechshundert“ ist keine Zahl (erwartet z. B. 1.234,56); so übernommen; bitte noch korrigieren',
      'Blatt „Nutzer und Verteilwerte“, Zeile 3, Spalte J („010 m² Wohnfläche“): „72,5,1“ ist keine Zahl (erwartet z. B. 1.234,56); so übernommen; bitte noch korrigieren',
    ]);
    expect(r.draft.energysources?.[0]?.deliveries?.[0]?.invoicedate).toBe('31.02.2025');
    expect(r.draft.heatingsysteminvoices?.[1]?.amounts?.grossamount).toBe('sechshundert');
    expect(r.draft.billingrecipients?.[1]?.allocations).toContainEqual({ key: '010', value: '72,5,1' });
  });

  it('refuses a delivery of a fuel that is not agreed: it has no place in the draft', async () => {
    const wb = await load(await exported());
    sheet(wb, 'Lieferungen').getCell('B2').value = '7 – 999 Kohle';
    const r = await importTemplateWorkbook(await save(wb), TEMPLATE);
    expect(!r.ok && r.issues.map((i) => [i.code, i.row, i.column])).toEqual([['FUEL_UNKNOWN', 2, 'B']]);
  });

  it('refuses a workbook of another unit or period, and one with a deleted sheet', async () => {
    const other = await buildTemplateWorkbook({ ...TEMPLATE, billingunitMscnumber: '999' }, { now: FIXED_DATE });
    const r = await importTemplateWorkbook(other, TEMPLATE);
    expect(!r.ok && r.issues).toEqual([
      expect.objectContaining({
        code: 'WRONG_WORKBOOK',
        message:
          'Blatt „Hinweise“: Die Mappe gehört zu Liegenschaft 999, Zeitraum bis 2025-12-31, nicht zu Liegenschaft 100200300, Zeitraum bis 2025-12-31.',
      }),
    ]);
    const wb = await load(await exported());
    wb.removeWorksheet(sheet(wb, 'Nebenkosten').id);
    const missing = await importTemplateWorkbook(await save(wb), TEMPLATE);
    expect(!missing.ok && missing.issues.map((i) => i.code)).toEqual(['SHEET_MISSING']);
  });

  it('keeps the formula result a clerk typed, but refuses one without a cached value', async () => {
    const wb = await load(await exported());
    const ws = sheet(wb, 'Nebenkosten');
    ws.getCell('G2').value = { formula: '2000+114.01', result: 2114.01 };
    ws.getCell('G3').value = { formula: 'A1*2', date1904: false };
    const r = await importTemplateWorkbook(await save(wb), TEMPLATE);
    expect(!r.ok && r.issues).toEqual([
      expect.objectContaining({ code: 'FORMULA_NO_RESULT', sheet: 'Nebenkosten', row: 3, column: 'G' }),
    ]);
  });
});
