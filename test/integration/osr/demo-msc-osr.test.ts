/** On-Site-Roles at the demo MSC over loopback HTTP: the plausibility rules, the read-back and the templates after it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Template } from '@shared/msc/billing-input';
import type { CheckMessage } from '@shared/msc/billing-input';
import { OnSiteRolesAccepted, OnSiteRolesRecord } from '@shared/msc/on-site-roles';
import type { OnSiteRoles } from '@shared/msc/on-site-roles';
import { startSandbox } from '@main/sandbox/index';
import type { Sandbox } from '@main/sandbox/index';
import { OSR_RULE_CODES } from '@main/sandbox/osr-rules';
import { api, expectProblem, tempDir, tokenFor } from '@test/integration/sandbox/helpers';
import type { Api } from '@test/integration/sandbox/helpers';
import { osrPath, PROPERTY, tenantChange } from '@test/integration/osr/fixtures';

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

const template = async (to: string) => Template.parse((await demo.get(`/billingunits/${PROPERTY}/billingperiods/${to}`)).body);
const recipientsOf = (t: Template, unit: string) =>
  t.billingrecipients
    .filter((r) => r.residentialunitMscnumber === unit)
    .map(({ name, validfrom, validto, vacancy }) => ({
      name,
      validfrom,
      validto,
      vacancy,
    }));

type RuleCase = { code: string; path: string; change: (r: OnSiteRoles) => void };
const bc = (r: OnSiteRoles, i: number) => {
  const c = r.billingcontracts[i];
  if (!c) throw new Error(`no billing contract ${String(i)}`);
  return c;
};

const errorCases: RuleCase[] = [
  {
    code: 'PARTNER_DUPLICATE',
    path: 'partners[3].partnerPmnumber',
    change: (r) => r.partners.push({ ...r.partners[0], name: 'Schneider' } as OnSiteRoles['partners'][number]),
  },
  {
    code: 'PARTNER_UNKNOWN',
    path: 'billingcontracts[2].billingrecipient.partnerPmnumber',
    change: (r) => (bc(r, 2).billingrecipient.partnerPmnumber = 'P-999'),
  },
  {
    code: 'PARTNER_UNKNOWN',
    path: 'consumptioninformationcontracts[1].partnerPmnumber',
    change: (r) => ((r.consumptioninformationcontracts[1] ?? { partnerPmnumber: '' }).partnerPmnumber = 'P-998'),
  },
  { code: 'DATES_OUT_OF_ORDER', path: 'billingcontracts[1].validto', change: (r) => (bc(r, 1).validto = '2025-04-15') },
  { code: 'CONTRACT_OVERLAP', path: 'billingcontracts[1].validfrom', change: (r) => (bc(r, 1).validfrom = '2025-04-01') },
  {
    code: 'CONTRACT_OVERLAP',
    path: 'consumptioninformationcontracts[1].validfrom',
    change: (r) => ((r.consumptioninformationcontracts[1] ?? { validfrom: '' }).validfrom = '2025-01-01'),
  },
  { code: 'CONTRACT_GAP', path: 'billingcontracts[1].validfrom', change: (r) => r.billingcontracts.splice(1, 1) },
  { code: 'BILLINGCONTRACTS_MISSING', path: 'billingcontracts', change: (r) => (r.billingcontracts = []) },
  {
    code: 'TERMINATION_DATE_MISSING',
    path: 'terminateallbillingcontractsat',
    change: (r) => (r.terminateallbillingcontracts = true),
  },
  {
    code: 'TERMINATION_DATE_MISSING',
    path: 'terminateallconsumptioninformationcontracts',
    change: (r) => (r.terminateallconsumptioninformationcontractsat = '2025-06-30'),
  },
  {
    code: 'CONTRACT_AFTER_TERMINATION',
    path: 'billingcontracts[2].validfrom',
    change: (r) => Object.assign(r, { terminateallbillingcontracts: true, terminateallbillingcontractsat: '2025-06-30' }),
  },
];

describe('plausibility check of a delivery', () => {
  // Unit 0005 takes the rule cases, so the template tests below see only their own deliveries.
  it('accepts a consistent tenant change with no message at all', async () => {
    const reply = await demo.post(osrPath('0005'), tenantChange());
    expect(reply.status).toBe(200);
    const accepted = OnSiteRolesAccepted.parse(reply.body);
    expect(accepted.messages).toBeUndefined();
  });

  it.each(errorCases)('$code at $path refuses the delivery and stores nothing', async ({ code, path, change }) => {
    const before = await demo.get(osrPath('0005'));
    const roles = tenantChange();
    change(roles);
    const problem = expectProblem(await demo.post(osrPath('0005'), roles), 400);
    const found = problem.messages?.find((m) => m.shortmessage === code && m.path === path);
    expect(found?.type).toBe('ERROR');
    expect(found?.message).toMatch(/[a-zäöü]/);
    expect((await demo.get(osrPath('0005'))).body).toEqual(before.body);
  });

  it('VACANCY_NOT_OWNER warns and still accepts the data set', async () => {
    const roles = tenantChange();
    bc(roles, 1).billingrecipient.owner = false;
    const reply = await demo.post(osrPath('0005'), roles);
    expect(reply.status).toBe(200);
    const messages: CheckMessage[] = OnSiteRolesAccepted.parse(reply.body).messages ?? [];
    expect(messages.map((m) => [m.type, m.shortmessage, m.path])).toEqual([
      ['WARNING', 'VACANCY_NOT_OWNER', 'billingcontracts[1].billingrecipient.owner'],
    ]);
  });

  it('answers 404 with RESIDENTIALUNIT_UNKNOWN for a unit the MSC does not have', async () => {
    const problem = expectProblem(await demo.post(osrPath('0099'), tenantChange()), 404);
    expect(problem.messages?.map((m) => m.shortmessage)).toEqual(['RESIDENTIALUNIT_UNKNOWN']);
    expect(problem.detail).toContain('0099');
  });

  it('refuses a body that is not the schema, naming the field', async () => {
    const problem = expectProblem(await demo.post(osrPath('0005'), { ...tenantChange(), partners: 'keine' }), 400);
    expect(problem.messages?.[0]).toMatchObject({ shortmessage: 'SCHEMA_INVALID', path: 'partners' });
  });

  it('covers every rule of the catalog in these cases', () => {
    const covered = new Set([...errorCases.map((c) => c.code), 'VACANCY_NOT_OWNER', 'RESIDENTIALUNIT_UNKNOWN']);
    expect([...covered].sort()).toEqual([...OSR_RULE_CODES].sort());
  });
});

describe('read-back and templates', () => {
  it('has nothing to read back before the first delivery (404)', async () => {
    expectProblem(await demo.get(osrPath('0002')), 404);
  });

  it('reads back exactly what was accepted, on both path profiles', async () => {
    const accepted = OnSiteRolesAccepted.parse((await demo.post(osrPath('0002', 'seed'), tenantChange())).body);
    for (const profile of ['seed', 'bved-v1'] as const) {
      const back = OnSiteRolesRecord.parse((await demo.get(osrPath('0002', profile))).body);
      expect(back).toEqual({ ...tenantChange(), transactionid: accepted.transactionid, acceptedat: accepted.acceptedat });
    }
  });

  it('shows the delivered tenant change in the next template of the open period, not in the commissioned one', async () => {
    expect(recipientsOf(await template('2025-12-31'), '0002')).toEqual([
      { name: 'Thomas Schneider', validfrom: '2025-01-01', validto: '2025-04-30', vacancy: false },
      { name: 'Leerstand (Karl-Heine GmbH)', validfrom: '2025-05-01', validto: '2025-06-30', vacancy: true },
      { name: 'Elif Yilmaz', validfrom: '2025-07-01', validto: undefined, vacancy: false },
    ]);
    expect(recipientsOf(await template('2024-12-31'), '0002')).toEqual([
      { name: 'Thomas Schneider', validfrom: '2024-01-01', validto: undefined, vacancy: false },
    ]);
  });

  it('ends a role left out of the next delivery: it is gone from the next template', async () => {
    const roles = tenantChange();
    const [schneider, vacancy] = roles.billingcontracts;
    if (!schneider || !vacancy) throw new Error('fixture changed');
    const { validto: _end, ...openVacancy } = vacancy;
    roles.billingcontracts = [schneider, openVacancy];
    roles.partners = roles.partners.slice(0, 2);
    roles.consumptioninformationcontracts = roles.consumptioninformationcontracts.slice(0, 1);
    expect((await demo.post(osrPath('0002'), roles)).status).toBe(200);
    const names = recipientsOf(await template('2025-12-31'), '0002').map((r) => r.name);
    expect(names).toEqual(['Thomas Schneider', 'Leerstand (Karl-Heine GmbH)']);
  });

  it('terminates every billing contract at the marked date: the unit has no recipient in the next template', async () => {
    expect(recipientsOf(await template('2025-12-31'), '0004').map((r) => r.name)).toEqual(['Sabine Fischer']);
    const roles: OnSiteRoles = {
      partners: [{ partnerPmnumber: 'P-301-004', name: 'Fischer', firstname: 'Sabine', commercial: false }],
      billingcontracts: [
        { validfrom: '2008-06-01', vacancy: false, billingrecipient: { partnerPmnumber: 'P-301-004', owner: false } },
      ],
      consumptioninformationcontracts: [],
      terminateallbillingcontracts: true,
      terminateallbillingcontractsat: '2024-12-31',
    };
    expect((await demo.post(osrPath('0004'), roles)).status).toBe(200);
    expect(recipientsOf(await template('2025-12-31'), '0004')).toEqual([]);
    // Other units keep theirs.
    expect(recipientsOf(await template('2025-12-31'), '0001').map((r) => r.name)).toEqual(['Anna Müller']);
  });

  it('keeps accepted data sets across a restart of the demo MSC', async () => {
    const before = (await demo.get(osrPath('0002'))).body;
    await sandbox.close();
    sandbox = await startSandbox({ dataDir: dir.path });
    demo = api(sandbox.url, await tokenFor(sandbox.url));
    expect((await demo.get(osrPath('0002'))).body).toEqual(before);
  });
});
