/**
 * Browser-mode cold start: from starting the main-process services on a fresh data folder (the bridge, and the
 * embedded demo MSC, which the app starts on first use: here at once, so the first figure includes it) until the
 * renderer in Chromium reports `data-app-state="ready"` with the first screen drawn. The browser is launched
 * beforehand, because a clerk's browser is already running; its launch time is printed apart.
 * Run: npx tsx bench/cold-start-bench.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { buildRenderer } from '@main/app/build';
import { RENDERER_DIR } from '@main/app/paths';
import { startBrowserMode } from '@main/bridge/browser-mode';
import { CHROMIUM_ARGS } from '../playwright.config';
import { timing } from './browser-runs';

const RUNS = 5;

await buildRenderer();
const launchStart = performance.now();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const launchMs = performance.now() - launchStart;

const services: number[] = [];
const ready: number[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const userDataDir = await mkdtemp(join(tmpdir(), 'kb-cold-start-'));
    const context = await browser.newContext();
    const t0 = performance.now();
    const app = await startBrowserMode({
      userDataDir,
      rendererDir: RENDERER_DIR,
      version: 'bench',
      port: 0,
      log: () => undefined,
    });
    // The demo MSC otherwise starts on the first screen's first request, outside this figure.
    await app.context.startDemo();
    services.push(performance.now() - t0);
    try {
      const page = await context.newPage();
      await page.goto(app.bridge.launchUrl);
      await page.locator('[data-app-state="ready"]').waitFor();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      ready.push(performance.now() - t0);
    } finally {
      await context.close();
      await app.close();
      await rm(userDataDir, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
}

console.log(`cold start: Chromium launch ${launchMs.toFixed(0)} ms (once, not counted: a clerk's browser is running)`);
timing('cold start: services up (demo MSC, bridge)', services);
timing('cold start: browser mode to app-ready with first screen', ready, 2000);
