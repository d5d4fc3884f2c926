/**
 * Liegenschaften with many billing units, in browser mode and Chromium: from navigating to `/liegenschaften`
 * until the first billing-unit row is visible, and until every unit is loaded (page after page of 100).
 * Each run starts fresh services (demo MSC with `--seed-large` extra units) and a fresh browser context, after
 * the app is ready on its start screen. Run: npx tsx bench/units-first-rows-bench.ts [--seed-large 10000] [--runs 5]
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { inBrowserMode, timing } from './browser-runs';

const FIRST_ROWS_TARGET_MS = 1000;

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

timing(`Liegenschaften: ${totalText} billing units, first row visible`, firstRows, FIRST_ROWS_TARGET_MS);
timing(`Liegenschaften: ${totalText} billing units, all loaded`, allLoaded);
