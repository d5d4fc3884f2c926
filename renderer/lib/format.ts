/**
 * Numbers, money and dates through Intl in the clerk's language. Decimals arrive as strings (`1234.56`) and are
 * handed to Intl as strings, which formats them exactly: no binary float ever touches an amount.
 */
import { useTranslation } from 'react-i18next';
import { isIsoDate } from '@shared/domain/dates';
import { localeOf } from '@renderer/i18n/index';

type IntlDecimal = Parameters<Intl.NumberFormat['format']>[0];

export type Formatters = {
  locale: string;
  money(amount: string, currency?: string): string;
  decimal(value: string | number, places?: number): string;
  integer(value: number): string;
  date(iso: string): string;
  dateTime(iso: string): string;
  percent(value: string | number, places?: number): string;
};

/** Calendar dates (`2025-12-31`) are formatted as dates, not as instants, so no time zone can shift the day. */
function calendarDate(iso: string): Date {
  const [y = 0, m = 1, d = 1] = iso.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

export function createFormatters(language: string): Formatters {
  const locale = localeOf(language);
  const dateFormat = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  const dateTimeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const integerFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  return {
    locale,
    money: (amount, currency = 'EUR') =>
      new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount as IntlDecimal),
    decimal: (value, places) =>
      new Intl.NumberFormat(
        locale,
        places === undefined ? {} : { minimumFractionDigits: places, maximumFractionDigits: places },
      ).format(value as IntlDecimal),
    integer: (value) => integerFormat.format(value),
    // An impossible day (`2025-13-45`) stays as typed: Date would roll it over into another, invented day.
    date: (iso) => (isIsoDate(iso.slice(0, 10)) ? dateFormat.format(calendarDate(iso)) : iso),
    dateTime: (iso) => dateTimeFormat.format(new Date(iso)),
    percent: (value, places = 1) =>
      `${new Intl.NumberFormat(locale, { minimumFractionDigits: places, maximumFractionDigits: places }).format(value as IntlDecimal)} %`,
  };
}

// Building the Intl formatters takes about a millisecond; a list draws dozens of components that each format.
const formattersOf = new Map<string, Formatters>();

export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const language = i18n.language;
  let formatters = formattersOf.get(language);
  if (formatters === undefined) {
    formatters = createFormatters(language);
    formattersOf.set(language, formatters);
  }
  return formatters;
}

/** Whole days from `today` to the calendar date `iso` (negative when it lies in the past). */
export function daysUntil(iso: string, today: Date = new Date()): number {
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((calendarDate(iso).getTime() - start) / 86_400_000);
}
