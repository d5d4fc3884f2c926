/**
 * Issue 10, items 1, 2 and 7: one workbook for several properties is read once, its bad row is corrected in the
 * preview grid, and each property gets its own setup request and matching result; where the wizard stands
 * survives a reload.
 */
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { test, expect } from '@test/e2e/fixtures';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { unitsPage } from '@test/e2e/pages/units-page';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A clerk's export: a title row, a blank row, German headers, then the rows. */
async function workbook(headers: string[], rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Nutzeinheiten');
  sheet.addRow(['Nutzeinheiten aller Objekte – Export vom 01.03.2026']);
  sheet.addRow([]);
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function chooseWorkbook(page: Page, click: () => Promise<void>, name: string, buffer: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await click();
  await (await chooser).setFiles({ name, mimeType: XLSX, buffer });
}

/** Resolves when the wizard's state is saved with `text` in it (the save follows a change after a short pause). */
const savedWith = (page: Page, text: string) =>
  page.waitForRequest((r) => r.url().includes('/ipc/setup-wizard:save') && (r.postData() ?? '').includes(text));

// electron/sandbox/seed.ts: Leipzig 100200301 (own number LE-KH42) knows KH42/01 …; Oberweser 100200302 (OW-DS12)
// knows DS12-001 …; Köln 100200303 (K-LA5) knows LA5-0001 … by order criterion.
const BAD = 'LA5-0003-FALSCH-ERFASST';

test('one workbook for three properties: read once, the bad row fixed in the grid, one request and result each', async ({
  appPage,
  browserApp,
}) => {
  // Arrange: properties named by the MSC's number and by our own; one unknown property; one order criterion too long
  expect(BAD).toHaveLength(23);
  const screen = unitsPage(appPage);
  const { preview } = screen.wizard;
  const file = await workbook(
    ['Liegenschaft', 'Ordnungsbegriff', 'Geschoss', 'Position', 'Wohnfläche'],
    [
      ['100200301', 'KH42/01', 'EG', 'links', 64.5],
      ['100200301', 'KH42/02', 'EG', 'rechts', '71,20'],
      ['OW-DS12', 'DS12-001', 'EG', 'links', 82.4],
      ['OW-DS12', 'DS12-002', 'EG', 'rechts', 78.6],
      ['100200303', 'LA5-0001', 'EG', 'links', 58],
      ['100200303', 'LA5-0002', 'EG', 'Mitte', '42,50'],
      ['100200303', BAD, 'EG', 'rechts', 58],
      ['100200399', 'X-0001', '', '', ''],
    ],
  );
  await screen.navItem.click();
  await screen.unit('100200303').click();
  await expect(screen.detailHeading).toHaveText('Liegenschaft 100200303');

  // Act: import once
  await chooseWorkbook(appPage, () => screen.wizard.importButton.click(), 'Alle Objekte.xlsx', file);

  // Assert: each property with its rows, the unknown one listed and not guessed, the long criterion at its cell
  await expect(screen.wizard.reviewSummary).toContainText('8 Zeilen');
  await expect(screen.wizard.reviewSummary).toContainText('3 Liegenschaften');
  await expect(preview.groups).toHaveCount(3);
  await expect(preview.group('100200301')).toContainText('Karl-Heine-Straße 42');
  await expect(preview.group('100200302')).toContainText('Dorfstraße 12');
  await expect(preview.group('100200303')).toContainText('1 Zeile mit Problemen');
  await expect(preview.unknown).toContainText('„100200399“');
  await expect(preview.unknown).toContainText('Wird nicht gesendet');
  await expect(preview.unknownRows).toContainText('1 Zeile nennt eine Liegenschaft, die der Messdienst nicht führt');
  await expect(preview.problems).toHaveCount(1);
  await expect(preview.problems.first()).toContainText('Zeile 7 (Excel-Zeile 10), Ordnungsbegriff');
  await expect(preview.problems.first()).toContainText('ist 23 Zeichen lang; erlaubt sind höchstens 20');
  await expect(preview.cellBox('Ordnungsbegriff', 7)).toHaveClass(/editor-cell-error/);
  await expect(preview.cell('Ordnungsbegriff', 7)).toHaveAttribute('aria-description', /23 Zeichen/);
  await expect(preview.cellBox('Liegenschaft', 8)).toHaveClass(/editor-cell-warning/);
  await expect(preview.sendAll).toBeDisabled();
  await expectNoSeriousA11yViolations(appPage, 'main');

  // Act: the problem's link leads to the cell; the clerk corrects it there
  await preview.problems.first().getByRole('button').click();
  await expect(preview.cellBox('Ordnungsbegriff', 7)).toHaveClass(/editor-cell-target/);
  await preview.typeInto('Ordnungsbegriff', 7, 'LA5-0003');

  // Assert: no problem left, three properties ready
  await expect(preview.problems).toHaveCount(0);
  await expect(preview.cellBox('Ordnungsbegriff', 7)).not.toHaveClass(/editor-cell-error/);
  await expect(preview.group('100200303')).toContainText('Bereit');
  await expect(preview.sendAll).toHaveText('An 3 Liegenschaften senden');

  // Act: one confirmation
  await preview.sendAll.click();

  // Assert: one request per property in the outbox, the unknown row not sent
  await expect(screen.wizard.queuedItems).toHaveCount(3);
  await expect(screen.wizard.queuedItems.filter({ hasText: '100200301' })).toContainText('2 Nutzeinheiten');
  await expect(screen.wizard.queuedItems.filter({ hasText: '100200303' })).toContainText('3 Nutzeinheiten');
  const outbox = await browserApp.context.handlers['units:outbox']({ connectionId: 'demo' });
  expect(outbox.map((i) => [i.billingunit, i.request.residentialunits.map((u) => u.residentialunitPmnumber)]).sort()).toEqual([
    ['100200301', ['KH42/01', 'KH42/02']],
    ['100200302', ['DS12-001', 'DS12-002']],
    ['100200303', ['LA5-0001', 'LA5-0002', 'LA5-0003']],
  ]);
  expect(outbox.find((i) => i.billingunit === '100200302')?.request.billingunitPmnumber).toBe('OW-DS12');

  // Assert: each property has its own matching result
  await expect(screen.matchingStatus).toHaveAttribute('data-status', 'COMPLETED');
  await expect(screen.result.summary).toContainText('3 zugeordnet');
  await expect(screen.result.matchedRows.filter({ hasText: 'LA5-0003' })).toContainText('0003');
  await screen.wizard.queuedItems.filter({ hasText: '100200301' }).getByRole('link').click();
  await expect(screen.detailHeading).toHaveText('Liegenschaft 100200301');
  await expect(screen.matchingStatus).toHaveAttribute('data-status', 'COMPLETED');
  await expect(screen.result.summary).toContainText('2 zugeordnet');
  await expect(screen.result.matchedRows.filter({ hasText: 'KH42/02' })).toContainText('0002');
  await screen.backToList.click();
  await screen.unit('100200302').click();
  await expect(screen.matchingStatus).toHaveAttribute('data-status', 'COMPLETED');
  await expect(screen.result.summary).toContainText('2 zugeordnet');
});

test('typed rows, the step and the corrections of an import survive a reload', async ({ appPage }) => {
  // Arrange
  const screen = unitsPage(appPage);
  const { preview } = screen.wizard;
  await screen.navItem.click();
  await screen.unit('100200301').click();

  // Act: type a row by hand, reload once it is saved
  await screen.wizard.typeButton.click();
  const typed = savedWith(appPage, 'LE-NEU-01');
  await screen.wizard.cell('Ordnungsbegriff', 1).fill('LE-NEU-01');
  await screen.wizard.cell('Geschoss', 1).fill('5. OG');
  await typed;
  await appPage.reload();

  // Assert: the same step with the same rows
  await expect(screen.wizard.title).toHaveText('Nutzeinheiten erfassen');
  await expect(screen.wizard.cell('Ordnungsbegriff', 1)).toHaveValue('LE-NEU-01');
  await expect(screen.wizard.cell('Geschoss', 1)).toHaveValue('5. OG');

  // Act: import a file with a bad row instead, correct it, reload
  await screen.wizard.panel.getByRole('button', { name: 'Abbrechen' }).click();
  const file = await workbook(
    ['Ordnungsbegriff', 'Lage'],
    [
      ['KH42/01', 'EG links'],
      [BAD, 'EG rechts'],
    ],
  );
  await chooseWorkbook(appPage, () => screen.wizard.importButton.click(), 'Leipzig.xlsx', file);
  await expect(preview.problems).toHaveCount(1);
  const corrected = savedWith(appPage, 'KH42/02');
  await preview.typeInto('Ordnungsbegriff', 2, 'KH42/02');
  await corrected;
  await appPage.reload();

  // Assert: the file is read again and the correction laid over it
  await expect(screen.wizard.title).toHaveText('Prüfen, korrigieren und senden');
  await expect(preview.cell('Ordnungsbegriff', 2)).toHaveValue('KH42/02');
  await expect(preview.cell('Lage', 2)).toHaveValue('EG rechts');
  await expect(preview.problems).toHaveCount(0);
  await expect(screen.wizard.send).toBeEnabled();
});

test('issue 19, item 5: a list with tenant names but no partner numbers is previewed and sent, the names as information', async ({
  appPage,
}) => {
  test.setTimeout(180_000);
  // Arrange: the usual ERP export of one property, with the tenant's name and no partner number column
  const screen = unitsPage(appPage);
  const { preview } = screen.wizard;
  const file = await workbook(
    ['Ordnungsbegriff', 'Name', 'Wohnfläche'],
    [
      ['KH42/01', 'Müller', 64.5],
      ['KH42/02', 'Yilmaz', '71,20'],
    ],
  );
  await screen.navItem.click();
  await screen.unit('100200301').click();

  // Act
  await chooseWorkbook(appPage, () => screen.wizard.importButton.click(), 'Leipzig Mieter.xlsx', file);
  // The import worker's first start can take long on a busy machine.
  await expect(screen.wizard.reading.progress).toBeHidden({ timeout: 60_000 });

  // Assert: the names are in the preview and said to be information; nothing blocks sending
  await expect(preview.namesOnly).toContainText('Die Namen stehen hier nur zur Information');
  await expect(preview.cell('Name', 1)).toHaveValue('Müller');
  await expect(preview.problems).toHaveCount(0);
  await expect(screen.wizard.send).toBeEnabled();
  await expectNoSeriousA11yViolations(appPage, 'main');
  await appPage.screenshot({ path: test.info().outputPath('names-only.png'), fullPage: true });

  // Act
  await screen.wizard.send.click();

  // Assert: the units went to the demo MSC and were matched
  await expect(screen.wizard.queued).toBeVisible();
  await expect(screen.outboxItems.first()).toHaveAttribute('data-state', 'sent');
  await expect(screen.matchingStatus).toHaveAttribute('data-status', 'COMPLETED');
  await expect(screen.result.summary).toContainText('2 zugeordnet');
  await expect(screen.result.matchedRows.filter({ hasText: 'KH42/02' })).toContainText('0002');
});

/** What a table cell tells about its text fitting (the e2e tsconfig has no DOM types). */
type Box = { scrollWidth: number; clientWidth: number; scrollHeight: number; clientHeight: number; textContent: string | null };

test('issue 19, item 5: the table of a refused file shows its whole texts at 1366 × 800', async ({ appPage }) => {
  // Arrange: a laptop screen; a file whose header cells are merged cannot be read
  await appPage.setViewportSize({ width: 1366, height: 800 });
  const screen = unitsPage(appPage);
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Nutzeinheiten Karl-Heine-Str.');
  sheet.addRow(['Ordnungsbegriff', 'Wohnfläche', '', 'Geschoss', 'Lage', '']);
  sheet.addRow(['KH42/01', 58, 1, 'EG', 'links', 'x']);
  sheet.mergeCells('B1:C1');
  sheet.mergeCells('E1:F1');
  await screen.navItem.click();
  await screen.unit('100200301').click();

  // Act
  await chooseWorkbook(
    appPage,
    () => screen.wizard.importButton.click(),
    'Verbunden.xlsx',
    Buffer.from(await wb.xlsx.writeBuffer()),
  );

  // Assert: every cell of the table shows all of its text (none cut off)
  // The import worker's first start can take long on a busy machine.
  await expect(screen.wizard.issues.first()).toContainText('Bitte die Verbindung aufheben', { timeout: 60_000 });
  const cells = screen.wizard.issues.locator('td');
  expect(await cells.count()).toBeGreaterThan(1);
  const cut = await cells.evaluateAll((tds: Box[]) =>
    tds.filter((td) => td.scrollWidth > td.clientWidth + 1 || td.scrollHeight > td.clientHeight + 1).map((td) => td.textContent),
  );
  expect(cut).toEqual([]);
  await appPage.screenshot({ path: test.info().outputPath('issues-1366.png') });
});
