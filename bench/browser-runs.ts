/**
 * The harness of the page benchmarks: one renderer build in a folder of its own (never one a test run serves),
 * one Chromium, and per run fresh services on a fresh data folder with the page open and ready on its start
 * screen. Figures go to the one table of `npm run bench` (bench/figures.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { buildRenderer } from '@main/app/build';
import { startBrowserMode } from '@main/bridge/browser-mode';
import type { BrowserMode, BrowserModeOptions } from '@main/bridge/browser-mode';
import { CHROMIUM_ARGS } from '../playwright.config';
import { figure, median } from './figures';

export type BrowserRun = { app: BrowserMode; page: Page; baseUrl: string };

/**
 * `runs` times: services started with `options`, `prepare` (e.g. arranging data through the handlers) before the
 * page opens, then `measure` with the page ready.
 */
export async function inBrowserMode(
  name: string,
  runs: number,
  options: Pick<BrowserModeOptions, 'demoSeedLarge'>,
  steps: { prepare?: (app: BrowserMode) => Promise<void>; measure: (run: BrowserRun) => Promise<void> },
): Promise<void> {
  const rendererDir = await mkdtemp(join(tmpdir(), `kb-bench-${name}-renderer-`));
  await buildRenderer(rendererDir);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    for (let run = 0; run < runs; run++) {
      const userDataDir = await mkdtemp(join(tmpdir(), `kb-bench-${name}-`));
      const app = await startBrowserMode({
        userDataDir,
        rendererDir,
        version: 'bench',
        port: 0,
        log: () => undefined,
        ...options,
      });
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      try {
        await steps.prepare?.(app);
        const page = await context.newPage();
        await page.goto(app.bridge.launchUrl);
        await page.locator('[data-app-state="ready"]').waitFor();
        await steps.measure({ app, page, baseUrl: app.bridge.launchUrl.split('#')[0] ?? '' });
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
}

/** The median of a page timing over the runs, with its target, as one row of the bench table. */
export function timing(name: string, xs: number[], targetMs?: number): void {
  figure({
    name,
    value: median(xs),
    unit: 'ms',
    runs: xs.length,
    ...(targetMs === undefined ? {} : { target: { max: targetMs, of: 'value' as const } }),
  });
}
