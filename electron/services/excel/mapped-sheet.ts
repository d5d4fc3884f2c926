/**
 * Shared core of the mapped-sheet importers: open the file, pick the sheet, find the header row,
 * map columns to fields and turn every data row into typed strings. Rows are read with the exceljs
 * streaming reader so that a 20,000-row list costs little more than reading it.
 */
import type { CellValue } from 'exceljs';
import type { ColumnRef, HeaderCell, ImportIssue, SheetInfo } from '@shared/domain/excel';
import { FIELD_LABELS, IMPORT_LIMITS } from '@shared/domain/excel';
import { cellText, toCell } from '@main/services/excel/cell-values';
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
  corruptSheet,
  dataMergeIssues,
  headerNotFound,
  HEADER_SEARCH_ROWS,
  mergedHeaderIssue,
  type Range,
} from '@main/services/excel/sheet-checks';
import { pickSheet, streamRowBatches, type StreamRow } from '@main/services/excel/sheet-stream';
import { lastRowOf } from '@main/services/excel/sheet-scan';
import { mapRow } from '@main/services/excel/mapped-row';
import { openXlsx } from '@main/services/excel/xlsx-package';
import { tooManyColumns, tooManyRows } from '@main/services/excel/xlsx-limits';

const fail = (issues: ImportIssue[]): { ok: false; issues: ImportIssue[] } => ({ ok: false, issues });

export type ReadOptions<F extends string> = {
  sheet?: string;
  headerRow?: number;
  columns?: Partial<Record<F, ColumnRef>>;
  /** Without `columns`: a remembered mapping, taken when every column it names is in the header row. */
  preferred?: Partial<Record<F, ColumnRef>>;
  /** Each group needs at least one mapped column. */
  required: readonly (readonly F[])[];
  /** Stop after the header row (for mapping suggestions). */
  headerOnly?: boolean;
  /** The file's name, for the messages. */
  file?: string;
  /**
   * A value that does not parse or is too long is kept as its text instead of becoming an issue: the import
   * preview shows it at its cell for the clerk to correct. Only unreadable cells (errors, formulas) stay issues.
   */
  keepText?: boolean;
  /** Called every few hundred data rows with what has been read so far. */
  onProgress?: (read: MappedSheet<F>) => void;
  /** Each data row as it is read, instead of collecting them in `rows` (a long list is then held only once). */
  onRow?: (row: MappedRow<F>, read: MappedSheet<F>) => void;
};

/** How many data rows are read between two progress calls; the first call comes early for the first rows. */
const PROGRESS_EVERY = 500;
const FIRST_PROGRESS = 50;

export type MappedRow<F extends string> = { row: number; values: Partial<Record<F, string>>; failed: ReadonlySet<F> };

export type MappedSheet<F extends string> = {
  sheet: string;
  sheets: SheetInfo[];
  headerRow: number;
  headers: HeaderText[];
  columns: ResolvedColumn<F>[];
  /** The columns are the `preferred` ones. */
  preferredUsed: boolean;
  /** Required fields without a column (only filled with headerOnly; otherwise they are errors). */
  missing: F[];
  rows: MappedRow<F>[];
  /** Data rows read so far (also those handed to `onRow`). */
  rowCount: number;
  emptyRows: number;
  lastRow: number;
  /** The sheet's last row as its XML states it (for progress); undefined when the file does not say. */
  rowsHint: number | undefined;
  issues: IssueList;
  at(row: number, field?: F): Where;
};

export type ReadResult<F extends string> = { ok: true; read: MappedSheet<F> } | { ok: false; issues: ImportIssue[] };

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
  const explicitHeaders = Object.values<ColumnRef | undefined>(opts.columns ?? opts.preferred ?? {}).flatMap((r) =>
    r && 'header' in r ? [r.header] : [],
  );
  const issues = new IssueList();
  const out: MappedSheet<F> = {
    sheet,
    sheets: pkg.sheets.map(({ name, hidden }) => ({ name, hidden })),
    headerRow: 0,
    headers: [],
    columns: [],
    preferredUsed: false,
    missing: [],
    rows: [],
    rowCount: 0,
    emptyRows: 0,
    lastRow: 0,
    // The sheet's part is unpacked already (prepareSheet), so this is a lookup, not a second read.
    rowsHint: opts.onProgress ? lastRowOf(pkg.part(picked.path, sheet) ?? Buffer.alloc(0)) : undefined,
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
    rows: for await (const batch of streamRowBatches(prepared.zip)) {
      for (const row of batch) {
        if (row.number > limits.rows) return fail([tooManyRows(opts.file, sheet, row.number, limits)]);
        if (row.values.length - 1 > limits.columns) {
          return fail([tooManyColumns(opts.file, sheet, row.values.length - 1, limits)]);
        }
        out.lastRow = row.number;
        if (out.headerRow === 0) {
          early.set(row.number, headerTexts(row.values));
          if (!isHeader(row)) {
            if (opts.headerRow === undefined && row.number >= HEADER_SEARCH_ROWS) break rows;
            continue;
          }
          out.headerRow = row.number;
          out.headers = headerTexts(row.values);
          previous = row.number;
          if (!setUpColumns(out, specs, opts, merges)) break rows;
          if (opts.headerOnly) break rows;
          continue;
        }
        // Empty rows are not stored in the file; the gap in row numbers counts them.
        out.emptyRows += row.number - previous - 1;
        previous = row.number;
        const mapped = mapRow(row, out, specOf, pkg.date1904, opts.keepText === true);
        if (!mapped) {
          out.emptyRows++;
          continue;
        }
        if (opts.onRow) opts.onRow(mapped, out);
        else out.rows.push(mapped);
        const n = ++out.rowCount;
        if (opts.onProgress && (n === FIRST_PROGRESS || n % PROGRESS_EVERY === 0)) opts.onProgress(out);
      }
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
    const preferred = opts.preferred && resolveColumns(out.headers, opts.preferred);
    out.preferredUsed = preferred !== undefined && preferred.missing.length === 0 && preferred.columns.length > 0;
    out.columns = preferred && out.preferredUsed ? preferred.columns : suggestColumns(out.headers, specs);
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

/** Header cells with the fields they were mapped to, for the summary and the mapping dialog. */
export function headerCells<F extends string>(read: MappedSheet<F>): HeaderCell[] {
  return read.headers.map((h) => {
    const c = read.columns.find((x) => x.col === h.col);
    return c ? { letter: h.letter, text: h.text, field: c.field as HeaderCell['field'] } : { letter: h.letter, text: h.text };
  });
}
