/**
 * German is the default and English must be complete: every key of one language exists in the other, with the
 * same interpolation parameters, so no screen falls back to a key or the other language.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES = join(import.meta.dirname, '../../../renderer/locales');
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path.replace(/_(zero|one|two|few|many|other)$/, ''), value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const params = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
const read = (lang: string, file: string) => flatten(JSON.parse(readFileSync(join(LOCALES, lang, file), 'utf8')) as Tree);

describe('locales', () => {
  const files = readdirSync(join(LOCALES, 'de'));

  it('has the same namespaces in German and English', () => {
    expect(readdirSync(join(LOCALES, 'en')).sort()).toEqual([...files].sort());
  });

  it.each(files)('%s: every key exists in both languages with the same parameters', (file) => {
    const de = read('de', file);
    const en = read('en', file);
    expect([...en.keys()].sort()).toEqual([...de.keys()].sort());
    for (const [key, text] of de) expect(params(en.get(key) ?? ''), `${file} ${key}`).toEqual(params(text));
  });

  it.each(files)('%s: no English text is left empty or copied German', (file) => {
    const de = read('de', file);
    const umlaut = /[äöüßÄÖÜ]/;
    for (const [key, text] of read('en', file)) {
      expect(text.trim(), `${file} ${key}`).not.toBe('');
      expect(umlaut.test(text) && text === de.get(key), `${file} ${key} is German in English`).toBe(false);
    }
  });
});
