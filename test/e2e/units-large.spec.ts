/**
 * 10,003 billing units (the demo MSC's three plus 10,000 generated ones): the list shows its first rows while
 * the other pages are still on their way, and keeps the DOM small while the clerk scrolls to the end.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@test/e2e/fixtures';
import { startBrowserMode } from '@main/bridge/browser-mode';
import { unitsPage } from '@test/e2e/pages/units-page';

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
  // half-loaded list, so the check of the progress line cannot race the loading.
  const handlers = browserApp.context.handlers;
  const readPage = handlers['units:page'];
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  handlers['units:page'] = async (input) => {
    if (input.offset >= 2100) await held;
    return readPage(input);
  };
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
