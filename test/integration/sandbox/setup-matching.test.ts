import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SetupStatus } from '@shared/msc/billing-unit-data';
import type { SetupResidentialUnit } from '@shared/msc/billing-unit-data';
import { startSandbox } from '@main/sandbox/index';
import type { Sandbox } from '@main/sandbox/index';
import { runOperatorCli } from '@main/sandbox/operator-cli';
import { api, expectProblem, operatorApi, pollUntil, tempDir, tokenFor } from '@test/integration/sandbox/helpers';
import type { Api } from '@test/integration/sandbox/helpers';

const BU = '100200301';
const SEED_SETUP = `/billingunitsetup/${BU}`;

let sandbox: Sandbox;
let dir: Awaited<ReturnType<typeof tempDir>>;
let demo: Api;
let operator: Api;

beforeAll(async () => {
  dir = await tempDir();
  // Long enough that a GET right after the POST still sees OPEN; tests that do not wait use "advance".
  sandbox = await startSandbox({ dataDir: dir.path, delays: { matchingStartMs: 600, matchingCompleteMs: 400 } });
  demo = api(sandbox.url, await tokenFor(sandbox.url));
  operator = operatorApi(sandbox.url, sandbox.operatorToken);
});

afterAll(async () => {
  await sandbox.close();
  await dir.remove();
});

const unit = (pm: string, extra: Partial<SetupResidentialUnit> = {}): SetupResidentialUnit => ({
  residentialunitPmnumber: pm,
  ...extra,
});

function setup(billingunit: string, units: SetupResidentialUnit[]) {
  return {
    billingunitMscnumber: billingunit,
    customerMscnumber: '0000012345',
    ordercriteriafor: 'USAGEUNIT',
    residentialunits: units,
  };
}

/** Matched pairs without the MSC's position text (complete-list.test.ts checks that). */
const pairs = (matched: SetupStatus['matched']) => matched?.map(({ positiontext: _p, ...pair }) => pair);

async function status(path: string): Promise<SetupStatus> {
  const r = await demo.get(path);
  expect(r.status).toBe(200);
  return SetupStatus.parse(r.body);
}

async function advance(billingunit: string): Promise<void> {
  const r = await operator.post('/_operator/advance', { billingunitMscnumber: billingunit });
  expect(r.status).toBe(200);
}

describe('matching of billing unit 100200301', () => {
  const known = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '16'].map((n) => unit(`KH42/${n}`));

  it('matches known units, asks about ambiguous ones, reports unknown and additional ones, and waits for manual work', async () => {
    const sent = [
      ...known,
      unit('KH42/11', { description: 'DG rechts' }),
      unit('KH42/12', { description: 'DG links', auxiliarycriteria: { livingarea: '48.00' } }),
      unit('KH42/13', { description: 'DG links' }),
      unit('KH42/14', { description: 'EG Laden', auxiliarycriteria: { floor: 'EG' } }),
      unit('KH42/99', { description: '5. OG links' }),
    ];
    const accepted = await demo.post(SEED_SETUP, setup(BU, sent));
    expect(accepted.status).toBe(202);
    const { transactionid } = accepted.body as { transactionid: string };
    expect(transactionid).toMatch(/\S/);

    await advance(BU);
    const waiting = await status(SEED_SETUP);
    expect(waiting.setupstatus).toBe('IN_PROGRESS');
    expect(waiting.matched).toBeUndefined();

    const manual = await operator.get('/_operator/manual');
    const items = (
      manual.body as { items: { billingunitMscnumber: string; residentialunitPmnumber: string; candidates: unknown[] }[] }
    ).items;
    expect(items).toEqual([
      expect.objectContaining({
        billingunitMscnumber: BU,
        residentialunitPmnumber: 'KH42/14',
        transactionid,
        candidates: [{ residentialunitMscnumber: '0014', positiontext: 'EG Laden (Gewerbe)' }],
      }),
    ]);

    // The operator resolves it through the CLI command.
    let printed = '';
    const io = { out: (t: string) => (printed += t), err: (t: string) => (printed += t) };
    const code = await runOperatorCli(
      [
        'resolve',
        '--url',
        sandbox.url,
        '--token',
        sandbox.operatorToken,
        '--billingunit',
        BU,
        '--pm',
        'KH42/14',
        '--msc',
        '0014',
      ],
      io,
    );
    expect(code).toBe(0);
    expect(JSON.parse(printed)).toEqual({ billingunitMscnumber: BU, setupstatus: 'COMPLETED', pendingmanual: 0 });
    expect(await runOperatorCli(['resolve', '--url', sandbox.url, '--token', sandbox.operatorToken], io)).toBe(2);
    expect(printed).toContain('--billingunit fehlt');

    const done = await status(`/billingunits/${BU}`);
    expect(done.setupstatus).toBe('COMPLETED');
    expect(done.transactionid).toBe(transactionid);
    expect(done.matched?.map((m) => `${m.residentialunitMscnumber}=${m.residentialunitPmnumber}`)).toEqual([
      ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11'].map((n) => `00${n}=KH42/${n}`),
      '0014=KH42/14',
      '0016=KH42/16',
    ]);
    expect(done.additional?.map((a) => a.residentialunitMscnumber)).toEqual(['0012', '0013', '0015']);
    expect(done.unmatched).toEqual([
      {
        residentialunitPmnumber: 'KH42/12',
        reason: 'AMBIGUOUS',
        candidates: [
          { residentialunitMscnumber: '0012', positiontext: 'DG links (Straßenseite)' },
          { residentialunitMscnumber: '0013', positiontext: 'DG links (Hofseite)' },
        ],
      },
      expect.objectContaining({ residentialunitPmnumber: 'KH42/13', reason: 'AMBIGUOUS' }),
      { residentialunitPmnumber: 'KH42/99', reason: 'NOT_FOUND' },
    ]);
    expect((await operator.get('/_operator/manual')).body).toEqual({ items: [] });
  });

  it('re-opens and resolves ambiguous units re-sent with auxiliary criteria, keeping earlier matches', async () => {
    const resend = await demo.post(
      SEED_SETUP,
      setup(BU, [
        unit('KH42/12', { description: 'DG links', auxiliarycriteria: { meternumbers: ['HKV-3010012 1'] } }),
        unit('KH42/13', { auxiliarycriteria: { floor: 'DG', position: 'links (Hofseite)' } }),
      ]),
    );
    expect(resend.status).toBe(202);
    expect((await status(SEED_SETUP)).setupstatus).toBe('OPEN');
    await advance(BU);
    const done = await status(SEED_SETUP);
    expect(done.setupstatus).toBe('COMPLETED');
    expect(pairs(done.matched)).toEqual(
      expect.arrayContaining([
        { residentialunitMscnumber: '0012', residentialunitPmnumber: 'KH42/12' },
        { residentialunitMscnumber: '0013', residentialunitPmnumber: 'KH42/13' },
        { residentialunitMscnumber: '0014', residentialunitPmnumber: 'KH42/14' },
        { residentialunitMscnumber: '0001', residentialunitPmnumber: 'KH42/01' },
      ]),
    );
    expect(done.unmatched).toEqual([{ residentialunitPmnumber: 'KH42/99', reason: 'NOT_FOUND' }]);
    expect(done.additional).toEqual([{ residentialunitMscnumber: '0015', positiontext: 'UG Hausmeisterwohnung' }]);
  });

  it('lets the operator reject a unit, which then counts as not found', async () => {
    expect((await demo.post(SEED_SETUP, setup(BU, [unit('KH42/14', { description: 'Laden' })]))).status).toBe(202);
    await advance(BU);
    expect((await status(SEED_SETUP)).setupstatus).toBe('IN_PROGRESS');
    const r = await operator.post('/_operator/resolve', {
      billingunitMscnumber: BU,
      residentialunitPmnumber: 'KH42/14',
      reject: true,
    });
    expect(r.body).toEqual({ billingunitMscnumber: BU, setupstatus: 'COMPLETED', pendingmanual: 0 });
    const done = await status(SEED_SETUP);
    expect(done.unmatched).toContainEqual({ residentialunitPmnumber: 'KH42/14', reason: 'NOT_FOUND' });
    expect(done.additional?.map((a) => a.residentialunitMscnumber)).toEqual(['0014', '0015']);
  });
});

describe('setup on timers and the bved-v1 profile', () => {
  const V1 = '/billingunitdata/v1/billingunits/setup/100200303';

  it('goes OPEN → IN_PROGRESS → COMPLETED by itself and answers the same on both profiles', async () => {
    const sent = ['0001', '0002', '0003', '0004', '0005', '0006', '0007', '0008', '0009'].map((n) => unit(`LA5-${n}`));
    sent.push(unit('X-10', { auxiliarycriteria: { floor: '3. OG', position: 'links', livingarea: '69.80' } }));
    sent.push(unit('X-12', { residentialunitMscnumber: '0012' }));
    expect((await demo.post(V1, setup('100200303', sent))).status).toBe(202);
    const seen: string[] = [];
    const final = await pollUntil(
      () => status(V1),
      (s) => {
        if (seen.at(-1) !== s.setupstatus) seen.push(s.setupstatus);
        return s.setupstatus === 'COMPLETED';
      },
    );
    expect(seen).toEqual(['OPEN', 'IN_PROGRESS', 'COMPLETED']);
    expect(final.matched).toHaveLength(11);
    expect(pairs(final.matched)).toContainEqual({ residentialunitMscnumber: '0010', residentialunitPmnumber: 'X-10' });
    expect(pairs(final.matched)).toContainEqual({ residentialunitMscnumber: '0012', residentialunitPmnumber: 'X-12' });
    expect(final.additional).toEqual([{ residentialunitMscnumber: '0011', positiontext: '3. OG Mitte' }]);
    expect(final.unmatched).toEqual([]);
    expect(await status('/billingunitsetup/100200303')).toEqual(final);
    expect(await status('/billingunits/100200303')).toEqual(final);
  });
});

describe('matching by order criteria for billing recipients', () => {
  it('finds units by the current billing recipient or the previous MSC number when the keys are new', async () => {
    const V1 = '/billingunitdata/v1/billingunits/setup/100200302';
    const body = {
      ...setup('100200302', [
        unit('2025-0010/1', { currentbillingrecipient: { partnerPmnumber: 'P-302-010', name: 'Meier', firstname: 'Birgit' } }),
        unit('2025-0011/1', { auxiliarycriteria: { previousresidentialunitMscnumber: '0011', note: 'Mieterwechsel' } }),
        unit('2025-0012/1', { currentbillingrecipient: { partnerPmnumber: 'P-999-999', name: 'Unbekannt' } }),
      ]),
      ordercriteriafor: 'BILLINGRECIPIENT',
    };
    expect((await demo.post(V1, body)).status).toBe(202);
    await advance('100200302');
    const done = await status(V1);
    expect(done.setupstatus).toBe('COMPLETED');
    expect(pairs(done.matched)).toEqual([
      { residentialunitMscnumber: '0010', residentialunitPmnumber: '2025-0010/1' },
      { residentialunitMscnumber: '0011', residentialunitPmnumber: '2025-0011/1' },
    ]);
    expect(done.unmatched).toEqual([{ residentialunitPmnumber: '2025-0012/1', reason: 'NOT_FOUND' }]);
    expect(done.additional).toHaveLength(10);
  });
});

describe('setup request checks', () => {
  it('refuses a body whose billing unit or customer does not fit the path', async () => {
    const body = { ...setup('100200302', [unit('A')]), customerMscnumber: '0000000001' };
    const p = expectProblem(await demo.post('/billingunitsetup/100200301', body), 400);
    expect(p.messages?.map((m) => m.path)).toEqual(['billingunitMscnumber', 'customerMscnumber']);
  });

  it('names a duplicate order criterion by its path', async () => {
    const p = expectProblem(await demo.post(SEED_SETUP, setup(BU, [unit('A'), unit('A')])), 400);
    expect(p.messages).toEqual([
      expect.objectContaining({
        type: 'ERROR',
        shortmessage: 'SCHEMA_INVALID',
        path: 'residentialunits[1].residentialunitPmnumber',
      }),
    ]);
  });

  it('keeps operator actions behind the operator token', async () => {
    expectProblem(await api(sandbox.url).get('/_operator/manual'), 401);
    expectProblem(await api(sandbox.url, 'wrong').get('/_operator/manual'), 401);
    const demoToken = await tokenFor(sandbox.url);
    expectProblem(await api(sandbox.url, demoToken).post('/_operator/advance', {}), 401);
    const bad = await operator.post('/_operator/resolve', { billingunitMscnumber: BU, residentialunitPmnumber: 'KH42/14' });
    expect(expectProblem(bad, 400).messages?.[0]?.message).toContain('reject');
  });
});
