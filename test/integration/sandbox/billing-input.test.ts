import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingPeriodList, SendAccepted, Template } from '@shared/msc/billing-input';
import { startSandbox } from '@main/sandbox/index';
import type { Sandbox } from '@main/sandbox/index';
import { demoWorld } from '@main/sandbox/seed';
import { billingUnitForTemplate } from '@main/sandbox/world-for-template';
import { baseSubmission, baseTemplate, ruleCases } from '@test/fixtures/billing-input';
import { api, expectProblem, operatorApi, tempDir, tokenFor } from '@test/integration/sandbox/helpers';
import type { Api } from '@test/integration/sandbox/helpers';

// Two copies of the fixtures' template: one to commission step by step, one for the race.
const SEQUENTIAL = '100200399';
const RACE = '100200398';

let sandbox: Sandbox;
let dir: Awaited<ReturnType<typeof tempDir>>;
let demo: Api;

const period = (bu: string, profile: 'seed' | 'bved-v1' = 'seed', to = '2025-12-31'): string =>
  `${profile === 'seed' ? '' : '/billinginput/v1'}/billingunits/${bu}/billingperiods/${to}`;

const warningCase = ruleCases.find((c) => c.type === 'WARNING');
const errorCase = ruleCases.find((c) => c.type === 'ERROR');

beforeAll(async () => {
  dir = await tempDir();
  const world = demoWorld();
  for (const bu of [SEQUENTIAL, RACE])
    world.billingunits.push(billingUnitForTemplate({ ...baseTemplate(), billingunitMscnumber: bu }));
  sandbox = await startSandbox({ dataDir: dir.path, world });
  demo = api(sandbox.url, await tokenFor(sandbox.url));
});

afterAll(async () => {
  await sandbox.close();
  await dir.remove();
});

describe('billing periods and templates', () => {
  it('lists the periods of a unit alike on both profiles', async () => {
    const seed = await demo.get('/billingunits/100200302/billingperiods');
    const v1 = await demo.get('/billinginput/v1/billingunits/100200302/billingperiods');
    expect(seed.status).toBe(200);
    expect(v1.body).toEqual(seed.body);
    const list = BillingPeriodList.parse(seed.body);
    expect(list.billingperiods.map((p) => [p.to, p.status, p.lastsubmission !== undefined])).toEqual([
      ['2024-12-31', 'COMMISSIONED', true],
      ['2025-12-31', 'OPEN', false],
    ]);
  });

  it('serves a template as often as asked, identical each time and on both profiles', async () => {
    const first = await demo.get(period('100200301'));
    const again = await demo.get(period('100200301'));
    const v1 = await demo.get(period('100200301', 'bved-v1'));
    expect(Template.parse(first.body).billingperiod).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(again.body).toEqual(first.body);
    expect(v1.body).toEqual(first.body);
  });

  it('answers 404 for an unknown period and 400 for a malformed date or unit number', async () => {
    expect(expectProblem(await demo.get(period('100200301', 'seed', '2023-12-31')), 404).detail).toContain('31.12.2023');
    expect(expectProblem(await demo.get(period('100200301', 'seed', '2025-13-01')), 400).messages?.[0]?.path).toBe(
      'billing-period-to',
    );
    expectProblem(await demo.get('/billingunits/12x/billingperiods'), 400);
  });
});

describe('test check (VALIDATE)', () => {
  it('answers 204 for a clean submission and stores nothing', async () => {
    for (const profile of ['seed', 'bved-v1'] as const) {
      const r = await demo.post(`${period(SEQUENTIAL, profile)}?action=VALIDATE`, baseSubmission());
      expect(r.status).toBe(204);
      expect(r.body).toBe('');
    }
    const periods = BillingPeriodList.parse((await demo.get(`/billingunits/${SEQUENTIAL}/billingperiods`)).body);
    expect(periods.billingperiods[0]?.status).toBe('OPEN');
  });

  it('answers 400 with the messages when the check finds a warning', async () => {
    const c = warningCase!;
    const p = expectProblem(await demo.post(`${period(SEQUENTIAL)}?action=VALIDATE`, c.trigger()), 400);
    expect(p.messages).toContainEqual(expect.objectContaining({ type: 'WARNING', shortmessage: c.code, path: c.path }));
  });

  it('names every schema violation by its path', async () => {
    const s = baseSubmission() as unknown as { energysources: { deliveries: { amounts: { grossamount: string } }[] }[] };
    s.energysources[0]!.deliveries[0]!.amounts.grossamount = '12,50';
    const body = { ...s, extra: 1 };
    const p = expectProblem(await demo.post(`${period(SEQUENTIAL)}?action=VALIDATE`, body), 400);
    expect(p.messages?.map((m) => [m.shortmessage, m.path])).toEqual([
      ['SCHEMA_INVALID', 'energysources[0].deliveries[0].amounts.grossamount'],
      ['SCHEMA_INVALID', 'extra'],
    ]);
    expect(p.messages?.[0]?.message).toContain('zwei Nachkommastellen');
  });

  it('refuses a missing or unknown action', async () => {
    const missing = expectProblem(await demo.post(period(SEQUENTIAL), baseSubmission()), 400);
    expect(missing.messages?.[0]?.path).toBe('action');
    const unknown = expectProblem(await demo.post(`${period(SEQUENTIAL)}?action=CHECK`, baseSubmission()), 400);
    expect(unknown.messages?.[0]?.message).toContain('VALIDATE');
  });
});

describe('binding submission (SEND, SEND_AND_IGNORE_WARNINGS)', () => {
  it('refuses SEND while warnings remain, refuses errors always, accepts warnings when told, then answers 409', async () => {
    const url = period(SEQUENTIAL);
    const warned = expectProblem(await demo.post(`${url}?action=SEND`, warningCase!.trigger()), 400);
    expect(warned.detail).toContain('SEND_AND_IGNORE_WARNINGS');
    const erred = expectProblem(await demo.post(`${url}?action=SEND_AND_IGNORE_WARNINGS`, errorCase!.trigger()), 400);
    expect(erred.messages).toContainEqual(expect.objectContaining({ type: 'ERROR', shortmessage: errorCase!.code }));
    let periods = BillingPeriodList.parse((await demo.get(`/billingunits/${SEQUENTIAL}/billingperiods`)).body);
    expect(periods.billingperiods[0]?.status).toBe('OPEN');

    const ok = await demo.post(`${url}?action=SEND_AND_IGNORE_WARNINGS`, warningCase!.trigger());
    expect(ok.status).toBe(200);
    const accepted = SendAccepted.parse(ok.body);
    periods = BillingPeriodList.parse((await demo.get(`/billinginput/v1/billingunits/${SEQUENTIAL}/billingperiods`)).body);
    expect(periods.billingperiods[0]).toMatchObject({
      status: 'COMMISSIONED',
      lastsubmission: { transactionid: accepted.transactionid },
    });

    const again = expectProblem(await demo.post(`${url}?action=SEND`, baseSubmission()), 409);
    expect(again.detail).toContain(accepted.transactionid);
    // A test check of a commissioned period would answer "all clean" only to be refused by the SEND after it.
    const checked = expectProblem(await demo.post(`${url}?action=VALIDATE`, baseSubmission()), 409);
    expect(checked.type).toContain('already-commissioned');
  });

  it('commissions exactly once when two SENDs of one period race', async () => {
    const url = `${period(RACE)}?action=SEND`;
    const replies = await Promise.all([demo.post(url, baseSubmission()), demo.post(url, baseSubmission())]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = SendAccepted.parse(replies.find((r) => r.status === 200)?.body);
    const periods = BillingPeriodList.parse((await demo.get(`/billingunits/${RACE}/billingperiods`)).body);
    expect(periods.billingperiods[0]?.lastsubmission?.transactionid).toBe(winner.transactionid);
  });

  it('lets the operator re-open a commissioned period', async () => {
    const op = operatorApi(sandbox.url, sandbox.operatorToken);
    const r = await op.post('/_operator/period-status', { billingunitMscnumber: RACE, to: '2025-12-31', status: 'OPEN' });
    expect(r.status).toBe(200);
    expect((await demo.post(`${period(RACE)}?action=SEND`, baseSubmission())).status).toBe(200);
  });
});
