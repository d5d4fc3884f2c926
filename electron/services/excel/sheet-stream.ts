/** The exceljs streaming reader over an xlsx buffer, and picking the sheet to read. */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { CellValue } from 'exceljs';
import type { ImportIssue, SheetInfo } from '@shared/domain/excel';
import { openXlsx, type XlsxSheet } from '@main/services/excel/xlsx-package';

const READER_OPTIONS = {
  worksheets: 'emit',
  sharedStrings: 'cache',
  styles: 'cache',
  hyperlinks: 'ignore',
  entries: 'ignore',
} as const;

export type StreamRow = { number: number; values: readonly CellValue[] };

/**
 * Stored (unpacked) parts pass through the reader's unzipper as they arrive; handed over whole, a sheet would
 * reach the XML parser as one piece and all its rows would pile up before the first is yielded.
 */
const CHUNK_BYTES = 64 * 1024;

function* inChunks(buffers: readonly Buffer[]): Generator<Buffer> {
  for (const b of buffers) for (let i = 0; i < b.length; i += CHUNK_BYTES) yield b.subarray(i, i + CHUNK_BYTES);
}

type SheetEvent = { eventType: string; value: { number: number; values: unknown } };

/**
 * Rows of the (single) sheet in an xlsx (as one buffer or in pieces), in the batches the exceljs streaming reader
 * parses them (one per piece of input): taking them one by one through its row iterator would cost a promise per
 * row, a fifth of a large import.
 */
export async function* streamRowBatches(xlsx: Buffer | readonly Buffer[]): AsyncGenerator<StreamRow[]> {
  const buffers = Buffer.isBuffer(xlsx) ? [xlsx] : xlsx;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(inChunks(buffers)), READER_OPTIONS);
  for await (const sheet of reader) {
    const events: AsyncIterable<SheetEvent[]> = { [Symbol.asyncIterator]: () => sheet.parse() };
    for await (const batch of events) {
      const rows: StreamRow[] = [];
      for (const e of batch) {
        if (e.eventType === 'row') rows.push({ number: e.value.number, values: e.value.values as CellValue[] });
      }
      if (rows.length > 0) yield rows;
    }
  }
}

/** Lists the sheets of a workbook in tab order. */
export function listSheets(
  buffer: Buffer,
  file?: string,
): { ok: true; sheets: SheetInfo[] } | { ok: false; issues: ImportIssue[] } {
  const opened = openXlsx(buffer, file === undefined ? {} : { file });
  return opened.ok
    ? { ok: true, sheets: opened.pkg.sheets.map(({ name, hidden }) => ({ name, hidden })) }
    : { ok: false, issues: [opened.issue] };
}

/** The wanted sheet, or the first visible one; a missing sheet is one error naming those there are. */
export function pickSheet(sheets: XlsxSheet[], wanted: string | undefined): XlsxSheet | ImportIssue {
  const found = wanted === undefined ? (sheets.find((s) => !s.hidden) ?? sheets[0]) : sheets.find((s) => s.name === wanted);
  if (found) return found;
  const names = sheets.map((s) => `„${s.name}“`).join(', ');
  return {
    severity: 'error',
    code: 'SHEET_MISSING',
    message: `Das Tabellenblatt „${wanted ?? ''}“ gibt es in der Datei nicht. Vorhandene Blätter: ${names}.`,
    sheet: wanted ?? '',
  };
}
