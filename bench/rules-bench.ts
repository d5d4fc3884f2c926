/**
 * Times the demo MSC's plausibility check on a large property (2,000 recipients, 500 invoices).
 * Target: median well under 50 ms. Run: npx tsx bench/rules-bench.ts
 */
import { performance } from 'node:perf_hooks';
import { checkSubmission } from '@main/sandbox/rules/index';
import { largeSubmission } from '@test/fixtures/billing-input';

const RUNS = 50;
const WARMUP = 5;
const { template, submission } = largeSubmission(2000, 500);

for (let i = 0; i < WARMUP; i++) checkSubmission(template, submission);
const times: number[] = [];
let messages = 0;
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  messages = checkSubmission(template, submission).length;
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const median = ((times[RUNS / 2 - 1] ?? 0) + (times[RUNS / 2] ?? 0)) / 2;
console.log(
  `rules: checkSubmission 2000 recipients / 500 invoices: median ${median.toFixed(2)} ms, min ${(times[0] ?? 0).toFixed(2)} ms, max ${(times[RUNS - 1] ?? 0).toFixed(2)} ms over ${String(RUNS)} runs (${String(messages)} messages)`,
);
