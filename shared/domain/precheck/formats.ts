/**
 * Formats of what the clerk typed: numbers with at most the places the contract allows (money 2, quantities and
 * distribution values 3, shares 1, emission factors 6), German or ISO, and real calendar days. Empty cells are
 * not judged here: what is required is the business of the other rules and of the MSC.
 */
import { parseDate } from '@shared/domain/dates';
import { MONEY_SCALE, QUANTITY_SCALE, SHARE_SCALE, parseGermanNumber, type Scale } from '@shared/domain/decimal';
import {
  INVOICE_LISTS,
  STOCKS,
  eachAmounts,
  eachDelivery,
  given,
  type DraftStock,
  type PrecheckRule,
  type Report,
} from '@shared/domain/precheck/context';

const FACTOR_PLACES = 6;
const FACTOR = /^[+-]?\d+(?:[.,](\d+))?$/;

function checkNumber(report: Report, path: string, text: string | undefined, scale: Scale): void {
  if (!given(text)) return;
  const r = parseGermanNumber(text, scale);
  if (r.ok) return;
  if (r.reason === 'notANumber') report('ERROR', 'NOT_A_NUMBER', path, { value: text });
  else report('ERROR', 'TOO_MANY_PLACES', path, { value: text, places: scale });
}

function checkFactor(report: Report, path: string, text: string | undefined): void {
  if (!given(text)) return;
  const m = FACTOR.exec(text.trim());
  if (!m) report('ERROR', 'NOT_A_NUMBER', path, { value: text });
  else if ((m[1] ?? '').length > FACTOR_PLACES) report('ERROR', 'TOO_MANY_PLACES', path, { value: text, places: FACTOR_PLACES });
}

function checkDate(report: Report, path: string, text: string | undefined): void {
  if (given(text) && !parseDate(text).ok) report('ERROR', 'NOT_A_DATE', path, { value: text });
}

function checkStock(report: Report, path: string, s: DraftStock | undefined): void {
  if (!s) return;
  checkDate(report, `${path}.date`, s.date);
  checkNumber(report, `${path}.quantity`, s.quantity, QUANTITY_SCALE);
}

export const formats: PrecheckRule = ({ content }, report) => {
  eachAmounts(content, (a, path) => {
    checkNumber(report, `${path}.grossamount`, a.grossamount, MONEY_SCALE);
    checkNumber(report, `${path}.netamount`, a.netamount, MONEY_SCALE);
  });
  (content.energysources ?? []).forEach((src, i) => {
    for (const which of STOCKS) checkStock(report, `energysources[${String(i)}].${which}`, src[which]);
  });
  eachDelivery(content, (d, path) => {
    checkDate(report, `${path}.invoicedate`, d.invoicedate);
    checkNumber(report, `${path}.quantity`, d.quantity, QUANTITY_SCALE);
    checkFactor(report, `${path}.co2.emissionfactor`, d.co2?.emissionfactor);
    checkNumber(report, `${path}.co2.emissionkg`, d.co2?.emissionkg, QUANTITY_SCALE);
    checkNumber(report, `${path}.co2.costgross`, d.co2?.costgross, MONEY_SCALE);
    (d.energymix ?? []).forEach((part, k) => {
      checkNumber(report, `${path}.energymix[${String(k)}].share`, part.share, SHARE_SCALE);
    });
  });
  for (const list of INVOICE_LISTS) {
    (content[list] ?? []).forEach((inv, i) => {
      const path = `${list}[${String(i)}]`;
      checkDate(report, `${path}.invoicedate`, inv.invoicedate);
      checkNumber(report, `${path}.quantity`, inv.quantity, QUANTITY_SCALE);
      checkNumber(report, `${path}.laborgross`, inv.laborgross, MONEY_SCALE);
    });
  }
  (content.billingrecipients ?? []).forEach((r, i) => {
    const path = `billingrecipients[${String(i)}]`;
    checkDate(report, `${path}.validfrom`, r.validfrom);
    checkDate(report, `${path}.validto`, r.validto);
    (r.allocations ?? []).forEach((a, k) => {
      checkNumber(report, `${path}.allocations[${String(k)}].value`, a.value, QUANTITY_SCALE);
    });
  });
};
