/**
 * CO2 cost split between landlord and tenants (CO2KostAufG): the building's kg CO2 per m² of living area and year
 * picks one of ten tiers of the law's annex (§5, Stufenmodell for residential buildings); non-residential buildings
 * split 50/50 (§8); public-law restrictions halve the landlord's share, both kinds of restriction waive it (§9).
 * Exact: kg in thousandths, money in cents, the tier found by cross-multiplication, never a float.
 */
import { daysBetween } from '@shared/domain/dates';
import { formatIso, fromUnits, money, quantity, share, sum, type Decimal } from '@shared/domain/decimal';
import { co2Consumption } from '@shared/domain/co2-consumption';
import { isCo2Relevant } from '@shared/domain/co2-factors';
import type { FilledTemplate, Template } from '@shared/msc/billing-input';

/** A tier: from `from` (inclusive) to the next tier's `from` (exclusive) kg CO2/m²/a; shares in whole percent. */
export type Co2Tier = { tier: number; from: number; landlordPercent: number; tenantPercent: number };

/** The annex of CO2KostAufG (Aufteilung der Kohlendioxidkosten bei Wohngebäuden). */
export const CO2_TIERS: readonly Co2Tier[] = [
  { tier: 1, from: 0, landlordPercent: 0, tenantPercent: 100 },
  { tier: 2, from: 12, landlordPercent: 10, tenantPercent: 90 },
  { tier: 3, from: 17, landlordPercent: 20, tenantPercent: 80 },
  { tier: 4, from: 22, landlordPercent: 30, tenantPercent: 70 },
  { tier: 5, from: 27, landlordPercent: 40, tenantPercent: 60 },
  { tier: 6, from: 32, landlordPercent: 50, tenantPercent: 50 },
  { tier: 7, from: 37, landlordPercent: 60, tenantPercent: 40 },
  { tier: 8, from: 42, landlordPercent: 70, tenantPercent: 30 },
  { tier: 9, from: 47, landlordPercent: 80, tenantPercent: 20 },
  { tier: 10, from: 52, landlordPercent: 95, tenantPercent: 5 },
];

/** CO2KostAufG covers billing periods starting on or after this day. */
export const CO2_SPLIT_FROM = '2023-01-01';

/** Above this share of non-residential use a building is a non-residential one (GEG: "überwiegend"). */
const NONRESIDENTIAL_ABOVE = share('50.0');

export type Co2SplitInput = {
  /** Emitted kg CO2 (ISO, three places) and their gross cost (ISO, two places). */
  kg: string;
  cost: string;
  /** The dwellings' floor area (Wohnfläche, WoFlV) in m² (ISO, up to two places); template field `heatedarea`. */
  area: string;
  from: string;
  to: string;
  nonresidential?: boolean;
  restrictionbuilding?: boolean;
  restrictionsupply?: boolean;
};

export type Co2Split = {
  kg: Decimal;
  cost: Decimal;
  area: Decimal;
  /** kg CO2 per m² and year, rounded down to two places so it never shows a bound the building has not reached. */
  intensity: Decimal;
  /** The billing period is not 365 days long: the figure was scaled to 365 days. */
  annualised: boolean;
  tier: Co2Tier;
  basis: 'tiers' | 'nonresidential';
  restriction: 'none' | 'halved' | 'waived';
  /** The landlord's share in percent after §8/§9, one place (47.5 when a 95 % share is halved). */
  landlordPercent: Decimal;
  landlord: Decimal;
  tenants: Decimal;
};

/**
 * Days of the period and of the year it stands for: always 365, so a leap year's 366 days are scaled down by
 * 365/366 like any other period that is not 365 days long (the annex's figures are per m² and year).
 */
function yearFraction(from: string, to: string): { days: bigint; year: bigint } {
  return { days: BigInt(daysBetween(from, to) + 1), year: 365n };
}

/** The split, or undefined when the area is zero (nothing to divide by). */
export function co2Split(input: Co2SplitInput): Co2Split | undefined {
  const kg = quantity(input.kg);
  const cost = money(input.cost);
  const area = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(input.area.trim());
  if (!area) return undefined;
  const areaCenti = BigInt(area[1] ?? '0') * 100n + BigInt((area[2] ?? '').padEnd(2, '0'));
  if (areaCenti <= 0n) return undefined;
  const { days, year } = yearFraction(input.from, input.to);
  // intensity = (kg.units / 1000) / (areaCenti / 100 × days / year) = kg.units × 100 × year / (areaCenti × 1000 × days)
  const num = kg.units * 100n * year;
  const den = areaCenti * 1000n * days;
  let tier = CO2_TIERS[0] ?? { tier: 1, from: 0, landlordPercent: 0, tenantPercent: 100 };
  for (const t of CO2_TIERS) if (num >= BigInt(t.from) * den) tier = t;
  const intensity = fromUnits((num * 100n) / den, 2);
  const basis = input.nonresidential === true ? 'nonresidential' : 'tiers';
  const restricted = [input.restrictionbuilding === true, input.restrictionsupply === true].filter(Boolean).length;
  const restriction = restricted === 0 ? 'none' : restricted === 1 ? 'halved' : 'waived';
  let tenths = BigInt(basis === 'nonresidential' ? 50 : tier.landlordPercent) * 10n;
  if (restriction === 'halved') tenths /= 2n;
  if (restriction === 'waived') tenths = 0n;
  // Landlord's cents rounded half up; the tenants get the rest, so both add up to the cost exactly.
  const landlordCents = (cost.units * tenths * 2n + 1000n) / 2000n;
  return {
    kg,
    cost,
    area: fromUnits(areaCenti, 2),
    intensity,
    annualised: days !== year,
    tier,
    basis,
    restriction,
    landlordPercent: fromUnits(tenths, 1),
    landlord: fromUnits(landlordCents, 2),
    tenants: fromUnits(cost.units - landlordCents, 2),
  };
}

export type Co2Preview =
  | { status: 'split'; split: Co2Split }
  /** CO2KostAufG does not apply: not agreed, a period before 2023, or no CO2-relevant fuel. */
  | { status: 'not-applicable' }
  /** It applies, but no delivery carries CO2 figures yet. */
  | { status: 'no-figures' }
  /** Figures are there, but the heated living area is missing or zero. */
  | { status: 'no-area'; kg: Decimal; cost: Decimal };

/**
 * The preview of a submission: the CO2 of the fuel burnt (./co2-consumption: opening stock + deliveries − closing
 * stock, first in, first out) over the dwellings' floor area the fill (or its template) names.
 */
export function co2Preview(filled: FilledTemplate, template: Template): Co2Preview {
  const { from, to } = template.billingperiod;
  const relevant = filled.energysources.filter((s) => isCo2Relevant(s.fuel));
  if (!template.co2configuration.applicable || from < CO2_SPLIT_FROM || relevant.length === 0) {
    return { status: 'not-applicable' };
  }
  const burnt = relevant.map(co2Consumption).filter((c) => c.hasFigures);
  if (burnt.length === 0) return { status: 'no-figures' };
  const kg = sum(
    burnt.map((c) => c.kg),
    3,
  );
  const cost = sum(
    burnt.map((c) => c.cost),
    2,
  );
  const facts = { ...template.co2configuration, ...(filled.co2configuration ?? {}) };
  const area = facts.heatedarea;
  const nonresidential =
    template.co2configuration.nonresidential ||
    (facts.nonresidentialshare !== undefined && share(facts.nonresidentialshare).units > NONRESIDENTIAL_ABOVE.units);
  const split =
    area === undefined
      ? undefined
      : co2Split({
          kg: formatIso(kg),
          cost: formatIso(cost),
          area,
          from,
          to,
          nonresidential,
          restrictionbuilding: facts.restrictionbuilding === true,
          restrictionsupply: facts.restrictionsupply === true,
        });
  return split ? { status: 'split', split } : { status: 'no-area', kg, cost };
}
