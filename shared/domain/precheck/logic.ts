/**
 * The arithmetic the local pre-check and the demo MSC's plausibility rules share, so both judge a draft the same
 * way: dates against the billing period, net against gross, the energy mix total, tenants' periods per unit, and
 * the top-to-bottom order of messages by path. Pure and free of wording: each caller says it in its own words.
 */
import { addDays, daysBetween } from '@shared/domain/dates';
import { compare, share, sum, type Decimal } from '@shared/domain/decimal';

/** Same calendar day `years` later (29 Feb becomes 28 Feb), as an ISO string. */
export function shiftYears(isoDate: string, years: number): string {
  const y = Number(isoDate.slice(0, 4)) + years;
  const md = isoDate.slice(4) === '-02-29' ? '-02-28' : isoDate.slice(4);
  return `${String(y).padStart(4, '0')}${md}`;
}

export type DateVerdict = { severity: 'ERROR' | 'WARNING'; before: boolean; days: number };

/**
 * A date outside the period is a warning (a supplier's period may differ from the billing period); beyond one year
 * before the start or after the end it is almost certainly a typing error, hence an error.
 */
export function judgeDate(date: string, from: string, to: string): DateVerdict | undefined {
  if (date >= from && date <= to) return undefined;
  const before = date < from;
  const days = before ? daysBetween(date, from) : daysBetween(to, date);
  const far = before ? date < shiftYears(from, -1) : date > shiftYears(to, 1);
  return { severity: far ? 'ERROR' : 'WARNING', before, days };
}

/** Why a net amount does not fit its gross amount: opposite signs, or a larger magnitude. */
export function netGrossConflict(gross: Decimal, net: Decimal): 'opposite-signs' | 'net-larger' | undefined {
  const g = gross.units * 10n ** BigInt(net.scale);
  const n = net.units * 10n ** BigInt(gross.scale);
  if ((g < 0n && n > 0n) || (g > 0n && n < 0n)) return 'opposite-signs';
  return (n < 0n ? -n : n) > (g < 0n ? -g : g) ? 'net-larger' : undefined;
}

const HUNDRED_PERCENT = share('100.0');

/** The shares' exact total and whether it is exactly 100.0 %. */
export function energyMixTotal(shares: readonly Decimal[]): { total: Decimal; complete: boolean } {
  const total = sum(shares, 1);
  return { total, complete: compare(total, HUNDRED_PERCENT) === 0 };
}

/** One recipient entry of a residential unit: its position in the submission and its dates (ISO). */
export type Span = { index: number; validfrom: string; validto: string };

/** The order both checks walk a unit's entries in: by start, then by end. */
export function sortSpans(spans: Span[]): Span[] {
  return spans.sort((x, y) => x.validfrom.localeCompare(y.validfrom) || x.validto.localeCompare(y.validto));
}

/** Entries (sorted) that start before an earlier one ends, each with the earlier entry it collides with. */
export function overlaps(sorted: readonly Span[]): { index: number; other: number }[] {
  const out: { index: number; other: number }[] = [];
  let reach: Span | undefined;
  for (const e of sorted) {
    if (e.validfrom > e.validto) continue;
    if (reach && e.validfrom <= reach.validto) out.push({ index: e.index, other: reach.index });
    if (!reach || e.validto > reach.validto) reach = e;
  }
  return out;
}

/**
 * Days of the period no entry covers. A gap before an entry is named at its `validfrom`, one at the end at the
 * last entry's `validto`; a unit without any entry in the period has `index` undefined. Vacancies cover days too.
 */
export type Gap = { index: number | undefined; field: 'validfrom' | 'validto'; first: string; last: string };

export function gaps(sorted: readonly Span[], from: string, to: string): Gap[] {
  const out: Gap[] = [];
  // `covered` is the last day covered so far; addDays runs only at tenant changes, not per unit.
  const beforeStart = addDays(from, -1);
  let covered = beforeStart;
  let lastIndex: number | undefined;
  for (const e of sorted) {
    const start = e.validfrom < from ? from : e.validfrom;
    const end = e.validto > to ? to : e.validto;
    if (start > end || end <= covered) continue;
    if (start > covered) {
      const next = addDays(covered, 1);
      if (start > next) out.push({ index: e.index, field: 'validfrom', first: next, last: addDays(start, -1) });
    }
    covered = end;
    lastIndex = e.index;
  }
  if (covered >= to) return out;
  if (lastIndex === undefined) out.push({ index: undefined, field: 'validto', first: from, last: to });
  else out.push({ index: lastIndex, field: 'validto', first: addDays(covered, 1), last: to });
  return out;
}

export type PathSegment = string | number;

const SEGMENT = /\[(\d+)\]|([^.[\]]+)/g;

export function pathSegments(path: string): PathSegment[] {
  const out: PathSegment[] = [];
  for (const m of path.matchAll(SEGMENT)) out.push(m[1] !== undefined ? Number(m[1]) : (m[2] ?? ''));
  return out;
}

/** Path order reading `[10]` after `[9]`, so a clerk works through the submission top to bottom. */
export function compareSegments(a: readonly PathSegment[], b: readonly PathSegment[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y || x === undefined || y === undefined) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    if (typeof x === 'number') return -1;
    if (typeof y === 'number') return 1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}
