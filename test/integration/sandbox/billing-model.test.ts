/**
 * Issue 20 item 4 over loopback: the demo MSC's templates carry what a real MSC agrees (hot-water separation, usage
 * groups, condominium flag, cold water by measured m³), it accepts a fill with the new fields and refuses the
 * obvious mistakes, by schema (400 without plausibility messages) or by its rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Template } from '@shared/msc/billing-input';
import type { CheckMessage, FilledTemplate } from '@shared/msc/billing-input';
import { startSandbox } from '@main/sandbox/index';
import type { Sandbox } from '@main/sandbox/index';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { api, expectProblem, tempDir, tokenFor } from '@test/integration/sandbox/helpers';
import type { Api } from '@test/integration/sandbox/helpers';

const LEIPZIG = '/billinginput/v1/billingunits/100200301/billingperiods/2025-12-31';
const OBERWESER = '/billinginput/v1/billingunits/100200302/billingperiods/2025-12-31';

let sandbox: Sandbox;
let dir: Awaited<ReturnType<typeof tempDir>>;
let demo: Api;

beforeAll(async () => {
  dir = await tempDir();
  sandbox = await startSandbox({ dataDir: dir.path });
  demo = api(sandbox.url, await tokenFor(sandbox.url));
});
afterAll(async () => {
  await sandbox.close();
  await dir.remove();
});

async function templateOf(path: string): Promise<Template> {
  const reply = await demo.get(path);
  expect(reply.status).toBe(200);
  return Template.parse(reply.body);
}

/** Leipzig's fill as a careful clerk completes it: the bakery's VAT shown, the tenant change read, a shop invoice. */
async function leipzigFill(): Promise<{ t: Template; s: FilledTemplate }> {
  const t = await templateOf(LEIPZIG);
  const s = demoSubmission(t);
  s.condominium = false;
  s.hotwater = { temperature: '58.50', meterstart: '2210.400', meterend: '2618.900', volume: '408.500' };
  const gas = s.energysources[0]!;
  gas.supply = { heating1: { from: '2025-01-01', to: '2025-12-31' }, hotwater1: { from: '2025-01-01', to: '2025-12-31' } };
  gas.deliveries[0]!.co2!.costnet = '2016.81';
  for (const r of s.billingrecipients) {
    if (r.residentialunitMscnumber === '0014') r.vatindicator = '1';
    if (r.residentialunitMscnumber === '0003') {
      r.changesplit = '12';
      r.changefee = r.validfrom > '2025-01-01';
    }
  }
  s.ancillaryinvoices.push({
    cost: { key: '400' },
    invoicedate: '2025-06-30',
    amounts: { grossamount: '240.00' },
    usagegroup: 'GEW',
  });
  return { t, s };
}

const messages = async (path: string, s: FilledTemplate): Promise<CheckMessage[]> => {
  const r = await demo.post(`${path}?action=VALIDATE`, s);
  return r.status === 204 ? [] : (expectProblem(r, 400).messages ?? []);
};

describe('the demo templates agree what a real MSC needs', () => {
  it('Leipzig: hot water by heat meter, the bakery as usage group GEW, no condominium', async () => {
    const t = await templateOf(LEIPZIG);
    expect(t.hotwater).toEqual({ method: '350' });
    expect(t.usagegroups?.map((g) => g.key)).toEqual(['WOHN', 'GEW']);
    expect(t.billingrecipients.find((r) => r.residentialunitMscnumber === '0014')?.usagegroup).toBe('GEW');
    expect(t.condominium).toBe(false);
  });

  it('Oberweser is a condominium with hot water by area', async () => {
    const t = await templateOf(OBERWESER);
    expect(t.condominium).toBe(true);
    expect(t.hotwater?.method).toBe('373');
  });

  it('distributes cold water by measured m³ where the meters are rented, and never agrees 236 beside 237', async () => {
    for (const path of [LEIPZIG, OBERWESER]) {
      const t = await templateOf(path);
      const keys = t.costtypes.map((c) => c.key);
      expect(keys).toContain('303');
      expect(keys.includes('236') && keys.includes('237')).toBe(false);
      for (const c of t.costtypes.filter((x) => x.allocation === 'K')) expect(c.allocationkey).toBe('003');
    }
  });
});

describe('a fill with the new fields', () => {
  it('passes the test check with 204', async () => {
    const { s } = await leipzigFill();
    expect(await messages(LEIPZIG, s)).toEqual([]);
  });

  it('refuses values the contract does not know, by schema, at their place', async () => {
    const cases: [string, (s: FilledTemplate) => void][] = [
      ['billingrecipients[0].changesplit', (s) => (s.billingrecipients[0]!.changesplit = '11' as never)],
      ['billingrecipients[0].vatindicator', (s) => (s.billingrecipients[0]!.vatindicator = '4' as never)],
      ['hotwater.temperature', (s) => (s.hotwater = { temperature: '155.00' })],
      ['ancillaryinvoices[0].usagegroup', (s) => (s.ancillaryinvoices[0]!.usagegroup = 'LADEN')],
      [
        'energysources[0].supply.heating3',
        (s) => (s.energysources[0]!.supply = { heating3: { from: '2025-01-01', to: '2025-12-31' } } as never),
      ],
    ];
    for (const [path, change] of cases) {
      const { s } = await leipzigFill();
      change(s);
      const problem = expectProblem(await demo.post(`${LEIPZIG}?action=VALIDATE`, s), 400);
      expect((problem.messages ?? []).map((m) => [m.shortmessage, m.path])).toEqual([['SCHEMA_INVALID', path]]);
    }
  });

  it('names the obvious mistakes: unknown usage group, tenant-change fee without a change, odd temperature, backwards meter', async () => {
    const { s } = await leipzigFill();
    s.ancillaryinvoices.at(-1)!.usagegroup = 'LAD';
    s.billingrecipients[0]!.changefee = true;
    s.hotwater = { temperature: '12.00', meterstart: '2618.900', meterend: '2210.400' };
    const found = (await messages(LEIPZIG, s)).map((m) => [m.shortmessage, m.type, m.path]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['USAGEGROUP_UNKNOWN', 'ERROR', `ancillaryinvoices[${String(s.ancillaryinvoices.length - 1)}].usagegroup`],
        ['USERCHANGE_WITHOUT_CHANGE', 'WARNING', 'billingrecipients[0].changefee'],
        ['HOTWATER_TEMPERATURE', 'WARNING', 'hotwater.temperature'],
        ['HOTWATER_METER', 'ERROR', 'hotwater.meterend'],
      ]),
    );
  });

  it('in a condominium accepts VAT indicator 2, elsewhere warns', async () => {
    const { s } = await leipzigFill();
    s.billingrecipients.find((r) => r.residentialunitMscnumber === '0014')!.vatindicator = '2';
    const found = await messages(LEIPZIG, s);
    expect(found.map((m) => m.shortmessage)).toEqual(['VAT_INDICATOR_CONDOMINIUM']);
    expect(found[0]?.message).toContain('keine Eigentümergemeinschaft (WEG)');

    const t = await templateOf(OBERWESER);
    const weg = demoSubmission(t);
    weg.billingrecipients[0]!.vatindicator = '2';
    expect(await messages(OBERWESER, weg)).toEqual([]);
  });
});
