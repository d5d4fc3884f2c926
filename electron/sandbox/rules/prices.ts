/**
 * Issue 20: figures of fuels and invoices that are well-formed but cannot be right — a calorific value that
 * contradicts the unit, a price per unit far outside the usual band, a CO2 price that is not the BEHG price of the
 * supply year, a VAT rate the cost type does not bear, and a heat supplier's zero factor beside a fossil mix.
 * Tables and arithmetic: shared/domain/precheck/prices.ts and occupancy.ts (shared with the local pre-check).
 */
import { formatGerman, money, quantity, share, type Decimal } from '@shared/domain/decimal';
import { FOSSIL_SHARE_LIMIT, fossilShare } from '@shared/domain/precheck/occupancy';
import {
  behgPriced,
  calorificOff,
  co2PriceOff,
  costVatRates,
  fuelKind,
  fuelUnit,
  fuelVatRates,
  roundedFraction,
  serviceOf,
  supplyYears,
  unitPriceOff,
  vatRateOf,
} from '@shared/domain/precheck/prices';
import { co2KgFits } from '@shared/domain/precheck/plausibility';
import type { Amounts } from '@shared/msc/primitives';
import type { Path, Rule, RuleContext } from '@main/sandbox/rules/context';
import { eachInvoice } from '@main/sandbox/rules/context';
import { deliveryLabel, fuelLabel, invoiceLabel, primaryAmount, stockLabel, unitOf } from '@main/sandbox/rules/format';

const abs = (d: Decimal): bigint => (d.units < 0n ? -d.units : d.units);

const agreedUnit = (ctx: RuleContext, slot: number, fuel: string): string | undefined =>
  ctx.fuelsBySlot.get(slot)?.unit ?? fuelUnit(fuel);

/** `1.000` or `10,08` from an ISO calorific value such as `1000.0000` or `10.0800`. */
function plain(text: string): string {
  const [int = '0', frac = ''] = text.split('.');
  const digits = frac.replace(/0+$/, '');
  return formatGerman({ units: BigInt(int), scale: 0 }) + (digits === '' ? '' : `,${digits}`);
}

export const calorificValueUnit: Rule = {
  code: 'CALORIFIC_VALUE_UNIT',
  check(ctx, report) {
    ctx.submission.energysources.forEach((src, i) => {
      const value = src.calorificvalue;
      if (value === undefined || !/[1-9]/.test(value)) return; // CALORIFIC_VALUE_REQUIRED names a missing one
      const unit = agreedUnit(ctx, src.slot, src.fuel);
      const expected = calorificOff(unit, value);
      if (expected === undefined) return;
      const word = unitOf(ctx, src.slot, src.fuel);
      report(
        'ERROR',
        ['energysources', i, 'calorificvalue'],
        `Für ${fuelLabel(src.fuel)} ist der Heizwert ${plain(value)} kWh je ${word} angegeben. Wird der Brennstoff in ${word} abgerechnet, ist der Heizwert immer ${plain(expected)}; ein anderer Wert verfälscht den Energieverbrauch.`,
      );
    });
  },
};

export const unitPriceImplausible: Rule = {
  code: 'UNIT_PRICE_IMPLAUSIBLE',
  check(ctx, report) {
    ctx.submission.energysources.forEach((src, i) => {
      const unit = agreedUnit(ctx, src.slot, src.fuel);
      src.deliveries.forEach((d, j) => {
        const amount = primaryAmount(d.amounts);
        if (amount === undefined || d.quantity === undefined) return;
        const v = unitPriceOff(src.fuel, unit, money(amount), quantity(d.quantity));
        if (!v) return;
        const word = unitOf(ctx, src.slot, src.fuel);
        report(
          'WARNING',
          ['energysources', i, 'deliveries', j, 'quantity'],
          `Bei der ${deliveryLabel(ctx, i, j)} ergibt sich ein Preis von ${formatGerman(roundedFraction(v.price, 3))} € je ${word}; üblich sind ${v.low.replace('.', ',')} bis ${v.high.replace('.', ',')} € je ${word}. Bitte Menge und Einheit prüfen (z. B. m³ statt kWh oder kg statt t erfasst).`,
        );
      });
    });
  },
};

export const co2PriceYear: Rule = {
  code: 'CO2_PRICE_YEAR',
  check(ctx, report) {
    ctx.submission.energysources.forEach((src, i) => {
      if (!behgPriced(src.fuel)) return;
      src.deliveries.forEach((d, j) => {
        // A kg figure that does not fit the quantity, or a cost above the delivery, has its own error.
        if (
          !d.co2 ||
          (d.quantity !== undefined &&
            !co2KgFits(d.quantity.replace('-', ''), d.co2.emissionfactor, d.co2.emissionkg.replace('-', '')))
        )
          return;
        const gross = d.amounts.grossamount;
        if (gross !== undefined && abs(money(d.co2.costgross)) > abs(money(gross))) return;
        const years = supplyYears(d.invoicedate, serviceOf(d));
        const v = co2PriceOff(money(d.co2.costgross), quantity(d.co2.emissionkg), years);
        if (!v) return;
        const price = v.low === v.high ? `${String(v.low)} €` : `${String(v.low)} bis ${String(v.high)} €`;
        report(
          'WARNING',
          ['energysources', i, 'deliveries', j, 'co2', 'costgross'],
          `Bei der ${deliveryLabel(ctx, i, j)} ergeben die CO2-Kosten ${formatGerman(roundedFraction(v.perTonne, 2))} € je Tonne CO2. Der CO2-Preis nach BEHG beträgt für ${v.years.join('/')} ${price} je Tonne (zuzüglich Umsatzsteuer). Bitte die CO2-Kosten auf der Rechnung prüfen (Preis eines anderen Jahres?).`,
        );
      });
    });
  },
};

/** Where an amounts object's VAT rate can be judged: both amounts given and fitting one usual rate. */
function rateOf(a: Amounts): bigint | undefined {
  if (a.grossamount === undefined || a.netamount === undefined) return undefined;
  return vatRateOf(money(a.grossamount).units, money(a.netamount).units);
}

const rates = (list: readonly bigint[]): string => list.map((r) => `${String(r)} %`).join(' oder ');

export const vatRateCosttype: Rule = {
  code: 'VAT_RATE_COSTTYPE',
  check(ctx, report) {
    const judge = (a: Amounts, expected: readonly bigint[] | undefined, path: Path, what: () => string, why: string): void => {
      const rate = rateOf(a);
      if (rate === undefined || !expected || expected.includes(rate)) return;
      report(
        'WARNING',
        path,
        `Bei ${what()} ergeben Brutto- und Nettobetrag ${String(rate)} % Umsatzsteuer; ${why} ${rates(expected)}. Bitte die Beträge prüfen.`,
      );
    };
    ctx.submission.energysources.forEach((src, i) => {
      const fuel = fuelLabel(src.fuel);
      for (const which of ['openingstock', 'closingstock'] as const) {
        const stock = src[which];
        if (!stock) continue;
        const expected = fuelVatRates(src.fuel, stock.date);
        judge(
          stock.amounts,
          expected,
          ['energysources', i, which, 'amounts'],
          () => `dem ${stockLabel(ctx, i, which)}`,
          `für ${fuel} gelten`,
        );
      }
      src.deliveries.forEach((d, j) => {
        const expected = fuelVatRates(src.fuel, d.invoicedate, serviceOf(d));
        const why = `für ${fuel} gelten zu diesem Datum`;
        judge(
          d.amounts,
          expected,
          ['energysources', i, 'deliveries', j, 'amounts'],
          () => `der ${deliveryLabel(ctx, i, j)}`,
          why,
        );
      });
    });
    eachInvoice(ctx.submission, (inv, path, list, index) => {
      const expected = costVatRates(inv.cost.key);
      judge(
        inv.amounts,
        expected,
        [...path, 'amounts'],
        () => `der ${invoiceLabel(ctx, list, index, inv)}`,
        'für diese Kostenart gelten',
      );
    });
  },
};

export const co2FactorZeroMix: Rule = {
  code: 'CO2_FACTOR_ZERO_MIX',
  check(ctx, report) {
    ctx.submission.energysources.forEach((src, i) => {
      src.deliveries.forEach((d, j) => {
        const factor = d.co2?.emissionfactor;
        if (fuelKind(src.fuel) !== 'heat' || factor === undefined || /[1-9]/.test(factor) || !d.energymix) return;
        const fossil = fossilShare(d.energymix.map((p) => ({ source: p.source, share: share(p.share) })));
        if (fossil < FOSSIL_SHARE_LIMIT) return;
        report(
          'WARNING',
          ['energysources', i, 'deliveries', j, 'co2', 'emissionfactor'],
          `Bei der ${deliveryLabel(ctx, i, j)} ist der Emissionsfaktor 0, der Energiemix besteht aber zu ${formatGerman({ units: fossil, scale: 1 })} % aus Kohle, Öl oder Erdgas. Dann entsteht CO2; bitte den Emissionsfaktor des Versorgers eintragen.`,
        );
      });
    });
  },
};
