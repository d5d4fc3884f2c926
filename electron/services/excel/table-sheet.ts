/**
 * A sheet as a table of typed columns: written with German headers, number and date formats, dropdowns
 * and locked preset columns; read back by header text so that re-sorted rows and moved columns still fit.
 */
import type { CellValue, DataValidation, Style, Workbook, Worksheet } from 'exceljs';
import {
  cellText,
  leadingCode,
  parseBoolCell,
  parseDateCell,
  parseIntCell,
  parseNumberCell,
  parseVariableNumberCell,
  toCell,
  type Cell,
  type Parsed,
} from '@main/services/excel/cell-values';
import { columnLetter, issueAt, type IssueList, type Where } from '@main/services/excel/issues';
import type { Col, ColKind, ListName } from '@main/services/excel/template-layout';

/** exceljs keeps range validations (one `sqref` per column) but its typings only know the per-cell form. */
type RangeValidations = { dataValidations: { add(range: string, validation: DataValidation): void } };

export type CellOut = string | number | boolean | undefined;
export type ListRefs = Partial<Record<ListName, string>>;

const NUM_FMT: Partial<Record<ColKind, string>> = {
  money: '#,##0.00',
  quantity: '#,##0.000',
  share: '0.0',
  date: 'dd.mm.yyyy',
  text: '@',
  id: '@',
  order: '@',
};

const HEADER_STYLE: Partial<Style> = {
  font: { bold: true },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDE5EE' } },
  alignment: { wrapText: true, vertical: 'top' },
  protection: { locked: true },
};

const PRESET_FILL: Style['fill'] = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F2F2' } };

function cellValue(kind: ColKind, v: CellOut): CellValue {
  if (v === undefined || v === '') return null;
  if (typeof v === 'boolean') return v ? 'Ja' : 'Nein';
  if (typeof v === 'number') return v;
  switch (kind) {
    case 'money':
    case 'quantity':
    case 'share':
    case 'factor':
    case 'alloc':
    case 'int':
      return Number(v);
    case 'date':
      return new Date(`${v}T00:00:00Z`);
    default:
      return v;
  }
}

const isInput = (c: Col): boolean => c.locked !== true && c.kind !== 'id' && c.kind !== 'order';

/** Writes a protected table sheet; input columns stay unlocked for `inputRows` further rows. */
export function writeTable(
  wb: Workbook,
  name: string,
  cols: readonly Col[],
  rows: readonly Record<string, CellOut>[],
  lists: ListRefs,
  inputRows: number,
): Worksheet {
  const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = cols.map((c) => {
    const style: Partial<Style> = { protection: { locked: !isInput(c) } };
    const fmt = NUM_FMT[c.kind];
    if (fmt !== undefined) style.numFmt = fmt;
    return { header: c.header, key: c.key, width: c.width, hidden: c.kind === 'id' || c.kind === 'order', style };
  });
  ws.getRow(1).eachCell((cell) => (cell.style = { ...cell.style, ...HEADER_STYLE }));
  ws.getRow(1).height = 32;
  for (const r of rows) {
    const row = ws.addRow(Object.fromEntries(cols.map((c) => [c.key, cellValue(c.kind, r[c.key])])));
    cols.forEach((c, i) => {
      const cell = row.getCell(i + 1);
      const fmt = NUM_FMT[c.kind];
      if (fmt !== undefined) cell.numFmt = fmt;
      cell.protection = { locked: !isInput(c) };
      if (c.locked === true) cell.fill = PRESET_FILL;
    });
  }
  const last = rows.length + 1 + inputRows;
  cols.forEach((c, i) => {
    const ref = c.list === undefined ? undefined : lists[c.list];
    if (ref === undefined) return;
    const letter = columnLetter(i + 1);
    (ws as unknown as RangeValidations).dataValidations.add(`${letter}2:${letter}${String(last)}`, {
      type: 'list',
      allowBlank: true,
      formulae: [ref],
      showErrorMessage: true,
      errorStyle: 'warning',
      errorTitle: 'Wert nicht in der Liste',
      error: 'Bitte einen Eintrag aus der Liste wählen. Ein eigener Code wird erst bei der Prüfung beanstandet.',
    });
  });
  if (cols.some((c) => c.kind === 'id')) ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: last, column: cols.length } };
  return ws;
}

/** Protection without password (documented on the Hinweise sheet): it guards presets against slips, not people. */
export async function protect(ws: Worksheet): Promise<void> {
  await ws.protect('', {
    selectLockedCells: true,
    selectUnlockedCells: true,
    formatColumns: true,
    formatRows: true,
    insertRows: true,
    deleteRows: true,
    sort: true,
    autoFilter: true,
  });
}

export type TableRow = {
  row: number;
  cell(key: string): Cell;
  where(key: string): Where;
  blank(keys: readonly string[]): boolean;
};
export type Table = { sheet: string; rows: TableRow[]; headers: { col: number; text: string }[] };

/**
 * Distribution-key columns are headed "<code> <label>" and found by their code, so a workbook exported before a
 * code-table label was corrected still imports; a renamed column is found by its former header too.
 */
const sameColumn = (text: string, c: Col): boolean =>
  text === c.header ||
  (c.former?.includes(text) ?? false) ||
  (c.kind === 'alloc' && text.split(' ')[0] === c.header.split(' ')[0]);

/** The columns of `cols` the sheet has a header for; only `optional` ones may be missing (older workbooks). */
export function presentCols(ws: Worksheet, cols: readonly Col[], optional: readonly string[]): readonly Col[] {
  const headers = new Set<string>();
  ws.getRow(1).eachCell((cell) => headers.add(cellText(toCell(cell.value)).trim()));
  return cols.filter((c) => !optional.includes(c.key) || headers.has(c.header));
}

/** Reads a table sheet; columns are found by header text. A missing column is an error. */
export function readTable(ws: Worksheet, cols: readonly Col[], issues: IssueList): Table {
  const sheet = ws.name;
  const headers: { col: number; text: string }[] = [];
  ws.getRow(1).eachCell((cell, col) => headers.push({ col, text: cellText(toCell(cell.value)) }));
  const colOf = new Map<string, number>();
  for (const c of cols) {
    const h = headers.find((x) => sameColumn(x.text.trim(), c));
    if (h) colOf.set(c.key, h.col);
    else
      issues.add(
        issueAt(
          { sheet, row: 1 },
          'COLUMN_MISSING',
          `Die Spalte „${c.header}“ fehlt. Bitte die Mappe neu erzeugen oder die Spalte wiederherstellen.`,
        ),
      );
  }
  const rows: TableRow[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const values = row.values as CellValue[];
    const cell = (key: string): Cell => {
      const col = colOf.get(key) ?? headers.find((h) => h.text === key)?.col;
      return col === undefined ? { kind: 'empty' } : toCell(values[col]);
    };
    const where = (key: string): Where => {
      const col = colOf.get(key);
      const header = cols.find((c) => c.key === key)?.header ?? key;
      return col === undefined ? { sheet, row: n } : { sheet, row: n, column: columnLetter(col), header };
    };
    rows.push({ row: n, cell, where, blank: (keys) => keys.every((k) => cell(k).kind === 'empty') });
  });
  return { sheet, rows, headers };
}

/** Typed reads of one row; every problem becomes an issue at its cell and marks the row failed. */
export class RowFields {
  failed = false;

  constructor(
    private readonly r: TableRow,
    private readonly issues: IssueList,
  ) {}

  private take(key: string, parse: (c: Cell) => Parsed): string | undefined {
    const c = this.r.cell(key);
    if (c.kind === 'empty') return undefined;
    const p: Parsed | { ok: false; code: 'FORMULA_NO_RESULT' | 'CELL_ERROR'; problem: string } =
      c.kind === 'problem' ? { ok: false, code: c.code, problem: c.problem } : parse(c);
    if (p.ok) return p.value;
    this.failed = true;
    this.issues.add(issueAt(this.r.where(key), p.code, p.problem, { value: cellText(c) }));
    return undefined;
  }

  text = (key: string): string | undefined => this.take(key, (c) => ({ ok: true, value: cellText(c) }));
  money = (key: string): string | undefined => this.take(key, (c) => parseNumberCell(c, 2));
  quantity = (key: string): string | undefined => this.take(key, (c) => parseNumberCell(c, 3));
  share = (key: string): string | undefined => this.take(key, (c) => parseNumberCell(c, 1));
  variable = (key: string, scale: 3 | 2 | 1 | 0 = 3): string | undefined =>
    this.take(key, (c) => parseVariableNumberCell(c, scale));
  date = (key: string): string | undefined => this.take(key, (c) => parseDateCell(c));
  bool = (key: string): boolean | undefined => {
    const v = this.take(key, parseBoolCell);
    return v === undefined ? undefined : v === 'true';
  };
  int = (key: string, min: number, max: number): number | undefined => {
    const v = this.take(key, (c) => parseIntCell(c, min, max));
    return v === undefined ? undefined : Number(v);
  };

  /** A code from a dropdown cell (`221 – Wartung`) that must be one of `allowed`. */
  code = (key: string, allowed: readonly string[], what: string): string | undefined =>
    this.take(key, (c) => {
      const code = leadingCode(cellText(c));
      return allowed.includes(code)
        ? { ok: true, value: code }
        : { ok: false, code: 'INVALID_VALUE', problem: `„${cellText(c)}“ ist kein bekannter Code für ${what}` };
    });

  /** Marks a required cell that is empty. */
  require<T>(key: string, value: T | undefined, what: string): value is T {
    if (value !== undefined) return true;
    if (this.r.cell(key).kind === 'empty') {
      this.failed = true;
      this.issues.add(issueAt(this.r.where(key), 'REQUIRED', `${what} fehlt.`));
    }
    return false;
  }
}
