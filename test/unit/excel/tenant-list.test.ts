import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readTenantList } from '@main/services/excel/tenant-list';

async function workbook(rows: unknown[][], sheet = 'Mieter'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const HEADER = ['Wohnungs-Nr.', 'Mieternummer', 'Vorname', 'Name', 'Einzug', 'Auszug'];

describe('readTenantList', () => {
  it('suggests the columns of a typical ERP export and reads German and Excel dates', async () => {
    const buffer = await workbook([
      ['Mieterliste Karl-Heine-Str. 42'],
      HEADER,
      ['0002', 'P-301-002', 'Thomas', 'Schneider', '01.09.2012', new Date(Date.UTC(2025, 3, 30))],
      ['0002', 'P-301-040', 'Elif', 'Yilmaz', '2025-07-01', null],
    ]);
    const result = await readTenantList(buffer, { file: 'mieter.xlsx' });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.headerRow).toBe(2);
    expect(result.columns).toEqual({
      residentialunit: 'A',
      partnerPmnumber: 'B',
      firstname: 'C',
      name: 'D',
      movein: 'E',
      moveout: 'F',
    });
    expect(result.rows).toEqual([
      {
        row: 3,
        residentialunit: '0002',
        partnerPmnumber: 'P-301-002',
        name: 'Schneider',
        firstname: 'Thomas',
        movein: '2012-09-01',
        moveout: '2025-04-30',
      },
      { row: 4, residentialunit: '0002', partnerPmnumber: 'P-301-040', name: 'Yilmaz', firstname: 'Elif', movein: '2025-07-01' },
    ]);
    expect(result.issues).toEqual([]);
  });

  it('names sheet, row and column of a row it cannot use, and keeps the good rows', async () => {
    const buffer = await workbook([
      HEADER,
      ['0001', 'P-1', 'Anna', 'Müller', 'gestern', null],
      ['0003', '', 'Jonas', 'Becker', '01.01.2020', '31.12.2019'],
      ['0004', 'P-4', '', 'Fischer', '01.01.2020', null],
    ]);
    const result = await readTenantList(buffer);
    if (!result.ok) throw new Error('not read');
    expect(result.rows.map((r) => r.row)).toEqual([4]);
    const messages = result.issues.map((i) => `${String(i.row)} ${i.column ?? ''} ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^2 E Blatt „Mieter“, Zeile 2, Spalte E \(„Einzug“\)/),
        expect.stringMatching(/^3 F .*Auszug liegt vor dem Einzug/),
      ]),
    );
  });

  it('takes chosen columns by letter and says which required column is missing', async () => {
    const buffer = await workbook([
      ['Feld A', 'Konto', 'Bezeichnung', 'ab'],
      ['0001', 'P-1', 'Müller', '01.01.2024'],
    ]);
    const unmapped = await readTenantList(buffer, { headerRow: 1 });
    if (!unmapped.ok) throw new Error('not read');
    expect(unmapped.issues[0]?.message).toMatch(/Es fehlt eine Spalte für „Nutzeinheit“, „Name“, „Einzug“/);
    const mapped = await readTenantList(buffer, {
      headerRow: 1,
      columns: { residentialunit: 'A', partnerPmnumber: 'B', name: 'C', movein: 'D' },
    });
    if (!mapped.ok) throw new Error('not read');
    expect(mapped.rows).toEqual([
      { row: 2, residentialunit: '0001', partnerPmnumber: 'P-1', name: 'Müller', movein: '2024-01-01' },
    ]);
  });
});
