/**
 * The usage-unit workbook of the import benchmarks: a title row, German headers and `rows` units of a large
 * property, with numbers and dates both as Excel values and as German text, as ERP exports mix them.
 */
import ExcelJS from 'exceljs';

export async function unitsWorkbook(rows: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Nutzer');
  ws.addRow(['Mieterliste Großobjekt']);
  ws.addRow([
    'Ordnungsbegriff',
    'Nutzer-Nr.',
    'Lage',
    'Geschoss',
    'Wohnfläche',
    'Personen',
    'Zählernummer',
    'Partner-Nr.',
    'Name',
    'Vorname',
    'Einzug',
  ]);
  for (let i = 1; i <= rows; i++) {
    const n = String(i).padStart(5, '0');
    ws.addRow([
      `WE-${n}`,
      i % 3 === 0 ? i % 10_000 : null,
      `Haus ${String(1 + (i % 40))} links`,
      String(i % 8),
      i % 2 === 0 ? 40 + (i % 90) + 0.25 : `${String(40 + (i % 90))},50`,
      1 + (i % 5),
      `HKV-${n}; WZ-${n}`,
      `P-${n}`,
      `Nachname ${n}`,
      i % 4 === 0 ? null : `Vorname ${n}`,
      i % 2 === 0 ? new Date(Date.UTC(2020 + (i % 5), i % 12, 1 + (i % 28))) : `01.0${String(1 + (i % 9))}.2024`,
    ]);
  }
  ws.getColumn(11).numFmt = 'dd.mm.yyyy';
  return Buffer.from(await wb.xlsx.writeBuffer());
}
