/**
 * Liegenschaften with many billing units, in browser mode and Chromium: from navigating to `/liegenschaften`
 * until the first billing-unit row is visible, and until every unit is loaded (page after page of 100).
 * Each run starts fresh services (demo MSC with `--seed-large` extra units) and a fresh browser context, after
 * the app is ready on its start screen. Run: npx tsx bench/units-first-rows-bench.ts [--seed-large 10000] [--runs 5]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { buildRenderer } from '@main/app/build';
import { startBrowserMode } from '@main/bridge/browser-mode';
import { CHROMIUM_ARGS } from '../playwright.config';

const FIRST_ROWS_TARGET_MS = 1000;

const { values } = parseArgs({
  options: { 'seed-large': { type: 'string', default: '10000' }, runs: { type: 'string', default: '5' } },
});
const seedLarge = Number(values['seed-large']);
const runs = Math.max(1, Number(values.runs));
const total = seedLarge + 3; // the demo customer's own three units
const totalText = new Intl.NumberFormat('de-DE').format(total);

// A build folder of its own, so the benchmark never overwrites a build a test run is serving.
const rendererDir = await mkdtemp(join(tmpdir(), 'kb-bench-units-renderer-'));
await buildRenderer(rendererDir);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

const firstRows: number[] = [];
const allLoaded: number[] = [];
try {
  for (let run = 0; run < runs; run++) {
    const userDataDir = await mkdtemp(join(tmpdir(), 'kb-bench-units-'));
    const app = await startBrowserMode({
      userDataDir,
      rendererDir,
      version: 'bench',
      port: 0,
      log: () => undefined,
      demoSeedLarge: seedLarge,
    });
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(app.bridge.launchUrl);
      await page.locator('[data-app-state="ready"]').waitFor();
      const t0 = performance.now();
      // Only the fragment changes: the hash router navigates within the running page, as a click in the menu does.
      await page.goto(`${app.bridge.launchUrl.split('#')[0] ?? ''}#/liegenschaften`);
      await page.getByTestId('unit-item').first().waitFor();
      firstRows.push(performance.now() - t0);
      await page
        .getByTestId('units-count')
        .getByText(`${totalText} Liegenschaften`, { exact: true })
        .waitFor({ timeout: 300_000 });
      allLoaded.push(performance.now() - t0);
    } finally {
      await context.close();
      await app.close();
      await rm(userDataDir, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
  await rm(rendererDir, { recursive: true, force: true });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const ms = (x: number) => `${x.toFixed(0)} ms`;
const first = median(firstRows);
console.log(`units list (${totalText} billing units, median of ${String(runs)} runs):`);
console.log('| measure | median | best | target |');
console.log('|---|---|---|---|');
console.log(
  `| to first row visible | ${ms(first)} | ${ms(Math.min(...firstRows))} | < ${ms(FIRST_ROWS_TARGET_MS)} ${first < FIRST_ROWS_TARGET_MS ? 'met' : 'MISSED'} |`,
);
console.log(`| to all ${totalText} loaded | ${ms(median(allLoaded))} | ${ms(Math.min(...allLoaded))} | – |`);
