/**
 * One reading of a typed draft value for both directions of the Erfassungsmappe. The editor keeps values as the
 * clerk typed them (German or ISO); the export writes a value that this module can read as a real Excel number or
 * date, and anything else as the clerk's text, so nothing is lost. The import reads a cell with the same functions:
 * a real number or date, or text that reads as one, becomes the MSC's form (ISO, fixed places); other text comes
 * back unchanged and is named as a warning. Export → import therefore gives back every value, normalised.
 */
import {
  cellText,
  excelNumberText,
  parseDateCell,
  parseNumberCell,
  parseVariableNumberCell,
  type Cell,
  type Parsed,
} from '@main/services/excel/cell-values';
import type { CellOut } from '@main/services/excel/table-sheet';
import type { ColKind } from '@main/services/excel/template-layout';

/** A typed value that reads as nothing of its kind: written into its cell as the clerk's text. */
export type RawText = { raw: string };
export type TemplateCellOut = CellOut | RawText;

export const isRaw = (v: TemplateCellOut): v is RawText => typeof v === 'object';

/** Unit signs a clerk or a bookkeeping export puts after a number. */
const UNIT_SUFFIX = /\s*(€|EUR|%|m²|m2|qm)$/i;

/**
 * A calorific value in the template's form, four places (`10.0800`): from an Excel number or from text typed the
 * German way (`10,08`) or the MSC's. It has at most four whole digits, so a dot never groups thousands.
 */
function readCalorific(c: Cell): Parsed {
  const text = c.kind === 'number' ? excelNumberText(c.value) : c.kind === 'text' ? c.text.replace(/\s/g, '') : undefined;
  const m = text === undefined ? null : /^(\d{1,4})(?:[.,](\d{1,4}))?$/.exec(text);
  if (!m) {
    return {
      ok: false,
      code: 'NOT_A_NUMBER',
      problem: `„${cellText(c)}“ ist kein Heizwert (kWh je Einheit, höchstens vier Nachkommastellen, z. B. 10,08)`,
    };
  }
  return { ok: true, value: `${m[1] ?? ''}.${(m[2] ?? '').padEnd(4, '0')}` };
}

/** Reads one cell of `kind` (Excel number, date or text) into the MSC's form. */
export function readTyped(kind: ColKind, cell: Cell): Parsed {
  const c: Cell = cell.kind === 'text' ? { kind: 'text', text: cell.text.replace(UNIT_SUFFIX, '') } : cell;
  switch (kind) {
    case 'calorific':
      return readCalorific(c);
    case 'area':
    case 'money':
      return parseNumberCell(c, 2);
    case 'quantity':
      return parseNumberCell(c, 3);
    case 'share':
      return parseNumberCell(c, 1);
    case 'alloc':
    case 'factor':
      return parseVariableNumberCell(c, 3);
    case 'date':
      return parseDateCell(c);
    default:
      return { ok: true, value: cellText(cell) };
  }
}

/**
 * A draft value in the MSC's own form for its kind (`412.000` as a quantity, `0.201` as a factor) is ISO: the app
 * writes presets, last year's values and imports that way, and the editor shows them so. Read the German way, a
 * quantity below 1,000 would grow a thousandfold. A clerk's `2.600` for a money amount is no ISO form and stays
 * German. Text typed into Excel is the clerk's and is read the German way (readTyped).
 */
const ISO_FORM: Partial<Record<ColKind, RegExp>> = {
  money: /^-?\d+\.\d{2}$/,
  quantity: /^-?\d+\.\d{3}$/,
  share: /^-?\d+\.\d$/,
  alloc: /^-?\d+\.\d{1,3}$/,
  factor: /^-?\d+\.\d{1,3}$/,
  calorific: /^\d+\.\d{1,4}$/,
  area: /^\d+\.\d{2}$/,
};

/** What the export writes for a typed value: a number or an ISO date the sheet formats, else the text itself. */
export function typedCell(kind: ColKind, typed: unknown): TemplateCellOut {
  if (typeof typed === 'boolean' || typeof typed === 'number') return typed;
  if (typeof typed !== 'string' || typed.trim() === '') return undefined;
  if (ISO_FORM[kind]?.test(typed.trim()) === true) return Number(typed.trim());
  const read = readTyped(kind, { kind: 'text', text: typed.trim() });
  if (!read.ok) return { raw: typed };
  if (kind === 'date') return read.value;
  if (kind === 'text' || kind === 'id' || kind === 'order' || kind === 'bool') return typed;
  return Number(read.value);
}
