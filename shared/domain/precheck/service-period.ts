/**
 * Which dates of a delivery or an invoice say whether it belongs to the billing period. The service period
 * (`servicefrom`/`serviceto`, Leistungszeitraum) says what the bill is for, so when given it is judged and the
 * invoice date is not. Without it the invoice date stands in; an invoice is normally written after the service, so
 * a date up to six months after the period's end is normal (an annual gas bill of 20 January). Shared by the local
 * pre-check and the demo MSC (DATE_OUTSIDE_PERIOD, docs/msc-rules.md).
 */
import { judgeDate, type DateVerdict } from '@shared/domain/precheck/logic';

export type DatedField = 'invoicedate' | 'servicefrom' | 'serviceto';
export type DateFinding = { field: DatedField; date: string; verdict: DateVerdict };

/** Months after the period's end an invoice may be dated without a word. */
export const INVOICE_GRACE_MONTHS = 6;

/** The same day `months` later, clamped to the month's last day (31 Dec + 6 months = 30 Jun). */
export function shiftMonths(isoDate: string, months: number): string {
  const y = Number(isoDate.slice(0, 4));
  const m = Number(isoDate.slice(5, 7)) - 1 + months;
  const year = y + Math.floor(m / 12);
  const month = (m % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(isoDate.slice(8, 10)), last);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Dates as ISO (undefined = not given or unreadable); the findings in field order. */
export function judgeItemDates(
  dates: { invoicedate?: string | undefined; servicefrom?: string | undefined; serviceto?: string | undefined },
  from: string,
  to: string,
): DateFinding[] {
  const out: DateFinding[] = [];
  if (dates.servicefrom !== undefined || dates.serviceto !== undefined) {
    for (const field of ['servicefrom', 'serviceto'] as const) {
      const date = dates[field];
      const verdict = date === undefined ? undefined : judgeDate(date, from, to);
      if (date !== undefined && verdict) out.push({ field, date, verdict });
    }
    return out;
  }
  const date = dates.invoicedate;
  if (date === undefined) return out;
  if (date > to && date <= shiftMonths(to, INVOICE_GRACE_MONTHS)) return out;
  const verdict = judgeDate(date, from, to);
  if (verdict) out.push({ field: 'invoicedate', date, verdict });
  return out;
}
