/** One data row of a mapped sheet: each mapped cell as typed text, problems collected at their cell. */
import { echo } from '@shared/domain/echo';
import { hasBidiControls, stripBidiControls } from '@shared/domain/bidi';
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
import type { FieldSpec, ResolvedColumn } from '@main/services/excel/columns';
import { issueAt, type Where } from '@main/services/excel/issues';
import type { MappedRow, MappedSheet } from '@main/services/excel/mapped-sheet';
import type { StreamRow } from '@main/services/excel/sheet-stream';

const NONE_FAILED: ReadonlySet<never> = new Set();

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

function cellWhere(sheet: string, row: number, c: ResolvedColumn<string>): Where {
  return { sheet, row, column: c.letter, header: c.header };
}

export function mapRow<F extends string>(
  row: StreamRow,
  out: MappedSheet<F>,
  specOf: Map<F, FieldSpec<F>>,
  date1904: boolean,
  keepText: boolean,
): MappedRow<F> | undefined {
  const values: Partial<Record<F, string>> = {};
  let failed: Set<F> | undefined;
  let any = false;
  for (const c of out.columns) {
    let raw = row.values[c.col];
    if (raw === null || raw === undefined) continue;
    if (typeof raw === 'string' && hasBidiControls(raw)) {
      raw = stripBidiControls(raw);
      out.issues.add(
        issueAt(
          cellWhere(out.sheet, row.number, c),
          'BIDI_CONTROL',
          'Unsichtbare Steuerzeichen für die Schreibrichtung wurden entfernt.',
          { severity: 'warning', value: echo(raw) },
        ),
      );
    }
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
    if (keepText) {
      values[c.field] = parsed.ok ? parsed.value : cellText(cell);
      continue;
    }
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
          `„${echo(parsed.value)}“ ist ${String(parsed.value.length)} Zeichen lang; erlaubt sind höchstens ${String(spec.maxLength)}.`,
          { value: echo(parsed.value) },
        ),
      );
      (failed ??= new Set()).add(c.field);
      continue;
    }
    values[c.field] = parsed.value;
  }
  return any ? { row: row.number, values, failed: failed ?? NONE_FAILED } : undefined;
}
