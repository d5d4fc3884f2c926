import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { test, expect } from '@test/e2e/fixtures';
import { billingPage } from '@test/e2e/pages/billing-page';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';

const PERIOD = '2025-12-31';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A bookkeeping export whose headers Kostenbrücke does not know. */
async function bookings(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Buchungen');
  sheet.addRow(['Tag', 'EUR', 'Kto', 'Vorgang']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function choose(page: Page, click: () => Promise<void>, name: string, buffer: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await click();
  await (await chooser).setFiles({ name, mimeType: XLSX, buffer });
}

test('a clerk maps the columns and accounts of an invoice list once; the next list is read straight away', async ({
  appPage,
}) => {
  // Arrange: the open 2025 period of 100200301
  const screen = billingPage(appPage);
  const { columnMapping } = screen;
  await screen.nav.click();
  await screen.chooseUnit('100200301');
  await screen.openPeriod(PERIOD).click();
  await expect(screen.templateSummary).toBeVisible();

  // Act: columns first, then the unknown account
  await choose(
    appPage,
    () => screen.importInvoices.click(),
    'Buchungen März.xlsx',
    await bookings([['15.03.2025', '630,00', '4711', 'Allgemeinstrom']]),
  );
  await expect(columnMapping.panel).toBeVisible();
  await expect(columnMapping.apply).toBeDisabled();
  await columnMapping.column('Datum').selectOption({ label: 'A: Tag' });
  await columnMapping.column('Betrag').selectOption({ label: 'B: EUR' });
  await columnMapping.column('Konto').selectOption({ label: 'C: Kto' });
  await columnMapping.column('Text').selectOption({ label: 'D: Vorgang' });
  await columnMapping.apply.click();
  await expect(screen.accountMapping).toContainText('für diese Verbindung gespeichert');
  await screen.accountMapping.getByLabel('4711').selectOption('400');
  await screen.accountMapping.getByRole('button', { name: 'Zuordnen und erneut einlesen' }).click();

  // Assert
  await expect(screen.importResult).toContainText('1 Rechnung und 0 Brennstofflieferungen in den Entwurf übernommen');
  await expect(screen.recognisedColumns).toContainText('„Kto“ → Konto');

  // Act: the April list has the same layout and account
  await choose(
    appPage,
    () => screen.importInvoices.click(),
    'Buchungen April.xlsx',
    await bookings([['15.04.2025', '610,00', '4711', 'Allgemeinstrom']]),
  );

  // Assert: neither columns nor accounts are asked again
  await expect(screen.importResult).toContainText('1 Rechnung und 0 Brennstofflieferungen in den Entwurf übernommen (Stand 2)');
  await expect(screen.recognisedColumns).toContainText('Gespeicherte Zuordnung verwendet');
  await expect(columnMapping.panel).toHaveCount(0);
  await expect(screen.accountMapping).toHaveCount(0);
});

test('an account marked "nicht übernehmen" stays out and is remembered; a list read again is asked about, not doubled', async ({
  appPage,
}) => {
  // Arrange: the open 2025 period of 100200301; the May list has an account for repairs, which no cost type covers.
  const screen = billingPage(appPage);
  const { columnMapping } = screen;
  await screen.nav.click();
  await screen.chooseUnit('100200301');
  await screen.openPeriod(PERIOD).click();
  await expect(screen.templateSummary).toBeVisible();
  const may = await bookings([
    ['15.05.2025', '630,00', '4711', 'Allgemeinstrom'],
    ['16.05.2025', '99,00', '4999', 'Reparatur Haustür'],
  ]);

  // Act 1: map columns, map 4711 and mark 4999 "nicht übernehmen"
  await choose(appPage, () => screen.importInvoices.click(), 'Buchungen Mai.xlsx', may);
  await columnMapping.column('Datum').selectOption({ label: 'A: Tag' });
  await columnMapping.column('Betrag').selectOption({ label: 'B: EUR' });
  await columnMapping.column('Konto').selectOption({ label: 'C: Kto' });
  await columnMapping.column('Text').selectOption({ label: 'D: Vorgang' });
  await columnMapping.apply.click();
  await screen.accountMapping.getByLabel('4711').selectOption('400');
  await screen.accountMapping.getByLabel('4999').selectOption({ label: 'nicht übernehmen' });
  await screen.accountMapping.getByRole('button', { name: 'Zuordnen und erneut einlesen' }).click();

  // Assert 1: one invoice taken, the repair row left out as chosen
  await expect(screen.importResult).toContainText('1 Rechnung und 0 Brennstofflieferungen in den Entwurf übernommen (Stand 1)');
  await expect(screen.importResult).toContainText('1 Zeile wurde wie gewählt nicht übernommen');

  // Act 2: the same file again
  await choose(appPage, () => screen.importInvoices.click(), 'Buchungen Mai.xlsx', may);

  // Assert 2: asked, with the day it was taken; cancelling keeps the draft as it was
  await expect(screen.repeatDialog).toContainText('(„Buchungen Mai.xlsx“) wurde am');
  await expect(screen.repeatDialog).toContainText('schon in den Entwurf übernommen');
  await expectNoSeriousA11yViolations(appPage, '[role="dialog"]');
  await expect(screen.repeatDialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await screen.repeatDialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(screen.repeatDialog).toBeHidden();
  await expect(screen.draftStatus).toContainText('Stand 1');

  // Act 3: another file with the May invoice, the repair (remembered as skipped) and a new June invoice
  await choose(
    appPage,
    () => screen.importInvoices.click(),
    'Buchungen Mai bis Juni.xlsx',
    await bookings([
      ['15.05.2025', '630,00', '4711', 'Allgemeinstrom'],
      ['16.05.2025', '99,00', '4999', 'Reparatur Haustür'],
      ['15.06.2025', '640,00', '4711', 'Allgemeinstrom'],
    ]),
  );
  await expect(screen.repeatDialog).toContainText('1 von 2 Einträgen steht schon im Entwurf');
  await expect(screen.accountMapping).toHaveCount(0);
  await screen.repeatDialog.getByRole('button', { name: 'Nur die neue Rechnung übernehmen' }).click();

  // Assert 3: only the June invoice added, nothing doubled
  await expect(screen.importResult).toContainText('1 Rechnung und 0 Brennstofflieferungen in den Entwurf übernommen (Stand 2)');
  await expect(screen.overviewRow('Nebenkosten')).toContainText('1.270,00 €');
});
