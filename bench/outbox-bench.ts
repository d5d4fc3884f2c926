/**
 * 1,000 usage units through the outbox to the demo MSC over loopback: ten properties, one setup request of 100
 * units each, from the clerk's "send" (persisted to the outbox first) until every item is sent. Baseline: the same
 * ten requests POSTed straight with the MSC client, without outbox or workspace.
 * Run: npx tsx bench/outbox-bench.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SetupRequest } from '@shared/msc/billing-unit-data';
import { createAppContext } from '@main/app/app-context';
import { startSandbox } from '@main/sandbox/index';
import { DEMO_CLIENT } from '@main/sandbox/seed';
import { LARGE_FIRST_NUMBER } from '@main/sandbox/seed-large';
import { createMscClient } from '@main/services/msc-client';
import { figure, median } from './figures';

const PROPERTIES = 10;
const UNITS = 100;
const RUNS = 3;

const requests = (run: number): SetupRequest[] =>
  Array.from({ length: PROPERTIES }, (_, p) => ({
    billingunitMscnumber: String(LARGE_FIRST_NUMBER + p),
    customerMscnumber: DEMO_CLIENT.customerMscnumber,
    ordercriteriafor: 'USAGEUNIT',
    residentialunits: Array.from({ length: UNITS }, (_, u) => ({
      residentialunitPmnumber: `B${String(run)}-${String(p)}-${String(u).padStart(3, '0')}`,
    })),
  }));

const throughOutbox: number[] = [];
const direct: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const dir = await mkdtemp(join(tmpdir(), 'kb-outbox-bench-'));
  const msc = await startSandbox({ port: 0, dataDir: join(dir, 'msc'), seedLarge: PROPERTIES });
  const context = createAppContext({
    mode: 'browser',
    version: 'bench',
    userDataDir: join(dir, 'app'),
    credentialStore: null,
    log: () => undefined,
  });
  try {
    const h = context.handlers;
    const { id: connectionId } = await h['connections:save']({
      name: 'Bench',
      mscCode: '40',
      profile: 'seed',
      target: { kind: 'url', url: msc.url },
      auth: { kind: 'oauth2-client-credentials', clientId: DEMO_CLIENT.clientId, clientSecret: DEMO_CLIENT.clientSecret },
    });
    const t0 = performance.now();
    for (const request of requests(run)) await h['units:send-setup']({ connectionId, request });
    for (;;) {
      const items = await h['units:outbox']({ connectionId });
      if (items.length === PROPERTIES && items.every((i) => i.state === 'sent')) break;
      if (items.some((i) => i.state === 'failed')) throw new Error('an outbox item failed');
      await new Promise((r) => setTimeout(r, 5));
    }
    throughOutbox.push(performance.now() - t0);

    const client = createMscClient({
      baseUrl: msc.url,
      profile: 'seed',
      auth: { kind: 'oauth2', clientId: DEMO_CLIENT.clientId, clientSecret: DEMO_CLIENT.clientSecret },
    });
    // The app's client has its token by now (the connection check); the direct one gets it before timing too.
    await client.health();
    const t1 = performance.now();
    for (const request of requests(run + 100)) await client.sendSetup(request.billingunitMscnumber, request);
    direct.push(performance.now() - t1);
    await client.close();
  } finally {
    await context.close();
    await msc.close();
    await rm(dir, { recursive: true, force: true });
  }
}

figure({
  name: `outbox: ${String(PROPERTIES * UNITS)} usage units (${String(PROPERTIES)} setups) until all sent, vs the MSC client alone`,
  value: median(throughOutbox),
  unit: 'ms',
  baseline: median(direct),
  runs: RUNS,
});
