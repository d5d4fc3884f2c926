import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { test, expect } from '@test/e2e/fixtures';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { unitsPage } from '@test/e2e/pages/units-page';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A usage-unit list as a clerk's ERP exports it; `rows` are Ordnungsbegriff, Geschoss, Position, Wohnfläche. */
async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Nutzeinheiten');
  sheet.addRow(['Ordnungsbegriff', 'Geschoss', 'Position', 'Wohnfläche']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function chooseWorkbook(page: Page, click: () => Promise<void>, name: string, buffer: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await click();
  await (await chooser).setFiles({ name, mimeType: XLSX, buffer });
}

// Köln, 100200303 (electron/sandbox/seed.ts): LA5-0001 … LA5-0009 are known to the MSC by PM number; 3. OG has
// links 0010, Mitte 0011, rechts 0012, known only by auxiliary criteria.
const KNOWN = Array.from({ length: 9 }, (_, i) => [`LA5-000${String(i + 1)}`, '', '', '']);

test('a clerk imports usage units, sends them, resolves an ambiguous unit and exports the matching', async ({ appPage }) => {
  // Arrange
  const screen = unitsPage(appPage);
  const file = await workbook([
    ...KNOWN,
    ['K-3OG-MITTE', '3. OG', 'Mitte', '42,50'],
    ['K-3OG-LINKS', '3. OG', '', ''],
    ['K-UNBEKANNT', '', '', ''],
  ]);

  // Act: open the page and pick Köln
  await screen.navItem.click();
  await expect(screen.heading).toBeVisible();
  await expect(screen.units).toHaveCount(3);
  await expect(screen.unit('100200301')).toContainText('Karl-Heine-Straße 42, 04229 Leipzig');
  await expect(screen.unit('100200301')).toContainText('Noch nicht gesendet');
  await screen.unit('100200303').click();
  await expect(screen.detailHeading).toHaveText('Liegenschaft 100200303');
  await expect(appPage).toHaveURL(/#\/liegenschaften\/demo\/100200303$/);

  // Act: import and review (no property column: every row belongs to the property on screen)
  await chooseWorkbook(appPage, () => screen.wizard.importButton.click(), 'Nutzeinheiten Köln.xlsx', file);
  await expect(screen.wizard.reviewSummary).toContainText('12 Zeilen, davon 12 Nutzeinheiten bereit zum Senden');
  await expect(screen.wizard.preview.groups).toHaveCount(0);
  await expect(screen.wizard.preview.cell('Ordnungsbegriff', 12)).toHaveValue('K-UNBEKANNT');
  await expect(screen.wizard.preview.cell('Wohnfläche', 10)).toHaveValue('42,50');

  // Act: send; the request is persisted in the outbox and sent in the background
  await screen.wizard.send.click();
  await expect(screen.wizard.queued).toBeVisible();
  await expect(screen.outboxItems.first()).toContainText('100200303');
  await expect(screen.outboxItems.first()).toHaveAttribute('data-state', 'sent');

  // Assert: the matching result arrives by itself
  await expect(screen.matchingStatus).toHaveAttribute('data-status', 'COMPLETED');
  await expect(screen.result.summary).toContainText('10 zugeordnet');
  await expect(screen.result.summary).toContainText('1 nicht gefunden');
  await expect(screen.result.summary).toContainText('1 mehrdeutig');
  await expect(screen.result.matchedRows.filter({ hasText: 'K-3OG-MITTE' })).toContainText('0011');
  await expect(screen.result.ambiguousRows).toHaveCount(1);
  await expect(screen.result.ambiguousRows.first()).toContainText('K-3OG-LINKS');
  await expect(screen.result.ambiguousRows.first()).toContainText('0010');
  await expect(screen.result.ambiguousRows.first()).toContainText('0012');
  await expect(screen.result.notFound).toContainText('K-UNBEKANNT');
  await expect(screen.result.additionalRows).toHaveCount(2);
  await expect(screen.category).toHaveText('Mehrdeutig');
  await expectNoSeriousA11yViolations(appPage, 'main');

  // Act: add the position to the ambiguous unit and re-send just that one
  await screen.result.addCriteria.click();
  await expect(screen.wizard.cell('Ordnungsbegriff', 1)).toHaveValue('K-3OG-LINKS');
  await expect(screen.wizard.cell('Geschoss', 1)).toHaveValue('3. OG');
  await screen.wizard.cell('Position', 1).fill('links');
  await screen.wizard.next.click();
  await expect(screen.wizard.reviewSummary).toContainText('1 Nutzeinheit');
  await screen.wizard.send.click();

  // Assert: the new matching replaces the old one
  await expect(screen.result.summary).toContainText('11 zugeordnet');
  await expect(screen.result.summary).toContainText('0 mehrdeutig');
  await expect(screen.result.matchedRows.filter({ hasText: 'K-3OG-LINKS' })).toContainText('0010');
  await expect(screen.result.additionalRows).toHaveCount(1);
  await expect(screen.category).toHaveText('Nicht gefunden');

  // Act + Assert: the matching list downloads as an Excel file with one row per matched unit
  const download = appPage.waitForEvent('download');
  await screen.result.exportButton.click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('Zuordnung 100200303.xlsx');
  const exported = new ExcelJS.Workbook();
  await exported.xlsx.load((await readFile(await saved.path())) as unknown as ArrayBuffer);
  const cells = exported.worksheets.flatMap((ws) => ws.getSheetValues().flat().map(String));
  expect(cells).toContain('K-3OG-LINKS');
  expect(cells).toContain('0010');
});

test('a workbook with bad rows shows each problem at its row and cell and sends nothing until they are fixed', async ({
  appPage,
}) => {
  // Arrange: Excel row 3 has no Ordnungsbegriff, row 4 an area that is no number
  const screen = unitsPage(appPage);
  const { preview } = screen.wizard;
  const file = await workbook([
    ['LA5-0001', 'EG', 'links', '58,00'],
    ['', '1. OG', 'rechts', '74,20'],
    ['LA5-0003', 'EG', 'rechts', 'groß'],
  ]);
  await screen.navItem.click();
  await screen.unit('100200303').click();

  // Act
  await chooseWorkbook(appPage, () => screen.wizard.importButton.click(), 'Fehlerhaft.xlsx', file);

  // Assert
  await expect(preview.problems).toHaveText([
    'Zeile 2 (Excel-Zeile 3), Ordnungsbegriff: Pflichtangabe fehlt',
    'Zeile 3 (Excel-Zeile 4), Wohnfläche: „groß“ ist keine Wohnfläche (z. B. 72,50; 0 bis 999.999,99 m²)',
  ]);
  await expect(preview.cellBox('Wohnfläche', 3)).toHaveClass(/editor-cell-error/);
  await expect(screen.wizard.send).toBeDisabled();
  await expect(screen.wizard.panel).toContainText(
    'Senden geht, sobald die 2 Zeilen mit Problemen korrigiert oder gelöscht sind.',
  );
  await expect(screen.outboxItems).toHaveCount(0);
});

test('a workbook that cannot be read at all names sheet, row and column, and nothing is sent', async ({ appPage }) => {
  // Arrange: the header cells of two columns are merged, so their columns cannot be told apart
  const screen = unitsPage(appPage);
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Nutzeinheiten');
  sheet.addRow(['Ordnungsbegriff', 'Wohnfläche', '', 'Geschoss']);
  sheet.addRow(['LA5-0001', 58, 1, 'EG']);
  sheet.mergeCells('B1:C1');
  const file = Buffer.from(await wb.xlsx.writeBuffer());
  await screen.navItem.click();
  await screen.unit('100200303').click();

  // Act
  await chooseWorkbook(appPage, () => screen.wizard.importButton.click(), 'Verbunden.xlsx', file);

  // Assert
  await expect(screen.wizard.issues.first()).toContainText('Blatt „Nutzeinheiten“, Zeile 1, Spalte B');
  await expect(screen.wizard.issues.first()).toContainText('verbundene Zellen');
  await expect(screen.wizard.panel).toContainText('Es wurde nichts gesendet');
  await expect(screen.outboxItems).toHaveCount(0);
});

/** A list whose headers Kostenbrücke does not know. */
async function unusualWorkbook(headers: string[], rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Export');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('a clerk maps unknown columns once; the next file with those headers is read without asking', async ({ appPage }) => {
  // Arrange
  const screen = unitsPage(appPage);
  const { mapping } = screen.wizard;
  const first = await unusualWorkbook(
    ['Schlüssel', 'Wo'],
    [
      ['K-01', 'EG links'],
      ['K-02', 'EG rechts'],
    ],
  );
  await screen.navItem.click();
  await screen.unit('100200303').click();

  // Act: the file's columns are not recognised, so the mapping step opens
  await chooseWorkbook(appPage, () => screen.wizard.importButton.click(), 'Export 1.xlsx', first);
  await expect(mapping.panel).toBeVisible();
  await expect(mapping.headerRow).toContainText('Zeile 1');
  await expect(mapping.missing).toContainText('„Ordnungsbegriff“');
  await expect(mapping.apply).toBeDisabled();
  await mapping.column('Ordnungsbegriff').selectOption({ label: 'A: Schlüssel' });
  await mapping.moreFields.click();
  await mapping.column('Lage').selectOption({ label: 'B: Wo' });
  await expect(mapping.missing).toHaveCount(0);
  await mapping.apply.click();

  // Assert: both units read with the chosen columns
  await expect(screen.wizard.reviewSummary).toContainText('2 Nutzeinheiten');
  await expect(screen.wizard.preview.cell('Ordnungsbegriff', 1)).toHaveValue('K-01');
  await expect(screen.wizard.preview.cell('Lage', 1)).toHaveValue('EG links');
  await expect(screen.wizard.recognised).toContainText('Spalten zugeordnet: „Schlüssel“ → Ordnungsbegriff');

  // Act: a second export with the columns the other way round needs no mapping
  const second = await unusualWorkbook(['Wo', 'Schlüssel'], [['1. OG', 'K-03']]);
  await chooseWorkbook(appPage, () => screen.wizard.preview.pickAgain.click(), 'Export 2.xlsx', second);

  // Assert
  await expect(screen.wizard.reviewSummary).toContainText('1 Nutzeinheit');
  await expect(screen.wizard.preview.cell('Ordnungsbegriff', 1)).toHaveValue('K-03');
  await expect(screen.wizard.preview.cell('Lage', 1)).toHaveValue('1. OG');
  await expect(screen.wizard.recognised).toContainText('Gespeicherte Zuordnung verwendet');
  await expect(mapping.panel).toHaveCount(0);

  // Act + Assert: the clerk can still open the mapping from the review
  await screen.wizard.recognised.getByRole('button', { name: '(Zuordnung ändern)' }).click();
  await expect(mapping.column('Ordnungsbegriff')).toHaveValue('B');
});

test('when the measuring service cannot be reached, the setup waits in the outbox and says when it is tried again', async ({
  appPage,
  browserApp,
}) => {
  // Arrange: the page is loaded from the demo MSC, one unit typed by hand
  const screen = unitsPage(appPage);
  await screen.navItem.click();
  await screen.unit('100200301').click();
  await screen.wizard.typeButton.click();
  await screen.wizard.cell('Ordnungsbegriff', 1).fill('LE-NEU-01');
  await screen.wizard.next.click();
  await expect(screen.wizard.reviewSummary).toContainText('1 Nutzeinheit');
  await expect(screen.wizard.title, 'the focus moves on with the wizard').toBeFocused();

  // Act: the measuring service goes away, then the clerk sends
  await browserApp.context.demo()?.close();
  await screen.wizard.send.click();

  // Assert: nothing is lost; the clerk learns why and what happens next
  const item = screen.outboxItems.filter({ hasText: '100200301' });
  await expect(item).toContainText('Fehlgeschlagen', { timeout: 20_000 });
  await expect(item).toContainText('Neuer Versuch automatisch am');
  await expect(item.getByRole('button', { name: 'Erneut senden' })).toBeVisible();
});

/** The app's address with another route in the hash (the bridge token is kept in this tab's session). */
function routeUrl(page: Page, route: string): string {
  const url = new URL(page.url());
  url.hash = route;
  return url.toString();
}

test('a unit keeps its own address: reload and back lead to the same place', async ({ appPage }) => {
  // Arrange
  const screen = unitsPage(appPage);
  await screen.navItem.click();
  await screen.unit('100200302').click();
  await expect(screen.detailHeading).toHaveText('Liegenschaft 100200302');

  // Act
  await appPage.reload();

  // Assert: still the same unit, with its matching and the way back to the list
  await expect(screen.detailHeading).toHaveText('Liegenschaft 100200302');
  await expect(screen.matchingStatus).toHaveAttribute('data-status', 'OPEN');
  await expect(screen.wizard.typeButton).toBeVisible();
  await screen.backToList.click();
  await expect(screen.heading).toBeVisible();
  await expect(screen.units).toHaveCount(3);
});

test('filter and search live in the address, so a link shows exactly that part of the list', async ({ appPage, browserApp }) => {
  // Arrange: Leipzig has been sent for matching (a unit the MSC does not know), the others not
  const screen = unitsPage(appPage);
  const units = await browserApp.context.handlers['units:list']({ connectionId: 'demo' });
  const leipzig = units.find((u) => u.billingunitMscnumber === '100200301');
  if (!leipzig) throw new Error('demo unit 100200301 missing');
  await browserApp.context.handlers['units:send-setup']({
    connectionId: 'demo',
    request: {
      billingunitMscnumber: leipzig.billingunitMscnumber,
      customerMscnumber: leipzig.customerMscnumber,
      ordercriteriafor: 'USAGEUNIT',
      residentialunits: [{ residentialunitPmnumber: 'LE-GIBTS-NICHT' }],
    },
  });

  // Act
  await appPage.goto(routeUrl(appPage, '#/liegenschaften?status=not-sent'));

  // Assert: only the units not sent yet
  await expect(screen.heading).toBeVisible();
  await expect(screen.units).toHaveCount(2);
  await expect(screen.unit('100200301')).toHaveCount(0);
  await expect(screen.count).toHaveText('2 von 3 Liegenschaften');

  // Act: search within them by city
  await screen.search.fill('köln');

  // Assert
  await expect(screen.units).toHaveCount(1);
  await expect(screen.units.first()).toContainText('Lindenallee 5, 50968 Köln');
  await expect(appPage).toHaveURL(/status=not-sent&q=k%C3%B6ln/);

  // Act + Assert: a search nothing matches says what to do
  await screen.search.fill('Atlantis');
  await expect(screen.units).toHaveCount(0);
  await expect(screen.empty).toContainText('Ändern Sie den Suchbegriff');
});

test('sorting by a column header orders the list and says so to screen readers', async ({ appPage }) => {
  // Arrange
  const screen = unitsPage(appPage);
  await screen.navItem.click();
  await expect(screen.units).toHaveCount(3);
  await expect(screen.columnHeader('Liegenschaft')).toHaveAttribute('aria-sort', 'ascending');

  // Act: address, then address the other way round
  await screen.columnHeader('Adresse').getByRole('button').click();
  await screen.columnHeader('Adresse').getByRole('button').click();

  // Assert: Oberweser, Leipzig, Köln (cities descending); the URL keeps the order
  await expect(screen.columnHeader('Adresse')).toHaveAttribute('aria-sort', 'descending');
  await expect(screen.units.first()).toContainText('Oberweser');
  await expect(screen.units.last()).toContainText('Köln');
  await expect(appPage).toHaveURL(/sort=-address/);
});

// Only the screen's own part: header, navigation and status bar belong to the frame and have their own checks.
test('list and unit page have no serious accessibility problems', async ({ appPage }) => {
  const screen = unitsPage(appPage);
  await screen.navItem.click();
  await expect(screen.units).toHaveCount(3);
  await expectNoSeriousA11yViolations(appPage, 'main');

  await screen.unit('100200303').click();
  await expect(screen.matchingStatus).toBeVisible();
  await screen.wizard.typeButton.click();
  await expect(screen.wizard.cell('Ordnungsbegriff', 1)).toBeVisible();
  await expectNoSeriousA11yViolations(appPage, 'main');
});
