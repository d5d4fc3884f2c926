/**
 * Every rule code of the demo MSC and of the local pre-check reaches the clerk in words, in German and English: the
 * check messages (archive and editor) by `messages.code.<CODE>`, the editor's groups by `group.rule.<CODE>`, the
 * pre-check's messages by `precheck:<CODE>`. A new rule without its texts fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULE_CODES } from '@main/sandbox/rules/index';
import { PRECHECK_CODES } from '@shared/domain/precheck/index';

const LOCALES = join(import.meta.dirname, '../../../renderer/locales');
type Tree = { [key: string]: string | Tree };
const read = (lang: string, file: string): Tree => JSON.parse(readFileSync(join(LOCALES, lang, file), 'utf8')) as Tree;
const at = (tree: Tree, path: string[]): unknown => path.reduce<unknown>((t, k) => (t as Tree | undefined)?.[k], tree);

describe.each(['de', 'en'])('texts of rule codes (%s)', (lang) => {
  it('has a sentence for every MSC rule code in the check messages', () => {
    const missing = RULE_CODES.filter((c) => typeof at(read(lang, 'archive.json'), ['messages', 'code', c]) !== 'string');
    expect(missing).toEqual([]);
  });

  it('has a pre-check text for every pre-check code', () => {
    const missing = PRECHECK_CODES.filter((c) => typeof at(read(lang, 'precheck.json'), [c]) !== 'string');
    expect(missing).toEqual([]);
  });

  it('names every MSC rule as a group in the editor', () => {
    const missing = RULE_CODES.filter((c) => typeof at(read(lang, 'editor.json'), ['group', 'rule', c]) !== 'string');
    expect(missing).toEqual([]);
  });
});
