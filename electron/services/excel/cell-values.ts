/**
 * Cell values as exceljs hands them over (numbers, dates, rich text, formulas, errors) turned into
 * the typed strings of the contract. German number and date text (`1.234,56`, `31.12.2025`) is
 * accepted as well as real Excel numbers and dates; a formula counts by its cached result.
 */
import type { CellValue } from 'exceljs';
import { formatIso, parseDecimal, parseGermanNumber, type Scale } from '@shared/domain/decimal';
import { parseDate } from '@shared/domain/dates';

export type Cell =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'date'; iso: string }
  | { kind: 'bool'; value: boolean }
  | { kind: 'problem'; code: 'FORMULA_NO_RESULT' | 'CELL_ERROR'; problem: string };

export type Parsed =
  { ok: true; value: string } | { ok: false; code: 'NOT_A_NUMBER' | 'NOT_A_DATE' | 'INVALID_VALUE'; problem: string };

const EMPTY: Cell = { kind: 'empty' };

function isoOfDate(d: Date): string {
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10);
}

/** Normalises one exceljs cell value. */
export function toCell(value: CellValue | undefined): Cell {
  if (value === null || value === undefined) return EMPTY;
  if (typeof value === 'string') return value.trim() === '' ? EMPTY : { kind: 'text', text: value.trim() };
  if (typeof value === 'number') {
    return Number.isFinite(value)
      ? { kind: 'number', value }
      : { kind: 'problem', code: 'CELL_ERROR', problem: 'enthält einen Fehlerwert' };
  }
  if (typeof value === 'boolean') return { kind: 'bool', value };
  if (value instanceof Date) return { kind: 'date', iso: isoOfDate(value) };
  if ('error' in value) return { kind: 'problem', code: 'CELL_ERROR', problem: `enthält den Fehlerwert ${value.error}` };
  if ('richText' in value) return toCell(value.richText.map((r) => r.text).join(''));
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    if (result === undefined || result === null) {
      return {
        kind: 'problem',
        code: 'FORMULA_NO_RESULT',
        problem: 'enthält eine Formel ohne gespeichertes Ergebnis (Datei in Excel öffnen, neu berechnen lassen und speichern)',
      };
    }
    if (typeof result === 'object' && 'error' in result) {
      return { kind: 'problem', code: 'CELL_ERROR', problem: `Formel ergibt den Fehlerwert ${String(result.error)}` };
    }
    if (typeof result === 'number' && Number.isNaN(result)) {
      return { kind: 'problem', code: 'CELL_ERROR', problem: 'Formel ergibt einen Fehlerwert' };
    }
    return toCell(result as CellValue);
  }
  if ('text' in value && typeof value.text === 'string') return toCell(value.text);
  return { kind: 'problem', code: 'CELL_ERROR', problem: 'hat einen unbekannten Zellinhalt' };
}

/** Excel keeps 15 significant digits; beyond that a float is noise (0.1 + 0.2), not input. */
export function excelNumberText(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n);
  const t = n.toPrecision(15);
  if (t.includes('e')) return String(n);
  return t.includes('.') ? t.replace(/\.?0+$/, '') : t;
}

const POW10 = [1, 10, 100, 1000] as const;

/**
 * The common case without BigInt or regex: `n` lies on the grid of `scale` places within float noise
 * (well inside Excel's 15 significant digits). Anything doubtful takes the exact path.
 */
function exactNumberText(n: number, scale: Scale): string | undefined {
  const f = POW10[scale];
  const scaled = n * f;
  const units = Math.round(scaled);
  if (!Number.isSafeInteger(units) || Math.abs(units) >= 1e15) return undefined;
  if (Math.abs(scaled - units) > Math.abs(scaled) * 5e-15) return undefined;
  const abs = Math.abs(units);
  const int = String(Math.floor(abs / f));
  const sign = units < 0 ? '-' : '';
  return scale === 0 ? `${sign}${int}` : `${sign}${int}.${String(abs % f).padStart(scale, '0')}`;
}

/** What the clerk sees in the cell, for messages and text fields. */
export function cellText(cell: Cell): string {
  switch (cell.kind) {
    case 'empty':
      return '';
    case 'text':
      return cell.text;
    case 'number':
      return excelNumberText(cell.value);
    case 'date':
      return cell.iso.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3.$2.$1');
    case 'bool':
      return cell.value ? 'WAHR' : 'FALSCH';
    case 'problem':
      return '';
  }
}

/** Decimal at `scale` places, ISO string (`1234.56`). */
export function parseNumberCell(cell: Cell, scale: Scale): Parsed {
  if (cell.kind === 'number') {
    const fast = exactNumberText(cell.value, scale);
    if (fast !== undefined) return { ok: true, value: fast };
    const r = parseDecimal(excelNumberText(cell.value), scale, 'iso');
    return r.ok
      ? { ok: true, value: formatIso(r.value) }
      : { ok: false, code: 'NOT_A_NUMBER', problem: `„${cellText(cell)}“ ${r.error}` };
  }
  if (cell.kind === 'text') {
    const r = parseGermanNumber(cell.text, scale);
    if (r.ok) return { ok: true, value: formatIso(r.value) };
    return {
      ok: false,
      code: 'NOT_A_NUMBER',
      problem: r.reason === 'notANumber' ? `${r.error} (erwartet z. B. 1.234,56)` : `„${cell.text}“ ${r.error}`,
    };
  }
  return { ok: false, code: 'NOT_A_NUMBER', problem: `„${cellText(cell)}“ ist keine Zahl` };
}

/** Like parseNumberCell, with trailing zeros dropped (`75.5`, `12`): distribution values and factors. */
export function parseVariableNumberCell(cell: Cell, maxScale: Scale): Parsed {
  const r = parseNumberCell(cell, maxScale);
  return r.ok ? { ok: true, value: r.value.includes('.') ? r.value.replace(/\.?0+$/, '') : r.value } : r;
}

/** Excel serial day → ISO date; exceljs leaves serials as numbers when it did not see the date format. */
export function serialToIso(serial: number, date1904 = false): string | undefined {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return undefined;
  const days = Math.floor(serial) + (date1904 ? 1462 : 0);
  return new Date(Date.UTC(1899, 11, 30) + days * 86_400_000).toISOString().slice(0, 10);
}

export function parseDateCell(cell: Cell, date1904 = false): Parsed {
  if (cell.kind === 'date' && cell.iso !== '') return { ok: true, value: cell.iso };
  if (cell.kind === 'number') {
    const iso = serialToIso(cell.value, date1904);
    if (iso !== undefined) return { ok: true, value: iso };
  }
  if (cell.kind === 'text') {
    const r = parseDate(cell.text);
    return r.ok ? r : { ok: false, code: 'NOT_A_DATE', problem: r.error };
  }
  return { ok: false, code: 'NOT_A_DATE', problem: `„${cellText(cell)}“ ist kein Datum (erwartet 31.12.2025)` };
}

export function parseIntCell(cell: Cell, min: number, max: number): Parsed {
  const r = parseNumberCell(cell, 0);
  if (!r.ok) return r.problem.includes('ganze Zahl') ? r : { ...r, problem: `„${cellText(cell)}“ ist keine ganze Zahl` };
  const n = Number(r.value);
  if (n < min || n > max) {
    return { ok: false, code: 'INVALID_VALUE', problem: `${r.value} liegt nicht zwischen ${String(min)} und ${String(max)}` };
  }
  return r;
}

export function parseBoolCell(cell: Cell): Parsed {
  if (cell.kind === 'bool') return { ok: true, value: cell.value ? 'true' : 'false' };
  const t = cellText(cell).toLowerCase();
  if (['ja', 'j', 'x', 'wahr', 'true', '1', 'yes'].includes(t)) return { ok: true, value: 'true' };
  if (['nein', 'n', 'falsch', 'false', '0', 'no'].includes(t)) return { ok: true, value: 'false' };
  return { ok: false, code: 'INVALID_VALUE', problem: `„${cellText(cell)}“ ist weder Ja noch Nein` };
}

/** Leading code of a dropdown entry (`221 – Wartung` → `221`), or the text itself. */
export function leadingCode(text: string): string {
  const m = /^\s*(\d{1,4})(?:\s|$|[–\-:])/.exec(text);
  return m?.[1] ?? text.trim();
}
