/**
 * 10,003 billing units (the demo MSC's three plus 10,000 generated ones): the list shows its first rows while
 * the other pages are still on their way, and keeps the DOM small while the clerk scrolls to the end. Opened
 * from the Übersicht, which has just read every unit, it shows them at once without reading them again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@test/e2e/fixtures';
import { startBrowserMode } from '@main/bridge/browser-mode';
import { unitsPage } from '@test/e2e/pages/units-page';
import { dashboardPage } from '@test/e2e/pages/dashboard-page';

const GENERATED = 10_000;

// The shared fixture starts the plain demo MSC; this spec needs the large one.
const test = base.extend({
  browserApp: async ({ rendererBuilt }, use) => {
    const userDataDir = await mkdtemp(join(tmpdir(), 'kb-e2e-large-'));
    const app = await startBrowserMode({
      userDataDir,
      rendererDir: rendererBuilt,
      version: '0.0.0-e2e',
      port: 0,
      log: () => undefined,
      demoSeedLarge: GENERATED,
    });
    await use({ ...app, userDataDir });
    await app.close();
    await rm(userDataDir, { recursive: true, force: true });
  },
});

test('10,003 units: first rows at once, all of them in the end, never more than a screenful in the DOM', async ({
  appPage,
  browserApp,
}) => {
  test.setTimeout(180_000);
  // Arrange: pages from the third on (100 units, then 2,000 per page) wait until the test has looked at the
  // half-loaded list, so the check of the progress line cannot race the loading. The Übersicht's read of every
  // unit waits too: once it is there, the list would start from it instead of reading page by page.
  const handlers = browserApp.context.handlers;
  const readPage = handlers['units:page'];
  const readList = handlers['units:list'];
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  handlers['units:page'] = async (input) => {
    if (input.offset >= 2100) await held;
    return readPage(input);
  };
  handlers['units:list'] = async (input) => {
    await held;
    return readList(input);
  };
  // The page opened before the handlers were held: start it afresh, with nothing read yet.
  await appPage.reload();
  await expect(appPage.locator('[data-app-state="ready"]')).toBeVisible();
  const screen = unitsPage(appPage);

  // Act
  await screen.navItem.click();

  // Assert: rows are there while the rest is still loading
  await expect(screen.unit('100200301')).toBeVisible();
  await expect(screen.progress).toHaveText('2.100 von 10.003 geladen');
  await expect(screen.count).toHaveText('2.100 Liegenschaften');

  // Act: let the remaining pages through
  release();

  // Assert: all loaded, the progress line gone
  await expect(screen.count).toHaveText('10.003 Liegenschaften', { timeout: 120_000 });
  await expect(screen.progress).toHaveCount(0);

  // Act: scroll to the end in steps with the mouse wheel, as a clerk would
  await screen.listScroller.hover();
  for (let step = 0; step < 4; step++) {
    await appPage.mouse.wheel(0, 100_000);
    // Assert: only the rows around the view are in the DOM
    await expect.poll(() => screen.units.count()).toBeLessThan(200);
  }

  // Assert: the last unit (numbers sort ascending) is on screen
  await expect(screen.unit(String(500_000_000 + GENERATED))).toBeVisible();
  expect(await screen.units.count()).toBeLessThan(200);
  expect(await screen.units.count()).toBeGreaterThan(5);
});

test('opened from the Übersicht: the units it read are listed at once, counted, filtered and sorted, none read again', async ({
  appPage,
}) => {
  test.setTimeout(180_000);
  // Arrange: the Übersicht has read and counted every unit
  const dashboard = dashboardPage(appPage);
  const screen = unitsPage(appPage);
  await expect(dashboard.count('not-sent')).toHaveText('10.003', { timeout: 120_000 });
  const reads: string[] = [];
  appPage.on('request', (request) => {
    const channel = /\/ipc\/(units:(?:page|list))$/.exec(new URL(request.url()).pathname)?.[1];
    if (channel) reads.push(channel);
  });

  // Act: the count of units not sent yet leads to its list
  await dashboard.count('not-sent').click();

  // Assert: the whole filtered list is there at once, with its count, no progress line, in number order
  await expect(screen.count).toHaveText('10.003 von 10.003 Liegenschaften');
  await expect(screen.progress).toHaveCount(0);
  await expect(screen.units.first()).toContainText('100200301');

  // Act: numbers descending
  await screen.columnHeader('Liegenschaft').getByRole('button').click();

  // Assert: the highest number first; nothing was read from the MSC for the list
  await expect(screen.columnHeader('Liegenschaft')).toHaveAttribute('aria-sort', 'descending');
  await expect(screen.units.first()).toContainText(String(500_000_000 + GENERATED));
  expect(reads).toEqual([]);
});
