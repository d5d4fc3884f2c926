/**
 * A sheet's XML measured before exceljs builds anything from it: merged ranges, the last row and column and
 * the column definitions. exceljs materialises a cell object for every cell of a merge and a column object
 * for every column of a `<col>`; one crafted range is enough to fill any heap.
 */
import { columnNumber, decodeRange } from '@main/services/excel/issues';
import {
  mergeOutside,
  tooManyColumns,
  tooManyMergedCells,
  tooManyMerges,
  tooManyRows,
  XlsxRefusal,
  type SheetLimits,
} from '@main/services/excel/xlsx-limits';

/** Excel's own last column (XFD): a `<col>` beyond it is no real file. */
const EXCEL_COLUMNS = 16_384;

export function parseMerges(sheetXml: Buffer | undefined): string[] {
  if (!sheetXml) return [];
  const start = sheetXml.indexOf('<mergeCells');
  if (start < 0) return [];
  const end = sheetXml.indexOf('</mergeCells>', start);
  const part = sheetXml.toString('utf8', start, end < 0 ? sheetXml.length : end);
  return [...part.matchAll(/<mergeCell\b[^>]*\sref="([^"]+)"/g)].map((m) => m[1] ?? '').filter((r) => r !== '');
}

/** Throws XlsxRefusal when the merged ranges pass the limits (their number, their reach, for whole loads their cells). */
export function checkMerges(file: string | undefined, sheet: string, refs: readonly string[], limits: SheetLimits): void {
  if (refs.length > limits.mergedRanges) throw new XlsxRefusal(tooManyMerges(file, sheet, refs.length, limits));
  let cells = 0;
  for (const ref of refs) {
    const r = decodeRange(ref);
    if (!r) continue;
    if (r.bottom > limits.rows || r.right > limits.columns) throw new XlsxRefusal(mergeOutside(file, sheet, ref, limits));
    cells += (r.bottom - r.top + 1) * (r.right - r.left + 1);
  }
  if ('mergedCells' in limits && cells > limits.mergedCells) {
    throw new XlsxRefusal(tooManyMergedCells(file, sheet, cells, limits));
  }
}

/**
 * Throws XlsxRefusal when a row, a cell or a column definition lies beyond the limits. Rows and cells without
 * an `r` attribute follow the previous one, as Excel reads them.
 */
export function checkExtent(file: string | undefined, sheet: string, xml: string, limits: SheetLimits): void {
  let row = 0;
  let col = 0;
  for (const m of xml.matchAll(/<(?:\w+:)?(row|c|col)\b([^>]*)>/g)) {
    const [, tag, attrs = ''] = m;
    if (tag === 'row') {
      const r = /\sr="(\d+)"/.exec(attrs)?.[1];
      row = r === undefined ? row + 1 : Number(r);
      col = 0;
      if (row > limits.rows) throw new XlsxRefusal(tooManyRows(file, sheet, row, limits));
    } else if (tag === 'c') {
      const ref = /\sr="([A-Za-z]+)\d*"/.exec(attrs)?.[1];
      col = ref === undefined ? col + 1 : columnNumber(ref);
      if (col > limits.columns) throw new XlsxRefusal(tooManyColumns(file, sheet, col, limits));
    } else {
      const max = Number(/\smax="(\d+)"/.exec(attrs)?.[1] ?? 0);
      if (max > EXCEL_COLUMNS) throw new XlsxRefusal(tooManyColumns(file, sheet, max, limits));
    }
  }
}

/** Elements after the cell data that the template import does not read and exceljs would expand or resolve. */
const UNUSED_PAIRED =
  /<(?:\w+:)?(hyperlinks|dataValidations|conditionalFormatting|oleObjects|controls|tableParts|extLst|AlternateContent)\b[^>]*?(?:\/>|>[\s\S]*?<\/(?:\w+:)?\1>)/g;
const UNUSED_SINGLE = /<(?:\w+:)?(?:drawing|legacyDrawing|legacyDrawingHF|picture)\b[^>]*\/>/g;

/**
 * The sheet without drawings, comments, tables, hyperlinks, validations and conditional formats: exceljs
 * expands a validation over every cell of its range and looks up each of the others in parts left out.
 */
export function stripSheet(xml: string): string {
  const end = xml.indexOf('</sheetData>');
  if (end < 0) return xml;
  return xml.slice(0, end) + xml.slice(end).replace(UNUSED_PAIRED, '').replace(UNUSED_SINGLE, '');
}

/** The workbook without defined names, which exceljs expands cell by cell (`$A:$A` is a million cells). */
export function stripWorkbook(xml: string): string {
  return xml.replace(/<(?:\w+:)?definedNames\b[^>]*?(?:\/>|>[\s\S]*?<\/(?:\w+:)?definedNames>)/, '');
}

/**
 * The sheet's last row number as its XML states it (the `<dimension>` or the last `<row r="…">`), for a progress
 * bar while the rows are read; undefined when the file does not say.
 */
export function lastRowOf(xml: Buffer): number | undefined {
  const head = xml.toString('utf8', 0, Math.min(xml.length, 4096));
  const dim = /<(?:\w+:)?dimension\b[^>]*\sref="[A-Z]+\d+:[A-Z]+(\d+)"/.exec(head)?.[1];
  if (dim !== undefined) return Number(dim);
  const end = xml.lastIndexOf('</sheetData>');
  if (end < 0) return undefined;
  const tail = xml.toString('utf8', Math.max(0, end - 64 * 1024), end);
  let last: string | undefined;
  for (const m of tail.matchAll(/<(?:\w+:)?row\b[^>]*\sr="(\d+)"/g)) last = m[1];
  return last === undefined ? undefined : Number(last);
}
