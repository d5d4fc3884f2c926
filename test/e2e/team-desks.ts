/**
 * A browser-mode desk joined to a team database the way an administrator joins it (KB_TEAM_DB), with its own data
 * folder and its own embedded demo MSC, its clerk's name already given, opened in a page of its own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect } from '@test/e2e/fixtures';
import { watchBridgeCalls } from '@test/e2e/axe';
import { startBrowserMode, type BrowserMode } from '@main/bridge/browser-mode';

export type Desk = { app: BrowserMode; dir: string; page: Page };

export async function openTeamDesk(
  browser: Browser,
  rendererDir: string,
  url: string,
  clerk: string,
  language: 'de' | 'en',
): Promise<Desk> {
  const dir = await mkdtemp(join(tmpdir(), 'kb-e2e-desk-'));
  const app = await startBrowserMode({
    userDataDir: dir,
    rendererDir,
    version: '0.0.0-e2e',
    port: 0,
    log: () => undefined,
    demoDelays: { matchingStartMs: 100, matchingCompleteMs: 200 },
    credentialStore: null,
    teamDb: url,
    teamHealthMs: 500,
  });
  await app.context.handlers['team:set-clerk']({ clerk });
  await app.context.handlers['preferences:update']({ language });
  const page = await (await browser.newContext()).newPage();
  watchBridgeCalls(page);
  await page.goto(app.bridge.launchUrl);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  return { app, dir, page };
}

export async function closeDesk(desk: Desk): Promise<void> {
  await desk.page.context().close();
  await desk.app.close();
  await rm(desk.dir, { recursive: true, force: true });
}
