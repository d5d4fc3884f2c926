/**
 * The Liegenschaften list's pages are served from one read of the MSC's overview (electron/app/overview-reads.ts):
 * against the demo MSC over loopback, a first small page and then large ones give every unit exactly once, the
 * MSC is paged through once per list, and asking for the first page again reads afresh.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '@main/sandbox/index';
import type { Sandbox } from '@main/sandbox/index';
import { createMscClient } from '@main/services/msc-client/index';
import type { MscClient } from '@main/services/msc-client/index';
import { createOverviewReads } from '@main/app/overview-reads';
import { tempDir } from '@test/integration/sandbox/helpers';

const LARGE = 1000;
const TOTAL = LARGE + 3;
let sandbox: Sandbox;
let client: MscClient;
let dir: Awaited<ReturnType<typeof tempDir>>;
let overviewRequests = 0;

beforeAll(async () => {
  dir = await tempDir();
  sandbox = await startSandbox({ dataDir: dir.path, seedLarge: LARGE });
  const real = createMscClient({
    baseUrl: sandbox.url,
    profile: 'bved-v1',
    auth: { kind: 'oauth2', clientId: 'demo', clientSecret: 'demo-secret' },
  });
  client = {
    ...real,
    listBillingUnits: (query, opts) => {
      overviewRequests++;
      return real.listBillingUnits(query, opts);
    },
  };
});

afterAll(async () => {
  await client.close();
  await sandbox.close();
  await dir.remove();
});

describe('overview reads', () => {
  it('serves a first page of 200 and the rest in pages of 400, every unit once, from one pass through the MSC', async () => {
    // Arrange
    const reads = createOverviewReads({ client: () => Promise.resolve(client) });
    overviewRequests = 0;

    // Act
    const first = await reads.page('demo', 0, 200);
    const rest = [];
    for (let offset = 200; offset < TOTAL; offset += 400) rest.push(await reads.page('demo', offset, 400));

    // Assert
    expect(first.totalentries).toBe(TOTAL);
    expect(first.billingunits).toHaveLength(200);
    expect(rest.map((p) => p.billingunits.length)).toEqual([400, 400, 3]);
    const numbers = [first, ...rest].flatMap((p) => p.billingunits.map((b) => b.billingunitMscnumber));
    expect(new Set(numbers).size).toBe(TOTAL);
    expect(numbers.slice(0, 4)).toEqual(['100200301', '100200302', '100200303', '500000001']);
    expect(numbers.at(-1)).toBe(String(500_000_000 + LARGE));
    // 1,003 units are 11 MSC pages of at most 100.
    expect(overviewRequests).toBe(11);
  });

  it('reads afresh when the first page is asked for again, and after a finished read has grown old', async () => {
    // Arrange
    let now = 0;
    const reads = createOverviewReads({ client: () => Promise.resolve(client), keepMs: 1000, clock: { monotonic: () => now } });
    await reads.page('demo', 0, 200);
    await reads.page('demo', 200, 2000);
    overviewRequests = 0;

    // Act: the same list again from its first page
    await reads.page('demo', 0, 200);
    await reads.page('demo', 200, 2000);

    // Assert: a second pass through the MSC
    expect(overviewRequests).toBe(11);

    // Act: a later page long after that read finished
    now += 5000;
    overviewRequests = 0;
    const late = await reads.page('demo', 1000, 100);

    // Assert: read again rather than served from the old read
    expect(late.billingunits.map((b) => b.billingunitMscnumber)).toEqual([
      String(500_000_000 + LARGE - 2),
      String(500_000_000 + LARGE - 1),
      String(500_000_000 + LARGE),
    ]);
    expect(overviewRequests).toBe(11);
  });

  it('reports the MSC failure to the page that waits for it, and reads again on the next request', async () => {
    // Arrange: a connection whose client cannot be had
    let fail = true;
    const reads = createOverviewReads({
      client: () => (fail ? Promise.reject(new Error('MSC nicht erreichbar')) : Promise.resolve(client)),
    });

    // Act + Assert
    await expect(reads.page('demo', 200, 2000)).rejects.toThrow('MSC nicht erreichbar');
    fail = false;
    expect((await reads.page('demo', 200, 2000)).billingunits).toHaveLength(TOTAL - 200);
  });
});
