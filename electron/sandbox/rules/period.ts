/** Invoice and delivery dates against the billing period (AZ). */
import { daysBetween } from '@shared/domain/dates';
import type { Path, Rule, RuleContext } from '@main/sandbox/rules/context';
import { eachInvoice } from '@main/sandbox/rules/context';
import { deliveryLabel, invoiceLabel, period } from '@main/sandbox/rules/format';

/** Same calendar day `years` later (29 Feb becomes 28 Feb), as an ISO string. */
export function shiftYears(isoDate: string, years: number): string {
  const y = Number(isoDate.slice(0, 4)) + years;
  const md = isoDate.slice(4) === '-02-29' ? '-02-28' : isoDate.slice(4);
  return `${String(y).padStart(4, '0')}${md}`;
}

type Judge = (date: string) => { type: 'ERROR' | 'WARNING'; text: string } | undefined;

/**
 * A date outside the AZ is a warning (a supplier's period may differ from the AZ); beyond one year
 * before the start or after the end it is almost certainly a typing error, hence an error.
 */
function judge(ctx: RuleContext): Judge {
  const hardFrom = shiftYears(ctx.from, -1);
  const hardTo = shiftYears(ctx.to, 1);
  return (date) => {
    if (date >= ctx.from && date <= ctx.to) return undefined;
    const before = date < ctx.from;
    const days = before ? daysBetween(date, ctx.from) : daysBetween(ctx.to, date);
    const far = before ? date < hardFrom : date > hardTo;
    const where = `${String(days)} ${days === 1 ? 'Tag' : 'Tage'} ${before ? 'vor Beginn' : 'nach Ende'} des Abrechnungszeitraums ${period(ctx)}`;
    return far
      ? { type: 'ERROR', text: `liegt ${where} – mehr als ein Jahr daneben; bitte das Datum prüfen` }
      : { type: 'WARNING', text: `liegt ${where}` };
  };
}

export const dateOutsidePeriod: Rule = {
  code: 'DATE_OUTSIDE_PERIOD',
  check(ctx, report) {
    const verdict = judge(ctx);
    const emit = (date: string, path: Path, what: () => string): void => {
      const v = verdict(date);
      if (v) report(v.type, path, `Das Rechnungsdatum der ${what()} ${v.text}.`);
    };
    ctx.submission.energysources.forEach((src, i) => {
      src.deliveries.forEach((d, j) => {
        emit(d.invoicedate, ['energysources', i, 'deliveries', j, 'invoicedate'], () => deliveryLabel(ctx, i, j));
      });
    });
    eachInvoice(ctx.submission, (inv, path, list, index) => {
      emit(inv.invoicedate, [...path, 'invoicedate'], () => invoiceLabel(ctx, list, index, inv));
    });
  },
};
