/**
 * Issue 9 over loopback: an empty submission is refused with errors, a fill built only from a template's data
 * (as an outside client would) commissions every open demo period, and a commissioned period answers 409 to
 * VALIDATE and SEND alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUEL_COST_PLACE } from '@shared/domain/precheck/plausibility';
import { Template } from '@shared/msc/billing-input';
import type { CheckMessage, FilledTemplate } from '@shared/msc/billing-input';
import { startSandbox } from '@main/sandbox/index';
import type { Sandbox } from '@main/sandbox/index';
import { DEMO_BILLING_UNITS } from '@main/sandbox/seed';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { api, expectProblem, tempDir, tokenFor } from '@test/integration/sandbox/helpers';
import type { Api } from '@test/integration/sandbox/helpers';

let sandbox: Sandbox;
let dir: Awaited<ReturnType<typeof tempDir>>;
let demo: Api;

const OIL = '100200302';
const periodPath = (bu: string, to: string) => `/billinginput/v1/billingunits/${bu}/billingperiods/${to}`;

beforeAll(async () => {
  dir = await tempDir();
  sandbox = await startSandbox({ dataDir: dir.path });
  demo = api(sandbox.url, await tokenFor(sandbox.url));
});

afterAll(async () => {
  await sandbox.close();
  await dir.remove();
});

async function templateOf(bu: string, to = '2025-12-31'): Promise<Template> {
  const reply = await demo.get(periodPath(bu, to));
  expect(reply.status).toBe(200);
  return Template.parse(reply.body);
}

describe('issue 9: the demo MSC refuses what a real MSC refuses', () => {
  it('refuses an empty submission for the oil-heated property with errors, even when warnings are accepted', async () => {
    const t = await templateOf(OIL);
    const empty: FilledTemplate = {
      currency: t.currency,
      expectedvat: t.expectedvat,
      energysources: [],
      heatingsysteminvoices: [],
      ancillaryinvoices: [],
      billingrecipients: [],
    };
    const body = expectProblem(await demo.post(`${periodPath(OIL, '2025-12-31')}?action=SEND_AND_IGNORE_WARNINGS`, empty), 400);
    const errors = (body.messages ?? []).filter((m: CheckMessage) => m.type === 'ERROR').map((m: CheckMessage) => m.shortmessage);
    expect(errors).toEqual(expect.arrayContaining(['ENERGY_MISSING', 'RECIPIENTS_MISSING']));
    const periods = await demo.get(`/billinginput/v1/billingunits/${OIL}/billingperiods`);
    expect(periods.body).toMatchObject({
      billingperiods: expect.arrayContaining([expect.objectContaining({ to: '2025-12-31', status: 'OPEN' })]) as unknown,
    });
  });

  it('offers no fuel cost key (200/201/202) among the invoice cost types, and presets what the new rules need', async () => {
    for (const bu of DEMO_BILLING_UNITS) {
      const t = await templateOf(bu);
      expect(t.costtypes.filter((c) => FUEL_COST_PLACE[c.key] !== undefined)).toEqual([]);
      for (const f of t.fuels) expect(f.calorificvalue).toMatch(/^[1-9]/);
      expect(t.co2configuration.heatedarea).toMatch(/^[1-9]/);
    }
  });

  it('still answers 400 check messages, not 409, for an open period', async () => {
    const t = await templateOf(DEMO_BILLING_UNITS[0]);
    const s = demoSubmission(t);
    s.heatingsysteminvoices.push({ cost: { key: '201' }, invoicedate: '2025-03-01', amounts: { grossamount: '10.00' } });
    const body = expectProblem(await demo.post(`${periodPath(DEMO_BILLING_UNITS[0], '2025-12-31')}?action=VALIDATE`, s), 400);
    expect(body.messages).toContainEqual(
      expect.objectContaining({
        shortmessage: 'FUEL_AS_INVOICE',
        type: 'ERROR',
        path: `heatingsysteminvoices[${String(s.heatingsysteminvoices.length - 1)}].cost.key`,
      }),
    );
  });
  it('commissions a fill built only from the template with a plain SEND, then answers 409 to VALIDATE and SEND', async () => {
    for (const bu of DEMO_BILLING_UNITS) {
      const path = periodPath(bu, '2025-12-31');
      const filled = demoSubmission(await templateOf(bu));
      expect((await demo.post(`${path}?action=VALIDATE`, filled)).status).toBe(204);
      const sent = await demo.post(`${path}?action=SEND`, filled);
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ commissioned: true });
      const again = expectProblem(await demo.post(`${path}?action=VALIDATE`, filled), 409);
      expect(again.type).toContain('already-commissioned');
      expect(again.detail).toContain('bereits beauftragt');
      expectProblem(await demo.post(`${path}?action=SEND_AND_IGNORE_WARNINGS`, filled), 409);
    }
  });

  it('answers 409 to VALIDATE on a period commissioned before (the seeded 2024 periods)', async () => {
    const t = await templateOf(OIL, '2024-12-31');
    const reply = await demo.post(`${periodPath(OIL, '2024-12-31')}?action=VALIDATE`, demoSubmission(t));
    expect(expectProblem(reply, 409).type).toContain('already-commissioned');
  });
});
