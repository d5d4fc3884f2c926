/**
 * What a cell holds, decided by its field. Two readings of a value:
 * - `toIso` reads a STORED value ISO-first: presets, last year's values, imports and what the editor normalised
 *   arrive in the MSC's form (`412.000` as a quantity is 412), so the check and the submission send them unchanged.
 * - `typedToIso` reads what the clerk TYPED or PASTED German-first (`1.500` in a quantity means 1,500 litres) and
 *   turns it into that stored form when the clerk leaves the cell. `editText` shows a stored value for editing in
 *   the same German form, so editing `412.000` never turns it into 412,000.
 */
import { formatIso, parseGermanNumber } from '@shared/domain/decimal';
import type { Scale } from '@shared/domain/decimal';
import { formatGermanDate, parseDate } from '@shared/domain/dates';

export type ValueKind =
  'text' | 'money' | 'quantity' | 'share' | 'allocation' | 'factor' | 'calorific' | 'area' | 'date' | 'code' | 'bool' | 'mix';

const LAST: Record<string, ValueKind> = {
  invoicedate: 'date',
  servicefrom: 'date',
  serviceto: 'date',
  date: 'date',
  validfrom: 'date',
  validto: 'date',
  grossamount: 'money',
  netamount: 'money',
  costgross: 'money',
  laborgross: 'money',
  quantity: 'quantity',
  emissionkg: 'quantity',
  share: 'share',
  nonresidentialshare: 'share',
  heatedarea: 'area',
  emissionfactor: 'factor',
  calorificvalue: 'calorific',
  key: 'code',
  allocationkey: 'code',
  taxservicetype: 'code',
  source: 'code',
  fuel: 'code',
  vacancy: 'bool',
  restrictionbuilding: 'bool',
  restrictionsupply: 'bool',
  energymix: 'mix',
  // Issue 20: hot water (°C with two places like an area), supply periods, flags and codes.
  temperature: 'area',
  volume: 'quantity',
  meterstart: 'quantity',
  meterend: 'quantity',
  flatrate: 'share',
  from: 'date',
  to: 'date',
  costnet: 'money',
  changefee: 'bool',
  condominium: 'bool',
  vatindicator: 'code',
  changesplit: 'code',
  usagegroup: 'code',
};

export function kindOfField(field: string): ValueKind {
  if (field.startsWith('allocations.')) return 'allocation';
  return LAST[field.slice(field.lastIndexOf('.') + 1)] ?? 'text';
}

export const isNumeric = (k: ValueKind): boolean =>
  k === 'money' || k === 'quantity' || k === 'share' || k === 'allocation' || k === 'factor' || k === 'calorific' || k === 'area';

const SCALE: Partial<Record<ValueKind, Scale>> = { money: 2, quantity: 3, share: 1, allocation: 3, area: 2 };

/**
 * A value already in the MSC's form for its kind (`412.000` as a quantity) is ISO, as the cell shows it
 * (useDisplayValue): presets, last year's values and Excel imports arrive so. Read the German way, every such
 * quantity below 1,000 would grow a thousandfold. `2.600` as a money amount is no ISO form and stays German.
 */
const ISO_FORM: Partial<Record<ValueKind, RegExp>> = {
  money: /^-?\d+\.\d{2}$/,
  quantity: /^-?\d+\.\d{3}$/,
  share: /^-?\d+\.\d$/,
  allocation: /^-?\d+\.\d{1,3}$/,
  area: /^\d+\.\d{2}$/,
};

const CALORIFIC_PLACES = 4;

/** `10,08` or `10.08` → `10.0800` (the template's form, four places); anything else as typed. */
function calorificIso(t: string): string {
  const plain = t.replace(/\s/g, '').replace(/^(\d+),(\d+)$/, '$1.$2');
  const m = /^(\d{1,4})(?:\.(\d{1,4}))?$/.exec(plain);
  return m ? `${m[1] ?? ''}.${(m[2] ?? '').padEnd(CALORIFIC_PLACES, '0')}` : t;
}

const factorIso = (t: string): string => {
  const plain = t.replace(/\s/g, '');
  return /^\d+,\d+$/.test(plain) ? plain.replace(',', '.') : plain;
};

function readNumber(kind: ValueKind, text: string, germanFirst: boolean): string {
  const t = text.trim();
  const scale = SCALE[kind];
  if (scale === undefined) return t;
  // A stored value in the MSC's form has no unit, so the ISO form is tested on the text as it is.
  const german = germanFirst ? parseGermanNumber(t, scale, 'de') : undefined;
  const parsed =
    german?.ok === true ? german : parseGermanNumber(t, scale, !germanFirst && ISO_FORM[kind]?.test(t) === true ? 'iso' : 'auto');
  if (!parsed.ok) return t;
  const iso = formatIso(parsed.value);
  // Distribution values allow up to three places; trailing zeros are noise there.
  return kind === 'allocation' && iso.includes('.') ? iso.replace(/0+$/, '').replace(/\.$/, '') : iso;
}

function convert(kind: ValueKind, text: string, germanFirst: boolean): string {
  const t = text.trim();
  if (kind === 'date') {
    const d = parseDate(t);
    return d.ok ? d.value : t;
  }
  if (kind === 'factor') return factorIso(t);
  if (kind === 'calorific') return calorificIso(t);
  return readNumber(kind, t, germanFirst);
}

/** A stored value in the MSC's form, or the text unchanged when it cannot be read (the check then names it). */
export function toIso(kind: ValueKind, text: string): string {
  return convert(kind, text, false);
}

/** What the clerk typed or pasted, read German-first, in the stored form; unreadable text stays as typed. */
export function typedToIso(kind: ValueKind, text: string): string {
  return convert(kind, text, true);
}

/**
 * What a cell or field stores when the clerk leaves it after typing `typed`: the German-first reading in the MSC's
 * form, or undefined when that is what it holds already or the kind is no number or date (text, codes, the mix).
 */
export function storedOnLeave(kind: ValueKind, typed: string): string | undefined {
  if (!isNumeric(kind) && kind !== 'date') return undefined;
  const stored = typedToIso(kind, typed);
  return stored === typed ? undefined : stored;
}

const ISO_NUMBER = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A stored value as the clerk edits and copies it: German, without grouping (`1500,5`, `2380,00`, `31.12.2025`),
 * so that `typedToIso` reads it back to the same value. Text that is no value of its kind stays as it is.
 */
export function editText(kind: ValueKind, value: string): string {
  if (kind === 'date') return ISO_DATE.test(value.trim()) ? formatGermanDate(value.trim()) : value;
  if (!isNumeric(kind)) return value;
  const iso = toIso(kind, value);
  if (!ISO_NUMBER.test(iso)) return value;
  const [int = '', frac = ''] = iso.split('.');
  const places = kind === 'money' ? frac : frac.replace(/0+$/, '');
  return places === '' ? int : `${int},${places}`;
}
