/**
 * The Demo-Messdienst panel (issue 10, items 5 and 6): the sample workbook, imported unchanged, gives matched,
 * ambiguous, manual and not-found units; the manual work is explained on the property, resolved in the panel, and
 * the property's screen follows without a reload. The panel never shows for a real connection.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect } from '@test/e2e/fixtures';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { unitsPage } from '@test/e2e/pages/units-page';
import { demoMscPage, matchingView } from '@test/e2e/pages/demo-msc-page';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const LEIPZIG = '100200301';

async function downloadSample(page: Page): Promise<Buffer> {
  const download = page.waitForEvent('download');
  await demoMscPage(page).sampleDownload.click();
  const path = await (await download).path();
  return readFile(path);
}

test('the sample workbook shows every outcome; manual work is resolved in the demo panel and the property follows', async ({
  appPage,
}) => {
  // Arrange: the panel is in the navigation of the demo connection and names the order criteria it knows
  const panel = demoMscPage(appPage);
  const screen = unitsPage(appPage);
  const view = matchingView(appPage);
  await panel.navItem.click();
  await expect(panel.heading).toBeVisible();
  await expect(panel.knownTitle).toBeVisible();
  await expect(appPage.getByRole('table', { name: /^100200301/ })).toContainText('KH42/01');
  await expect(panel.manualEmpty).toBeVisible();
  // The pointer still rests on the navigation entry it clicked; its hover shade is not what axe should judge.
  await panel.heading.hover();
  await expectNoSeriousA11yViolations(appPage);
  const sample = await downloadSample(appPage);

  // Act: import the sample (all three demo properties) unchanged on Leipzig's page and send it
  await screen.navItem.click();
  await screen.unit(LEIPZIG).click();
  const chooser = appPage.waitForEvent('filechooser');
  await screen.wizard.importButton.click();
  await (await chooser).setFiles({ name: 'Beispieldatei Nutzeinheiten.xlsx', mimeType: XLSX, buffer: sample });
  await screen.wizard.panel.getByRole('button', { name: 'An 3 Liegenschaften senden' }).click();

  // Assert: the unit needing a person is explained in plain words, with what the clerk can do
  await expect(screen.matchingStatus).toHaveAttribute('data-status', 'IN_PROGRESS');
  await expect(view.manualNotice).toContainText('von Hand');
  await expect(view.manualNotice).toContainText('KH42/14');
  await expect(view.manualNotice).toContainText('Den Messdienst anrufen');
  await expectNoSeriousA11yViolations(appPage);

  // Act: play the MSC's staff and assign the unit
  await view.toDemo.click();
  await expect(panel.manualRow('KH42/14')).toContainText('EG Laden');
  await panel.assign('KH42/14').click();
  await expect(panel.manualEmpty).toBeVisible();

  // Assert: back on the property (no reload), the matching is complete with every outcome
  await appPage.goBack();
  await expect(screen.matchingStatus).toHaveAttribute('data-status', 'COMPLETED');
  await expect(screen.result.summary).toContainText('12 zugeordnet');
  await expect(screen.result.ambiguousRows).toContainText(['KH42/12']);
  await expect(screen.result.notFound).toContainText('KH42/99');
  await expect(screen.result.matchedRows.filter({ hasText: 'KH42/14' })).toContainText('EG Laden (Gewerbe)');
});

test('the demo panel is not offered for a real connection', async ({ appPage, browserApp }) => {
  // Arrange: a second, real connection becomes the active one
  const [demo] = await browserApp.context.handlers['connections:list'](undefined);
  if (!demo) throw new Error('the demo connection is missing');
  const saved = await browserApp.context.handlers['connections:save']({
    name: 'Echter Messdienst',
    mscCode: demo.mscCode,
    target: { kind: 'url', url: 'https://msc.example.com' },
    profile: 'bved-v1',
    auth: { kind: 'none' },
  });
  await browserApp.context.handlers['preferences:update']({ activeConnectionId: saved.id });
  await appPage.reload();
  const panel = demoMscPage(appPage);

  // Assert: no navigation entry, and the panel's address says it is only for the demo connection
  await expect(appPage.locator('[data-app-state="ready"]')).toBeVisible();
  await expect(panel.navItem).toHaveCount(0);
  await appPage.goto(appPage.url().replace(/#.*$/, '#/demo-messdienst'));
  await expect(appPage.getByTestId('demo-not-available')).toContainText('Echter Messdienst');
  await expect(panel.manualEmpty).toHaveCount(0);
  await expect(browserApp.context.handlers['demo:state']({ connectionId: saved.id })).rejects.toThrow(
    /nur für die eingebaute Demo-Verbindung/,
  );
});
