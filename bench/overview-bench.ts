/**
 * Times the overview of 10,000 billing units: the MSC client pages through all of them
 * (100 per page, as the contract allows) against the demo MSC over loopback HTTP.
 * Run: npx tsx bench/overview-bench.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startSandbox } from '@main/sandbox/index';
import { createMscClient } from '@main/services/msc-client';
import { figure, median } from './figures';

const UNITS = 10_000;
const RUNS = 3;

const dir = await mkdtemp(join(tmpdir(), 'kb-overview-bench-'));
const sandbox = await startSandbox({ dataDir: dir, seedLarge: UNITS });
const client = createMscClient({
  baseUrl: sandbox.url,
  profile: 'bved-v1',
  auth: { kind: 'oauth2', clientId: 'demo', clientSecret: 'demo-secret' },
});
try {
  const times: number[] = [];
  let count = 0;
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    count = 0;
    for await (const unit of client.iterateBillingUnits()) {
      if (unit.billingunitMscnumber) count++;
    }
    times.push(performance.now() - t0);
  }
  figure({
    name: `overview: MSC client pages through ${String(count)} billing units (${String(Math.ceil(count / 100))} pages)`,
    value: median(times),
    unit: 'ms',
    runs: RUNS,
  });
} finally {
  await client.close();
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
}
