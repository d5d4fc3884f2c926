/**
 * i18next for the renderer (as Actual Budget does it): one JSON file per language and namespace under
 * renderer/locales/<lang>/<ns>.json, German by default, English complete (test/unit/renderer/locales.test.ts
 * fails when a key is missing in one language). Keys are structured (`frame.nav.overview`) rather than German
 * sentences, so a missing English text can never silently show German.
 */
import i18next from 'i18next';
import type { Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@shared/ipc/channels/preferences';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

function resources(): Resource {
  const out: Resource = {};
  for (const [path, mod] of Object.entries(files)) {
    const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lang = '', ns = ''] = match;
    (out[lang] ??= {})[ns] = mod.default;
  }
  return out;
}

export const NAMESPACES = [...new Set(Object.keys(files).map((p) => /\/([\w-]+)\.json$/.exec(p)?.[1] ?? ''))];

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: resources(),
  lng: 'de',
  fallbackLng: 'de',
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Switches the language of every screen and of `<html lang>`, which screen readers and hyphenation follow. */
export async function setLanguage(language: Language): Promise<void> {
  document.documentElement.lang = language;
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** The clerk's current language as the main process takes it (reports follow it); German unless English. */
export const currentLanguage = (): Language => (i18n.language.startsWith('en') ? 'en' : 'de');

/** BCP 47 locale for Intl: German and English as clerks in Germany read them. */
export const localeOf = (language: string): string => (language === 'en' ? 'en-GB' : 'de-DE');
