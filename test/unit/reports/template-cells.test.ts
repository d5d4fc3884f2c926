/**
 * The check report names the Erfassungsmappe's cell for each message (issue 11, item 4). Proved against a real
 * exported workbook: for every value of the draft, the cell named for its path holds that very value.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTemplateWorkbook } from '@main/services/excel/template-export';
import { describeTemplateCell, templateCellOf } from '@main/services/excel/template-cells';
import { DRAFT, TEMPLATE } from '@test/fixtures/excel/template-fixture';

type Leaf = [path: string, value: string | number | boolean];

/** Every value of the draft with its JSON path in the MSC's notation. */
function leaves(value: unknown, path = ''): Leaf[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${path}[${String(i)}]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leaves(v, path === '' ? k : `${path}.${k}`));
  return [[path, value as string | number | boolean]];
}

/** What the export writes for a value: numbers as numbers, dates as dates, codes with their label, Ja/Nein. */
function holds(cell: ExcelJS.CellValue, value: string | number | boolean): boolean {
  if (typeof value === 'boolean') return cell === (value ? 'Ja' : 'Nein');
  if (cell instanceof Date) return cell.toISOString().slice(0, 10) === value;
  if (typeof cell === 'number') return cell === Number(value);
  return typeof cell === 'string' && (cell === value || cell.startsWith(`${String(value)} – `));
}

let wb: ExcelJS.Workbook;
beforeAll(async () => {
  wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await buildTemplateWorkbook(TEMPLATE, { draft: DRAFT })) as unknown as ArrayBuffer);
});

const HEADER_ONLY = new Set(['currency', 'expectedvat']);

describe('the cell of a path in the exported Erfassungsmappe', () => {
  const all = leaves(DRAFT).filter(([path]) => !HEADER_ONLY.has(path));

  it('covers every value of the draft', () => {
    expect(all.length).toBeGreaterThan(80);
    expect(all.filter(([path]) => templateCellOf(path, TEMPLATE, DRAFT) === undefined)).toEqual([]);
  });

  it.each(all)('%s holds %s', (path, value) => {
    const c = templateCellOf(path, TEMPLATE, DRAFT);
    if (!c) throw new Error(`no cell for ${path}`);
    const ws = wb.getWorksheet(c.sheet);
    if (!ws) throw new Error(`no sheet ${c.sheet}`);
    expect(ws.getRow(1).getCell(c.column).value, 'header').toBe(c.header);
    // A distribution key is the column itself: its header names the key, the cell holds the value.
    if (/allocations\[\d+\]\.key$/.test(path)) {
      expect(c.header.startsWith(`${String(value)} `)).toBe(true);
      return;
    }
    const cell = ws.getCell(`${c.column}${String(c.row)}`).value;
    expect(holds(cell, value), `${c.sheet}!${c.column}${String(c.row)} = ${JSON.stringify(cell)}`).toBe(true);
  });

  it('names the row of a message about a whole entry, a stock or a missing allocation', () => {
    const where = (path: string) => {
      const c = templateCellOf(path, TEMPLATE, DRAFT);
      return c && describeTemplateCell(c);
    };
    expect(where('energysources[1].deliveries[0]')).toBe('Lieferungen, Zeile 4, Spalte B (Brennstoff)');
    expect(where('energysources[0].closingstock')).toBe('Brennstoffe und Bestände, Zeile 2, Spalte K (Endbestand Menge)');
    expect(where('energysources[1].deliveries[0].energymix')).toBe('Lieferungen, Zeile 4, Spalte J (Energiemix 1 Träger)');
    expect(where('ancillaryinvoices[1]')).toBe('Nebenkosten, Zeile 3, Spalte B (Kostenart)');
    expect(where('billingrecipients[2].allocations')?.startsWith('Nutzer und Verteilwerte, Zeile 4, Spalte')).toBe(true);
    expect(where('billingrecipients[2].prepayments.coldwater')).toBe('Vorauszahlungen, Zeile 4, Spalte L (Kaltwasser brutto €)');
  });

  it('has no cell for header paths and for entries the draft does not have', () => {
    for (const path of [
      '',
      'currency',
      'expectedvat',
      'heatingsysteminvoices',
      'heatingsysteminvoices[7].amounts',
      'billingrecipients[3]',
    ])
      expect(templateCellOf(path, TEMPLATE, DRAFT), path).toBeUndefined();
  });
});
