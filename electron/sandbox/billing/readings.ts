/**
 * Plausible meter readings for the demo billing, drawn from a pseudo-random generator seeded with the billing unit,
 * the period and the usage unit, so the same submission always gives the same result. The draws are synthetic
 * figures, not money: floats are fine here; every value leaves as integer thousandths.
 */
import { daysBetween } from '@shared/domain/dates';
import type { ChangeSplit, ValueSource } from '@shared/msc/billing-result';

/** mulberry32: small, fast, good enough for demo data. */
export function prng(seedText: string): () => number {
  let h = 1779033703 ^ seedText.length;
  for (let i = 0; i < seedText.length; i++) {
    h = Math.imul(h ^ seedText.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Per mille of a year's degree days by month (the usual VDI 2067 table: January 170 ‰ … summer 40 ‰ for three months). */
const DEGREE_DAYS_PERMILLE = [170, 150, 130, 80, 40, 40 / 3, 40 / 3, 40 / 3, 30, 80, 120, 160];

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The degree days between two dates (inclusive) in per mille of a year: whole months at once, days of cut months pro rata. */
export function degreeDayPermille(from: string, to: string): number {
  let total = 0;
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7)) - 1;
  const endKey = Number(to.slice(0, 4)) * 12 + Number(to.slice(5, 7)) - 1;
  for (; y * 12 + m <= endKey; m === 11 ? ((m = 0), (y += 1)) : (m += 1)) {
    const days = daysInMonth(y, m);
    const key = y * 12 + m;
    const first = key === Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7)) - 1 ? Number(from.slice(8, 10)) : 1;
    const last = key === endKey ? Number(to.slice(8, 10)) : days;
    total += ((DEGREE_DAYS_PERMILLE[m] ?? 0) * Math.max(0, last - first + 1)) / days;
  }
  return total;
}

export type RecipientSpan = { validfrom: string; validto: string; vacancy: boolean; area: number };

export type Reading = {
  /** Heat cost allocator units, hot and cold water, in thousandths (units / m³). */
  hca: bigint;
  hotwater: bigint;
  coldwater: bigint;
  source: ValueSource;
};

export type UnitReadings = { readings: Reading[]; changesplit?: ChangeSplit };

const th = (x: number, step = 1): bigint => BigInt(Math.round(x / step)) * BigInt(Math.round(step * 1000));

/**
 * Readings of one usage unit's recipients (in the submission's order). A unit with a change of user gets an
 * intermediate reading or, by chance, none: then heat follows degree days and water follows days (§9b HeizkostenV).
 */
export function unitReadings(seed: string, periodFrom: string, periodTo: string, spans: readonly RecipientSpan[]): UnitReadings {
  const rnd = prng(seed);
  const periodDays = daysBetween(periodFrom, periodTo) + 1;
  const area = spans[0]?.area ?? 60;
  const estimated = rnd() < 1 / 12;
  const source: ValueSource = estimated ? 'ESTIMATED' : 'READ';
  // One year of an occupied unit: 8–28 allocator units per m², 0.15–0.45 m³ hot and 0.3–0.8 m³ cold water per m².
  const yearHca = area * (8 + rnd() * 20);
  const yearHot = area * (0.15 + rnd() * 0.3);
  const yearCold = area * (0.3 + rnd() * 0.5);
  const changed = spans.length > 1;
  const byReadings = changed && rnd() < 0.5;
  const readings = spans.map((s): Reading => {
    const days = daysBetween(s.validfrom, s.validto) + 1;
    const dayShare = days / periodDays;
    const heatShare = degreeDayPermille(s.validfrom, s.validto) / degreeDayPermille(periodFrom, periodTo);
    // An intermediate reading is a reading of its own: the users' habits differ, so it strays from the degree days.
    const habit = byReadings ? 0.7 + rnd() * 0.6 : 1;
    if (s.vacancy) return { hca: th(yearHca * heatShare * 0.04), hotwater: 0n, coldwater: 0n, source };
    return {
      hca: th(yearHca * heatShare * habit),
      hotwater: th(yearHot * dayShare * habit, 0.1),
      coldwater: th(yearCold * dayShare * habit, 0.1),
      source,
    };
  });
  return changed ? { readings, changesplit: byReadings ? 'READINGS' : 'DEGREE_DAYS' } : { readings };
}
