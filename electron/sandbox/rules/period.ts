/** Invoice and delivery dates against the billing period (AZ). */
import { judgeDate } from '@shared/domain/precheck/logic';
import type { Path, Rule, RuleContext } from '@main/sandbox/rules/context';
import { eachInvoice } from '@main/sandbox/rules/context';
import { deliveryLabel, invoiceLabel, period } from '@main/sandbox/rules/format';

export { shiftYears } from '@shared/domain/precheck/logic';

type Judge = (date: string) => { type: 'ERROR' | 'WARNING'; text: string } | undefined;

/** Wording of the shared verdict (judgeDate): a warning nearby, an error beyond one year. */
function judge(ctx: RuleContext): Judge {
  return (date) => {
    const v = judgeDate(date, ctx.from, ctx.to);
    if (!v) return undefined;
    const where = `${String(v.days)} ${v.days === 1 ? 'Tag' : 'Tage'} ${v.before ? 'vor Beginn' : 'nach Ende'} des Abrechnungszeitraums ${period(ctx)}`;
    return v.severity === 'ERROR'
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
