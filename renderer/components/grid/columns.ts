/**
 * Column definitions per section, built once per section and language (memoized by the steps), so 2,000 rows do
 * not rebuild their cells on every keystroke. One cell component per value kind.
 */
import type { Column } from 'react-datasheet-grid';
import { getField, setField } from '@renderer/components/grid/draft-path';
import type { Row } from '@renderer/components/grid/draft-path';
import { codeOf, fitsKind, pastedText } from '@renderer/components/grid/paste';
import type { CodeOption } from '@renderer/components/grid/paste';
import { editText, kindOfField } from '@renderer/components/grid/value-kinds';
import { TextCell } from '@renderer/components/grid/cells/TextCell';
import { CodeCell } from '@renderer/components/grid/cells/CodeCell';
import { FixedCell, FlagCell } from '@renderer/components/grid/cells/FlagCell';

export type ColumnDef = {
  field: string;
  title: string;
  width?: number;
  /** Code-table cells: the allowed codes with their German labels. */
  options?: readonly CodeOption[];
  /** Read-only text (recipient's name, stock row), computed from the row. */
  fixed?: (row: Row, index: number) => string;
};

/**
 * Fixed widths: datasheet-grid hit-tests a click with the column widths of its newest render but draws the cells
 * where its column virtualizer measured them one effect later. Widths that follow the container (grow) drift
 * apart whenever the page width changes (a scrollbar appears after a step switch) and a click lands in the
 * neighbouring cell. Only the last column takes the spare width, which moves no cell's left edge.
 */
const size = (def: ColumnDef, fallback: number) => ({
  basis: def.width ?? fallback,
  minWidth: def.width ?? fallback,
  grow: 0,
  shrink: 0,
});

/** Left edge of every column as datasheet-grid lays them out, its row-number gutter (40 px unless frozen columns widen it) first. */
export const GUTTER_WIDTH = 40;
export function columnLefts(columns: readonly Column<Row>[], gutter = GUTTER_WIDTH): number[] {
  const lefts = [0];
  let x = gutter;
  for (const c of columns) {
    lefts.push(x);
    x += c.basis ?? 0;
  }
  return lefts;
}

/** Copied as the clerk would type it (German), so a paste back, here or in Excel, reads the same value. */
const copy =
  (field: string) =>
  ({ rowData }: { rowData: Row }): string => {
    const v = getField(rowData, field);
    return typeof v === 'boolean' ? (v ? 'x' : '') : editText(kindOfField(field), v ?? '');
  };

export function buildColumns(defs: readonly ColumnDef[]): Column<Row>[] {
  const columns = defs.map(columnOf);
  const last = columns.at(-1);
  if (last) columns[columns.length - 1] = { ...last, grow: 1 };
  return columns;
}

function columnOf(def: ColumnDef): Column<Row> {
  const { field, title } = def;
  if (def.fixed !== undefined) {
    const text = def.fixed;
    return {
      id: field,
      title,
      ...size(def, 160),
      component: FixedCell,
      columnData: { text },
      disabled: true,
      copyValue: ({ rowData, rowIndex }) => text(rowData, rowIndex),
    };
  }
  const kind = kindOfField(field);
  const common = {
    id: field,
    title,
    copyValue: copy(field),
    deleteValue: ({ rowData }: { rowData: Row }) => setField(rowData, field, kind === 'bool' ? false : ''),
  };
  if (kind === 'bool') {
    return {
      ...common,
      ...size(def, 90),
      component: FlagCell,
      columnData: { field, title, fits: (raw: string) => fitsKind('bool', raw) },
      pasteValue: ({ rowData, value }) => setField(rowData, field, pastedText('bool', value)),
    };
  }
  if (def.options !== undefined) {
    const options = def.options;
    return {
      ...common,
      ...size(def, 220),
      component: CodeCell,
      columnData: { field, title, options, fits: (raw: string) => fitsKind('code', raw, options) },
      keepFocus: true,
      disableKeys: true,
      pasteValue: ({ rowData, value }) => setField(rowData, field, codeOf(value.trim(), options)),
    };
  }
  return {
    ...common,
    ...size(def, kind === 'text' || kind === 'mix' ? 180 : 120),
    component: TextCell,
    columnData: { field, kind, title, fits: (raw: string) => fitsKind(kind, raw) },
    pasteValue: ({ rowData, value }) => setField(rowData, field, pastedText(kind, value)),
  };
}
