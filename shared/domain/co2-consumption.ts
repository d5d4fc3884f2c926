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
import {
  add,
  compare,
  fromUnits,
  mulDiv,
  MONEY_SCALE,
  optionalDecimal,
  proportion,
  QUANTITY_SCALE,
  sub,
  type Decimal,
} from '@shared/domain/decimal';
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

type Lot = { qty: Decimal | undefined; kg: Decimal; cost: Decimal; figures: boolean };

const ZERO_KG = fromUnits(0, QUANTITY_SCALE);
const ZERO_COST = fromUnits(0, MONEY_SCALE);
const qty = (text: string | undefined) => optionalDecimal(text, QUANTITY_SCALE);

function openingLot(source: Co2Source, firstFactor: string | undefined): Lot | undefined {
  const stock = qty(source.openingstock?.quantity);
  if (stock === undefined || stock.units <= 0n || !source.openingstock) return undefined;
  const factor = ratioOf(firstFactor ?? typicalEmissionFactor(source.fuel) ?? '');
  if (!factor) return { qty: stock, kg: ZERO_KG, cost: ZERO_COST, figures: false };
  const kg = mulDiv(stock, factor.num, factor.den);
  // Bought before the period's first day: the CO2 price of the year of the day before.
  const year = Number(addDays(source.openingstock.date, -1).slice(0, 4));
  const price = behgPricePerTonne(year) ?? behgPricePerTonne(2026) ?? 0n;
  // Cents = kg/1000 t × price €/t × 100 × 1.19; with kg in thousandths that is units × price × 119 / 1,000,000.
  const cents = mulDiv(kg, price * STOCK_VAT_PERCENT, 1_000_000n).units;
  return {
    qty: stock,
    kg,
    cost: fromUnits(cents, MONEY_SCALE),
    figures: true,
  };
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
    lots.push({
      qty: qty(d.quantity),
      kg: (d.co2 && qty(d.co2.emissionkg)) ?? ZERO_KG,
      cost: (d.co2 && optionalDecimal(d.co2.costgross, MONEY_SCALE)) ?? ZERO_COST,
      figures: d.co2 !== undefined,
    });
  }
  // What is left at the end was delivered last: take the closing stock from the latest lots backwards.
  let left = qty(source.closingstock?.quantity) ?? ZERO_KG;
  if (left.units < 0n) left = ZERO_KG;
  let burnt = ZERO_KG;
  let kg = ZERO_KG;
  let cost = ZERO_COST;
  for (let k = lots.length - 1; k >= 0; k -= 1) {
    const lot = lots[k];
    if (!lot) continue;
    if (lot.qty === undefined || lot.qty.units <= 0n) {
      // No quantity (or a credit): nothing of it can be in stock, it counts whole.
      if (lot.qty) burnt = add(burnt, lot.qty);
      kg = add(kg, lot.kg);
      cost = add(cost, lot.cost);
      continue;
    }
    const kept = compare(left, lot.qty) < 0 ? left : lot.qty;
    left = sub(left, kept);
    const used = sub(lot.qty, kept);
    burnt = add(burnt, used);
    const whole = compare(used, lot.qty) === 0;
    kg = add(kg, whole ? lot.kg : proportion(lot.kg, used, lot.qty));
    cost = add(cost, whole ? lot.cost : proportion(lot.cost, used, lot.qty));
  }
  return { burnt, kg, cost, hasFigures: lots.some((l) => l.figures) };
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
