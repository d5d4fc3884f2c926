/**
 * Times the demo MSC's billing (issue 21): setting a property of 2,000 recipients to BILLED (the whole billing: readings,
 * every pot divided, the result written) and reading its result over loopback with the MSC client (parsed and checked
 * against the contract); one tenant statement PDF besides. Targets: each < 2 s.
 * Run: npx tsx bench/billing-result-bench.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startSandbox } from '@main/sandbox/index';
import { worldForTemplates } from '@main/sandbox/world-for-template';
import { createMscClient } from '@main/services/msc-client';
import { largeSubmission } from '@test/fixtures/billing-input';
import { figure, median } from './figures';

const RUNS = 5;
const RECIPIENTS = 2000;

const dir = await mkdtemp(join(tmpdir(), 'kb-billing-bench-'));
const { template, submission } = largeSubmission(RECIPIENTS, 500);
const sandbox = await startSandbox({ dataDir: dir, world: worldForTemplates(template) });
const client = createMscClient({
  baseUrl: sandbox.url,
  profile: 'bved-v1',
  auth: { kind: 'oauth2', clientId: 'demo', clientSecret: 'demo-secret' },
  timeoutMs: 30_000,
});
try {
  const bu = template.billingunitMscnumber;
  const to = template.billingperiod.to;
  const sent = await client.send(bu, to, submission, { ignoreWarnings: true });
  if (sent.status !== 'commissioned') throw new Error(`the submission was not commissioned: ${sent.status}`);

  const billOnce = async (): Promise<number> => {
    const t0 = performance.now();
    const res = await fetch(`${sandbox.url}/_operator/period-status`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.operatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ billingunitMscnumber: bu, to, status: 'BILLED' }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`billing answered ${String(res.status)}`);
    return performance.now() - t0;
  };
  const billing: number[] = [];
  for (let i = 0; i < RUNS; i++) billing.push(await billOnce());

  const reading: number[] = [];
  let recipients = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const result = await client.getBillingResult(bu, to);
    reading.push(performance.now() - t0);
    recipients = result.results.length;
  }
  if (recipients !== RECIPIENTS) throw new Error(`the result has ${String(recipients)} recipients, not ${String(RECIPIENTS)}`);
  const result = await client.getBillingResult(bu, to);
  const hka = result.documents.find((d) => d.type === 'HKA');
  const pdf: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await client.getBillingResultDocument(bu, to, hka?.documentid ?? '');
    pdf.push(performance.now() - t0);
  }
  console.log(`billing result: ${String(recipients)} recipients, ${String(result.documents.length)} documents`);
  figure({
    name: 'demo MSC: billing a property of 2,000 recipients',
    value: median(billing),
    unit: 'ms',
    target: { max: 2000, of: 'value' },
    runs: RUNS,
  });
  figure({
    name: 'billing result of 2,000 recipients read over loopback',
    value: median(reading),
    unit: 'ms',
    target: { max: 2000, of: 'value' },
    runs: RUNS,
  });
  figure({ name: 'one tenant statement (HKA) PDF over loopback', value: median(pdf), unit: 'ms', runs: RUNS });
} finally {
  await client.close();
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
}
