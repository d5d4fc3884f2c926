/**
 * Issue 11, item 8: "Als Excel bearbeiten" of a half-filled draft and "Aus Excel übernehmen" of that workbook give
 * back the draft the editor holds, values normalised the way the editor sends them (German → ISO). Text that is no
 * number or date goes into its cell as written and comes back as written, named by a warning.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { DraftContent } from '@shared/domain/workspace';
import type { FilledTemplate, Template } from '@shared/msc/billing-input';
import { buildTemplateWorkbook } from '@main/services/excel/template-export';
import { importTemplateWorkbook } from '@main/services/excel/template-import';
import { describeTemplateCell, templateCellOf } from '@main/services/excel/template-cells';
import { completeDraft } from '@renderer/features/editor/sections';
import { kindOfField, toIso } from '@renderer/components/grid/value-kinds';
import { TEMPLATE } from '@test/fixtures/excel/template-fixture';
import { FIXED_DATE } from '@test/fixtures/excel/workbooks';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The draft as the editor sends it: typed values in ISO, empty values, empty rows and empty groups left out. */
function normalised(value: unknown, field = '', inAllocations = false): unknown {
  if (Array.isArray(value)) {
    return value.map((v) => normalised(v, field, inAllocations)).filter((v) => !(isObject(v) && Object.keys(v).length === 0));
  }
  if (isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const n = normalised(v, k, inAllocations || k === 'allocations');
      if (n !== undefined && !(isObject(n) && Object.keys(n).length === 0)) out[k] = n;
    }
    return out;
  }
  if (typeof value !== 'string') return value;
  // A distribution key still without its value is kept: the editor shows its empty cell.
  if (inAllocations) return field === 'value' ? toIso('allocation', value) : value.trim();
  return value === '' ? undefined : toIso(kindOfField(field), value);
}

/** What a clerk has typed so far into the editor: German numbers, gaps, mistakes, an empty row. */
function halfFilled(): DraftContent {
  const draft = completeDraft(undefined, TEMPLATE);
  const [oil, district] = draft.energysources ?? [];
  if (!oil || !district) throw new Error('the template has two fuels');
  oil.closingstock = { date: '31.12.2025' };
  oil.deliveries = [
    {
      invoicedate: '12.03.2025',
      quantity: '5.000,5',
      amounts: { grossamount: '5.355,00' },
      energymix: [{ source: '03', share: '90' }, { source: 'xx' }],
    },
    { invoicedate: '31.02.2025', quantity: 'viel', co2: { emissionfactor: '0,201' } },
    // Read from an earlier workbook: ISO, a quantity below 1,000 that must not grow a thousandfold.
    { invoicedate: '2025-10-02', quantity: '412.000', amounts: { grossamount: '98.17', netamount: '82.50' } },
  ];
  district.deliveries = [{ amounts: { netamount: '1.000' } }];
  draft.heatingsysteminvoices = [
    { cost: { key: '221', text: 'Wartung' }, invoicedate: '20.05.2025', amounts: { grossamount: '1.190,00' } },
    { cost: { key: '999' }, amounts: { grossamount: 'abc' } },
    {},
    { cost: { text: 'nur Text' } },
    { allocationkey: '010', taxservicetype: '13', laborgross: '12,345', quantity: ' 2100 ' },
  ];
  const [first, second] = draft.billingrecipients ?? [];
  if (!first || !second) throw new Error('the template has recipients');
  first.allocations = [
    { key: '035', value: '2' },
    { key: '010', value: '72,5' },
    { key: '030', value: '' },
  ];
  first.prepayments = { heating: { grossamount: '1.190,00' } };
  second.allocations = [{ key: '010', value: 'x' }];
  return draft;
}

async function roundTrip(draft: DraftContent, template: Template = TEMPLATE) {
  const workbook = await buildTemplateWorkbook(template, { draft, now: FIXED_DATE });
  const read = await importTemplateWorkbook(workbook, template);
  if (!read.ok) throw new Error(read.issues.map((i) => i.message).join('\n'));
  return { workbook, read };
}

describe('a half-filled draft through the Erfassungsmappe', () => {
  it('comes back as the editor holds it, every value normalised', async () => {
    const draft = halfFilled();
    const { read } = await roundTrip(draft);
    expect(normalised(read.draft)).toEqual(normalised(draft));
    // And once more: what came back goes out and comes back unchanged.
    const again = await roundTrip(read.draft);
    expect(again.read.draft).toEqual(read.draft);
  });

  it('writes readable values as real numbers and dates, the rest as the clerk wrote it, marked', async () => {
    const { workbook } = await roundTrip(halfFilled());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(workbook as unknown as ArrayBuffer);
    const deliveries = wb.getWorksheet('Lieferungen');
    const heating = wb.getWorksheet('Heizungsbetriebskosten');
    if (!deliveries || !heating) throw new Error('sheets missing');
    expect(deliveries.getCell('C2').value).toEqual(new Date('2025-03-12T00:00:00Z'));
    expect(deliveries.getCell('D2').value).toBe(5000.5);
    expect(deliveries.getCell('E2').value).toBe(5355);
    expect(deliveries.getCell('D4').value).toBe(412);
    expect(deliveries.getCell('C3').value).toBe('31.02.2025');
    expect(deliveries.getCell('D3').value).toBe('viel');
    expect(deliveries.getCell('D3').fill).toMatchObject({ fgColor: { argb: 'FFFDE2E2' } });
    expect(heating.getCell('B3').value).toBe('999');
    expect(heating.getCell('G3').value).toBe('abc');
    expect(heating.getCell('G2').value).toBe(1190);
  });

  it('names every value it kept as written, and what is still missing, as warnings only', async () => {
    const { read } = await roundTrip(halfFilled());
    const named = read.warnings.filter((w) => w.code !== 'REQUIRED').map((w) => [w.sheet, w.row, w.column, w.value]);
    expect(named).toEqual(
      expect.arrayContaining([
        ['Lieferungen', 2, 'L', 'xx'],
        ['Lieferungen', 3, 'C', '31.02.2025'],
        ['Lieferungen', 3, 'D', 'viel'],
        ['Heizungsbetriebskosten', 3, 'B', '999'],
        ['Heizungsbetriebskosten', 3, 'G', 'abc'],
        ['Heizungsbetriebskosten', 6, 'J', '12,345'],
        ['Nutzer und Verteilwerte', 3, 'J', 'x'],
      ]),
    );
    expect(named).toHaveLength(7);
    expect(read.warnings.every((w) => w.severity === 'warning')).toBe(true);
    expect(read.warnings.map((w) => w.message)).toContain(
      'Blatt „Heizungsbetriebskosten“, Zeile 5, Spalte B („Kostenart“): Die Kostenart fehlt noch.',
    );
  });

  it('leaves out rows without any value, as the workbook says (“leere Zeilen werden übergangen”)', async () => {
    const { read } = await roundTrip(halfFilled());
    expect(read.draft.heatingsysteminvoices).toHaveLength(4);
    expect(read.draft.heatingsysteminvoices?.[2]).toEqual({ cost: { text: 'nur Text' }, amounts: {} });
  });
});

/** The demo MSC's template as it presets calorific values and the CO2 property facts (issue 9). */
const PRESETS: Template = {
  ...TEMPLATE,
  fuels: TEMPLATE.fuels.map((f) => ({ ...f, calorificvalue: f.fuel === '111' ? '10.0800' : '1.0000' })),
  co2configuration: {
    ...TEMPLATE.co2configuration,
    heatedarea: '786.50',
    nonresidentialshare: '12.5',
    restrictionbuilding: true,
    restrictionsupply: false,
  },
};

async function load(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  return wb;
}

function sheetOf(wb: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const ws = wb.getWorksheet(name);
  if (!ws) throw new Error(`no sheet ${name}`);
  return ws;
}

describe('the template presets through the Erfassungsmappe', () => {
  it('are written where the draft has none and come back, so the check never asks for them', async () => {
    const workbook = await buildTemplateWorkbook(PRESETS, { now: FIXED_DATE });
    const wb = await load(workbook);
    const fuels = sheetOf(wb, 'Brennstoffe und Bestände');
    expect(fuels.getCell('N1').value).toBe('Heizwert kWh je Einheit');
    expect([fuels.getCell('N2').value, fuels.getCell('N3').value]).toEqual([10.08, 1]);
    const co2 = sheetOf(wb, 'CO2-Angaben');
    expect([1, 2, 3, 4].map((c) => co2.getRow(2).getCell(c).value)).toEqual([786.5, 12.5, 'Ja', 'Nein']);

    const read = await importTemplateWorkbook(workbook, PRESETS);
    if (!read.ok) throw new Error(read.issues.map((i) => i.message).join('\n'));
    expect(read.draft.energysources?.map((e) => [e.slot, e['calorificvalue']])).toEqual([
      [1, '10.0800'],
      [2, '1.0000'],
    ]);
    expect(read.draft['co2configuration']).toEqual({
      heatedarea: '786.50',
      nonresidentialshare: '12.5',
      restrictionbuilding: true,
      restrictionsupply: false,
    });
  });

  it('keep what the clerk corrected, in the editor or typed into Excel the German way', async () => {
    const draft = completeDraft(undefined, PRESETS);
    const [oil] = draft.energysources ?? [];
    if (!oil) throw new Error('the template has fuels');
    oil['calorificvalue'] = '9,8';
    draft['co2configuration'] = {
      heatedarea: '800',
      nonresidentialshare: '0',
      restrictionbuilding: false,
      restrictionsupply: true,
    };
    const { read } = await roundTrip(draft, PRESETS);
    expect(normalised(read.draft)).toEqual(normalised(draft));
    expect(read.draft.energysources?.[0]?.['calorificvalue']).toBe('9.8000');
    expect(read.draft['co2configuration']).toMatchObject({ heatedarea: '800.00', restrictionsupply: true });

    const wb = await load(await buildTemplateWorkbook(PRESETS, { draft, now: FIXED_DATE }));
    sheetOf(wb, 'Brennstoffe und Bestände').getCell('N2').value = '10,5';
    sheetOf(wb, 'CO2-Angaben').getCell('A2').value = '1.234,5 m²';
    sheetOf(wb, 'CO2-Angaben').getCell('C2').value = 'ja';
    const edited = await importTemplateWorkbook(Buffer.from(await wb.xlsx.writeBuffer()), PRESETS);
    if (!edited.ok) throw new Error(edited.issues.map((i) => i.message).join('\n'));
    expect(edited.draft.energysources?.[0]?.['calorificvalue']).toBe('10.5000');
    expect(edited.draft['co2configuration']).toMatchObject({ heatedarea: '1234.50', restrictionbuilding: true });
  });

  it('name a calorific value that is no number at its cell and keep it as written', async () => {
    const wb = await load(await buildTemplateWorkbook(PRESETS, { draft: completeDraft(undefined, PRESETS), now: FIXED_DATE }));
    sheetOf(wb, 'Brennstoffe und Bestände').getCell('N2').value = 'zehn';
    const read = await importTemplateWorkbook(Buffer.from(await wb.xlsx.writeBuffer()), PRESETS);
    if (!read.ok) throw new Error('a value that is no number is a warning only');
    expect(read.draft.energysources?.[0]?.['calorificvalue']).toBe('zehn');
    expect(read.warnings.map((w) => [w.sheet, w.row, w.column, w.value])).toContainEqual([
      'Brennstoffe und Bestände',
      2,
      'N',
      'zehn',
    ]);
  });

  it('still imports a workbook written before the calorific column and the CO2 sheet existed', async () => {
    const wb = await load(await buildTemplateWorkbook(PRESETS, { draft: completeDraft(undefined, PRESETS), now: FIXED_DATE }));
    const fuels = sheetOf(wb, 'Brennstoffe und Bestände');
    for (const row of [1, 2, 3]) fuels.getCell(`N${String(row)}`).value = null;
    wb.removeWorksheet(sheetOf(wb, 'CO2-Angaben').id);
    const read = await importTemplateWorkbook(Buffer.from(await wb.xlsx.writeBuffer()), PRESETS);
    if (!read.ok) throw new Error(read.issues.map((i) => i.message).join('\n'));
    expect(read.draft.energysources?.[0]).not.toHaveProperty('calorificvalue');
    expect(read.draft).not.toHaveProperty('co2configuration');
    // The editor carries the presets in again when it opens the draft.
    expect(completeDraft(read.draft, PRESETS).energysources?.[0]?.['calorificvalue']).toBe('10.0800');
  });

  it('carries the service period of deliveries and invoices, and imports a workbook made before those columns', async () => {
    const draft = completeDraft(undefined, PRESETS);
    const oil = draft.energysources?.[0];
    if (!oil) throw new Error('the template has an oil fuel');
    oil.deliveries = [{ invoicedate: '20.01.2026', servicefrom: '01.01.2025', serviceto: '31.12.2025', quantity: '2000' }];
    draft.heatingsysteminvoices = [
      { cost: { key: '221' }, invoicedate: '20.01.2026', servicefrom: '2025-01-01', serviceto: '2025-12-31' },
    ];
    const { read, workbook } = await roundTrip(draft, PRESETS);
    expect(read.draft.energysources?.[0]?.deliveries?.[0]).toMatchObject({ servicefrom: '2025-01-01', serviceto: '2025-12-31' });
    expect(read.draft.heatingsysteminvoices?.[0]).toMatchObject({ servicefrom: '2025-01-01', serviceto: '2025-12-31' });
    const wb = await load(workbook);
    for (const name of ['Lieferungen', 'Heizungsbetriebskosten']) {
      const ws = sheetOf(wb, name);
      const headerCol = (h: string) => (ws.getRow(1).values as unknown[]).map(String).indexOf(h);
      for (const h of ['Leistungszeitraum von', 'Leistungszeitraum bis']) ws.spliceColumns(headerCol(h), 1);
      expect((ws.getRow(1).values as unknown[]).map(String)).not.toContain('Leistungszeitraum bis');
    }
    const old = await importTemplateWorkbook(Buffer.from(await wb.xlsx.writeBuffer()), PRESETS);
    if (!old.ok) throw new Error(old.issues.map((i) => i.message).join('\n'));
    expect(old.draft.energysources?.[0]?.deliveries?.[0]).not.toHaveProperty('servicefrom');
    expect(old.draft.heatingsysteminvoices?.[0]?.invoicedate).toBe('2026-01-20');
  });

  it('names the fuel place in words, not “Slot”, and still reads a workbook headed “Slot” (issue 19, item 8)', async () => {
    const wb = await load(await buildTemplateWorkbook(PRESETS, { draft: completeDraft(undefined, PRESETS), now: FIXED_DATE }));
    const fuels = sheetOf(wb, 'Brennstoffe und Bestände');
    const headers = (fuels.getRow(1).values as unknown[]).map(String);
    expect(headers).toContain('Brennstoffplatz');
    expect(headers).not.toContain('Slot');
    fuels.getCell(1, headers.indexOf('Brennstoffplatz')).value = 'Slot';
    const read = await importTemplateWorkbook(Buffer.from(await wb.xlsx.writeBuffer()), PRESETS);
    if (!read.ok) throw new Error(read.issues.map((i) => i.message).join('\n'));
    expect(read.draft.energysources?.map((s) => s.slot)).toEqual([1, 2]);
  });

  it('are named with sheet, row and column in the check report', async () => {
    const filled: FilledTemplate = {
      currency: 'EUR',
      expectedvat: 'GROSS',
      energysources: [
        { slot: 1, fuel: '111', calorificvalue: '10.0800', deliveries: [] },
        { slot: 2, fuel: '206', calorificvalue: '1.0000', deliveries: [] },
      ],
      heatingsysteminvoices: [],
      ancillaryinvoices: [],
      billingrecipients: [],
      co2configuration: { heatedarea: '786.50', nonresidentialshare: '12.5', restrictionbuilding: true },
    };
    const where = (path: string) => {
      const c = templateCellOf(path, PRESETS, filled);
      return c && describeTemplateCell(c);
    };
    expect(where('energysources[1].calorificvalue')).toBe(
      'Brennstoffe und Bestände, Zeile 3, Spalte N (Heizwert kWh je Einheit)',
    );
    expect(where('co2configuration.heatedarea')).toBe('CO2-Angaben, Zeile 2, Spalte A (Wohnfläche m² (CO2KostAufG))');
    expect(where('co2configuration.nonresidentialshare')).toBe('CO2-Angaben, Zeile 2, Spalte B (Anteil Nichtwohnnutzung %)');
    expect(where('co2configuration.restrictionsupply')?.startsWith('CO2-Angaben, Zeile 2, Spalte D (§ 9')).toBe(true);
    expect(where('co2configuration')).toBe('CO2-Angaben, Zeile 2, Spalte A (Wohnfläche m² (CO2KostAufG))');
    const withBill = { ...filled, heatingsysteminvoices: [{ cost: { key: '221' }, invoicedate: '2026-01-20', amounts: {} }] };
    const bill = templateCellOf('heatingsysteminvoices[0].servicefrom', PRESETS, withBill);
    expect(bill && describeTemplateCell(bill)).toBe('Heizungsbetriebskosten, Zeile 2, Spalte K (Leistungszeitraum von)');
    // The named cell holds the value the message is about.
    const wb = await load(await buildTemplateWorkbook(PRESETS, { draft: filled, now: FIXED_DATE }));
    for (const [path, value] of [
      ['energysources[0].calorificvalue', 10.08],
      ['co2configuration.heatedarea', 786.5],
      ['co2configuration.restrictionbuilding', 'Ja'],
    ] as const) {
      const c = templateCellOf(path, PRESETS, filled);
      if (!c) throw new Error(path);
      expect(sheetOf(wb, c.sheet).getCell(`${c.column}${String(c.row)}`).value, path).toBe(value);
    }
  });
});
