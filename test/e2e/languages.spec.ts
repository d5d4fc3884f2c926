/**
 * English must be complete: with English chosen, no screen shows a German text of ours, neither visible text nor
 * labels a screen reader reads. German texts are taken from our German locale files (every fixed fragment of a
 * German text that differs from English), plus the words German sentences from the main process would carry.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '@test/e2e/fixtures';
import { allScreens, openScreen } from '@test/e2e/screens';

const LOCALES = join(import.meta.dirname, '../../renderer/locales');
type Tree = { [key: string]: string | Tree };
const values = (tree: Tree): string[] => Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));
const texts = (lang: string) =>
  readdirSync(join(LOCALES, lang)).flatMap((f) => values(JSON.parse(readFileSync(join(LOCALES, lang, f), 'utf8')) as Tree));

/** Fixed fragments (between placeholders) of German texts that no English text contains: long enough to be telling. */
function germanFragments(): string[] {
  const english = texts('en').join('\n');
  const fragments = texts('de').flatMap((text) => text.split(/\{\{[^}]*\}\}|<\/?\d+>|\n/));
  return [...new Set(fragments.map((f) => f.trim()).filter((f) => f.length >= 8 && !english.includes(f)))];
}
const GERMAN_WORDS =
  /\b(bitte|nicht|wurde|wurden|werden|keine|Fehler|Warnungen|erneut|Kennwort|Liegenschaften|Abrechnung|Einstellungen|Übersicht)\b/i;

/** Visible text plus the labels a screen reader reads (evaluated in the page, which has the DOM). */
const SHOWN_TEXT = `[document.body.innerText, ...[...document.querySelectorAll('[aria-label],[title],[placeholder]')]
  .flatMap((el) => ['aria-label', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? ''))].join('\\n')`;

async function shownText(page: Page): Promise<string> {
  return String(await page.evaluate(SHOWN_TEXT));
}

test('with English chosen, no screen shows German text of ours', async ({ appPage, browserApp }) => {
  // Arrange: English, and every screen including one unit, period and archive entry of the demo connection
  const handlers = browserApp.context.handlers;
  await handlers['preferences:update']({ language: 'en' });
  const routes = await allScreens(handlers);
  const fragments = germanFragments();

  for (const route of routes) {
    // Act
    await openScreen(appPage, route);

    // Assert
    // Connection names are the clerk's data (the demo connection is called "Demo-Messdienst"), not our text.
    const names = (await handlers['connections:list'](undefined)).map((c) => c.name);
    const shown = names.reduce((text, name) => text.replaceAll(name, ''), await shownText(appPage));
    const german = fragments.filter((f) => shown.includes(f));
    expect(german, `German on ${route}`).toEqual([]);
    expect(shown.match(GERMAN_WORDS)?.[0], `German word on ${route}`).toBeUndefined();
  }
});
