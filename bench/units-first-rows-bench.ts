/**
 * Liegenschaften with many billing units, in browser mode and Chromium: from navigating to `/liegenschaften`
 * until the first billing-unit row is visible (target 200 ms), and until every unit is loaded (target 1 s).
 * Each run starts fresh services (demo MSC with `--seed-large` extra units) and a fresh browser context; the clock
 * starts once the start screen shows its counts, so the demo MSC has generated its units (a real MSC holds them
 * already) and the start screen's own reading is over. Baseline: the MSC client alone paging through the same units
 * (bench/overview-bench.ts, 174 ms for 10,003).
 * Run: npx tsx bench/units-first-rows-bench.ts [--seed-large 10000] [--runs 5]
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { inBrowserMode, timing } from './browser-runs';

const FIRST_ROW_TARGET_MS = 200;
const ALL_LOADED_TARGET_MS = 1000;

const { values } = parseArgs({
  options: { 'seed-large': { type: 'string', default: '10000' }, runs: { type: 'string', default: '5' } },
});
const seedLarge = Number(values['seed-large']);
const runs = Math.max(1, Number(values.runs));
const total = seedLarge + 3; // the demo customer's own three units
const totalText = new Intl.NumberFormat('de-DE').format(total);

const firstRows: number[] = [];
const allLoaded: number[] = [];
await inBrowserMode(
  'units',
  runs,
  { demoSeedLarge: seedLarge },
  {
    measure: async ({ page, baseUrl }) => {
      await page.getByTestId('count-needs-action').waitFor({ timeout: 60_000 });
      const t0 = performance.now();
      // Only the fragment changes: the hash router navigates within the running page, as a click in the menu does.
      await page.goto(`${baseUrl}#/liegenschaften`);
      await page.getByTestId('unit-item').first().waitFor();
      firstRows.push(performance.now() - t0);
      await page
        .getByTestId('units-count')
        .getByText(`${totalText} Liegenschaften`, { exact: true })
        .waitFor({ timeout: 300_000 });
      allLoaded.push(performance.now() - t0);
    },
  },
);

timing(`Liegenschaften: ${totalText} billing units, first row visible`, firstRows, FIRST_ROW_TARGET_MS);
timing(`Liegenschaften: ${totalText} billing units, all loaded`, allLoaded, ALL_LOADED_TARGET_MS);
