/**
 * The fuel a building burnt in the billing period and its CO2 (CO2KostAufG §3, §7): opening stock + deliveries −
 * closing stock, valued first in, first out. The opening stock is burnt first, then the deliveries in date order;
 * what is left at the end is the last deliveries' fuel. So the closing stock is taken from the latest deliveries
 * backwards, and each lot counts with the share of it that was burnt.
 *
 * A lot's CO2 figures: a delivery's are on its invoice (kg CO2, gross CO2 cost). The opening stock has none in the
 * submission; it is the same fuel, so it gets the emission factor of the earliest delivery that names one (else the
 * BEHG standard value, ./co2-factors), and the CO2 price of the year it was bought — the year before the period —
 * (BEHG fixed price) plus 19 % VAT, the rate on every stored fuel (oil, LPG, coal: the cut to 7 % applied to gas and
 * district heat only). Exact: kg in thousandths, cents, shares as fractions, rounded half up once per lot.
 */
import { addDays } from '@shared/domain/dates';
import { fromUnits, type Decimal } from '@shared/domain/decimal';
import { behgPricePerTonne, ratioOf, typicalEmissionFactor } from '@shared/domain/co2-factors';

/** What the walk needs of an energy source; a FilledTemplate's energy source fits. */
export type Co2Source = {
  fuel: string;
  openingstock?: { date: string; quantity: string };
  closingstock?: { date: string; quantity: string };
  deliveries: readonly {
    invoicedate: string;
    quantity?: string | undefined;
    co2?: { emissionfactor: string; emissionkg: string; costgross: string } | undefined;
  }[];
};

export type Co2Consumption = {
  /** Fuel burnt, in the fuel's unit (three places). */
  burnt: Decimal;
  /** kg CO2 of the fuel burnt (three places) and their gross cost (cents). */
  kg: Decimal;
  cost: Decimal;
  /** Whether any lot burnt carries CO2 figures (a delivery's, or the opening stock valued by a known factor). */
  hasFigures: boolean;
};

/** VAT on the CO2 price of stored fuels, in percent. */
const STOCK_VAT_PERCENT = 119n;

type Lot = { qty: bigint | undefined; kg: bigint; cents: bigint; figures: boolean };

const thousandths = (text: string | undefined): bigint | undefined => {
  const r = text === undefined ? undefined : /^(-?)(\d+)(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!r) return undefined;
  const v = BigInt(r[2] ?? '0') * 1000n + BigInt((r[3] ?? '').padEnd(3, '0'));
  return r[1] === '-' ? -v : v;
};
const cents = (text: string): bigint => {
  const r = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!r) return 0n;
  const v = BigInt(r[2] ?? '0') * 100n + BigInt((r[3] ?? '').padEnd(2, '0'));
  return r[1] === '-' ? -v : v;
};
/** a × num / den rounded half away from zero. */
const part = (a: bigint, num: bigint, den: bigint): bigint => {
  const neg = a < 0n !== num < 0n;
  const abs = ((a < 0n ? -a : a) * (num < 0n ? -num : num) * 2n + den) / (2n * den);
  return neg ? -abs : abs;
};

function openingLot(source: Co2Source, firstFactor: string | undefined): Lot | undefined {
  const qty = thousandths(source.openingstock?.quantity);
  if (qty === undefined || qty <= 0n || !source.openingstock) return undefined;
  const factor = ratioOf(firstFactor ?? typicalEmissionFactor(source.fuel) ?? '');
  if (!factor) return { qty, kg: 0n, cents: 0n, figures: false };
  // kg = qty/1000 × factor, kept in thousandths.
  const kg = part(qty, factor.num, factor.den);
  // Bought before the period's first day: the CO2 price of the year of the day before.
  const year = Number(addDays(source.openingstock.date, -1).slice(0, 4));
  const price = behgPricePerTonne(year) ?? behgPricePerTonne(2026) ?? 0n;
  // cents = kg/1000 t/1000 × price € × 100 × 1.19 = kg(thousandths) × price × 119 / 1,000,000
  return { qty, kg, cents: part(kg, price * STOCK_VAT_PERCENT, 1_000_000n), figures: true };
}

/** The CO2 of the fuel burnt from one energy source in the period (FIFO). */
export function co2Consumption(source: Co2Source): Co2Consumption {
  const dated = source.deliveries
    .map((d, i) => ({ d, i }))
    .sort((a, b) => a.d.invoicedate.localeCompare(b.d.invoicedate) || a.i - b.i)
    .map(({ d }) => d);
  const firstFactor = dated.find((d) => d.co2 !== undefined)?.co2?.emissionfactor;
  const lots: Lot[] = [];
  const opening = openingLot(source, firstFactor);
  if (opening) lots.push(opening);
  for (const d of dated) {
    const kg = d.co2 ? (thousandths(d.co2.emissionkg) ?? 0n) : 0n;
    lots.push({ qty: thousandths(d.quantity), kg, cents: d.co2 ? cents(d.co2.costgross) : 0n, figures: d.co2 !== undefined });
  }
  // What is left at the end was delivered last: take the closing stock from the latest lots backwards.
  let left = thousandths(source.closingstock?.quantity) ?? 0n;
  if (left < 0n) left = 0n;
  let burnt = 0n;
  let kg = 0n;
  let cost = 0n;
  for (let k = lots.length - 1; k >= 0; k -= 1) {
    const lot = lots[k];
    if (!lot) continue;
    const qty = lot.qty;
    if (qty === undefined || qty <= 0n) {
      // No quantity (or a credit): nothing of it can be in stock, it counts whole.
      burnt += qty ?? 0n;
      kg += lot.kg;
      cost += lot.cents;
      continue;
    }
    const kept = left < qty ? left : qty;
    left -= kept;
    const used = qty - kept;
    burnt += used;
    kg += used === qty ? lot.kg : part(lot.kg, used, qty);
    cost += used === qty ? lot.cents : part(lot.cents, used, qty);
  }
  return {
    burnt: fromUnits(burnt, 3),
    kg: fromUnits(kg, 3),
    cost: fromUnits(cost, 2),
    hasFigures: lots.some((l) => l.figures),
  };
}

/**
 * Whether fuel of this source may have been burnt in the period: it had deliveries or an opening stock (given as
 * typed, in a draft too); the CO2 split then needs its area.
 */
export function burnsSomething(source: {
  deliveries?: readonly unknown[] | undefined;
  openingstock?: { quantity?: string | undefined } | undefined;
}): boolean {
  const opening = source.openingstock?.quantity?.trim() ?? '';
  return (source.deliveries ?? []).length > 0 || /[1-9]/.test(opening.replace(/^-.*/, ''));
}
