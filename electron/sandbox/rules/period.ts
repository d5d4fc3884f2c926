/** Invoice and delivery dates, or their service periods, against the billing period (AZ). */
import { eachDelivery, eachInvoice, type WalkPath } from '@shared/domain/fill-walk';
import { judgeItemDates, type DatedField } from '@shared/domain/precheck/service-period';
import type { Rule } from '@main/sandbox/rules/context';
import { deliveryLabel, invoiceLabel, period } from '@main/sandbox/rules/format';

export { shiftYears } from '@shared/domain/precheck/logic';

type Dated = { invoicedate: string; servicefrom?: string | undefined; serviceto?: string | undefined };

const FIELD_WORDS: Readonly<Record<DatedField, string>> = {
  invoicedate: 'Das Rechnungsdatum',
  servicefrom: 'Der Beginn des Leistungszeitraums',
  serviceto: 'Das Ende des Leistungszeitraums',
};

export const dateOutsidePeriod: Rule = {
  code: 'DATE_OUTSIDE_PERIOD',
  check(ctx, report) {
    const judge = (item: Dated, path: WalkPath, what: () => string): void => {
      for (const { field, verdict: v } of judgeItemDates(item, ctx.from, ctx.to)) {
        const where = `${String(v.days)} ${v.days === 1 ? 'Tag' : 'Tage'} ${v.before ? 'vor Beginn' : 'nach Ende'} des Abrechnungszeitraums ${period(ctx)}`;
        const late = field === 'invoicedate' && !v.before ? ', mehr als sechs Monate nach dessen Ende' : '';
        const ask = field === 'invoicedate' ? '' : '; gehört die Leistung in diesen Abrechnungszeitraum?';
        const text =
          v.severity === 'ERROR'
            ? `liegt ${where} – mehr als ein Jahr daneben; bitte das Datum prüfen`
            : `liegt ${where}${late}${ask}`;
        report(v.severity, [...path, field], `${FIELD_WORDS[field]} der ${what()} ${text}.`);
      }
    };
    eachDelivery(ctx.submission, (d, path, source, index) => {
      judge(d, path, () => deliveryLabel(ctx, source, index));
    });
    eachInvoice(ctx.submission, (inv, path, list, index) => {
      judge(inv, path, () => invoiceLabel(ctx, list, index, inv));
    });
  },
};
