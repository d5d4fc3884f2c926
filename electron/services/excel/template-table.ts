/**
 * A table sheet of the Erfassungsmappe from rows of typed draft values: each value is written by its column's
 * kind (template-values), and a value that reads as nothing of that kind goes in as the clerk's text on a pale red
 * fill, so the clerk sees in Excel what still needs fixing and the import names it.
 */
import type { Fill, Workbook, Worksheet } from 'exceljs';
import { writeTable, type CellOut, type ListRefs } from '@main/services/excel/table-sheet';
import type { Col } from '@main/services/excel/template-layout';
import { isRaw, typedCell, type RawText } from '@main/services/excel/template-values';

/** Column key → the draft's value as typed (string), a flag or a number; undefined for an empty cell. */
export type TemplateRow = Record<string, unknown>;

const UNREADABLE_FILL: Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFDE2E2' } };

export function writeTemplateTable(
  wb: Workbook,
  name: string,
  cols: readonly Col[],
  rows: readonly TemplateRow[],
  lists: ListRefs,
  inputRows: number,
): Worksheet {
  const raws: { row: number; col: number; value: RawText }[] = [];
  const cells = rows.map((r, i) =>
    Object.fromEntries(
      cols.map((c, j): [string, CellOut] => {
        const out = typedCell(c.kind, r[c.key]);
        if (out === undefined || !isRaw(out)) return [c.key, out];
        raws.push({ row: i + 2, col: j + 1, value: out });
        return [c.key, undefined];
      }),
    ),
  );
  const ws = writeTable(wb, name, cols, cells, lists, inputRows);
  for (const { row, col, value } of raws) {
    const cell = ws.getRow(row).getCell(col);
    cell.value = value.raw;
    cell.numFmt = '@';
    cell.fill = UNREADABLE_FILL;
  }
  return ws;
}
