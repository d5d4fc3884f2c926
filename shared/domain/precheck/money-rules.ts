/**
 * The issue-20 rules on figures (docs/msc-rules.md, electron/sandbox/rules/signs.ts and prices.ts) as the local
 * pre-check runs them while the clerk types: same codes, paths and arithmetic, values read as typed. Values that
 * cannot be read are left to the format rule.
 */
import { MONEY_SCALE, QUANTITY_SCALE, SHARE_SCALE, formatIso, type Decimal } from '@shared/domain/decimal';
import {
  INVOICE_LISTS,
  PREPAYMENT_KINDS,
  STOCKS,
  eachDelivery,
  eachInvoice,
  given,
  readDate,
  readDecimal,
  type DraftAmounts,
  type PrecheckRule,
} from '@shared/domain/precheck/context';
import { deliverySignsDisagree, invoiceCreditUnmarked } from '@shared/domain/precheck/credit-notes';
import { FOSSIL_SHARE_LIMIT, fossilShare } from '@shared/domain/precheck/occupancy';
import { co2KgFits } from '@shared/domain/precheck/plausibility';
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

const money = (text: string | undefined): Decimal | undefined => readDecimal(text, MONEY_SCALE);
const qty = (text: string | undefined): Decimal | undefined => readDecimal(text, QUANTITY_SCALE);
const MINUS = /[-−]/;
const abs = (d: Decimal): bigint => (d.units < 0n ? -d.units : d.units);
/** The amount a price or sign is judged by: gross where given, else net. */
const primary = (a: DraftAmounts | undefined): Decimal | undefined => money(a?.grossamount) ?? money(a?.netamount);

/** A fuel's agreed unit: by slot from the template, else by the code table. */
function unitOf(template: Parameters<PrecheckRule>[0]['template'], slot: number | undefined, fuel: string): string | undefined {
  const agreed = slot === undefined ? template.fuels.find((f) => f.fuel === fuel) : template.fuels.find((f) => f.slot === slot);
  return agreed?.unit ?? fuelUnit(fuel);
}

export const signs: PrecheckRule = ({ content }, report) => {
  (content.energysources ?? []).forEach((src, i) => {
    for (const which of STOCKS) {
      const q = qty(src[which]?.quantity);
      if (q && q.units < 0n) {
        report('ERROR', 'STOCK_NEGATIVE', `energysources[${String(i)}].${which}.quantity`, { quantity: formatIso(q) });
      }
    }
  });
  (content.billingrecipients ?? []).forEach((r, i) => {
    for (const kind of PREPAYMENT_KINDS) {
      const a = r.prepayments?.[kind];
      // Only a value with a minus sign can be negative: parse no other (2,000 users × 3 kinds while typing).
      const field = (['grossamount', 'netamount'] as const).find(
        (f) => MINUS.test(a?.[f] ?? '') && (money(a?.[f])?.units ?? 0n) < 0n,
      );
      if (a && field) {
        const amount = formatIso(money(a[field]) ?? { units: 0n, scale: 2 });
        report('ERROR', 'PREPAYMENT_NEGATIVE', `billingrecipients[${String(i)}].prepayments.${kind}.${field}`, { amount });
      }
    }
  });
  eachInvoice(content, (inv, path) => {
    const amounts = [money(inv.amounts?.grossamount), money(inv.amounts?.netamount)].filter((d) => d !== undefined);
    if (amounts.length > 0 && amounts.every((d) => d.units === 0n)) report('WARNING', 'INVOICE_ZERO', `${path}.amounts`);
    const amount = primary(inv.amounts);
    const key = inv.cost?.key?.trim() ?? '';
    const text = given(inv.cost?.text) ? inv.cost.text : undefined;
    if (amount && invoiceCreditUnmarked(key, amount, text, qty(inv.quantity))) {
      report('WARNING', 'CREDIT_NOTE_UNCLEAR', `${path}.amounts`, { amount: formatIso(amount) });
    }
  });
  eachDelivery(content, (d, path) => {
    const amount = primary(d.amounts);
    if (amount && deliverySignsDisagree(amount, qty(d.quantity), qty(d.co2?.emissionkg), money(d.co2?.costgross))) {
      report('WARNING', 'CREDIT_NOTE_UNCLEAR', `${path}.amounts`, { amount: formatIso(amount) });
    }
  });
};

/** A factor or calorific value as typed (German comma allowed) in ISO form, or undefined. */
const isoNumber = (text: unknown): string | undefined => {
  if (typeof text !== 'string' || !given(text)) return undefined;
  const t = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(t) ? t : undefined;
};

export const fuelFigures: PrecheckRule = ({ content, template }, report) => {
  (content.energysources ?? []).forEach((src, i) => {
    const fuel = src.fuel?.trim() ?? '';
    const unit = unitOf(template, src.slot, fuel);
    const calorific = isoNumber(src['calorificvalue']);
    const expected = calorific === undefined || !/[1-9]/.test(calorific) ? undefined : calorificOff(unit, calorific);
    if (expected !== undefined) {
      report('ERROR', 'CALORIFIC_VALUE_UNIT', `energysources[${String(i)}].calorificvalue`, { value: calorific ?? '', expected });
    }
  });
  eachDelivery(content, (d, path, source) => {
    const src = content.energysources?.[source];
    const fuel = src?.fuel?.trim() ?? '';
    const unit = unitOf(template, src?.slot, fuel);
    const amount = primary(d.amounts);
    const q = qty(d.quantity);
    const price = amount && q ? unitPriceOff(fuel, unit, amount, q) : undefined;
    if (price) {
      report('WARNING', 'UNIT_PRICE_IMPLAUSIBLE', `${path}.quantity`, {
        price: formatIso(roundedFraction(price.price, 3)),
        low: price.low,
        high: price.high,
      });
    }
    const factor = isoNumber(d.co2?.emissionfactor);
    const kg = qty(d.co2?.emissionkg);
    const cost = money(d.co2?.costgross);
    const date = readDate(d.invoicedate);
    const kgFits =
      factor === undefined || !q || !kg || co2KgFits(formatIso(q).replace('-', ''), factor, formatIso(kg).replace('-', ''));
    const withinDelivery = !cost || !amount || abs(cost) <= abs(amount);
    if (behgPriced(fuel) && cost && kg && date !== undefined && kgFits && withinDelivery) {
      const v = co2PriceOff(cost, kg, supplyYears(date, serviceOf(d)));
      if (v) {
        report('WARNING', 'CO2_PRICE_YEAR', `${path}.co2.costgross`, {
          perTonne: formatIso(roundedFraction(v.perTonne, 2)),
          behg: v.low === v.high ? String(v.low) : `${String(v.low)}–${String(v.high)}`,
          years: v.years.join('/'),
        });
      }
    }
    if (fuelKind(fuel) === 'heat' && factor !== undefined && !/[1-9]/.test(factor)) {
      const mix = (d.energymix ?? []).flatMap((p) => {
        const s = readDecimal(p.share, SHARE_SCALE);
        return s && given(p.source) ? [{ source: p.source.trim(), share: s }] : [];
      });
      const fossil = fossilShare(mix);
      if (fossil >= FOSSIL_SHARE_LIMIT) {
        report('WARNING', 'CO2_FACTOR_ZERO_MIX', `${path}.co2.emissionfactor`, { share: formatIso({ units: fossil, scale: 1 }) });
      }
    }
  });
};

export const vatRateCosttype: PrecheckRule = ({ content }, report) => {
  const judge = (a: DraftAmounts | undefined, expected: readonly bigint[] | undefined, path: string): void => {
    const gross = money(a?.grossamount);
    const net = money(a?.netamount);
    const rate = gross && net ? vatRateOf(gross.units, net.units) : undefined;
    if (rate === undefined || !expected || expected.includes(rate)) return;
    report('WARNING', 'VAT_RATE_COSTTYPE', path, { rate: String(rate), rates: expected.map(String).join(' / ') });
  };
  (content.energysources ?? []).forEach((src, i) => {
    const fuel = src.fuel?.trim() ?? '';
    for (const which of STOCKS) {
      const date = readDate(src[which]?.date);
      if (date !== undefined)
        judge(src[which]?.amounts, fuelVatRates(fuel, date), `energysources[${String(i)}].${which}.amounts`);
    }
  });
  eachDelivery(content, (d, path, source) => {
    const date = readDate(d.invoicedate);
    const fuel = content.energysources?.[source]?.fuel?.trim() ?? '';
    if (date !== undefined) judge(d.amounts, fuelVatRates(fuel, date, serviceOf(d)), `${path}.amounts`);
  });
  for (const list of INVOICE_LISTS) {
    (content[list] ?? []).forEach((inv, i) => {
      judge(inv.amounts, costVatRates(inv.cost?.key?.trim() ?? ''), `${list}[${String(i)}].amounts`);
    });
  }
};
