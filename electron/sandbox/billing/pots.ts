/**
 * The pots of money the demo billing divides (docs/msc-results.md "How the demo MSC bills"), each with the
 * weights per recipient it is divided by and the values a statement shows for it.
 */
import { daysBetween } from '@shared/domain/dates';
import { share } from '@shared/domain/decimal';
import type { FilledTemplate, RecipientEntry, Template } from '@shared/msc/billing-input';
import type { PositionBasis, ValueSource } from '@shared/msc/billing-result';
import { mulDivRound } from '@shared/domain/largest-remainder';
import {
  allocationKeyOf,
  allocationOf,
  centsOf,
  fuelCost,
  fuelEnergy,
  plus,
  zero,
  type Cents,
  type Kind,
} from '@main/sandbox/billing/costs';
import type { Reading } from '@main/sandbox/billing/readings';

export type Pot = {
  costtype: string;
  text: string;
  allocation: 'E' | 'H' | 'W' | 'K' | 'A' | 'B';
  basis: PositionBasis;
  cents: Cents;
  /** Per recipient, ≥ 0; the pot is divided in proportion to them. */
  weights: bigint[];
  /** What a statement shows: the recipient's value (thousandths), the key's unit and total, where it came from. */
  unit: string;
  values: bigint[];
  sources: ValueSource[];
};

/** Our result keys in table K's gap for results (docs/msc-results.md). */
export const RESULT_KEYS = {
  heatingBase: '231',
  heatingConsumption: '232',
  hotwaterBase: '233',
  hotwaterConsumption: '234',
  co2Landlord: '235',
} as const;

/** 2.5 kWh/(m³·K) × (60 °C − 10 °C): kWh per m³ of hot water (§9 (2) HeizkostenV). */
const KWH_PER_M3_HOT_WATER = 125n;
/** Hot water's share where no fuel energy is known: 18 %. */
const FALLBACK_HOT_WATER_PERCENT = 18n;

const AREA_KEYS = ['010', '011'];

function valueOf(r: RecipientEntry, key: string): bigint | undefined {
  const v = r.allocations.find((a) => a.key === key)?.value;
  if (v === undefined) return undefined;
  const [int = '0', frac = ''] = v.replace(/^-/, '').split('.');
  return BigInt(int) * 1000n + BigInt(frac.padEnd(3, '0').slice(0, 3));
}

export type Occupancy = { days: bigint; periodDays: bigint };

export function occupancyOf(r: RecipientEntry, template: Template): Occupancy {
  const { from, to } = template.billingperiod;
  const vf = r.validfrom < from ? from : r.validfrom;
  const vt = r.validto > to ? to : r.validto;
  return { days: BigInt(Math.max(0, daysBetween(vf, vt) + 1)), periodDays: BigInt(daysBetween(from, to) + 1) };
}

/** A key's values weighted by the days of occupancy (thousandths); the statement shows the same figure. */
function timeWeighted(filled: FilledTemplate, occ: readonly Occupancy[], key: string): bigint[] | undefined {
  const raw = filled.billingrecipients.map((r) => valueOf(r, key));
  if (raw.every((v) => v === undefined || v === 0n)) return undefined;
  return raw.map((v, i) => {
    const o = occ[i] ?? { days: 0n, periodDays: 1n };
    return v === undefined ? 0n : mulDivRound(v, o.days, o.periodDays);
  });
}

export function areaKey(filled: FilledTemplate): string {
  return AREA_KEYS.find((k) => filled.billingrecipients.some((r) => (valueOf(r, k) ?? 0n) > 0n)) ?? '010';
}

export type PotInput = {
  template: Template;
  filled: FilledTemplate;
  kinds: readonly Kind[];
  readings: readonly Reading[];
  occupancy: readonly Occupancy[];
};

export function buildPots({ template, filled, kinds, readings, occupancy }: PotInput): Pot[] {
  const n = filled.billingrecipients.length;
  const aKey = areaKey(filled);
  const area = timeWeighted(filled, occupancy, aKey) ?? occupancy.map((o) => o.days * 1000n);
  const allocationSources = (): ValueSource[] => Array.from({ length: n }, () => 'ALLOCATION' as const);
  const readSources = readings.map((r) => r.source);
  const hca = readings.map((r) => r.hca);
  const hot = readings.map((r) => r.hotwater);
  const water = readings.map((r) => r.hotwater + r.coldwater);

  // Heating system: fuel and E invoices are split by §9; H and W invoices go to their side alone.
  let both = fuelCost(filled, kinds);
  let heating = zero(kinds);
  let hotwater = zero(kinds);
  for (const inv of filled.heatingsysteminvoices) {
    const alloc = allocationOf(template, inv.cost.key, true);
    const c = centsOf(inv.amounts, kinds);
    if (alloc === 'H') heating = plus(heating, c, kinds);
    else if (alloc === 'W') hotwater = plus(hotwater, c, kinds);
    else both = plus(both, c, kinds);
  }
  const energy = fuelEnergy(filled, template);
  const hotM3th = hot.reduce((a, b) => a + b, 0n);
  // share = 125 kWh/m³ × m³ / fuel kWh; energy is kWh × 10⁷, hot water m³ × 10³.
  const [num, den] = energy > 0n ? [KWH_PER_M3_HOT_WATER * hotM3th * 10_000n, energy] : [FALLBACK_HOT_WATER_PERCENT, 100n];
  for (const k of kinds) {
    const all = both[k] ?? 0n;
    let w = mulDivRound(all, num, den);
    if ((all >= 0n && w > all) || (all < 0n && w < all)) w = all;
    hotwater[k] = (hotwater[k] ?? 0n) + w;
    heating[k] = (heating[k] ?? 0n) + all - w;
  }

  const baseShare = (c: Cents, baseText: string): [Cents, Cents] => {
    const tenths = share(baseText).units;
    const base: Cents = {};
    const cons: Cents = {};
    for (const k of kinds) {
      base[k] = mulDivRound(c[k] ?? 0n, tenths, 1000n);
      cons[k] = (c[k] ?? 0n) - (base[k] ?? 0n);
    }
    return [base, cons];
  };
  const [hBase, hCons] = baseShare(heating, template.distributionratio.heating.base);
  const [wBase, wCons] = baseShare(hotwater, template.distributionratio.hotwater.base);
  const areaPot = (costtype: string, text: string, allocation: 'H' | 'W', cents: Cents): Pot => ({
    costtype,
    text,
    allocation,
    basis: 'BASE',
    cents,
    weights: area,
    unit: aKey,
    values: area,
    sources: allocationSources(),
  });
  const pots: Pot[] = [
    areaPot(RESULT_KEYS.heatingBase, 'Heizkosten Grundkosten', 'H', hBase),
    {
      costtype: RESULT_KEYS.heatingConsumption,
      text: 'Heizkosten Verbrauchskosten',
      allocation: 'H',
      basis: 'CONSUMPTION',
      cents: hCons,
      weights: hca,
      unit: '030',
      values: hca,
      sources: readSources,
    },
    areaPot(RESULT_KEYS.hotwaterBase, 'Warmwasser Grundkosten', 'W', wBase),
    {
      costtype: RESULT_KEYS.hotwaterConsumption,
      text: 'Warmwasser Verbrauchskosten',
      allocation: 'W',
      basis: 'CONSUMPTION',
      cents: wCons,
      weights: hot,
      unit: '003',
      values: hot,
      sources: readSources,
    },
  ];

  // Ancillary costs, one pot per cost type: water by m³, the rest by their distribution key.
  const byKey = new Map<string, Pot>();
  for (const inv of filled.ancillaryinvoices) {
    const alloc = allocationOf(template, inv.cost.key, false);
    const c = centsOf(inv.amounts, kinds);
    const existing = byKey.get(inv.cost.key);
    if (existing) {
      existing.cents = plus(existing.cents, c, kinds);
      continue;
    }
    const text = inv.cost.text ?? template.costtypes.find((t) => t.key === inv.cost.key)?.text ?? inv.cost.key;
    let pot: Pot;
    if (alloc === 'K' || alloc === 'A' || alloc === 'W' || alloc === 'E' || alloc === 'H') {
      pot = {
        costtype: inv.cost.key,
        text,
        allocation: alloc === 'A' ? 'A' : 'K',
        basis: 'CONSUMPTION',
        cents: c,
        weights: water,
        unit: '003',
        values: water,
        sources: readSources,
      };
    } else {
      const key = allocationKeyOf(template, inv.cost.key, inv.allocationkey);
      const values = timeWeighted(filled, occupancy, key);
      pot = values
        ? {
            costtype: inv.cost.key,
            text,
            allocation: 'B',
            basis: 'KEY',
            cents: c,
            weights: values,
            unit: key,
            values,
            sources: allocationSources(),
          }
        : {
            costtype: inv.cost.key,
            text,
            allocation: 'B',
            basis: 'KEY',
            cents: c,
            weights: area,
            unit: aKey,
            values: area,
            sources: allocationSources(),
          };
    }
    byKey.set(inv.cost.key, pot);
    pots.push(pot);
  }
  return pots;
}
