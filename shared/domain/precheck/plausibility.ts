/**
 * Arithmetic of the plausibility rules added for issue 9 (docs/msc-rules.md), shared by the demo MSC's rules
 * (electron/sandbox/rules) and the local pre-check, so both judge the same way. Pure and free of wording.
 */
import { addDays } from '@shared/domain/dates';
import { compare, sub, sum, type Decimal } from '@shared/domain/decimal';
import { hsHiRatio, ratioOf, typicalEmissionFactor, type Ratio } from '@shared/domain/co2-factors';

export type InvoiceList = 'heatingsysteminvoices' | 'ancillaryinvoices';

/**
 * The invoice list a cost type belongs in, by its allocation (Umlageart): heating and/or hot water go with the
 * heating-system invoices, cold water, hot + cold water and other operating costs with the ancillary ones.
 */
export function invoiceListFor(allocation: string): InvoiceList {
  return allocation === 'E' || allocation === 'H' || allocation === 'W' ? 'heatingsysteminvoices' : 'ancillaryinvoices';
}

/** Table K keys for fuel costs and where they go instead of the invoice lists. */
export const FUEL_COST_PLACE: Readonly<Record<string, 'openingstock' | 'deliveries' | 'closingstock'>> = {
  '200': 'openingstock',
  '201': 'deliveries',
  '202': 'closingstock',
};

/** Distribution units measuring area (table E: m² living, heated and usable area). */
export const AREA_KEYS: ReadonlySet<string> = new Set(['010', '011', '017']);

/** Days an opening stock may be dated: the period's first day or the day before it. */
export function openingStockDates(from: string): readonly string[] {
  return [addDays(from, -1), from];
}

/** Closing stock larger than what was there plus what came: the surplus, or undefined when it fits. */
export function closingSurplus(opening: Decimal, deliveries: readonly Decimal[], closing: Decimal): Decimal | undefined {
  const available = sum([opening, ...deliveries], 3);
  return compare(closing, available) > 0 ? sub(closing, available) : undefined;
}

/**
 * Whether kg CO2 fits quantity × emission factor (÷ `hsHi`, for a quantity in kWh Hs against a factor on Hi): within
 * 1 % of the product, at least 1 kg either way (suppliers round the factor and the kg separately).
 */
export function co2KgFits(quantityText: string, factorText: string, kgText: string, hsHi?: Ratio): boolean {
  const q = ratioOf(quantityText);
  const f = ratioOf(factorText);
  const kg = ratioOf(kgText);
  if (!q || !f || !kg) return true;
  const r = hsHi ?? { num: 1n, den: 1n };
  // expected = q × f × r.den / r.num; compare |kg − expected| ≤ max(1, expected / 100) on a common denominator.
  const den = q.den * f.den * kg.den * r.num;
  const expected = q.num * f.num * kg.den * r.den;
  const given = kg.num * q.den * f.den * r.num;
  const diff = given > expected ? given - expected : expected - given;
  const onePercent = expected / 100n;
  return diff <= (onePercent > den ? onePercent : den);
}

/** Whether the kg fit the quantity on the factor's basis (Hi) or, for a fuel billed by kWh Hs, on Hs (./co2-factors). */
export function co2KgFitsFuel(fuel: string, quantityText: string, factorText: string, kgText: string): boolean {
  if (co2KgFits(quantityText, factorText, kgText)) return true;
  const hsHi = hsHiRatio(fuel);
  return hsHi !== undefined && co2KgFits(quantityText, factorText, kgText, hsHi);
}

/**
 * CO2 cost against the delivery's gross amount, by magnitude when both have the same sign (a credit note has both
 * negative): 'exceeds' when the CO2 part is larger than the whole, 'signs' when one is a credit and the other not.
 */
export function co2CostConflict(cost: Decimal, gross: Decimal): 'exceeds' | 'signs' | undefined {
  const c = cost.units * 10n ** BigInt(gross.scale);
  const g = gross.units * 10n ** BigInt(cost.scale);
  if ((c < 0n && g > 0n) || (c > 0n && g < 0n)) return 'signs';
  return (c < 0n ? -c : c) > (g < 0n ? -g : g) ? 'exceeds' : undefined;
}

/** Share of the typical factor a given factor may deviate by before it counts as far off (25 %). */
const FACTOR_TOLERANCE_PERCENT = 25n;

/** The fuel's typical factor when the given one is far off it; undefined when it fits or the fuel has none. */
export function factorFarOff(fuel: string, factorText: string): string | undefined {
  const typical = typicalEmissionFactor(fuel);
  const t = typical === undefined ? undefined : ratioOf(typical);
  const f = ratioOf(factorText);
  if (!typical || !t || !f) return undefined;
  // |f − t| > t × 25 % ⇔ |f.num × t.den − t.num × f.den| × 100 > 25 × t.num × f.den
  const a = f.num * t.den;
  const b = t.num * f.den;
  const diff = a > b ? a - b : b - a;
  return diff * 100n > FACTOR_TOLERANCE_PERCENT * b ? typical : undefined;
}

/** VAT rates whose gross/net ratio is plausible: 19 %, 7 % and none. */
export const VAT_RATES: readonly bigint[] = [19n, 7n, 0n];

/**
 * Whether gross/net fits one of the VAT rates: |gross − net × (1 + rate)| within 2 cents or 0.2 % of the net amount
 * (amounts summed from rounded line items drift by a few cents). Both in cents; a zero net only fits a zero gross.
 */
export function vatRatioFits(grossCents: bigint, netCents: bigint): boolean {
  if (netCents === 0n) return grossCents === 0n;
  if (grossCents < 0n !== netCents < 0n) return true; // NET_EXCEEDS_GROSS names opposite signs
  const g = grossCents < 0n ? -grossCents : grossCents;
  const n = netCents < 0n ? -netCents : netCents;
  // In hundredths of a cent: gross × 100 against net × (100 + rate).
  const tolerance = (n * 100n * 2n) / 1000n > 200n ? (n * 100n * 2n) / 1000n : 200n;
  return VAT_RATES.some((rate) => {
    const expected = n * (100n + rate);
    const diff = g * 100n > expected ? g * 100n - expected : expected - g * 100n;
    return diff <= tolerance;
  });
}

/** HeizkostenV §7/§8: consumption share 50–70 %; more only by agreement (§10), less never; base + consumption = 100. */
export type RatioVerdict = 'sum' | 'below' | 'above' | undefined;

/** Both as shares with one place (tenths of a percent). */
export function ratioVerdict(base: Decimal, consumption: Decimal): RatioVerdict {
  if (base.units + consumption.units !== 1000n) return 'sum';
  if (consumption.units < 500n) return 'below';
  if (consumption.units > 700n) return 'above';
  return undefined;
}
