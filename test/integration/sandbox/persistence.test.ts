import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BillingPeriodList, SendAccepted } from '@shared/msc/billing-input';
import { SetupStatus } from '@shared/msc/billing-unit-data';
import { startSandbox } from '@main/sandbox/index';
import type { Sandbox, SandboxOptions } from '@main/sandbox/index';
import { demoWorld } from '@main/sandbox/seed';
import { billingUnitForTemplate } from '@main/sandbox/world-for-template';
import { baseSubmission, baseTemplate } from '@test/fixtures/billing-input';
import { api, pollUntil, tempDir, tokenFor } from '@test/integration/sandbox/helpers';
import type { Api } from '@test/integration/sandbox/helpers';

let dir: Awaited<ReturnType<typeof tempDir>>;
let current: Sandbox | undefined;

const world = demoWorld();
world.billingunits.push(billingUnitForTemplate(baseTemplate()));

async function start(extra: Partial<SandboxOptions> = {}): Promise<Api> {
  await current?.close();
  current = await startSandbox({ dataDir: dir.path, world, ...extra });
  return api(current.url, await tokenFor(current.url));
}

const setup = (bu: string, pms: string[]) => ({
  billingunitMscnumber: bu,
  customerMscnumber: '0000012345',
  ordercriteriafor: 'USAGEUNIT',
  residentialunits: pms.map((pm) => ({ residentialunitPmnumber: pm })),
});

async function setupStatus(client: Api, bu: string): Promise<SetupStatus> {
  return SetupStatus.parse((await client.get(`/billingunitsetup/${bu}`)).body);
}

async function periodOf(client: Api, bu: string): Promise<BillingPeriodList['billingperiods'][number] | undefined> {
  const list = BillingPeriodList.parse((await client.get(`/billingunits/${bu}/billingperiods`)).body);
  return list.billingperiods.find((p) => p.to === '2025-12-31');
}

beforeAll(async () => {
  dir = await tempDir();
});

afterAll(async () => {
  await current?.close();
  await dir.remove();
});

it('keeps setups, period states and the submission archive across a restart, and resumes unfinished setups', async () => {
  let client = await start({ delays: { matchingStartMs: 60_000, matchingCompleteMs: 60_000 } });
  expect((await client.post('/billingunitsetup/100200301', setup('100200301', ['KH42/01', 'KH42/02']))).status).toBe(202);
  const adv = await api(current!.url, current!.operatorToken).post('/_operator/advance', { billingunitMscnumber: '100200301' });
  expect(adv.status).toBe(200);
  const before = await setupStatus(client, '100200301');
  expect(before.setupstatus).toBe('COMPLETED');
  expect((await client.post('/billingunitsetup/100200303', setup('100200303', ['LA5-0001']))).status).toBe(202);
  const sent = await client.post('/billingunits/100200399/billingperiods/2025-12-31?action=SEND', baseSubmission());
  const { transactionid } = SendAccepted.parse(sent.body);

  client = await start({ delays: { matchingStartMs: 10, matchingCompleteMs: 10 } });
  expect(await setupStatus(client, '100200301')).toEqual(before);
  expect(await periodOf(client, '100200399')).toMatchObject({ status: 'COMMISSIONED', lastsubmission: { transactionid } });
  expect((await client.post('/billingunits/100200399/billingperiods/2025-12-31?action=SEND', baseSubmission())).status).toBe(409);
  const resumed = await pollUntil(
    () => setupStatus(client, '100200303'),
    (s) => s.setupstatus === 'COMPLETED',
  );
  expect(resumed.matched).toEqual([
    { residentialunitMscnumber: '0001', residentialunitPmnumber: 'LA5-0001', positiontext: 'EG links' },
  ]);

  const archived = JSON.parse(
    await readFile(join(dir.path, 'submissions', '100200399', '2025-12-31', `${transactionid}.json`), 'utf8'),
  ) as { action: string; clientId: string; submission: unknown };
  expect(archived).toMatchObject({ action: 'SEND', clientId: 'demo', submission: baseSubmission() });
  // Looked at once the server is closed: while it runs, a state write may be under way, its temp file not renamed yet.
  await current?.close();
  current = undefined;
  expect((await readdir(dir.path)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
});

it('starts fresh with reset', async () => {
  const client = await start({ reset: true });
  const status = await setupStatus(client, '100200301');
  expect(status.setupstatus).toBe('OPEN');
  expect(status.transactionid).toBeUndefined();
  expect((await periodOf(client, '100200399'))?.status).toBe('OPEN');
  expect(await readdir(dir.path)).not.toContain('submissions');
});
