/**
 * Arithmetic of the issue-20 rules on users and the property, shared by the demo MSC (electron/sandbox/rules/
 * occupancy.ts) and the local pre-check (./occupancy-rules.ts): persons of an occupied unit, a unit's area across a
 * tenant change, the CO2 area against the units' areas, the fossil share of a heat supplier's mix, and a prepayment
 * against the share of the costs the user's area and days suggest. Pure and free of wording.
 */
import { daysBetween } from '@shared/domain/dates';
import type { Decimal } from '@shared/domain/decimal';
import { fractionOf, roundedFraction, type Fraction } from '@shared/domain/precheck/prices';

/** Table E keys counting persons (035 persons, 034 persons × months): an occupied unit has at least one. */
export const PERSON_KEYS: ReadonlySet<string> = new Set(['034', '035']);

/** Area keys in the order the CO2 area is compared with: living area (CO2KostAufG §5), heated, usable area. */
export const AREA_KEY_ORDER = ['010', '011', '017'] as const;

/** Table M energy sources that burn fossil fuel: lignite, hard coal, oil, natural gas. */
export const FOSSIL_SOURCES: ReadonlySet<string> = new Set(['01', '02', '03', '04']);

/** A heat supplier's mix with at least this fossil share (tenths of a percent) cannot have emission factor 0. */
export const FOSSIL_SHARE_LIMIT = 100n;

/** Tenths of a percent of fossil sources in a mix of `source`/`share` (share with one place). */
export function fossilShare(mix: readonly { source: string; share: Decimal }[]): bigint {
  return mix.filter((p) => FOSSIL_SOURCES.has(p.source)).reduce((a, p) => a + p.share.units, 0n);
}

/** CO2 area this far off the units' areas (percent) counts as far: 10 % above, or 10 % below the residential part. */
export const AREA_SUM_TOLERANCE = 10n;

/**
 * The band the CO2 area should lie in, when it lies outside: from the residential part of the units' area (the
 * non-residential share, in percent with one place, taken off) less 10 %, to the whole area plus 10 %.
 */
export function areaSumOff(
  heated: Decimal,
  unitsArea: Decimal,
  nonresidentialShare?: Decimal,
): { low: Decimal; high: Decimal } | undefined {
  if (unitsArea.units <= 0n || heated.units <= 0n) return undefined;
  const sum = fractionOf(unitsArea);
  const h = fractionOf(heated);
  const residentialTenths = 1000n - (nonresidentialShare && nonresidentialShare.scale === 1 ? nonresidentialShare.units : 0n);
  const low: Fraction = { num: sum.num * residentialTenths * (100n - AREA_SUM_TOLERANCE), den: sum.den * 100_000n };
  const high: Fraction = { num: sum.num * (100n + AREA_SUM_TOLERANCE), den: sum.den * 100n };
  const below = h.num * low.den < low.num * h.den;
  const above = h.num * high.den > high.num * h.den;
  return below || above ? { low: roundedFraction(low, 2), high: roundedFraction(high, 2) } : undefined;
}

/** A prepayment more than this many times the user's likely share of the costs counts as far above it. */
export const PREPAYMENT_FACTOR = 3n;

/** One user's weight in the likely split: area × days of use inside the period. */
export function entryWeight(area: Decimal, validfrom: string, validto: string, from: string, to: string): Fraction {
  const start = validfrom < from ? from : validfrom;
  const end = validto > to ? to : validto;
  const days = end < start ? 0 : daysBetween(start, end) + 1;
  const a = fractionOf(area);
  return { num: a.num * BigInt(days), den: a.den };
}

/**
 * The likely share (in cents) when the prepayment is more than three times it; undefined when it is not, or when
 * nothing is there to compare with (no costs, no weights).
 */
export function prepaymentFarAbove(
  prepaidCents: bigint,
  costsCents: bigint,
  weight: Fraction,
  totalWeight: Fraction,
): bigint | undefined {
  if (costsCents <= 0n || weight.num <= 0n || totalWeight.num <= 0n || prepaidCents <= 0n) return undefined;
  // likely = costs × weight / total, in cents.
  const num = costsCents * weight.num * totalWeight.den;
  const den = weight.den * totalWeight.num;
  return prepaidCents * den > PREPAYMENT_FACTOR * num ? (num * 2n + den) / (2n * den) : undefined;
}

/** Sum of fractions with a common denominator kept small by the callers (areas have up to three places). */
export function addFractions(a: Fraction, b: Fraction): Fraction {
  return a.den === b.den ? { num: a.num + b.num, den: a.den } : { num: a.num * b.den + b.num * a.den, den: a.den * b.den };
}
