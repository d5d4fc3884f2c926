import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckMessage, Template } from '@shared/msc/billing-input';
import { startSandbox } from '@main/sandbox/index';
import { RULE_CATALOG } from '@main/sandbox/rules/catalog';
import type { Sandbox } from '@main/sandbox/index';
import { worldForTemplates } from '@main/sandbox/world-for-template';
import { baseSubmission, baseTemplate, ruleCases } from '@test/fixtures/billing-input';
import { api, expectProblem, tempDir, tokenFor } from '@test/integration/sandbox/helpers';
import type { Api, Reply } from '@test/integration/sandbox/helpers';

let sandbox: Sandbox;
let dir: Awaited<ReturnType<typeof tempDir>>;
let demo: Api;
const template = baseTemplate();
const validate = (t: Template): string =>
  `/billinginput/v1/billingunits/${t.billingunitMscnumber}/billingperiods/${t.billingperiod.to}?action=VALIDATE`;
const VALIDATE = validate(template);
/** Rules on the template's agreement run against a billing unit of their own. */
const templateCases = ruleCases.flatMap((c) => (c.template ? [c.template()] : []));

beforeAll(async () => {
  dir = await tempDir();
  sandbox = await startSandbox({ dataDir: dir.path, world: worldForTemplates(template, ...templateCases) });
  demo = api(sandbox.url, await tokenFor(sandbox.url));
});

afterAll(async () => {
  await sandbox.close();
  await dir.remove();
});

/** The messages of a VALIDATE reply: none for 204, the problem's list for 400. */
function messagesOf(r: Reply): CheckMessage[] {
  if (r.status === 204) return [];
  return expectProblem(r, 400).messages ?? [];
}

describe('plausibility rules over HTTP', () => {
  it('accepts the base submission with 204', async () => {
    expect((await demo.post(VALIDATE, baseSubmission())).status).toBe(204);
  });

  it('covers every rule code of docs/msc-rules.md', () => {
    expect(new Set(ruleCases.map((c) => c.code)).size).toBe(RULE_CATALOG.length);
  });

  describe.each(ruleCases.map((c) => [c.code, c] as const))('%s', (code, c) => {
    it(`reports ${code} as ${c.type} at ${c.path} for the triggering submission`, async () => {
      const messages = messagesOf(await demo.post(c.template ? validate(c.template()) : VALIDATE, c.trigger()));
      expect(messages).toContainEqual(expect.objectContaining({ shortmessage: code, type: c.type, path: c.path }));
      expect(messages.find((m) => m.shortmessage === code)?.message).toMatch(/\S{3}/);
    });

    it(`does not report ${code} for the passing submission`, async () => {
      const messages = messagesOf(await demo.post(VALIDATE, c.pass()));
      expect(messages.map((m) => m.shortmessage)).not.toContain(code);
    });
  });
});
