/** docs/msc-rules.md and the rule catalog in code say the same; every rule's message reads like its template. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULE_CATALOG, messagePattern } from '@main/sandbox/rules/catalog';
import { MISTAKE_RULES } from '@main/sandbox/rules/catalog-mistakes';
import { RULE_CODES, checkSubmission } from '@main/sandbox/rules/index';
import { PRECHECK_CODES } from '@shared/domain/precheck/index';
import { baseTemplate, ruleCases } from '@test/fixtures/billing-input';

type Row = { code: string; severity: string; when: string; path: string; message: string };

function docRows(): Row[] {
  const text = readFileSync(join(process.cwd(), 'docs/msc-rules.md'), 'utf8');
  return text
    .split('\n')
    .filter((line) => /^\| `[A-Z0-9_]+` \|/.test(line))
    .map((line) => {
      const cells = line
        .slice(1, -1)
        .split(' | ')
        .map((c) => c.trim());
      const [code = '', severity = '', when = '', path = '', ...message] = cells;
      return { code: code.replace(/`/g, ''), severity, when, path: path.replace(/^`|`$/g, ''), message: message.join(' | ') };
    });
}

describe('docs/msc-rules.md', () => {
  it('lists exactly the catalog, row by row, in its order', () => {
    expect(docRows()).toEqual(RULE_CATALOG.map((r) => ({ ...r })));
  });

  it('names every rule the demo MSC runs, and no other', () => {
    expect(RULE_CATALOG.map((r) => r.code)).toEqual([...RULE_CODES]);
  });

  it('takes the mistakes found by the review from one list: the demo MSC runs them and the pre-check knows them, in catalog order', () => {
    const codes = MISTAKE_RULES.map((r) => r.code);
    const mistake = (c: string) => (codes as readonly string[]).includes(c);
    expect(codes).toHaveLength(13);
    expect(new Set(codes).size).toBe(codes.length);
    expect(RULE_CODES.filter(mistake)).toEqual(codes);
    expect(PRECHECK_CODES.filter(mistake)).toEqual(codes);
  });

  it.each(ruleCases)('$code: the triggered message has the documented severity and reads like the template', (c) => {
    const entry = RULE_CATALOG.find((r) => r.code === c.code);
    const found = checkSubmission(c.template?.() ?? baseTemplate(), c.trigger()).find((m) => m.shortmessage === c.code);
    expect(entry?.severity.split('/')).toContain(found?.type);
    expect(found?.message).toMatch(messagePattern(entry?.message ?? '∅'));
  });
});
