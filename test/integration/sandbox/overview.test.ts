import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OverviewPage } from '@shared/msc/billing-unit-data';
import { startSandbox } from '@main/sandbox/index';
import type { Sandbox } from '@main/sandbox/index';
import { api, operatorApi, tempDir, tokenFor } from '@test/integration/sandbox/helpers';
import type { Api } from '@test/integration/sandbox/helpers';

const LARGE = 250;
let sandbox: Sandbox;
let dir: Awaited<ReturnType<typeof tempDir>>;
let demo: Api;
let now = Date.parse('2025-03-01T09:00:00Z');

beforeAll(async () => {
  dir = await tempDir();
  sandbox = await startSandbox({
    dataDir: dir.path,
    seedLarge: LARGE,
    tokenTtlSeconds: 365 * 24 * 3600,
    clock: () => new Date(now),
    delays: { matchingStartMs: 60_000, matchingCompleteMs: 60_000 },
  });
  demo = api(sandbox.url, await tokenFor(sandbox.url));
});

afterAll(async () => {
  await sandbox.close();
  await dir.remove();
});

async function page(query: string, profile: 'seed' | 'bved-v1' = 'seed'): Promise<OverviewPage> {
  const r = await demo.get(`${profile === 'seed' ? '/billingunits' : '/billingunitdata/v1/billingunits'}${query}`);
  expect(r.status).toBe(200);
  return OverviewPage.parse(r.body);
}

describe('overview of billing units', () => {
  it('pages through all units in a stable order, 100 by default', async () => {
    const first = await page('');
    expect(first).toMatchObject({ totalentries: LARGE + 3, offset: 0, limit: 100 });
    expect(first.billingunits).toHaveLength(100);
    const all = [...first.billingunits];
    for (let offset = 100; offset < LARGE + 3; offset += 100) all.push(...(await page(`?offset=${String(offset)}`)).billingunits);
    const numbers = all.map((b) => b.billingunitMscnumber);
    expect(numbers).toHaveLength(LARGE + 3);
    expect(new Set(numbers).size).toBe(LARGE + 3);
    expect(numbers.slice(0, 4)).toEqual(['100200301', '100200302', '100200303', '500000001']);
    expect([...numbers].sort()).toEqual(numbers);
    expect((await page('?offset=250&limit=10')).billingunits.map((b) => b.billingunitMscnumber)).toEqual(numbers.slice(250));
    expect((await page('?offset=1000')).billingunits).toEqual([]);
  });

  it('filters by setup status and by change time, alike on both profiles', async () => {
    now = Date.parse('2025-05-10T12:00:00Z');
    const setup = (bu: string) => ({
      billingunitMscnumber: bu,
      customerMscnumber: '0000012345',
      ordercriteriafor: 'USAGEUNIT',
      residentialunits: [{ residentialunitPmnumber: 'X-1', description: 'EG links' }],
    });
    expect((await demo.post('/billingunitsetup/500000007', setup('500000007'))).status).toBe(202);
    expect((await demo.post('/billingunitsetup/500000009', setup('500000009'))).status).toBe(202);
    const advanced = await operatorApi(sandbox.url, sandbox.operatorToken).post('/_operator/advance', {
      billingunitMscnumber: '500000009',
    });
    expect(advanced.status).toBe(200);

    const open = await page('?status=OPEN&limit=5');
    expect(open.totalentries).toBe(LARGE + 3 - 1);
    const completed = await page('?status=COMPLETED');
    expect(completed.billingunits.map((b) => [b.billingunitMscnumber, b.setupstatus])).toEqual([['500000009', 'COMPLETED']]);
    const changed = await page('?from=2025-05-01T00:00:00Z');
    expect(changed.billingunits.map((b) => b.billingunitMscnumber)).toEqual(['500000007', '500000009']);
    expect(changed.billingunits[0]?.lastupdate).toBe('2025-05-10T12:00:00.000Z');
    expect(await page('?from=2025-05-01T00:00:00Z', 'bved-v1')).toEqual(changed);
    expect((await page('?from=2025-05-10T12:00:00.001Z')).totalentries).toBe(0);
  });
});
