/**
 * The issue-9 plausibility rules of the demo MSC (docs/msc-rules.md) as the local pre-check runs them while the
 * clerk types: same codes, paths and arithmetic (./plausibility), values read as typed. Values that cannot be read
 * are left to the format rule; rules that need the whole submission (ENERGY_MISSING, RECIPIENTS_MISSING) are the MSC's.
 */
import { CO2_SPLIT_FROM } from '@shared/domain/co2-split';
import { isCo2Relevant, ratioOf } from '@shared/domain/co2-factors';
import { burnsSomething } from '@shared/domain/co2-consumption';
import { MONEY_SCALE, QUANTITY_SCALE, formatIso, fromUnits, type Decimal } from '@shared/domain/decimal';
import {
  INVOICE_LISTS,
  eachAmounts,
  eachDelivery,
  eachInvoice,
  given,
  readDate,
  readDecimal,
  type PrecheckContext,
  type PrecheckRule,
} from '@shared/domain/precheck/context';
import {
  AREA_KEYS,
  FUEL_COST_PLACE,
  closingSurplus,
  co2CostConflict,
  co2KgFitsFuel,
  factorFarOff,
  invoiceListFor,
  openingStockDates,
  vatRatioFits,
} from '@shared/domain/precheck/plausibility';

const isZero = (d: Decimal | undefined): boolean => d !== undefined && d.units === 0n;
/** A factor or calorific value as typed (German comma allowed) in ISO form, or undefined. */
const isoNumber = (text: unknown): string | undefined =>
  typeof text === 'string' && given(text) && ratioOf(text.trim().replace(',', '.')) ? text.trim().replace(',', '.') : undefined;

export const fuelAsInvoice: PrecheckRule = ({ content }, report) => {
  eachInvoice(content, (inv, path) => {
    const key = inv.cost?.key?.trim();
    if (key !== undefined && FUEL_COST_PLACE[key] !== undefined) report('ERROR', 'FUEL_AS_INVOICE', `${path}.cost.key`, { key });
  });
};

export const costtypeWrongList: PrecheckRule = ({ content, template }, report) => {
  for (const list of INVOICE_LISTS) {
    (content[list] ?? []).forEach((inv, i) => {
      const key = inv.cost?.key?.trim();
      const agreed = key === undefined ? undefined : template.costtypes.find((c) => c.key === key);
      if (!agreed || key === undefined || invoiceListFor(agreed.allocation) === list) return;
      report('ERROR', 'COSTTYPE_WRONG_LIST', `${list}[${String(i)}].cost.key`, { key, allocation: agreed.allocation });
    });
  }
};

export const calorificValueRequired: PrecheckRule = ({ content }, report) => {
  (content.energysources ?? []).forEach((src, i) => {
    const value = isoNumber(src['calorificvalue']);
    if (value !== undefined && /[1-9]/.test(value)) return;
    if (given(src['calorificvalue'] as string | undefined) && value === undefined) return; // the format is another matter
    report('ERROR', 'CALORIFIC_VALUE_REQUIRED', `energysources[${String(i)}].calorificvalue`);
  });
};

export const stockFigures: PrecheckRule = ({ content, from, to }, report) => {
  const openingDays = openingStockDates(from);
  (content.energysources ?? []).forEach((src, i) => {
    const at = `energysources[${String(i)}]`;
    const openingDate = readDate(src.openingstock?.date);
    if (openingDate !== undefined && !openingDays.includes(openingDate)) {
      report('ERROR', 'STOCK_DATE', `${at}.openingstock.date`, { date: openingDate, bound: from });
    }
    const closingDate = readDate(src.closingstock?.date);
    if (closingDate !== undefined && closingDate !== to) {
      report('ERROR', 'STOCK_DATE', `${at}.closingstock.date`, { date: closingDate, bound: to });
    }
    const opening = readDecimal(src.openingstock?.quantity, QUANTITY_SCALE);
    const closing = readDecimal(src.closingstock?.quantity, QUANTITY_SCALE);
    if (!opening || !closing) return;
    const delivered = (src.deliveries ?? []).flatMap((d) => {
      const q = readDecimal(d.quantity, QUANTITY_SCALE);
      return q ? [q] : [];
    });
    if (!closingSurplus(opening, delivered, closing)) return;
    const available = delivered.reduce((a, b) => a + b.units, opening.units);
    report('ERROR', 'CLOSINGSTOCK_EXCEEDS', `${at}.closingstock.quantity`, {
      closing: formatIso(closing),
      available: formatIso(fromUnits(available, 3)),
    });
  });
};

export const co2Figures: PrecheckRule = ({ content }, report) => {
  eachDelivery(content, (d, path, source) => {
    const fuel = content.energysources?.[source]?.fuel?.trim() ?? '';
    const factor = isoNumber(d.co2?.emissionfactor);
    const q = readDecimal(d.quantity, QUANTITY_SCALE);
    const kg = readDecimal(d.co2?.emissionkg, QUANTITY_SCALE);
    if (factor !== undefined && q && kg && q.units >= 0n && !co2KgFitsFuel(fuel, formatIso(q), factor, formatIso(kg))) {
      report('WARNING', 'CO2_KG_MISMATCH', `${path}.co2.emissionkg`, { kg: formatIso(kg) });
    }
    const typical = factor === undefined ? undefined : factorFarOff(fuel, factor);
    if (factor !== undefined && typical !== undefined) {
      report('ERROR', 'CO2_FACTOR_IMPLAUSIBLE', `${path}.co2.emissionfactor`, { factor, typical });
    }
    const cost = readDecimal(d.co2?.costgross, MONEY_SCALE);
    const gross = readDecimal(d.amounts?.grossamount, MONEY_SCALE);
    const conflict = cost && gross ? co2CostConflict(cost, gross) : undefined;
    if (cost && gross && conflict) {
      report(conflict === 'signs' ? 'WARNING' : 'ERROR', 'CO2_COST_EXCEEDS', `${path}.co2.costgross`, {
        cost: formatIso(cost),
        gross: formatIso(gross),
      });
    }
  });
};

export const co2AreaRequired: PrecheckRule = ({ content, template, from }, report) => {
  if (!template.co2configuration.applicable || from < CO2_SPLIT_FROM) return;
  const relevant = (content.energysources ?? []).some((s) => isCo2Relevant(s.fuel?.trim() ?? '') && burnsSomething(s));
  const facts = content['co2configuration'] as { heatedarea?: unknown } | undefined;
  const area = typeof facts?.heatedarea === 'string' ? readDecimal(facts.heatedarea, MONEY_SCALE) : undefined;
  if (!relevant || (area !== undefined && !isZero(area))) return;
  report('ERROR', 'CO2_AREA_REQUIRED', 'co2configuration.heatedarea');
};

export const vatRatio: PrecheckRule = ({ content }, report) => {
  eachAmounts(content, (a, path) => {
    const gross = readDecimal(a.grossamount, MONEY_SCALE);
    const net = readDecimal(a.netamount, MONEY_SCALE);
    if (!gross || !net || net.units > gross.units || vatRatioFits(gross.units, net.units)) return;
    report('WARNING', 'VAT_RATIO', path, { gross: formatIso(gross), net: formatIso(net) });
  });
};

export const duplicateDelivery: PrecheckRule = ({ content }, report) => {
  (content.energysources ?? []).forEach((src, i) => {
    const first = new Map<string, number>();
    (src.deliveries ?? []).forEach((d, j) => {
      const date = readDate(d.invoicedate);
      const q = readDecimal(d.quantity, QUANTITY_SCALE);
      const amount = readDecimal(d.amounts?.grossamount ?? d.amounts?.netamount, MONEY_SCALE);
      if (date === undefined || !q || !amount) return;
      const key = `${date}|${formatIso(q)}|${formatIso(amount)}`;
      const earlier = first.get(key);
      if (earlier === undefined) first.set(key, j);
      else report('WARNING', 'DUPLICATE_DELIVERY', `energysources[${String(i)}].deliveries[${String(j)}]`, { n: earlier + 1 });
    });
  });
};

/** Distribution keys the billing needs (as ./recipients usedKeys). */
function usedKeys({ content, template }: PrecheckContext): string[] {
  const keys = new Set(template.costtypes.map((c) => c.allocationkey));
  eachInvoice(content, (inv) => {
    if (given(inv.allocationkey)) keys.add(inv.allocationkey.trim());
  });
  return [...keys];
}

export const allocationValues: PrecheckRule = (ctx, report) => {
  const used = usedKeys(ctx);
  const rows = ctx.content.billingrecipients ?? [];
  for (const key of used) {
    let count = 0;
    let nonzero = false;
    for (const r of rows) {
      const v = readDecimal(r.allocations?.find((a) => a.key === key)?.value, QUANTITY_SCALE);
      if (!v) continue;
      count += 1;
      if (!isZero(v)) nonzero = true;
    }
    if (count > 0 && !nonzero) report('ERROR', 'ALLOCATION_ZERO_SUM', 'billingrecipients', { key });
  }
  const area = used.filter((k) => AREA_KEYS.has(k));
  // As the MSC: nothing when no recipient has any value (the MSC's ALLOCATIONS_EMPTY), else one message per
  // vacancy at its allocations, naming the area keys it lacks.
  if (rows.every((r) => (r.allocations ?? []).length === 0)) return;
  rows.forEach((r, i) => {
    if (r.vacancy !== true) return;
    const allocations = r.allocations ?? [];
    const missing = area.filter((key) => {
      const found = allocations.find((a) => a.key === key);
      if (found === undefined) return true;
      const v = readDecimal(found.value, QUANTITY_SCALE);
      return v !== undefined && isZero(v);
    });
    if (missing.length > 0) {
      report('ERROR', 'VACANCY_AREA_MISSING', `billingrecipients[${String(i)}].allocations`, { key: missing.join(', ') });
    }
  });
};

export const recipientDatesDiffer: PrecheckRule = ({ content, template, from, to }, report) => {
  (content.billingrecipients ?? []).forEach((r, i) => {
    const t = template.billingrecipients.find(
      (x) => x.residentialunitMscnumber === r.residentialunitMscnumber?.trim() && x.partnerPmnumber === r.partnerPmnumber?.trim(),
    );
    if (!t) return;
    const osrFrom = t.validfrom < from ? from : t.validfrom;
    const osrTo = t.validto === undefined || t.validto > to ? to : t.validto;
    const validfrom = readDate(r.validfrom);
    const validto = readDate(r.validto);
    if (validfrom !== undefined && validto !== undefined && validfrom > validto) return; // as the MSC
    if (validfrom !== undefined && validfrom >= from && validfrom !== osrFrom) {
      report('ERROR', 'RECIPIENT_DATES_DIFFER', `billingrecipients[${String(i)}].validfrom`, { date: validfrom, osr: osrFrom });
    }
    if (validto !== undefined && validto <= to && validto !== osrTo) {
      report('ERROR', 'RECIPIENT_DATES_DIFFER', `billingrecipients[${String(i)}].validto`, { date: validto, osr: osrTo });
    }
  });
};
