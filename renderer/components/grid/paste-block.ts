/**
 * A block pasted into the grid (Excel puts rows on lines and cells between tabs) spread over the rows from the
 * cell it lands in, through each column's own pasteValue, so a value is read as its column reads it. The grid
 * uses this for every paste, also into a cell that is being edited (datasheet-grid leaves that to the input,
 * which would take the whole block as one text).
 */
import type { Column } from 'react-datasheet-grid';
import type { Row } from '@renderer/components/grid/draft-path';

/** Rows of cells; a trailing line break (Excel adds one) ends the block, quoted cells may hold tabs and breaks. */
export function parseBlock(text: string): string[][] {
  const clean = text.replace(/\r\n?/g, '\n').replace(/\n$/, '');
  const rows: string[][] = [[]];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < clean.length; i++) {
    const ch = clean.charAt(i);
    if (quoted) {
      if (ch === '"' && clean.charAt(i + 1) === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === '\t') {
      rows.at(-1)?.push(cell);
      cell = '';
    } else if (ch === '\n') {
      rows.at(-1)?.push(cell);
      rows.push([]);
      cell = '';
    } else cell += ch;
  }
  rows.at(-1)?.push(cell);
  return rows;
}

/** More than one cell: a tab or a line break inside the text (a single value ends at most with one break). */
export const isBlock = (text: string): boolean => /[\t\n]/.test(text.replace(/\r?\n$/, ''));

export type Spread = {
  rows: Row[];
  /** The pasted area: first and last row and column (column indices of `columns`). */
  min: { row: number; col: number };
  max: { row: number; col: number };
  /** Cells whose pasted text the column could not take as a value of its kind: [row, column id, text]. */
  refused: { row: number; field: string; value: string }[];
};

type Options = { lockRows: boolean; createRow: () => Row };

/** What a column says of a pasted text that is no value of its kind (see columns.ts), or undefined when it fits. */
export type PasteCheck = (raw: string) => boolean;

const checkOf = (column: Column<Row>): PasteCheck | undefined => (column.columnData as { fits?: PasteCheck } | undefined)?.fits;

/**
 * The rows after pasting `block` with its first cell at `at`. A single row of cells fills every row of a selection
 * down to `toRow` (Excel's fill); rows beyond the end are added unless the grid's rows are fixed; columns beyond the
 * last and read-only columns are skipped.
 */
export function spreadBlock(
  rows: readonly Row[],
  columns: readonly Column<Row>[],
  at: { row: number; col: number; toRow?: number },
  block: readonly (readonly string[])[],
  { lockRows, createRow }: Options,
): Spread {
  const next = [...rows];
  const fill = block.length === 1 ? Math.max(0, (at.toRow ?? at.row) - at.row) + 1 : block.length;
  let height = fill;
  if (at.row + fill > next.length) {
    if (lockRows) height = next.length - at.row;
    else while (next.length < at.row + fill) next.push(createRow());
  }
  const width = Math.min(Math.max(...block.map((r) => r.length)), columns.length - at.col);
  const refused: Spread['refused'] = [];
  for (let j = 0; j < width; j++) {
    const column = columns[at.col + j];
    if (column === undefined || column.disabled === true || column.pasteValue === undefined) continue;
    const fits = checkOf(column);
    for (let i = 0; i < height; i++) {
      const value = (block.length === 1 ? block[0] : block[i])?.[j] ?? '';
      const rowIndex = at.row + i;
      if (fits !== undefined && value.trim() !== '' && !fits(value))
        refused.push({ row: rowIndex, field: column.id ?? '', value });
      next[rowIndex] = column.pasteValue({ rowData: next[rowIndex] ?? createRow(), value, rowIndex });
    }
  }
  return {
    rows: next,
    min: { row: at.row, col: at.col },
    max: { row: at.row + Math.max(height, 1) - 1, col: at.col + Math.max(width, 1) - 1 },
    refused,
  };
}
