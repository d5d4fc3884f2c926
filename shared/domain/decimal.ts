/**
 * Exact decimals for money (2 places), quantities (3) and shares (1).
 * A value is an integer count of the smallest step (cents, thousandths, tenths) held as a bigint,
 * so sums never drift the way binary floats do. Input is ISO (`1234.56`) or German (`1.234,56`);
 * more places than the scale allows are refused, never rounded away silently.
 */

export type Scale = 0 | 1 | 2 | 3;

export type Decimal = { readonly units: bigint; readonly scale: Scale };

/** Why a text is no decimal; the German `error` says the same for logs and German-only callers. */
export type NumberProblem = 'empty' | 'notANumber' | 'tooManyPlaces';

export type DecimalParse = { ok: true; value: Decimal } | { ok: false; error: string; reason: NumberProblem };

export type NumberStyle = 'iso' | 'de' | 'auto';

export const MONEY_SCALE = 2;
export const QUANTITY_SCALE = 3;
export const SHARE_SCALE = 1;

const ISO = /^([+-]?)(\d+)(?:\.(\d+))?$/;
const DE = /^([+-]?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$/;
const ISO_GROUPED = /^([+-]?)(\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/;

const POW10: readonly bigint[] = [1n, 10n, 100n, 1000n];

function pow10(n: number): bigint {
  return POW10[n] ?? 10n ** BigInt(n);
}

function build(sign: string, intPart: string, frac: string, scale: Scale): DecimalParse {
  if (frac.length > scale) {
    const extra = frac.slice(scale);
    if (/[1-9]/.test(extra)) {
      return {
        ok: false,
        reason: 'tooManyPlaces',
        error: scale === 0 ? 'muss eine ganze Zahl sein' : `hat mehr als ${String(scale)} Nachkommastellen (wird nicht gerundet)`,
      };
    }
    frac = frac.slice(0, scale);
  }
  // One conversion of the digit string: imports read tens of thousands of numbers, and BigInt arithmetic is slow.
  const units = BigInt(intPart + frac.padEnd(scale, '0'));
  return { ok: true, value: { units: sign === '-' ? -units : units, scale } };
}

/**
 * Parses `text` to a decimal with `scale` places.
 * `auto` accepts ISO and German forms; a lone separator followed by exactly three digits
 * (`1.234`, `1,234`) is ambiguous and read the German way (thousands dot, decimal comma),
 * because our users type German numbers.
 */
export function parseDecimal(text: string, scale: Scale, style: NumberStyle = 'auto'): DecimalParse {
  const t = text
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^−/, '-');
  if (t === '') return { ok: false, reason: 'empty', error: 'ist leer' };
  let m: RegExpMatchArray | null;
  if (style === 'iso') m = ISO.exec(t);
  else if (style === 'de') m = DE.exec(t);
  else {
    const germanLooking = t.includes(',') || /^[+-]?\d{1,3}(\.\d{3})+$/.test(t);
    m = germanLooking ? DE.exec(t) : ISO.exec(t);
    if (!m && !germanLooking) m = DE.exec(t);
    if (!m) {
      const g = ISO_GROUPED.exec(t);
      if (g) m = [g[0], g[1] ?? '', (g[2] ?? '').replace(/,/g, ''), g[3] ?? ''] as unknown as RegExpMatchArray;
    }
  }
  if (!m) return { ok: false, reason: 'notANumber', error: `„${text}“ ist keine Zahl` };
  const sign = m[1] ?? '';
  const intPart = (m[2] ?? '0').replace(/\./g, '');
  return build(sign, intPart, m[3] ?? '', scale);
}

/**
 * Units people write after (or, for money, before) a number: in a cell, a paste or an Excel sheet. The field already
 * says what it measures, so the unit is dropped; an unknown unit leaves the text unreadable.
 */
const UNIT_AFTER = /\s*(?:€|EUR|%|m²|m2|qm|m³|m3|kWh|MWh|kg|l)$/i;
const CURRENCY_BEFORE = /^(?:€|EUR)\s*/i;

/**
 * The one reader of numbers that people type, paste or import (`48,5 m²`, `1.234,56 €`, `-12,5`, `1234.56`):
 * surrounding spaces and a unit are dropped, then `parseDecimal` reads it (German or unambiguous ISO; see there for
 * the one ambiguous form). A refusal names its `reason` for the clerk's language and quotes the text as given.
 */
export function parseGermanNumber(text: string, scale: Scale, style: NumberStyle = 'auto'): DecimalParse {
  const r = parseDecimal(text.trim().replace(UNIT_AFTER, '').replace(CURRENCY_BEFORE, ''), scale, style);
  return r.ok || r.reason !== 'notANumber' ? r : { ...r, error: `„${text.trim()}“ ist keine Zahl` };
}

/** Like parseDecimal but throws; for values already known to be valid (schema-checked strings). */
export function decimal(text: string, scale: Scale): Decimal {
  const r = parseDecimal(text, scale, 'iso');
  if (!r.ok) throw new RangeError(`${text}: ${r.error}`);
  return r.value;
}

/**
 * Reads a contract (ISO) string where it may be missing or, in a draft, not yet a number: `undefined` then, so the
 * caller decides what a missing value means instead of a parser guessing zero.
 */
export function optionalDecimal(text: string | undefined, scale: Scale): Decimal | undefined {
  if (text === undefined) return undefined;
  const r = parseDecimal(text, scale, 'iso');
  return r.ok ? r.value : undefined;
}

export const money = (text: string): Decimal => decimal(text, MONEY_SCALE);
export const quantity = (text: string): Decimal => decimal(text, QUANTITY_SCALE);
export const share = (text: string): Decimal => decimal(text, SHARE_SCALE);

/** Decimal from an integer count of units, e.g. cents. */
export function fromUnits(units: bigint | number, scale: Scale): Decimal {
  return { units: BigInt(units), scale };
}

/** Converts to a larger scale; refuses to lose places. */
export function rescale(d: Decimal, scale: Scale): Decimal {
  if (scale === d.scale) return d;
  if (scale > d.scale) return { units: d.units * pow10(scale - d.scale), scale };
  const f = pow10(d.scale - scale);
  if (d.units % f !== 0n) throw new RangeError(`${formatIso(d)} hat mehr als ${String(scale)} Nachkommastellen`);
  return { units: d.units / f, scale };
}

export function add(a: Decimal, b: Decimal): Decimal {
  const s = Math.max(a.scale, b.scale) as Scale;
  return { units: rescale(a, s).units + rescale(b, s).units, scale: s };
}

export function sub(a: Decimal, b: Decimal): Decimal {
  return add(a, { units: -b.units, scale: b.scale });
}

/** Exact sum; an empty list sums to zero at `scale`. */
export function sum(values: readonly Decimal[], scale: Scale = 0): Decimal {
  return values.reduce<Decimal>((acc, v) => add(acc, v), { units: 0n, scale });
}

/** -1, 0 or 1. */
export function compare(a: Decimal, b: Decimal): number {
  const s = Math.max(a.scale, b.scale) as Scale;
  const x = rescale(a, s).units;
  const y = rescale(b, s).units;
  return x < y ? -1 : x > y ? 1 : 0;
}

export function isZero(d: Decimal): boolean {
  return d.units === 0n;
}

/** `a * percent / 100`, rounded half away from zero to `scale` (used for thresholds, not for stored money). */
export function percentOf(a: Decimal, percent: number, scale: Scale): Decimal {
  const num = a.units * BigInt(percent) * pow10(scale);
  const den = 100n * pow10(a.scale);
  const q = num / den;
  const r = num % den;
  const adj = 2n * (r < 0n ? -r : r) >= den ? (num < 0n ? -1n : 1n) : 0n;
  return { units: q + adj, scale };
}

/** `a × num / den` at a's scale, rounded half away from zero once (a price times a quantity, a share of a lot). */
export function mulDiv(a: Decimal, num: bigint, den: bigint): Decimal {
  if (den === 0n) throw new RangeError('Teilung durch null');
  const n = a.units * num;
  const absN = n < 0n ? -n : n;
  const absD = den < 0n ? -den : den;
  const q = (absN * 2n + absD) / (2n * absD);
  return { units: n < 0n !== den < 0n ? -q : q, scale: a.scale };
}

/** The part of `a` that `part` is of `whole` (`a × part / whole`), at a's scale, rounded half away from zero. */
export function proportion(a: Decimal, part: Decimal, whole: Decimal): Decimal {
  const s = Math.max(part.scale, whole.scale) as Scale;
  return mulDiv(a, rescale(part, s).units, rescale(whole, s).units);
}

function digits(d: Decimal): { sign: string; int: string; frac: string } {
  const neg = d.units < 0n;
  const abs = (neg ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  const cut = abs.length - d.scale;
  return { sign: neg ? '-' : '', int: abs.slice(0, cut), frac: abs.slice(cut) };
}

/** `-1234.56` */
export function formatIso(d: Decimal): string {
  const { sign, int, frac } = digits(d);
  return frac ? `${sign}${int}.${frac}` : `${sign}${int}`;
}

/** `-1.234,56` */
export function formatGerman(d: Decimal): string {
  const { sign, int, frac } = digits(d);
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return frac ? `${sign}${grouped},${frac}` : `${sign}${grouped}`;
}

/** Normalises user text to the contract's ISO string with exactly `scale` places. */
export function normalize(
  text: string,
  scale: Scale,
  style: NumberStyle = 'auto',
): { ok: true; value: string } | { ok: false; error: string } {
  const r = parseDecimal(text, scale, style);
  return r.ok ? { ok: true, value: formatIso(r.value) } : r;
}
