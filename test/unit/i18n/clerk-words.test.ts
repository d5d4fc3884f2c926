/** Issue 19, item 8: no technical words or mixed terms in any locale file. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES = join(import.meta.dirname, '../../../renderer/locales');

describe('words a clerk understands', () => {
  const all = (lang: string): string =>
    readdirSync(join(LOCALES, lang))
      .map((f) => readFileSync(join(LOCALES, lang, f), 'utf8'))
      .join('\n');

  it('English says “measuring service” throughout, never “metering service”', () => {
    expect(all('en')).not.toMatch(/metering/i);
  });

  it('names neither “On-Site-Roles” nor the fuel “Slot” in German or English', () => {
    for (const lang of ['de', 'en']) expect(all(lang)).not.toMatch(/On-Site-Roles|\bSlot\b/);
  });
});
