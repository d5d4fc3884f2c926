/**
 * The rows of an import preview: each data row of the file as text per field (editable in the grid), its Excel row
 * (none for a row the clerk added) and the cells the file could not deliver a value for. What the clerk changed is
 * kept apart (`changesOf`), so the wizard can save it and lay it over a fresh read of the same file after a reload.
 */
import type { HeaderCell, ImportIssue, ImportSummary, UsageUnitField, UsageUnitMapping } from '@shared/domain/excel';
import { valuesOfRow, type UnitValues } from '@shared/domain/unit-rows';
import type { UnitRow } from '@shared/ipc/channels/excel';
import type { ChangedRow } from '@shared/ipc/channels/setup-wizard';
import type { MappingContext } from '@renderer/features/excel-mapping/column-mapping';

export type PreviewRow = UnitValues & {
  /** Stable within the preview, for the problem list and the grid. */
  _key: string;
  /** Excel row it was read from; missing for a row added in the grid. */
  _row?: number;
  /** Cells whose content was no value (an error value, a formula without result): field → the importer's message. */
  _unreadable?: Partial<Record<UsageUnitField, string>>;
};

/** Where the preview's rows came from, and what the page needs to show about the file. */
export type PreviewSource = {
  context: MappingContext;
  /** The mapping the rows were read with (none: the file's own headers were recognised). */
  mapping?: UsageUnitMapping;
  byHand: boolean;
  fields: UsageUnitField[];
  headers: HeaderCell[];
  /** Warnings about the file (not about a cell of a row). */
  warnings: ImportIssue[];
  summary: ImportSummary;
  /** The rows as read, by Excel row, to tell the clerk's changes from the file. */
  original: ReadonlyMap<number, UnitValues>;
};

const UNREADABLE: readonly ImportIssue['code'][] = ['CELL_ERROR', 'FORMULA_NO_RESULT'];

let next = 1;
export const newKey = (): string => `r${String(next++)}`;

export const valuesOf = (fields: readonly UsageUnitField[], row: UnitRow): UnitValues => valuesOfRow(fields, row.values);

export type ReadRows = { fields: UsageUnitField[]; rows: UnitRow[]; issues: ImportIssue[]; summary: ImportSummary };

/** The preview rows of a read file; cells that could not be read carry the importer's message. */
export function previewRowsOf(read: ReadRows): PreviewRow[] {
  const fieldOf = new Map(read.summary.headers.flatMap((h) => (h.field === undefined ? [] : [[h.letter, h.field] as const])));
  const unreadable = new Map<number, Partial<Record<UsageUnitField, string>>>();
  for (const issue of read.issues) {
    if (!UNREADABLE.includes(issue.code) || issue.row === undefined || issue.column === undefined) continue;
    const field = fieldOf.get(issue.column);
    if (field === undefined) continue;
    unreadable.set(issue.row, { ...unreadable.get(issue.row), [field]: issue.message });
  }
  return read.rows.map((r) => {
    const row: PreviewRow = { ...valuesOf(read.fields, r), _key: newKey(), _row: r.row };
    const cells = unreadable.get(r.row);
    if (cells) row._unreadable = cells;
    return row;
  });
}

/** Issues about the file as a whole, as opposed to a cell the preview shows. */
export const fileWarnings = (issues: readonly ImportIssue[]): ImportIssue[] => issues.filter((i) => !UNREADABLE.includes(i.code));

const sameValues = (a: UnitValues, b: UnitValues, fields: readonly UsageUnitField[]): boolean =>
  fields.every((f) => (a[f] ?? '') === (b[f] ?? ''));

const pick = (row: PreviewRow, fields: readonly UsageUnitField[]): UnitValues => {
  const v: UnitValues = {};
  for (const f of fields) if (row[f] !== undefined && row[f] !== '') v[f] = row[f];
  return v;
};

/** What the clerk changed against the file: changed and added rows, deleted Excel rows. */
export function changesOf(source: PreviewSource, rows: readonly PreviewRow[]): { changed: ChangedRow[]; removed: number[] } {
  const changed: ChangedRow[] = [];
  const kept = new Set<number>();
  for (const row of rows) {
    if (row._row !== undefined && !kept.has(row._row)) {
      kept.add(row._row);
      const original = source.original.get(row._row);
      if (original && sameValues(original, row, source.fields)) continue;
      changed.push({ row: row._row, values: pick(row, source.fields) });
    } else changed.push({ values: pick(row, source.fields) });
  }
  const removed = [...source.original.keys()].filter((r) => !kept.has(r));
  return { changed, removed };
}

/** The clerk's saved changes laid over a fresh read of the file; added rows go to the end. */
export function withChanges(
  rows: readonly PreviewRow[],
  changed: readonly ChangedRow[],
  removed: readonly number[],
): PreviewRow[] {
  const gone = new Set(removed);
  const byRow = new Map(changed.flatMap((c) => (c.row === undefined ? [] : [[c.row, c.values] as const])));
  const out: PreviewRow[] = [];
  for (const row of rows) {
    if (row._row !== undefined && gone.has(row._row)) continue;
    const values = row._row === undefined ? undefined : byRow.get(row._row);
    out.push(values === undefined ? row : { ...values, _key: row._key, ...(row._row === undefined ? {} : { _row: row._row }) });
  }
  for (const c of changed) if (c.row === undefined) out.push({ ...c.values, _key: newKey() });
  return out;
}

/**
 * The grid's new rows, made safe: a duplicated row gets a key of its own (and is no longer the Excel row it was
 * copied from), and an unreadable cell the clerk has typed a value into is no longer unreadable.
 */
export function settleRows(rows: readonly PreviewRow[]): PreviewRow[] {
  const keys = new Set<string>();
  const rowsSeen = new Set<number>();
  return rows.map((row) => {
    let out = row;
    // A row the grid added is `{}`: no key yet.
    const key = (row as Partial<PreviewRow>)._key;
    if (key === undefined || keys.has(key)) {
      const { _row: _copied, ...rest } = row;
      out = { ...rest, _key: newKey() };
    } else if (row._row !== undefined && rowsSeen.has(row._row)) {
      const { _row: _copied, ...rest } = row;
      out = rest;
    }
    keys.add(out._key);
    if (out._row !== undefined) rowsSeen.add(out._row);
    const unreadable = out._unreadable;
    if (unreadable) {
      const left = Object.fromEntries(Object.entries(unreadable).filter(([f]) => (out[f as UsageUnitField] ?? '') === ''));
      if (Object.keys(left).length !== Object.keys(unreadable).length) {
        const { _unreadable: _old, ...rest } = out;
        out = Object.keys(left).length === 0 ? rest : { ...rest, _unreadable: left };
      }
    }
    return out;
  });
}
