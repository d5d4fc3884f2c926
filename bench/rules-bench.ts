/**
 * Times the demo MSC's plausibility check on a large property (2,000 recipients, 500 invoices).
 * Target: median well under 50 ms. Run: npx tsx bench/rules-bench.ts
 */
import { performance } from 'node:perf_hooks';
import { checkSubmission } from '@main/sandbox/rules/index';
import { largeSubmission } from '@test/fixtures/billing-input';
import { figure, median } from './figures';

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
figure({
  name: `rules alone: checkSubmission of 2,000 recipients / 500 invoices (${String(messages)} messages)`,
  value: median(times),
  unit: 'ms',
  target: { max: 50, of: 'value' },
  runs: RUNS,
});
