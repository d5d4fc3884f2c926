/**
 * The clerk's sentences for the ARGE check and reader, from the same locale files the screens use
 * (renderer/locales/<lang>/arge.json), so the command line and the app say the same thing in both languages.
 */
import de from '@renderer/locales/de/arge.json';
import en from '@renderer/locales/en/arge.json';
import type { ExportIssue } from '@shared/arge/export';
import type { Place } from '@shared/arge/from-draft';
import type { ReadIssue } from '@shared/arge/read';
import { formatGerman, parseDecimal } from '@shared/domain/decimal';

export type Lang = 'de' | 'en';
type Texts = typeof de;
const TEXTS: Record<Lang, Texts> = { de, en };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DECIMAL = /^-?\d+(\.\d{1,3})?$/;
const FORMATTED = new Set(['value', 'date']);

/** Dates and decimal strings the way the clerk reads them: 31.12.2025 / 1.234,56 in German, 12/31/2025 / 1,234.56 in English. */
function shown(lang: Lang, value: string): string {
  const d = ISO_DATE.exec(value);
  if (d) return lang === 'de' ? `${d[3]}.${d[2]}.${d[1]}` : `${d[2]}/${d[3]}/${d[1]}`;
  if (value.includes('/') && value.split('/').every((p) => ISO_DATE.test(p))) {
    return value
      .split('/')
      .map((p) => shown(lang, p))
      .join(lang === 'de' ? ' bis ' : ' to ');
  }
  if (DECIMAL.test(value)) {
    const places = (value.split('.')[1] ?? '').length as 0 | 1 | 2 | 3;
    const r = parseDecimal(value, places, 'iso');
    if (r.ok) {
      const g = formatGerman(r.value);
      return lang === 'de' ? g : g.replace(/[.,]/g, (c) => (c === '.' ? ',' : '.'));
    }
  }
  return value;
}

function fill(lang: Lang, template: string, params: Record<string, string | number | undefined>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) return '';
    // Only values and dates are numbers or dates to the clerk; keys and occupant numbers keep their leading zeros.
    return typeof v === 'number' ? String(v) : FORMATTED.has(k) ? shown(lang, v) : v;
  });
}

export function placeText(lang: Lang, place: Place): string {
  const t = TEXTS[lang].place;
  switch (place.kind) {
    case 'property':
      return t.property;
    case 'recipient':
      return place.name === undefined ? fill(lang, t.recipientUnnamed, place) : fill(lang, t.recipient, place);
    case 'fuel':
      return fill(lang, t.fuel, { slot: place.slot, fuel: place.fuel });
    case 'delivery':
      return fill(lang, t.delivery, { slot: place.slot, date: place.date });
    case 'invoice':
      return fill(lang, place.list === 'heating' ? t.invoiceHeating : t.invoiceAncillary, { key: place.key, date: place.date });
  }
}

/** One sentence naming place, field and what to change. */
export function exportIssueText(lang: Lang, issue: ExportIssue): string {
  const t = TEXTS[lang];
  if ('problem' in issue) {
    const name = issue.fieldName.replace(/^allocationShare\d$/, 'allocationShare');
    const field = fill(lang, (t.field as Record<string, string>)[name] ?? issue.fieldName, { key: issue.key });
    const { code, ...params } = issue.problem;
    const template = t.problem[code];
    return fill(lang, template, { ...params, value: issue.value, place: placeText(lang, issue.place), field });
  }
  if (issue.severity === 'error') return fill(lang, t.issue[issue.code], { value: issue.value });
  const place = 'place' in issue ? placeText(lang, issue.place) : undefined;
  return fill(lang, t.issue[issue.code], { ...('key' in issue ? { key: issue.key } : {}), place });
}

export function readIssueText(lang: Lang, issue: ReadIssue): string {
  const { code, ...params } = issue;
  const template = TEXTS[lang].read[code];
  return fill(lang, template, { ...params, line: issue.line, field: issue.field, position: issue.position });
}
