/**
 * The demo MSC bills by HeizkostenV and publishes the result (issue 21, docs/msc-results.md), over loopback:
 * a commissioned period set to BILLED is billed; the invariants hold to the cent for each demo property (gas, oil with
 * stocks, district heating with a change of tenant and a vacancy); the CO2 landlord share is the shared split's;
 * the PDFs are real; before BILLED, for another customer and for unknown things the MSC refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { co2Preview } from '@shared/domain/co2-split';
import { BillingResult } from '@shared/msc/billing-result';
import { Template } from '@shared/msc/billing-input';
import type { FilledTemplate } from '@shared/msc/billing-input';
import { startSandbox } from '@main/sandbox/index';
import type { Sandbox } from '@main/sandbox/index';
import { demoWorld } from '@main/sandbox/seed';
import { seededSubmission } from '@main/sandbox/billing/seed-fill';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { api, expectProblem, operatorApi, pollUntil, tempDir, tokenFor } from '@test/integration/sandbox/helpers';
import type { Api } from '@test/integration/sandbox/helpers';
import { cents, charged, distributable, kindsOf, withPrepayments } from '@test/integration/sandbox/billing-result-helpers';
import { pdfPageCount, pdfTextLines } from '@test/unit/reports/pdf-text';

const GAS = '100200301';
const OIL = '100200302';
const DISTRICT = '100200303';

let sandbox: Sandbox;
let dir: Awaited<ReturnType<typeof tempDir>>;
let demo: Api;
let other: Api;
let operator: Api;

const seedPath = (bu: string, to: string): string => `/billingunits/${bu}/billingperiods/${to}/billingresult`;
const v1Path = (bu: string, to: string): string => `/billingresult/v1/billingunits/${bu}/billingperiods/${to}`;

async function bill(bu: string, to: string): Promise<void> {
  const reply = await operator.post('/_operator/period-status', { billingunitMscnumber: bu, to, status: 'BILLED' });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

async function resultOf(bu: string, to: string): Promise<BillingResult> {
  const reply = await demo.get(seedPath(bu, to));
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return BillingResult.parse(reply.body);
}

async function pdf(path: string): Promise<{ status: number; type: string | null; body: Buffer }> {
  const res = await fetch(sandbox.url + path, { headers: { authorization: `Bearer ${await tokenFor(sandbox.url)}` } });
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
}

function expectInvariants(result: BillingResult, filled: FilledTemplate, template: Template): void {
  expect(result.results).toHaveLength(filled.billingrecipients.length);
  for (const k of kindsOf(result)) {
    expect(charged(result, k), `Σ(totalcost + co2landlordshare) ${k}`).toBe(distributable(filled, k));
    expect(cents(result.totals.distributablecost, k)).toBe(distributable(filled, k));
    for (const r of result.results) {
      expect(cents(r.balance, k), `balance of ${r.partnerPmnumber}`).toBe(cents(r.totalcost, k) - cents(r.prepayment, k));
      expect(r.positions.reduce((a, p) => a + cents(p.cost, k), 0)).toBe(cents(r.totalcost, k));
    }
  }
  const preview = co2Preview(filled, template);
  const landlord = result.results.reduce((a, r) => a + cents(r.co2landlordshare, 'grossamount'), 0);
  if (preview.status === 'split') {
    expect(result.expectedvat === 'NET' ? undefined : landlord).toBe(
      result.expectedvat === 'NET' ? undefined : Number(preview.split.landlord.units),
    );
    expect(result.co2?.tier).toBe(preview.split.tier.tier);
  } else expect(result.co2).toBeUndefined();
  for (const r of result.results.filter((x) => !x.vacancy)) {
    expect(result.documents.some((d) => d.type === 'HKA' && d.partnerPmnumber === r.partnerPmnumber)).toBe(true);
  }
}

beforeAll(async () => {
  dir = await tempDir();
  sandbox = await startSandbox({ dataDir: dir.path });
  demo = api(sandbox.url, await tokenFor(sandbox.url));
  other = api(sandbox.url, await tokenFor(sandbox.url, 'other', 'other-secret'));
  operator = operatorApi(sandbox.url, sandbox.operatorToken);
});

afterAll(async () => {
  await sandbox.close();
  await dir.remove();
});

describe('billing the seeded commissioned periods (2024)', () => {
  const world = demoWorld();
  const templateOf = (bu: string): Template => {
    const t = world.billingunits.find((b) => b.billingunitMscnumber === bu)?.periods[0]?.template;
    if (!t) throw new Error('no template');
    return t;
  };
  const fillOf = (bu: string): FilledTemplate => {
    const b = world.billingunits.find((x) => x.billingunitMscnumber === bu);
    if (!b) throw new Error('no unit');
    return seededSubmission(b, templateOf(bu));
  };

  it('refuses the result before BILLED with 409 on both layouts', async () => {
    expectProblem(await demo.get(seedPath(GAS, '2024-12-31')), 409);
    expectProblem(await demo.get(v1Path(GAS, '2024-12-31')), 409);
    expectProblem(await demo.get(`${seedPath(GAS, '2024-12-31')}/documents/LGA-${GAS}`), 409);
  });

  it.each([
    ['gas', GAS],
    ['oil with stocks', OIL],
    ['district heating with a change of tenant and a vacancy', DISTRICT],
  ])('bills %s to the cent', async (_what, bu) => {
    await bill(bu, '2024-12-31');
    const list = await demo.get(`/billingunits/${bu}/billingperiods`);
    expect((list.body as { billingperiods: { to: string; status: string }[] }).billingperiods[0]?.status).toBe('BILLED');
    const result = await resultOf(bu, '2024-12-31');
    const filled = fillOf(bu);
    expectInvariants(result, filled, templateOf(bu));
    expect((await demo.get(v1Path(bu, '2024-12-31'))).body).toEqual(result);
  });

  it('the demo data has what the invariants must survive', async () => {
    const oil = fillOf(OIL).energysources[0];
    expect(Number(oil?.openingstock?.quantity)).toBeGreaterThan(0);
    expect(Number(oil?.closingstock?.quantity)).toBeGreaterThan(0);
    const district = await resultOf(DISTRICT, '2024-12-31');
    expect(district.results.some((r) => r.vacancy)).toBe(true);
    expect(district.results.find((r) => r.residentialunitMscnumber === '0009')?.changesplit).toBeDefined();
    const oilResult = await resultOf(OIL, '2024-12-31');
    expect(oilResult.expectedvat).toBe('BOTH');
    expect(oilResult.results.every((r) => r.totalcost.netamount !== undefined && r.totalcost.grossamount !== undefined)).toBe(
      true,
    );
    const sources = new Set(
      [district, oilResult, await resultOf(GAS, '2024-12-31')].flatMap((r) =>
        r.results.flatMap((x) => x.positions.map((p) => p.consumption?.source)),
      ),
    );
    expect(sources).toContain('READ');
    expect(sources).toContain('ESTIMATED');
  });
});

describe('a period submitted to the demo MSC and billed (2025)', () => {
  let filled: FilledTemplate;
  let template: Template;

  beforeAll(async () => {
    template = Template.parse((await demo.get(`/billingunits/${DISTRICT}/billingperiods/2025-12-31`)).body);
    filled = withPrepayments(demoSubmission(template));
    expectProblem(await demo.get(v1Path(DISTRICT, '2025-12-31')), 409);
    const sent = await demo.post(`/billingunits/${DISTRICT}/billingperiods/2025-12-31?action=SEND_AND_IGNORE_WARNINGS`, filled);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expectProblem(await demo.get(seedPath(DISTRICT, '2025-12-31')), 409);
    await bill(DISTRICT, '2025-12-31');
  });

  it('bills the submission: invariants, a change of tenant and a vacancy, balances with sign', async () => {
    const result = await resultOf(DISTRICT, '2025-12-31');
    expectInvariants(result, filled, template);
    expect(result.results.filter((r) => r.residentialunitMscnumber === '0004')).toHaveLength(2);
    expect(result.results.some((r) => r.vacancy)).toBe(true);
    const vacancy = result.results.find((r) => r.vacancy);
    expect(result.documents.some((d) => d.partnerPmnumber === vacancy?.partnerPmnumber)).toBe(false);
    const mover = result.results.find((r) => r.partnerPmnumber === 'P-303-004');
    expect(mover?.newmonthlyprepayment.grossamount).toBe('0.00');
    const stayer = result.results.find((r) => r.partnerPmnumber === 'P-303-001');
    expect(Number(stayer?.newmonthlyprepayment.grossamount)).toBeGreaterThan(0);
  });

  it('serves the tenant statement as a PDF a tenant can read, on both layouts', async () => {
    const result = await resultOf(DISTRICT, '2025-12-31');
    const tenant = result.results.find((r) => r.partnerPmnumber === 'P-303-001');
    const doc = result.documents.find((d) => d.type === 'HKA' && d.partnerPmnumber === 'P-303-001');
    expect(tenant && doc).toBeTruthy();
    const seed = await pdf(`${seedPath(DISTRICT, '2025-12-31')}/documents/${doc?.documentid ?? ''}`);
    const v1 = await pdf(`${v1Path(DISTRICT, '2025-12-31')}/documents/${doc?.documentid ?? ''}`);
    expect(seed.status).toBe(200);
    expect(seed.type).toBe('application/pdf');
    expect(seed.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPageCount(seed.body)).toBeGreaterThanOrEqual(1);
    expect(v1.body.equals(seed.body)).toBe(true);
    const text = pdfTextLines(seed.body).join('\n');
    expect(text).toContain('Matthias Schulze');
    const balance = Math.abs(cents(tenant?.balance, 'grossamount'));
    const shown = `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 }).format(balance / 100)} €`;
    expect(text).toContain(shown);
    expect(text).toMatch(cents(tenant?.balance, 'grossamount') > 0 ? /Nachzahlung/ : /Guthaben|Ausgeglichen/);

    for (const type of ['VDA', 'BKA', 'LGA'] as const) {
      const d = result.documents.find((x) => x.type === type);
      const reply = await pdf(`${v1Path(DISTRICT, '2025-12-31')}/documents/${d?.documentid ?? ''}`);
      expect(reply.status, type).toBe(200);
      expect(reply.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });

  it('refuses another customer, unknown periods and unknown documents', async () => {
    expectProblem(await other.get(seedPath(DISTRICT, '2025-12-31')), 403);
    expectProblem(await other.get(v1Path(DISTRICT, '2025-12-31')), 403);
    expectProblem(await other.get(`${v1Path(DISTRICT, '2025-12-31')}/documents/LGA-${DISTRICT}`), 403);
    expectProblem(await demo.get(seedPath('999999999', '2025-12-31')), 404);
    expectProblem(await demo.get(v1Path(DISTRICT, '2023-12-31')), 404);
    expectProblem(await demo.get(`${seedPath(DISTRICT, '2025-12-31')}/documents/HKA-9999-1`), 404);
    expectProblem(await api(sandbox.url).get(seedPath(DISTRICT, '2025-12-31')), 401);
  });

  it('refuses BILLED for a period never submitted', async () => {
    const reply = await operator.post('/_operator/period-status', {
      billingunitMscnumber: GAS,
      to: '2025-12-31',
      status: 'BILLED',
    });
    expectProblem(reply, 409);
  });
});

describe('billing by itself after commissioning (billAfterMs), kept across a restart', () => {
  it('bills a submitted period once the time has passed, and not before', async () => {
    const own = await tempDir();
    const s = await startSandbox({ dataDir: own.path, billAfterMs: 1500 });
    try {
      const client = api(s.url, await tokenFor(s.url));
      const template = Template.parse((await client.get(`/billingunits/${GAS}/billingperiods/2025-12-31`)).body);
      const sent = await client.post(
        `/billingunits/${GAS}/billingperiods/2025-12-31?action=SEND_AND_IGNORE_WARNINGS`,
        withPrepayments(demoSubmission(template)),
      );
      expect(sent.status).toBe(200);
      expectProblem(await client.get(seedPath(GAS, '2025-12-31')), 409);
      const status = async (): Promise<string | undefined> =>
        (
          (await client.get(`/billingunits/${GAS}/billingperiods`)).body as { billingperiods: { to: string; status: string }[] }
        ).billingperiods.find((p) => p.to === '2025-12-31')?.status;
      await pollUntil(status, (v) => v === 'BILLED', 10_000);
      const result = BillingResult.parse((await client.get(v1Path(GAS, '2025-12-31'))).body);
      expect(result.results.some((r) => r.changesplit !== undefined)).toBe(true);
      // The seeded period was not submitted here: it is not billed by itself.
      expect(
        ((await client.get(`/billingunits/${GAS}/billingperiods`)).body as { billingperiods: { to: string; status: string }[] })
          .billingperiods[0]?.status,
      ).toBe('COMMISSIONED');
      // A restart serves the same result from the data folder.
      await s.close();
      const again = await startSandbox({ dataDir: own.path });
      try {
        const reread = await api(again.url, await tokenFor(again.url)).get(seedPath(GAS, '2025-12-31'));
        expect(reread.body).toEqual(result);
      } finally {
        await again.close();
      }
    } finally {
      await s.close();
      await own.remove();
    }
  });
});
