/**
 * What a careful MSC clerk knows about prices, shared by the demo MSC's rules (electron/sandbox/rules/prices.ts) and
 * the local pre-check (./money-rules.ts): the usual price band per fuel and unit, the BEHG CO2 price per year, and the
 * VAT rate a cost type bears on a given date. Pure data and arithmetic, free of wording; docs/msc-rules.md says where
 * each figure comes from.
 */
import { FUELS } from '@shared/domain/codes';
import type { Decimal } from '@shared/domain/decimal';

/** An exact fraction `num / den` with den > 0. */
export type Fraction = { num: bigint; den: bigint };

const pow10 = (n: number): bigint => 10n ** BigInt(n);
export const fractionOf = (d: Decimal): Fraction => ({ num: d.units, den: pow10(d.scale) });

/** `"0.03"` → 3/100 (non-negative ISO text only; the tables below are ours). */
function fractionText(text: string): Fraction {
  const [int = '0', frac = ''] = text.split('.');
  return { num: BigInt(int + frac), den: pow10(frac.length) };
}

const less = (a: Fraction, b: Fraction): boolean => a.num * b.den < b.num * a.den;
const plus = (a: Fraction, b: Fraction, sign: 1n | -1n): Fraction => ({
  num: a.num * b.den + sign * b.num * a.den,
  den: a.den * b.den,
});

/** The fraction rounded half up to `places` (≤ 3) as a decimal, for messages. */
export function roundedFraction(f: Fraction, places: 0 | 1 | 2 | 3): Decimal {
  const neg = f.num < 0n !== f.den < 0n;
  const n = f.num < 0n ? -f.num : f.num;
  const d = f.den < 0n ? -f.den : f.den;
  const units = (n * pow10(places) * 2n + d) / (2n * d);
  return { units: neg ? -units : units, scale: places };
}

// --- Fuel kinds -------------------------------------------------------------------------------------------------

export type FuelKind = 'oil' | 'gas' | 'lpg' | 'heat' | 'power' | 'pellets' | 'wood' | 'coal';

const KIND_BY_CODE: Readonly<Record<string, FuelKind>> = {
  ...Object.fromEntries(['111', '112', '119', '201'].map((c) => [c, 'oil' as const])),
  ...Object.fromEntries(
    ['133', '134', '135', '136', '173', '174', '175', '176', '193', '194', '195', '196', '204', '205'].map((c) => [
      c,
      'gas' as const,
    ]),
  ),
  ...Object.fromEntries(['151', '152', '153', '154'].map((c) => [c, 'lpg' as const])),
  ...Object.fromEntries(['142', '143', '144', '145', '146', '147', '148'].map((c) => [c, 'heat' as const])),
  ...Object.fromEntries(['164', '165', '206', '207', '208'].map((c) => [c, 'power' as const])),
  ...Object.fromEntries(['123', '124', '125'].map((c) => [c, 'pellets' as const])),
  ...Object.fromEntries(['197', '198', '199', '211'].map((c) => [c, 'wood' as const])),
  ...Object.fromEntries(['122', '202', '203'].map((c) => [c, 'coal' as const])),
};

export const fuelKind = (fuel: string): FuelKind | undefined => KIND_BY_CODE[fuel];

/** The unit of a fuel by the code table, when the template does not name it. */
export function fuelUnit(fuel: string): string | undefined {
  return FUELS.find((f) => f.code === fuel)?.unit;
}

// --- Calorific value --------------------------------------------------------------------------------------------

/** ARGE B record field 9 (kWh per unit): a fuel billed in kWh has 1, in MWh 1,000 — nothing else is possible. */
export const CALORIFIC_BY_UNIT: Readonly<Record<string, string>> = { KWH: '1', MWH: '1000' };

/** The only calorific value a fuel in this unit can have, when it is off; undefined when it fits or is free. */
export function calorificOff(unit: string | undefined, valueText: string): string | undefined {
  const expected = unit === undefined ? undefined : CALORIFIC_BY_UNIT[unit];
  if (expected === undefined || !/^\d+(\.\d+)?$/.test(valueText)) return undefined;
  const e = fractionText(expected);
  const v = fractionText(valueText);
  return v.num * e.den === e.num * v.den ? undefined : expected;
}

// --- Unit prices ------------------------------------------------------------------------------------------------

/**
 * Usual price band (€ per unit, gross or net) per fuel kind and unit. The bands span German consumer prices 2015–2025
 * (heating oil 0,45–1,90 €/l, natural gas 6–40 ct/kWh incl. new contracts in 2022, district heat 7–25 ct/kWh, LPG
 * 0,45–1,10 €/l, pellets 220–770 €/t, electricity 20–47 ct/kWh) with room of about half the lowest and 1.3–2 times the
 * highest price, so only a slip of unit or decimal point (m³ typed as kWh, kg as t) falls outside.
 */
export const PRICE_BANDS: Readonly<Record<FuelKind, Readonly<Record<string, readonly [string, string]>>>> = {
  oil: { L: ['0.30', '2.50'], KG: ['0.35', '3.00'], KWH: ['0.03', '0.25'], MWH: ['30', '250'] },
  gas: { KWH: ['0.02', '0.50'], MWH: ['20', '500'], M3: ['0.20', '5.00'], GJ: ['5.5', '140'] },
  lpg: { L: ['0.25', '2.00'], KG: ['0.50', '4.00'], M3: ['1.00', '8.00'], KWH: ['0.03', '0.35'] },
  heat: { KWH: ['0.03', '0.50'], MWH: ['30', '500'], GJ: ['8', '140'] },
  power: { KWH: ['0.08', '0.80'], MWH: ['80', '800'] },
  pellets: { KG: ['0.12', '1.00'], T: ['120', '1000'], KWH: ['0.025', '0.20'] },
  wood: { STER: ['30', '250'], SRM: ['10', '100'], KG: ['0.05', '0.60'] },
  coal: { KG: ['0.15', '1.50'], T: ['150', '1500'] },
};

export type PriceVerdict = { price: Fraction; low: string; high: string };

/**
 * The price per unit when it lies outside the usual band of the fuel and unit; undefined when it fits, when the band
 * is unknown or when amount or quantity is zero or negative (a credit note has its own rule).
 */
export function unitPriceOff(fuel: string, unit: string | undefined, amount: Decimal, qty: Decimal): PriceVerdict | undefined {
  const kind = fuelKind(fuel);
  const band = kind === undefined || unit === undefined ? undefined : PRICE_BANDS[kind][unit];
  if (!band || amount.units <= 0n || qty.units <= 0n) return undefined;
  const a = fractionOf(amount);
  const q = fractionOf(qty);
  const price = { num: a.num * q.den, den: a.den * q.num };
  const [low, high] = band;
  return less(price, fractionText(low)) || less(fractionText(high), price) ? { price, low, high } : undefined;
}

// --- CO2 price (BEHG) -------------------------------------------------------------------------------------------

/**
 * BEHG §10 (2) fixed price per tonne CO2 (net), as amended in 2022: 2021 25 €, 2022 and 2023 30 €, 2024 45 €, 2025
 * 55 €; 2026 a corridor of 55–65 €. Later years are priced by the market and are not judged.
 */
export const BEHG_PRICE: Readonly<Record<number, readonly [number, number]>> = {
  2021: [25, 25],
  2022: [30, 30],
  2023: [30, 30],
  2024: [45, 45],
  2025: [55, 55],
  2026: [55, 65],
};

/** Fuels whose CO2 cost is the BEHG price: fossil fuels burnt on site (district heat plants may trade under the EU ETS). */
export function behgPriced(fuel: string): boolean {
  const kind = fuelKind(fuel);
  return kind === 'oil' || kind === 'lpg' || kind === 'coal' || (kind === 'gas' && fuel !== '204' && fuel !== '205');
}

/**
 * A service period a delivery or invoice may carry (our `servicefrom`/`serviceto`; ARGE has no such field, only the
 * invoice date, K field 9); either end may be missing.
 */
export type ServicePeriod = { from?: string | undefined; to?: string | undefined };

/** `servicefrom`/`serviceto` of a delivery or invoice where the schema has them (issue 20 item 2), else none. */
export function serviceOf(item: object): ServicePeriod | undefined {
  const r = item as { servicefrom?: unknown; serviceto?: unknown };
  const from = typeof r.servicefrom === 'string' && r.servicefrom !== '' ? r.servicefrom : undefined;
  const to = typeof r.serviceto === 'string' && r.serviceto !== '' ? r.serviceto : undefined;
  return from === undefined && to === undefined ? undefined : { from, to };
}

/**
 * Whether an invoice dated `date` is dated before the period starting `from` and its service period (where it has
 * one) does not reach into the period either: a bill of last year that the clerk should look at once more.
 */
export function datedBeforePeriod(date: string, from: string, service?: ServicePeriod): boolean {
  if (date >= from) return false;
  const end = service?.to ?? service?.from;
  return end === undefined || end < from;
}

/**
 * The calendar years a delivery's CO2 price may stem from: those its service period touches; without one, the year
 * of the invoice date and, for an invoice of the first half year, the year before (annual bills come in January).
 */
export function supplyYears(date: string, service?: ServicePeriod): number[] {
  const from = service?.from ?? service?.to;
  const to = service?.to ?? service?.from;
  if (from !== undefined && to !== undefined) {
    const out: number[] = [];
    for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) out.push(y);
    return out;
  }
  const y = Number(date.slice(0, 4));
  return date.slice(5) <= '06-30' ? [y - 1, y] : [y];
}

/** VAT factors a gross CO2 cost may carry: none (given net), 7 % (gas, 10/2022–03/2024) and 19 %. */
const CO2_VAT: readonly Fraction[] = [
  { num: 100n, den: 100n },
  { num: 107n, den: 100n },
  { num: 119n, den: 100n },
];

export type Co2PriceVerdict = { perTonne: Fraction; low: number; high: number; years: number[] };

/**
 * The cost per tonne when it fits no BEHG price of the supply years (± 2 %, at least 5 cents on the whole cost), with
 * or without VAT; undefined when it fits, when no year is priced by the BEHG or when kg or cost is zero.
 */
export function co2PriceOff(cost: Decimal, kg: Decimal, years: readonly number[]): Co2PriceVerdict | undefined {
  const priced = years.flatMap((y) => BEHG_PRICE[y] ?? []);
  if (priced.length === 0 || cost.units === 0n || kg.units === 0n) return undefined;
  const low = Math.min(...priced);
  const high = Math.max(...priced);
  const c = fractionOf(cost.units < 0n ? { ...cost, units: -cost.units } : cost);
  const k = fractionOf(kg.units < 0n ? { ...kg, units: -kg.units } : kg);
  const perTonne = { num: c.num * k.den * 1000n, den: c.den * k.num };
  // Slack per tonne: 2 % of the price, or 5 cents on the whole cost (50 € / kg per tonne), whichever is larger.
  const rounding: Fraction = { num: 50n * k.den, den: k.num };
  const fits = CO2_VAT.some((vat) => {
    const lo: Fraction = { num: BigInt(low) * vat.num, den: vat.den };
    const hi: Fraction = { num: BigInt(high) * vat.num, den: vat.den };
    const two: Fraction = { num: lo.num * 2n, den: lo.den * 100n };
    const slack = less(two, rounding) ? rounding : two;
    return !less(perTonne, plus(lo, slack, -1n)) && !less(plus(hi, slack, 1n), perTonne);
  });
  return fits ? undefined : { perTonne, low, high, years: [...years] };
}

// --- VAT rate by cost type --------------------------------------------------------------------------------------

/** UStG §28 (5): gas and heat via a network bore 7 % from 1 October 2022 to 31 March 2024. */
export const REDUCED_ENERGY_VAT = { from: '2022-10-01', to: '2024-03-31' } as const;

/** Table K keys with a VAT rate fixed by their nature (UStG §12 and Anlage 2 No. 34; §2b, §4 UStG for public fees). */
const RATE_BY_COST: Readonly<Record<string, readonly bigint[]>> = {
  '220': [19n], // Betriebsstrom: electricity
  '400': [19n], // Allgemeinstrom
  '237': [7n], // Frischwasser: drinking water
  '240': [7n], // Kaltwasser
  '238': [0n], // Abwasser: a public fee, not taxable
  '239': [0n], // Oberflächenentwässerung
  '249': [0n], // Kanalgebühr
};

/** Whether a supply dated `date` (or over `service`) may still carry the reduced rate on gas and heat. */
function inReducedWindow(date: string, service?: ServicePeriod): boolean {
  const from = service?.from ?? service?.to;
  const to = service?.to ?? service?.from;
  if (from !== undefined && to !== undefined) return from <= REDUCED_ENERGY_VAT.to && to >= REDUCED_ENERGY_VAT.from;
  // Without a service period: a bill up to six months after the window may still be for a supply inside it.
  return date >= REDUCED_ENERGY_VAT.from && date <= '2024-09-30';
}

/** VAT rates (percent) a fuel delivery or stock may bear; undefined for fuels without a fixed rate (wood, pellets). */
export function fuelVatRates(fuel: string, date: string, service?: ServicePeriod): readonly bigint[] | undefined {
  const kind = fuelKind(fuel);
  if (kind === undefined || kind === 'pellets' || kind === 'wood') return undefined;
  if ((kind === 'gas' || kind === 'heat') && inReducedWindow(date, service)) return [7n, 19n];
  return [19n];
}

/** VAT rates (percent) an invoice of this cost type may bear; undefined when the type has no fixed rate. */
export function costVatRates(key: string): readonly bigint[] | undefined {
  return RATE_BY_COST[key];
}

/**
 * The usual rate (19, 7 or 0 %) gross and net fit (as VAT_RATIO's tolerance: 2 cents or 0.2 % of net), or undefined
 * when they fit none of them (VAT_RATIO names that) or the amounts are zero or of opposite signs.
 */
export function vatRateOf(grossCents: bigint, netCents: bigint): bigint | undefined {
  if (netCents === 0n || grossCents < 0n !== netCents < 0n) return undefined;
  const g = grossCents < 0n ? -grossCents : grossCents;
  const n = netCents < 0n ? -netCents : netCents;
  const tolerance = (n * 200n) / 1000n > 200n ? (n * 200n) / 1000n : 200n;
  return [19n, 7n, 0n].find((rate) => {
    const expected = n * (100n + rate);
    const diff = g * 100n > expected ? g * 100n - expected : expected - g * 100n;
    return diff <= tolerance;
  });
}
