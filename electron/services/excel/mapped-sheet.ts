/**
 * Shared core of the mapped-sheet importers: open the file, pick the sheet, find the header row,
 * map columns to fields and turn every data row into typed strings. Rows are read with the exceljs
 * streaming reader so that a 20,000-row list costs little more than reading it.
 */
import type { CellValue } from 'exceljs';
import type { ColumnRef, HeaderCell, ImportIssue, SheetInfo } from '@shared/domain/excel';
import { FIELD_LABELS, IMPORT_LIMITS } from '@shared/domain/excel';
import type { Scale } from '@shared/domain/decimal';
import {
  cellText,
  parseDateCell,
  parseIntCell,
  parseNumberCell,
  toCell,
  type Cell,
  type Parsed,
} from '@main/services/excel/cell-values';
import {
  recognises,
  resolveColumns,
  suggestColumns,
  type FieldSpec,
  type HeaderText,
  type ResolvedColumn,
} from '@main/services/excel/columns';
import { columnLetter, decodeRange, issueAt, IssueList, type Where } from '@main/services/excel/issues';
import {
  dataMergeIssues,
  headerNotFound,
  HEADER_SEARCH_ROWS,
  mergedHeaderIssue,
  type Range,
} from '@main/services/excel/sheet-checks';
import { pickSheet, streamRows, type StreamRow } from '@main/services/excel/sheet-stream';
import { openXlsx } from '@main/services/excel/xlsx-package';
import { tooManyColumns, tooManyRows } from '@main/services/excel/xlsx-limits';

const fail = (issues: ImportIssue[]): { ok: false; issues: ImportIssue[] } => ({ ok: false, issues });
const NONE_FAILED: ReadonlySet<never> = new Set();

export type ReadOptions<F extends string> = {
  sheet?: string;
  headerRow?: number;
  columns?: Partial<Record<F, ColumnRef>>;
  /** Each group needs at least one mapped column. */
  required: readonly (readonly F[])[];
  /** Stop after the header row (for mapping suggestions). */
  headerOnly?: boolean;
  /** The file's name, for the messages. */
  file?: string;
};

export type MappedRow<F extends string> = { row: number; values: Partial<Record<F, string>>; failed: ReadonlySet<F> };

export type MappedSheet<F extends string> = {
  sheet: string;
  sheets: SheetInfo[];
  headerRow: number;
  headers: HeaderText[];
  columns: ResolvedColumn<F>[];
  /** Required fields without a column (only filled with headerOnly; otherwise they are errors). */
  missing: F[];
  rows: MappedRow<F>[];
  emptyRows: number;
  lastRow: number;
  issues: IssueList;
  at(row: number, field?: F): Where;
};

export type ReadResult<F extends string> = { ok: true; read: MappedSheet<F> } | { ok: false; issues: ImportIssue[] };

function parseCell(cell: Cell, spec: FieldSpec<string>, date1904: boolean): Parsed {
  switch (spec.kind) {
    case 'text':
      return { ok: true, value: cellText(cell) };
    case 'date':
      return parseDateCell(cell, date1904);
    case 'int':
      return parseIntCell(cell, spec.min ?? 0, spec.max ?? Number.MAX_SAFE_INTEGER);
    default: {
      const scale: Scale = spec.kind === 'quantity' ? 3 : 2;
      return parseNumberCell(cell, scale);
    }
  }
}

const corruptSheet = (sheet: string): ImportIssue => ({
  severity: 'error',
  code: 'FILE_CORRUPT',
  message: `Das Tabellenblatt „${sheet}“ lässt sich nicht lesen; die Datei ist beschädigt. Bitte in Excel öffnen und neu als .xlsx speichern.`,
  sheet,
});

/** Reads one sheet through a column mapping; cell-level problems are collected, never thrown. */
export async function readMappedSheet<F extends string>(
  buffer: Buffer,
  specs: readonly FieldSpec<F>[],
  opts: ReadOptions<F>,
): Promise<ReadResult<F>> {
  const opened = openXlsx(buffer, opts.file === undefined ? {} : { file: opts.file });
  if (!opened.ok) return fail([opened.issue]);
  const { pkg } = opened;
  const picked = pickSheet(pkg.sheets, opts.sheet);
  if (!('path' in picked)) return fail([picked]);
  const sheet = picked.name;
  const prepared = pkg.prepareSheet(picked);
  if (!prepared.ok) return fail([prepared.issue]);
  if (!prepared.complete) return fail([corruptSheet(sheet)]);
  const merges = prepared.merges.flatMap((ref) => decodeRange(ref) ?? []);
  const limits = IMPORT_LIMITS.list;
  const specOf = new Map<F, FieldSpec<F>>(specs.map((s) => [s.field, s]));
  const explicitHeaders = Object.values<ColumnRef | undefined>(opts.columns ?? {}).flatMap((r) =>
    r && 'header' in r ? [r.header] : [],
  );
  const issues = new IssueList();
  const out: MappedSheet<F> = {
    sheet,
    sheets: pkg.sheets.map(({ name, hidden }) => ({ name, hidden })),
    headerRow: 0,
    headers: [],
    columns: [],
    missing: [],
    rows: [],
    emptyRows: 0,
    lastRow: 0,
    issues,
    at(row, field) {
      const c = field === undefined ? undefined : out.columns.find((x) => x.field === field);
      return c ? { sheet, row, column: c.letter, header: c.header } : { sheet, row };
    },
  };

  const headerTexts = (values: readonly CellValue[]): HeaderText[] =>
    values.flatMap((v, col) => {
      const text = col === 0 ? '' : cellText(toCell(v));
      return text === '' ? [] : [{ col, letter: columnLetter(col), text }];
    });
  const isHeader = (row: StreamRow): boolean => {
    if (opts.headerRow !== undefined) return row.number === opts.headerRow;
    const texts = headerTexts(row.values);
    const known = texts.filter((h) => recognises(h.text, specs) || explicitHeaders.includes(h.text)).length;
    return known >= 2 || (explicitHeaders.length === 1 && known === 1);
  };

  const early = new Map<number, HeaderText[]>();
  let previous = 0;
  try {
    for await (const row of streamRows(prepared.zip)) {
      if (row.number > limits.rows) return fail([tooManyRows(opts.file, sheet, row.number, limits)]);
      if (row.values.length - 1 > limits.columns) {
        return fail([tooManyColumns(opts.file, sheet, row.values.length - 1, limits)]);
      }
      out.lastRow = row.number;
      if (out.headerRow === 0) {
        early.set(row.number, headerTexts(row.values));
        if (!isHeader(row)) {
          if (opts.headerRow === undefined && row.number >= HEADER_SEARCH_ROWS) break;
          continue;
        }
        out.headerRow = row.number;
        out.headers = headerTexts(row.values);
        previous = row.number;
        if (!setUpColumns(out, specs, opts, merges)) break;
        if (opts.headerOnly) break;
        continue;
      }
      // Empty rows are not stored in the file; the gap in row numbers counts them.
      out.emptyRows += row.number - previous - 1;
      previous = row.number;
      const mapped = mapRow(row, out, specOf, pkg.date1904);
      if (mapped) out.rows.push(mapped);
      else out.emptyRows++;
    }
  } catch {
    return fail([corruptSheet(sheet)]);
  }
  if (out.headerRow === 0) {
    const known = (r: number): boolean => (early.get(r) ?? []).some((h) => recognises(h.text, specs));
    const headerOf = (m: Range): string => early.get(m.top)?.find((h) => h.col === m.left)?.text ?? '';
    const mergedHeaders = merges.filter((m) => m.right > m.left && known(m.top)).map((m) => ({ ...m, header: headerOf(m) }));
    return fail(headerNotFound(sheet, opts.headerRow, out.lastRow, mergedHeaders));
  }
  if (!opts.headerOnly) for (const i of dataMergeIssues(sheet, out.headerRow, out.columns, merges)) issues.add(i);
  return { ok: true, read: out };
}

function setUpColumns<F extends string>(
  out: MappedSheet<F>,
  specs: readonly FieldSpec<F>[],
  opts: ReadOptions<F>,
  merges: Range[],
): boolean {
  const { sheet, headerRow } = out;
  const inHeader = merges.filter((m) => m.top <= headerRow && m.bottom >= headerRow && m.right > m.left);
  for (const m of inHeader) out.issues.add(mergedHeaderIssue(sheet, m, out.headers.find((h) => h.col === m.left)?.text ?? ''));
  if (inHeader.length > 0) return false;
  if (opts.columns) {
    const r = resolveColumns(out.headers, opts.columns);
    out.columns = r.columns;
    for (const miss of r.missing) {
      const label = FIELD_LABELS[miss.field as keyof typeof FIELD_LABELS];
      out.issues.add(
        issueAt(
          { sheet, row: headerRow },
          'COLUMN_MISSING',
          `Die Spalte „${'header' in miss.ref ? miss.ref.header : ''}“ (zugeordnet zu „${label}“) gibt es in der Kopfzeile nicht.`,
        ),
      );
    }
  } else {
    out.columns = suggestColumns(out.headers, specs);
  }
  for (const group of opts.required) {
    if (group.some((f) => out.columns.some((c) => c.field === f))) continue;
    const names = group.map((f) => `„${FIELD_LABELS[f as keyof typeof FIELD_LABELS]}“`).join(' oder ');
    if (opts.headerOnly) {
      out.missing.push(...group);
      continue;
    }
    out.issues.add(
      issueAt({ sheet, row: headerRow }, 'COLUMN_MISSING', `Es fehlt eine Spalte für ${names}. Bitte die Spalte zuordnen.`),
    );
  }
  return !out.issues.hasErrors();
}

function cellWhere(sheet: string, row: number, c: ResolvedColumn<string>): Where {
  return { sheet, row, column: c.letter, header: c.header };
}

function mapRow<F extends string>(
  row: StreamRow,
  out: MappedSheet<F>,
  specOf: Map<F, FieldSpec<F>>,
  date1904: boolean,
): MappedRow<F> | undefined {
  const values: Partial<Record<F, string>> = {};
  let failed: Set<F> | undefined;
  let any = false;
  for (const c of out.columns) {
    const raw = row.values[c.col];
    if (raw === null || raw === undefined) continue;
    const spec = specOf.get(c.field);
    // Hot path of large lists: plain text into a text field needs no cell model.
    if (typeof raw === 'string' && spec?.kind === 'text' && (spec.maxLength === undefined || raw.length <= spec.maxLength)) {
      const text = raw.trim();
      if (text === '') continue;
      any = true;
      values[c.field] = text;
      continue;
    }
    const cell = toCell(raw);
    if (cell.kind === 'empty') continue;
    any = true;
    if (cell.kind === 'problem') {
      out.issues.add(issueAt(cellWhere(out.sheet, row.number, c), cell.code, cell.problem));
      (failed ??= new Set()).add(c.field);
      continue;
    }
    if (!spec) continue;
    const parsed = parseCell(cell, spec, date1904);
    if (!parsed.ok) {
      out.issues.add(issueAt(cellWhere(out.sheet, row.number, c), parsed.code, parsed.problem, { value: cellText(cell) }));
      (failed ??= new Set()).add(c.field);
      continue;
    }
    if (spec.maxLength !== undefined && parsed.value.length > spec.maxLength) {
      out.issues.add(
        issueAt(
          cellWhere(out.sheet, row.number, c),
          'TOO_LONG',
          `„${parsed.value}“ ist ${String(parsed.value.length)} Zeichen lang; erlaubt sind höchstens ${String(spec.maxLength)}.`,
          { value: parsed.value },
        ),
      );
      (failed ??= new Set()).add(c.field);
      continue;
    }
    values[c.field] = parsed.value;
  }
  return any ? { row: row.number, values, failed: failed ?? NONE_FAILED } : undefined;
}

/** Header cells with the fields they were mapped to, for the summary and the mapping dialog. */
export function headerCells<F extends string>(read: MappedSheet<F>): HeaderCell[] {
  return read.headers.map((h) => {
    const c = read.columns.find((x) => x.col === h.col);
    return c ? { letter: h.letter, text: h.text, field: c.field as HeaderCell['field'] } : { letter: h.letter, text: h.text };
  });
}
