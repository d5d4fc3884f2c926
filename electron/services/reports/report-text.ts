/**
 * The check report's words in the clerk's language. They come from the renderer's locale files (report.json for the
 * report's own texts; billing `place`, archive `messages` and codes, which the screens show too), so every string
 * has one source and the locale tests keep English complete. Only the JSON is read, never renderer code. Numbers,
 * money and dates go through Intl in the language's locale, the way the screens format them.
 */
import i18next, { type TFunction } from 'i18next';
import deArchive from '@renderer/locales/de/archive.json' with { type: 'json' };
import deBilling from '@renderer/locales/de/billing.json' with { type: 'json' };
import deCodes from '@renderer/locales/de/codes.json' with { type: 'json' };
import deReport from '@renderer/locales/de/report.json' with { type: 'json' };
import enArchive from '@renderer/locales/en/archive.json' with { type: 'json' };
import enBilling from '@renderer/locales/en/billing.json' with { type: 'json' };
import enCodes from '@renderer/locales/en/codes.json' with { type: 'json' };
import enReport from '@renderer/locales/en/report.json' with { type: 'json' };
import type { PlaceText } from '@shared/domain/check-place';
import { formatIso, type Decimal } from '@shared/domain/decimal';
import { isIsoDate } from '@shared/domain/dates';
import type { Language } from '@shared/ipc/channels/preferences';
import type { CheckMessage } from '@shared/msc/billing-input';

export type ReportLanguage = Language;

type IntlDecimal = Parameters<Intl.NumberFormat['format']>[0];

const texts = i18next.createInstance();
void texts.init({
  resources: {
    de: { report: deReport, billing: deBilling, archive: deArchive, codes: deCodes },
    en: { report: enReport, billing: enBilling, archive: enArchive, codes: enCodes },
  },
  lng: 'de',
  fallbackLng: 'de',
  ns: ['report', 'billing', 'archive', 'codes'],
  defaultNS: 'report',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Intl separates amount and unit with a no-break space; the report's fonts and its readers expect a plain one. */
const plain = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

export type ReportText = PlaceText & {
  lang: ReportLanguage;
  /** report.json */
  r: (key: string, params?: Record<string, unknown>) => string;
  /** archive.json: message types and the MSC's codes in the clerk's words */
  archive: (key: string, params?: Record<string, unknown>) => string;
  number(d: Decimal): string;
  timestamp(iso: string): string;
  range(from: string, to: string): string;
  /** A code table's label in the report's language (codes.json), the code itself when the table lacks it. */
  code(group: string, value: string): string;
  /** The MSC's message in the report's language: our sentence for its code, else the MSC's own (German) words. */
  message(m: CheckMessage, own: string): string;
};

const cache = new Map<ReportLanguage, ReportText>();

export function reportText(lang: ReportLanguage = 'de'): ReportText {
  const known = cache.get(lang);
  if (known) return known;
  const locale = lang === 'en' ? 'en-GB' : 'de-DE';
  const fixed = (ns: string): TFunction => texts.getFixedT(lang, ns);
  const [r, billing, archive, codes] = [fixed('report'), fixed('billing'), fixed('archive'), fixed('codes')];
  const code = (group: string, value: string): string => codes(`${group}.${value}`, { defaultValue: value });
  const dateFormat = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  // Office time: the clerk works in Germany whatever zone the machine runs in.
  const timeFormat = new Intl.DateTimeFormat(locale, {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: lang === 'en' ? 'short' : '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  const decimal = (value: string, places?: number): string =>
    plain(
      new Intl.NumberFormat(
        locale,
        places === undefined ? {} : { minimumFractionDigits: places, maximumFractionDigits: places },
      ).format(value as IntlDecimal),
    );
  const date = (iso: string): string => {
    if (!isIsoDate(iso.slice(0, 10))) return iso;
    const [y = 0, m = 1, d = 1] = iso.slice(0, 10).split('-').map(Number);
    return dateFormat.format(new Date(Date.UTC(y, m - 1, d)));
  };
  const text: ReportText = {
    lang,
    t: (key, params) => billing(key, params ?? {}),
    r: (key, params) => r(key, params ?? {}),
    archive: (key, params) => archive(key, params ?? {}),
    format: { date, decimal },
    money: (amount) => plain(new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(amount as IntlDecimal)),
    code,
    fuel: (v) => code('fuel', v),
    quantityUnit: (v) => code('quantityUnit', v),
    distribution: (v) => code('distribution', v),
    number: (d) => decimal(formatIso(d), d.scale),
    timestamp: (iso) => r('timestamp', { at: plain(timeFormat.format(new Date(iso))) }),
    range: (from, to) => r('range', { from: date(from), to: date(to) }),
    message: (m, own) => {
      const key = `messages.code.${m.shortmessage}`;
      return lang !== 'de' && texts.exists(key, { lng: lang, ns: 'archive' }) ? archive(key) : own;
    },
  };
  cache.set(lang, text);
  return text;
}
