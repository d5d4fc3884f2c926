/**
 * The demo MSC's billing result as ARGE files (issue 22, docs/arge.md "D, E835, E898 files"), over loopback: for
 * each demo property's billed period the D, E835 and E898 files and the PDFs read back through the importer give
 * the API's result per tenant to the cent (total, CO2 share, prepayment, balance, new prepayment, each D cost
 * type); the PDFs the index names are the API's documents; hostile files give located errors and no result.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importResultFiles, type ImportFile, type PeriodFacts } from '@shared/arge/result-import';
import { dGroupOf } from '@shared/arge/result-groups';
import { readArgeFile } from '@shared/arge/read';
import { BillingResult } from '@shared/msc/billing-result';
import { Template, type FilledTemplate } from '@shared/msc/billing-input';
import { ArgeResultsReply } from '@shared/msc/operator';
import { startSandbox, type Sandbox } from '@main/sandbox/index';
import { demoWorld } from '@main/sandbox/seed';
import { seededSubmission } from '@main/sandbox/billing/seed-fill';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { api, operatorApi, tempDir, tokenFor, type Api } from '@test/integration/sandbox/helpers';
import { cents, kindsOf, withPrepayments } from '@test/integration/sandbox/billing-result-helpers';

const GAS = '100200301';
const OIL = '100200302';
const DISTRICT = '100200303';

let sandbox: Sandbox;
let dir: Awaited<ReturnType<typeof tempDir>>;
let demo: Api;
let operator: Api;
const fills = new Map<string, { filled: FilledTemplate; template: Template }>();

async function bill(bu: string, to: string): Promise<void> {
  const reply = await operator.post('/_operator/period-status', { billingunitMscnumber: bu, to, status: 'BILLED' });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

async function filesOf(bu: string, to: string): Promise<ImportFile[]> {
  const reply = await operator.get(`/_operator/arge-results?billingunit=${bu}&to=${to}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return ArgeResultsReply.parse(reply.body).files.map((f) => ({
    name: f.name,
    bytes: new Uint8Array(Buffer.from(f.base64, 'base64')),
  }));
}

function factsOf(bu: string, to: string): PeriodFacts {
  const f = fills.get(`${bu}/${to}`);
  if (!f) throw new Error('no fill');
  const names = new Map(f.template.billingrecipients.map((r) => [`${r.residentialunitMscnumber}/${r.partnerPmnumber}`, r.name]));
  return {
    billingunit: bu,
    period: f.template.billingperiod,
    expectedvat: f.template.expectedvat,
    recipients: f.filled.billingrecipients.map((r) => ({
      ...r,
      name: names.get(`${r.residentialunitMscnumber}/${r.partnerPmnumber}`),
    })),
  };
}

beforeAll(async () => {
  dir = await tempDir();
  sandbox = await startSandbox({ dataDir: dir.path });
  demo = api(sandbox.url, await tokenFor(sandbox.url));
  operator = operatorApi(sandbox.url, sandbox.operatorToken);
  const world = demoWorld();
  for (const bu of [GAS, OIL, DISTRICT]) {
    const b = world.billingunits.find((x) => x.billingunitMscnumber === bu);
    const template = b?.periods[0]?.template;
    if (!b || !template) throw new Error('no demo period');
    fills.set(`${bu}/2024-12-31`, { filled: seededSubmission(b, template), template });
    await bill(bu, '2024-12-31');
  }
  // A period sent to the demo MSC, with a §35a invoice so E835 has something to say.
  const template = Template.parse((await demo.get(`/billingunits/${DISTRICT}/billingperiods/2025-12-31`)).body);
  const filled = withPrepayments(demoSubmission(template));
  const inv = filled.heatingsysteminvoices.find((i) => i.cost.key === '221');
  if (inv) Object.assign(inv, { taxservicetype: '12', laborgross: '80.00' });
  const sent = await demo.post(`/billingunits/${DISTRICT}/billingperiods/2025-12-31?action=SEND_AND_IGNORE_WARNINGS`, filled);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  fills.set(`${DISTRICT}/2025-12-31`, { filled, template });
  await bill(DISTRICT, '2025-12-31');
});

afterAll(async () => {
  await sandbox.close();
  await dir.remove();
});

const PERIODS = [
  ['gas 2024', GAS, '2024-12-31'],
  ['oil with gross and net 2024', OIL, '2024-12-31'],
  ['district heating with a change of tenant and a vacancy 2024', DISTRICT, '2024-12-31'],
  ['district heating submitted here 2025', DISTRICT, '2025-12-31'],
] as const;

describe('D, E835 and E898 of the demo MSC read back equal the API result', () => {
  it.each(PERIODS)('%s', async (_what, bu, to) => {
    const api = BillingResult.parse((await demo.get(`/billingresult/v1/billingunits/${bu}/billingperiods/${to}`)).body);
    const files = await filesOf(bu, to);
    const imported = importResultFiles(files, factsOf(bu, to), new Date());
    expect(imported.ok ? imported.issues : imported.issues).toEqual([]);
    if (!imported.ok) return;
    const got = imported.result;
    expect(got.results).toHaveLength(api.results.length);
    const fields = ['totalcost', 'co2landlordshare', 'prepayment', 'balance', 'newmonthlyprepayment'] as const;
    api.results.forEach((a, i) => {
      const b = got.results[i];
      const who = `${a.residentialunitMscnumber} ${a.partnerPmnumber}`;
      expect(b && { ...b, positions: undefined }, who).toEqual({ ...a, positions: undefined });
      for (const f of fields) expect(b?.[f], `${who} ${f}`).toEqual(a[f]);
      // Per D cost type: the API's positions summed by the group they are written under.
      for (const k of kindsOf(api)) {
        const groups = new Map<string, number>();
        for (const p of a.positions) groups.set(dGroupOf(p), (groups.get(dGroupOf(p)) ?? 0) + cents(p.cost, k));
        const back = new Map((b?.positions ?? []).map((p) => [p.costtype, cents(p.cost, k)]));
        expect(back, `${who} ${k}`).toEqual(groups);
      }
      const estimated = a.positions.some((p) => p.consumption?.source === 'ESTIMATED');
      expect(
        b?.positions.some((p) => p.consumption?.source === 'ESTIMATED'),
        who,
      ).toBe(estimated);
    });
    expect(got.totals).toEqual(api.totals);
    // Every tenant document of the API is named in E898 and was picked up beside it, byte for byte.
    const perTenant = api.documents.filter((d) => d.type !== 'LGA');
    expect(imported.documents.map((d) => d.document)).toEqual(perTenant);
    for (const d of imported.documents.slice(0, 3)) {
      const res = await fetch(
        `${sandbox.url}/billingresult/v1/billingunits/${bu}/billingperiods/${to}/documents/${d.document.documentid}`,
        {
          headers: { authorization: `Bearer ${await tokenFor(sandbox.url)}` },
        },
      );
      const pdf = files.find((f) => f.name === d.file);
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(pdf?.bytes ?? []))).toBe(true);
    }
  });

  it('writes E835 for the §35a invoice: the tenants’ shares add up to the invoice', async () => {
    const files = await filesOf(DISTRICT, '2025-12-31');
    const e835 = files.find((f) => f.name.startsWith('DTE835_'));
    expect(e835).toBeDefined();
    const imported = importResultFiles(files, factsOf(DISTRICT, '2025-12-31'), new Date());
    if (!imported.ok) throw new Error('import failed');
    expect(imported.taxShares.length).toBeGreaterThan(0);
    const total = cents({ grossamount: imported.taxShares[0]?.invoiceTotalGross }, 'grossamount');
    const shares = imported.taxShares.reduce((a, s) => a + cents({ grossamount: s.userShareAmount }, 'grossamount'), 0);
    expect(shares).toBe(total);
    expect(imported.taxShares.every((s) => s.taxServiceType === '12')).toBe(true);
  });

  it('names a PDF the index lists but that was not picked, and a user the period does not have', async () => {
    const files = (await filesOf(GAS, '2024-12-31')).filter(
      (f, i, all) => f.name !== all.find((x) => x.name.endsWith('.pdf'))?.name,
    );
    const facts = factsOf(GAS, '2024-12-31');
    const dropped = facts.recipients[1];
    const imported = importResultFiles(
      files,
      { ...facts, recipients: facts.recipients.filter((r) => r !== dropped) },
      new Date(),
    );
    expect(imported.ok).toBe(true);
    const codes = imported.issues.map((i) => [i.code, 'line' in i ? i.line : undefined]);
    expect(codes).toContainEqual(['ARGE_PDF_MISSING', 1]);
    expect(imported.issues.find((i) => i.code === 'ARGE_NOT_A_RECIPIENT')).toMatchObject({
      unit: dropped?.residentialunitMscnumber,
      criterion: dropped?.partnerPmnumber,
    });
  });
});

describe('hostile D files give located errors and no result', () => {
  const dOf = async () => {
    const files = await filesOf(GAS, '2024-12-31');
    const d = files.find((f) => f.name.startsWith('DTD305_'));
    if (!d) throw new Error('no D file');
    return { files, d };
  };

  it('a record of wrong length', async () => {
    const { files, d } = await dOf();
    const text = Buffer.from(d.bytes).toString('latin1').split('\r\n');
    text[2] = `${text[2] ?? ''}XX`;
    const bad = { name: d.name, bytes: new Uint8Array(Buffer.from(text.join('\r\n'), 'latin1')) };
    const r = importResultFiles([bad, ...files.filter((f) => f !== d)], factsOf(GAS, '2024-12-31'), new Date());
    expect(r.ok).toBe(false);
    expect(r.issues).toContainEqual(
      expect.objectContaining({ code: 'ARGE_WRONG_LENGTH', file: d.name, line: 3, length: 1026, expected: 1024 }),
    );
  });

  it('a letter in an amount', async () => {
    const { files, d } = await dOf();
    const bytes = new Uint8Array(d.bytes);
    bytes[1026 + 60] = 'X'.charCodeAt(0); // line 2, total gross (positions 58–67)
    const r = importResultFiles(
      [{ name: d.name, bytes }, ...files.filter((f) => f !== d)],
      factsOf(GAS, '2024-12-31'),
      new Date(),
    );
    expect(r.ok).toBe(false);
    expect(r.issues).toContainEqual(expect.objectContaining({ file: d.name, line: 2, field: 8, position: 61 }));
  });

  it('a cut file', async () => {
    const { files, d } = await dOf();
    const bytes = d.bytes.subarray(0, d.bytes.length - 500);
    const lines = readArgeFile(d.bytes, d.name).records.length;
    const r = importResultFiles(
      [{ name: d.name, bytes }, ...files.filter((f) => f !== d)],
      factsOf(GAS, '2024-12-31'),
      new Date(),
    );
    expect(r.ok).toBe(false);
    expect(r.issues).toContainEqual(expect.objectContaining({ code: 'ARGE_CUT_OFF', file: d.name, line: lines }));
  });

  it('a D file of another property', async () => {
    const files = await filesOf(OIL, '2024-12-31');
    const r = importResultFiles(files, factsOf(GAS, '2024-12-31'), new Date());
    expect(r.ok).toBe(false);
    expect(r.issues.map((i) => i.code)).toEqual(expect.arrayContaining(['ARGE_OTHER_PROPERTY', 'ARGE_NO_RECORDS_FOR_PROPERTY']));
  });
});
