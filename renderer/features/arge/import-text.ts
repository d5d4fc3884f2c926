/**
 * The clerk's sentences for what an ARGE import found (renderer/locales/<lang>/arge-import.json): file and line,
 * the field by its name rather than its number, the user by number and order criterion.
 */
import de from '@renderer/locales/de/arge-import.json';
import en from '@renderer/locales/en/arge-import.json';
import argeDe from '@renderer/locales/de/arge.json';
import argeEn from '@renderer/locales/en/arge.json';
import type { ArgeImportIssue } from '@shared/ipc/channels/arge-import';
import type { ReadIssue } from '@shared/arge/read';
import { readIssueText, type Lang } from '@renderer/features/arge/issue-text';

const TEXTS = { de, en };
const FIELDS = { de: argeDe.field, en: argeEn.field };

const dateShown = (lang: Lang, iso: string | undefined): string | undefined => {
  const m = iso === undefined ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  return lang === 'de' ? `${m[3] ?? ''}.${m[2] ?? ''}.${m[1] ?? ''}` : `${m[3] ?? ''}/${m[2] ?? ''}/${m[1] ?? ''}`;
};

/** A field by its name in the clerk's words, quoted; its number where we have no name for it. */
export function fieldLabel(lang: Lang, name: string | undefined, no: number | undefined): string {
  const own = (TEXTS[lang].field as Record<string, string>)[name ?? ''];
  const shared = (FIELDS[lang] as Record<string, string>)[name ?? ''];
  const label = own ?? shared;
  if (label === undefined) return TEXTS[lang].field.field.replace('{{no}}', String(no ?? ''));
  return lang === 'de' ? `„${label}“` : `“${label}”`;
}

/** The tenant a statement belongs to: name (else partner number) and usage unit (the PM's number where known). */
export function whoText(lang: Lang, p: { name?: string; partner?: string; unit?: string; unitPm?: string }): string {
  const t = TEXTS[lang].who;
  return (p.name === undefined ? t.unnamed : t.named)
    .replace('{{name}}', p.name ?? '')
    .replace('{{partner}}', p.partner ?? '')
    .replace('{{unit}}', p.unitPm ?? p.unit ?? '');
}

export function importIssueText(lang: Lang, issue: ArgeImportIssue): string {
  const own = (TEXTS[lang].issue as Record<string, string>)[issue.code];
  if (own === undefined) {
    const { severity: _s, ...read } = issue;
    // The reader's own sentences, with the field named instead of numbered.
    const named = issue.field === undefined ? undefined : fieldLabel(lang, issue.fieldName, issue.field);
    return readIssueText(lang, { ...(read as ReadIssue), ...(named === undefined ? {} : { field: named as never }) });
  }
  const params: Record<string, string | number | undefined> = {
    ...issue,
    lastDay: dateShown(lang, issue.lastDay),
    who: whoText(lang, { ...issue, ...(issue.criterion === undefined ? {} : { partner: issue.criterion }) }),
  };
  return own.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => {
    const v = params[k];
    return v === undefined ? '' : String(v);
  });
}
