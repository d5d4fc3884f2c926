/**
 * English must be complete: with English chosen, no screen shows a German text of ours, neither visible text nor
 * labels a screen reader reads. German texts are taken from our German locale files (every fixed fragment of a
 * German text that differs from English), plus the words German sentences from the main process would carry.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { BrowserMode } from '@main/bridge/browser-mode';
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

/**
 * Words that are data, not our text: connection names (the demo connection is called "Demo-Messdienst") and what
 * the measuring service writes into its templates (cost type and key texts, recipients' names) in its own language.
 * Longest first, so a text is removed before a shorter one inside it.
 */
async function theirWords(handlers: BrowserMode['context']['handlers']): Promise<string[]> {
  const connections = await handlers['connections:list'](undefined);
  const words = connections.map((c) => c.name);
  for (const { id: connectionId } of connections.filter((c) => c.id === 'demo')) {
    for (const unit of await handlers['units:list']({ connectionId })) {
      const billingunit = unit.billingunitMscnumber;
      for (const period of await handlers['periods:list']({ connectionId, billingunit })) {
        const template = await handlers['templates:get']({ connectionId, billingunit, periodTo: period.to });
        words.push(...template.costtypes.map((c) => c.text), ...template.distributionkeys.map((k) => k.text));
        words.push(...template.billingrecipients.map((r) => r.name));
      }
    }
  }
  return [...new Set(words)].filter((w) => w !== '').sort((a, b) => b.length - a.length);
}

async function shownText(page: Page): Promise<string> {
  return String(await page.evaluate(SHOWN_TEXT));
}

test('with English chosen, no screen shows German text of ours', async ({ appPage, browserApp }) => {
  // Arrange: English, and every screen including one unit, period and archive entry of the demo connection
  const handlers = browserApp.context.handlers;
  await handlers['preferences:update']({ language: 'en' });
  const routes = await allScreens(handlers);
  const fragments = germanFragments();
  const theirs = await theirWords(handlers);

  for (const route of routes) {
    // Act
    await openScreen(appPage, route);

    // Assert
    const shown = theirs.reduce((text, words) => text.replaceAll(words, ''), await shownText(appPage));
    const german = fragments.filter((f) => shown.includes(f));
    expect(german, `German on ${route}`).toEqual([]);
    expect(shown.match(GERMAN_WORDS)?.[0], `German word on ${route}`).toBeUndefined();
  }
});
