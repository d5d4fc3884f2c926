/**
 * The usage-unit workbook of the import benchmarks and what exceljs alone needs to read it: a title row, German
 * headers and `rows` units, with numbers and dates both as Excel values and as German text, as ERP exports mix them.
 * With `properties`, a first column "Liegenschaft" spreads the rows over them in turn.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

const HEADERS = [
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
];

export async function unitsWorkbook(rows: number, properties: readonly string[] = []): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const several = properties.length > 0;
  const ws = wb.addWorksheet(several ? 'Nutzeinheiten' : 'Nutzer');
  ws.addRow([several ? 'Nutzeinheiten aller Objekte' : 'Mieterliste Großobjekt']);
  ws.addRow(several ? ['Liegenschaft', ...HEADERS] : HEADERS);
  for (let i = 1; i <= rows; i++) {
    const n = String(i).padStart(5, '0');
    const unit = [
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
    ];
    ws.addRow(several ? [properties[i % properties.length], ...unit] : unit);
  }
  ws.getColumn(several ? 12 : 11).numFmt = 'dd.mm.yyyy';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The input in 64 KiB pieces, as streamRows hands it over (a stored part in one piece would be parsed in one go). */
function* inChunks(buffers: Buffer[]): Generator<Buffer> {
  for (const b of buffers) for (let i = 0; i < b.length; i += 65_536) yield b.subarray(i, i + 65_536);
}

/** What exceljs itself needs to hand over every row of the file: the baseline of the import figures. */
export async function streamingReaderAlone(buf: Buffer | Buffer[]): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(Buffer.isBuffer(buf) ? [buf] : inChunks(buf)), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let count = 0;
  for await (const sheet of reader) for await (const row of sheet) if (row.number > 0) count++;
  return count;
}
