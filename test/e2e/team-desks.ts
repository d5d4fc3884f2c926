/**
 * Browser-mode desks joined to a team database the way an administrator joins them (KB_TEAM_DB), each with its own
 * data folder and its own embedded demo MSC, opened in a page of its own; and the throw-away PostgreSQL they share.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '@test/e2e/fixtures';
import { watchBridgeCalls } from '@test/e2e/axe';
import { startBrowserMode, type BrowserMode } from '@main/bridge/browser-mode';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '@test/support/postgres-cluster';

export type Desk = { app: BrowserMode; dir: string; page: Page };

/**
 * A desk on the team database at `url`, shown once ready. With a clerk's name and language they are given before
 * the page opens, as after the first start; without a name the desk asks its clerk.
 */
export async function openTeamDesk(
  browser: Browser,
  rendererDir: string,
  url: string,
  clerk: string | null,
  language?: 'de' | 'en',
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
  if (clerk !== null) await app.context.handlers['team:set-clerk']({ clerk });
  if (language) await app.context.handlers['preferences:update']({ language });
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

const found = findPostgresBin();

/**
 * Inside a `test.describe`: a throw-away PostgreSQL for its tests (without the binaries the group is skipped, saying
 * what is missing; CI installs them), and the desks it is told to keep closed after each test or after all of them.
 */
export function teamDatabase(closeDesksAfter: 'each' | 'all' = 'all') {
  test.skip('missing' in found, 'missing' in found ? found.missing : '');
  let cluster: PostgresCluster | undefined;
  const desks: Desk[] = [];
  const closeAll = async () => {
    for (const d of desks.splice(0)) await closeDesk(d);
  };
  test.beforeAll(async () => {
    cluster = await startPostgresCluster();
  });
  if (closeDesksAfter === 'each') test.afterEach(closeAll);
  test.afterAll(async () => {
    await closeAll();
    await cluster?.stop();
  });
  const started = (): PostgresCluster => {
    if (!cluster) throw new Error('the PostgreSQL cluster is not started yet');
    return cluster;
  };
  const keep = (desk: Desk): Desk => {
    desks.push(desk);
    return desk;
  };
  return {
    cluster: started,
    keep,
    /** openTeamDesk, closed by the suite. */
    open: async (...args: Parameters<typeof openTeamDesk>) => keep(await openTeamDesk(...args)),
  };
}

/** The office's connection definitions as the database holds them, one JSON text per line. */
export async function storedConnectionDefinitions(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ d: string }>('SELECT definition::text AS d FROM team_connections');
    return rows.map((r) => r.d).join('\n');
  } finally {
    await client.end();
  }
}
