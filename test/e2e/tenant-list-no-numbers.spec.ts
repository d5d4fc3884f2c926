/**
 * Issue 19, item 8: a tenant list without a tenant-number column is read, matched by unit, name and period, and
 * says at the unit what it assumed; the clerk chooses which units to take, and the chosen one is delivered.
 */
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { tenantsPage } from './pages/tenants-page';

const BILLINGUNIT = '100200301';

async function openTenants(page: Page, connectionId: string): Promise<void> {
  await page.goto(`${page.url().split('#')[0] ?? ''}#/liegenschaften/${connectionId}/${BILLINGUNIT}`);
  await page.getByRole('link', { name: 'Nutzer und Mieterwechsel' }).click();
}

/** The current tenants of the Leipzig property as the demo MSC knows them, without numbers (0003's change known); 0006 and 0007 change. */
async function listWithoutNumbers(): Promise<Buffer> {
  const current: [string, string, string][] = [
    ['Anna', 'Müller', '01.03.2015'],
    ['Thomas', 'Schneider', '01.09.2012'],
    ['Jonas', 'Becker', '01.01.2019'],
    ['Sabine', 'Fischer', '01.06.2016'],
    ['Michael', 'Weber', '01.01.2017'],
    ['Julia', 'Hoffmann', '01.04.2018'],
    ['Stefan', 'Schäfer', '01.10.2014'],
    ['Katharina', 'Koch', '01.02.2020'],
    ['Andreas', 'Bauer', '01.05.2013'],
    ['Claudia', 'Richter', '01.07.2021'],
    ['Markus', 'Klein', '01.01.2016'],
    ['Petra', 'Wolf', '01.09.2015'],
    ['Tobias', 'Schröder', '01.11.2019'],
    ['', 'Bäckerei Schmitt GmbH', '01.01.2010'],
    ['Nicole', 'Neumann', '01.03.2022'],
    ['Daniel', 'Schwarz', '01.08.2018'],
  ];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Mieter');
  ws.addRow(['WE-Nr.', 'Vorname', 'Name', 'Einzug', 'Auszug']);
  current.forEach(([first, name, since], i) => {
    const unit = String(i + 1).padStart(4, '0');
    const moves = unit === '0006' || unit === '0007';
    ws.addRow([unit, first, name, since, moves ? '30.09.2025' : unit === '0003' ? '30.04.2025' : null]);
    if (unit === '0003') ws.addRow([unit, 'Leonie', 'Wagner', '01.05.2025', null]);
    if (moves) ws.addRow([unit, 'Neu', `Mieter ${unit}`, '01.10.2025', null]);
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('a tenant list without tenant numbers is matched by name, remarks at the unit, and the chosen unit is delivered', async ({
  appPage: page,
  browserApp,
}) => {
  test.setTimeout(150_000);
  // Arrange
  const [connection] = await browserApp.context.handlers['connections:list'](undefined);
  const osr = tenantsPage(page);
  await openTenants(page, connection?.id ?? '');
  await expect(osr.unitRow('0016')).toBeVisible();

  // Act
  await osr.importOpen.click();
  const chooser = page.waitForEvent('filechooser');
  await osr.importPick.click();
  const buffer = await listWithoutNumbers();
  await (await chooser).setFiles({ name: 'Mieter ohne Nummern.xlsx', mimeType: 'application/octet-stream', buffer });

  // Assert: nothing refused, the missing column explained, the assumption at the unit's row
  // The import worker's first start can take a while on a busy machine
  await expect(osr.importSummary).toHaveText('2 Nutzeinheiten ändern sich, 14 bleiben gleich.', { timeout: 60_000 });
  await expect(page.getByTestId('tenant-import-no-numbers')).toContainText('keine Spalte „Mieternummer“');
  await expect(osr.importIssues).toHaveCount(0);
  const remark = osr.previewUnit('0006').getByTestId('tenant-preview-remark');
  await expect(remark.first()).toHaveText(
    'Zeile 8 ohne Mieternummer: Julia Hoffmann ist in diesem Zeitraum schon Mieter dieser Nutzeinheit; die Nummer P-301-006 wird übernommen.',
  );
  await expect(remark.nth(1)).toContainText(
    'Zeile 9 ohne Mieternummer: Neu Mieter 0006 ist neu und wird mit der Nummer 0006-20251001 gemeldet.',
  );
  await expect(remark.nth(1).locator('bdi')).toHaveText('Neu Mieter 0006');
  await expectNoSeriousA11yViolations(page);

  // Act: the clerk leaves 0007 out and saves 0006 only, then delivers
  await page.getByRole('checkbox', { name: 'Nutzeinheit 0007 übernehmen' }).uncheck();
  const saveOne = page.getByRole('button', { name: '1 Änderung speichern' });
  await expect(saveOne).toBeEnabled();
  await saveOne.click();
  await expect(osr.importSaved).toContainText('1 Änderung gespeichert');
  await osr.deliverAll.click();

  // Assert
  await expect(osr.unitRow('0006')).toContainText('Übermittelt');
  await expect(osr.unitRow('0007')).toContainText('Unverändert');
  await osr.unitLink('0006').click();
  await expect(osr.contract('Neu Mieter 0006')).toContainText('01.10.2025');
});
