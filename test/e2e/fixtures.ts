/**
 * Playwright fixtures. `browserApp` runs Kostenbrücke in browser mode in this process with a fresh
 * temp data folder and a free port; `appPage` is a Chromium page opened on its launch URL and waited until ready.
 * The renderer is built once per worker, so `npm test` works from a clean clone.
 */
import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRenderer } from '@main/app/build';
import { RENDERER_DIR } from '@main/app/paths';
import { startBrowserMode } from '@main/bridge/browser-mode';
import type { BrowserMode } from '@main/bridge/browser-mode';
import { watchBridgeCalls } from '@test/e2e/axe';

type Fixtures = {
  /** Files (name → content) a spec puts into the fresh data folder before the app starts, e.g. a damaged settings file. */
  userDataFiles: Record<string, string>;
  browserApp: BrowserMode & { userDataDir: string };
  appPage: Page;
};
type WorkerFixtures = { rendererBuilt: string };

export const test = base.extend<Fixtures, WorkerFixtures>({
  rendererBuilt: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring argument
    async ({}, use) => {
      // E2E_RENDERER_DIR: a build folder of its own, for several test runs on one checkout at once.
      const dir = process.env.E2E_RENDERER_DIR ?? RENDERER_DIR;
      await buildRenderer(dir);
      await use(dir);
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  userDataFiles: [{}, { option: true }],

  browserApp: async ({ rendererBuilt, userDataFiles }, use) => {
    const userDataDir = await mkdtemp(join(tmpdir(), 'kb-e2e-'));
    for (const [name, content] of Object.entries(userDataFiles)) await writeFile(join(userDataDir, name), content);
    const app = await startBrowserMode({
      userDataDir,
      rendererDir: rendererBuilt,
      version: '0.0.0-e2e',
      port: 0,
      log: () => undefined,
      // The demo MSC's matching takes seconds by default; tests only need the order of its steps.
      demoDelays: { matchingStartMs: 100, matchingCompleteMs: 200 },
      // Tests never write into a developer's real keyring; the keyring path is covered by unit tests with a fake.
      credentialStore: null,
    });
    await use({ ...app, userDataDir });
    await app.close();
    await rm(userDataDir, { recursive: true, force: true });
  },

  appPage: async ({ page, browserApp }, use) => {
    // A library that injects <style> or inline script breaks under the strict CSP only silently, as a console
    // error and an unstyled widget; every e2e test therefore fails on any CSP violation.
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    // axe waits for the bridge to be idle; counting from the first call, none in flight is missed.
    watchBridgeCalls(page);
    await page.goto(browserApp.bridge.launchUrl);
    await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
    await use(page);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
});

export { expect };
