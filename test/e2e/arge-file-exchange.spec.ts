/**
 * A measuring service without the API (docs/arge.md, "File-exchange connection"): the clerk sets up a file-exchange
 * connection, types the agreement of a property, completes the period in the editor, checks it and creates the
 * files; the archive entry lists them, they save again and read back with the reader. The measuring service bills
 * what the files carry (the demo MSC's billing, run by the test in its place) and sends D, E835, E898 and the
 * statements back, which the clerk reads in on the period's results screen.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { test, expect } from '@test/e2e/fixtures';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { editorPage } from '@test/e2e/pages/editor-page';
import { fillFor } from '@test/fixtures/arge-fill';
import { readArgeFile } from '@shared/arge/read';
import type { FilledTemplate } from '@shared/msc/billing-input';
import { billSubmission } from '@main/sandbox/billing/engine';
import { argeResultFiles } from '@main/sandbox/billing/arge-results';
import { resultsPage } from '@test/e2e/pages/results-page';

const UNIT = '700100';
const PERIOD = '2025-12-31';

/** The main area scrolls on its own; a tall window shows the whole screen in one picture. */
async function shoot(page: Page, path: string): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 2200 });
  await page.screenshot({ path, fullPage: true });
  if (size) await page.setViewportSize(size);
}

async function english(page: Page, path: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Hauptbereiche' }).getByRole('link', { name: 'Einstellungen' }).click();
  await page.getByRole('radio', { name: 'English' }).check();
  await page.goBack();
  await shoot(page, path);
  await page.getByRole('navigation', { name: 'Main areas' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('radio', { name: 'Deutsch' }).check();
  await page.goBack();
}

test('a clerk creates ARGE files for a measuring service without the API, and finds them in the archive', async ({
  appPage: page,
  browserApp,
}, testInfo) => {
  test.setTimeout(400_000);
  const nav = page.getByRole('navigation', { name: 'Hauptbereiche' });

  // Arrange: a file-exchange connection, made in Einstellungen.
  await nav.getByRole('link', { name: 'Einstellungen' }).click();
  await page.getByRole('link', { name: 'Neue Verbindung' }).click();
  await page.getByLabel('Bezeichnung').fill('Minol Dateiaustausch');
  await page.getByLabel('Messdienstunternehmen').selectOption('33');
  await page.getByRole('radio', { name: /^Dateiaustausch \(ARGE\)/ }).check();
  await expect(page.getByLabel('Adresse der Schnittstelle')).toHaveCount(0);
  await page.getByLabel('Ihre Kundennummer beim Messdienst').fill('4711');
  await page.getByLabel('Ordnungsbegriff in den Dateien').selectOption({ label: 'Nummer der Nutzeinheit (Wohnungsnummer)' });
  await expectNoSeriousA11yViolations(page, 'main');
  await shoot(page, testInfo.outputPath('connection-form-de.png'));
  await page.getByRole('button', { name: 'Speichern und prüfen' }).click();
  const card = page.getByTestId('connection-card').filter({ hasText: 'Minol Dateiaustausch' });
  await expect(card).toContainText('Dateiaustausch (ARGE), Kundennummer 4711');
  await expect(card.getByTestId('connection-status')).toContainText('Bereit (Dateiaustausch)');

  // Act 1: the clerk switches to it and types the property's agreement.
  await page.getByRole('combobox', { name: 'Messdienst-Verbindung' }).click();
  await page.getByRole('option', { name: 'Minol Dateiaustausch' }).click();
  await nav.getByRole('link', { name: 'Vereinbarungen' }).click();
  await expect(page.getByRole('heading', { name: 'Vereinbarungen', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Liegenschaft erfassen' }).click();
  await page.getByLabel('Liegenschaftsnummer des Messdienstes').fill(UNIT);
  await page.getByLabel('Ihre Objektnummer').fill('OBJ-7');
  await page.getByLabel('Straße und Hausnummer').fill('Lindenstraße 7');
  await page.getByLabel('Postleitzahl').fill('04109');
  await page.getByLabel('Ort').fill('Leipzig');
  await page.getByLabel('Erster Abrechnungszeitraum von').fill('01.01.2025');
  await page.getByRole('textbox', { name: /^bis/ }).fill('31.12.2025');
  await page.getByLabel('Brennstoff 1', { exact: true }).selectOption('194');
  await page.getByLabel('Heizwert Brennstoff 1').fill('1');
  for (const key of ['003', '010', '011']) await page.getByRole('checkbox', { name: new RegExp(`^${key} – `) }).check();
  await page.getByLabel('Kostenart 1: Kostenart').selectOption('221');
  await page.getByLabel('Kostenart 1: Umlage').selectOption('E');
  await page.getByLabel('Kostenart 1: Verteilerschlüssel').selectOption('011');
  await page.getByRole('button', { name: 'Kostenart hinzufügen' }).click();
  await page.getByLabel('Kostenart 2: Kostenart').selectOption('236');
  await page.getByLabel('Kostenart 2: Umlage').selectOption('K');
  await page.getByLabel('Kostenart 2: Verteilerschlüssel').selectOption('003');
  const unitRow = async (n: number, values: string[]) => {
    const fields = ['Nutzer-Nr. des Messdienstes', 'Ihre Nummer', 'Partnernummer des Nutzers', 'Name des Nutzers', 'Nutzer seit'];
    for (const [i, field] of fields.entries()) await page.getByLabel(`Nutzeinheit ${String(n)}: ${field}`).fill(values[i] ?? '');
  };
  await unitRow(1, ['0001', 'WE-01', 'P-100', 'Jana Krüger', '01.05.2020']);
  await page.getByRole('button', { name: 'Nutzeinheit hinzufügen' }).click();
  await unitRow(2, ['0002', 'WE-02', 'P-200', 'Omar Haddad', '01.04.2025']);
  await page.getByRole('button', { name: 'Vereinbarung speichern' }).click();
  await expect(page.getByTestId('agreement-saved')).toHaveText('Die Vereinbarung ist gespeichert.', { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: `Vereinbarung der Liegenschaft ${UNIT}`, level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'main');
  await shoot(page, testInfo.outputPath('agreement-de.png'));
  await english(page, testInfo.outputPath('agreement-en.png'));

  // Act 2: the period's draft, with the heating invoice's amount still open, is completed in the editor.
  const handlers = browserApp.context.handlers;
  const connectionId = (await handlers['connections:list'](undefined)).find((c) => c.name === 'Minol Dateiaustausch')?.id ?? '';
  const where = { connectionId, billingunit: UNIT, periodTo: PERIOD };
  const template = await handlers['templates:get'](where);
  expect(template.billingrecipients.map((r) => r.name)).toEqual(['Jana Krüger', 'Omar Haddad']);
  const filled = fillFor(template);
  filled.heatingsysteminvoices[0]!.amounts = {};
  // The boiler's maintenance is a tradesman's service: its labour counts for the tenants under §35a (3) EStG.
  Object.assign(filled.heatingsysteminvoices[0]!, { taxservicetype: '13', laborgross: '150.00' });
  await handlers['drafts:save']({
    connectionId,
    draft: { billingunit: UNIT, periodTo: PERIOD, content: filled },
    expectedRevision: 0,
  });
  const editor = editorPage(page);
  const editorUrl = (step: string) =>
    `${page.url().split('#')[0] ?? ''}#/abrechnung/${connectionId}/${UNIT}/${PERIOD}/erfassen/${step}`;
  await page.goto(editorUrl('heizung'));
  await editor.typeInto('heatingsysteminvoices', 'Brutto (€)', 1, '250,00');
  await page.keyboard.press('Enter');
  await editor.step('Prüfen').click();
  await expect(editor.saveState).toHaveText('Gespeichert');
  await editor.runCheck.click();
  await expect(editor.checkResult).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'main');
  await shoot(page, testInfo.outputPath('check-de.png'));

  // Act 3: "Dateien erzeugen", with the same question as a binding submission, in file words.
  await editor.step('Dateien erzeugen').click();
  await expectNoSeriousA11yViolations(page, 'main');
  await shoot(page, testInfo.outputPath('create-files-de.png'));
  await editor.submitStep.getByRole('button', { name: 'Dateien erzeugen' }).click();
  const question = page.getByRole('dialog', { name: 'ARGE-Dateien verbindlich erzeugen?' });
  await expect(question).toContainText('als ARGE-Dateien (DTM und DTK)');
  await shoot(page, testInfo.outputPath('create-files-question-de.png'));
  await question.getByRole('button', { name: 'Dateien erzeugen' }).click();
  await expect(editor.submitDone).toContainText('Dateien erzeugt');

  // Assert: the archive entry lists both files; saved again, they read back with the connection's numbers.
  await page.getByRole('link', { name: 'Zum Archiveintrag' }).first().click();
  const listed = page.getByTestId('written-file');
  await expect(listed).toHaveCount(2);
  await expect(listed.nth(0)).toContainText(/DTM305_\d{14}\.DAT/);
  await expect(listed.nth(1)).toContainText(/DTK305_\d{14}\.DAT/);
  await expectNoSeriousA11yViolations(page, 'main');
  await shoot(page, testInfo.outputPath('archive-entry-de.png'));
  await english(page, testInfo.outputPath('archive-entry-en.png'));
  const downloaded = page.waitForEvent('download');
  await listed
    .nth(0)
    .getByRole('button', { name: /^DTM305_\d{14}\.DAT speichern$/ })
    .click();
  const dtm = readArgeFile(new Uint8Array(await readFile(await (await downloaded).path())), 'DTM');
  expect(dtm.issues).toEqual([]);
  expect(
    dtm.records.filter((r) => r.type === 'M').map((r) => [r.values.customerNumber, r.values.mscKey, r.values.pmReference]),
  ).toEqual([
    ['0000004711', '33', 'WE-01'],
    ['0000004711', '33', 'WE-02'],
  ]);
  const downloadedK = page.waitForEvent('download');
  await listed
    .nth(1)
    .getByRole('button', { name: /speichern$/ })
    .click();
  const dtk = readArgeFile(new Uint8Array(await readFile(await (await downloadedK).path())), 'DTK');
  expect(dtk.issues).toEqual([]);
  // The delivery under key 201 comes first, then the invoices.
  expect(dtk.records.filter((r) => r.type === 'K').map((r) => [r.values.costKey, r.values.gross])).toEqual([
    ['201', '9350.00'],
    ['221', '250.00'],
    ['236', '1190.00'],
  ]);

  // Act 4: the measuring service bills what the files carry and sends its result back as files.
  const [submitted] = await handlers['archive:list']({ connectionId, billingunit: UNIT, periodTo: PERIOD });
  const entry = await handlers['archive:read']({ connectionId, id: submitted?.id ?? '' });
  const sent = entry?.request as FilledTemplate;
  const billed = billSubmission({ billingunit: UNIT, template, filled: sent, transactionid: 'minol-1', at: new Date() });
  const address = { street: 'Lindenstraße 7', postalcode: '04109', city: 'Leipzig' };
  const folder = await mkdtemp(join(tmpdir(), 'kb-minol-results-'));
  const paths: string[] = [];
  for (const f of await argeResultFiles({ customerMscnumber: '4711', address }, billed, sent, new Date())) {
    paths.push(join(folder, f.name));
    await writeFile(join(folder, f.name), f.bytes);
  }

  // Act 5: from the period page to its results screen, where the files are read in.
  await page.goto(`${page.url().split('#')[0] ?? ''}#/abrechnung/${connectionId}/${UNIT}/${PERIOD}`);
  await page.getByTestId('to-result').click();
  const screen = resultsPage(page);
  await expect(screen.heading).toContainText('Abrechnungsergebnis');
  await expect(page.getByTestId('result-waiting')).toContainText('schickt sein Ergebnis ebenfalls als Dateien');
  await expect(page.getByRole('button', { name: 'Jetzt beim Messdienst nachfragen' })).toHaveCount(0);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'ARGE-Ergebnisdateien einlesen' }).click();
  await (await chooser).setFiles(paths);

  // Assert: both tenants' balances as billed, the files named, the §35a shares beside them, nothing to reconcile.
  await expect(page.getByText('Eingelesen: 2 Abrechnungsempfänger')).toBeVisible();
  await expect(screen.rows).toHaveCount(2);
  await expect(screen.rows.filter({ hasText: 'Jana Krüger' })).toContainText(/Nachzahlung|Guthaben/);
  await expect(page.getByTestId('result-origin')).toContainText(/DTD305_\d{14}\.DAT/);
  const shares = page.getByTestId('tax-share-row');
  await expect(shares).toHaveCount(2);
  await expect(shares.first()).toContainText('221 – Wartungskosten');
  await expect(shares.first()).toContainText('Handwerkerleistungen (§ 35a Abs. 3 EStG)');
  await expect(shares.filter({ hasText: 'Omar Haddad' })).toHaveCount(1);
  await screen.runRecon.click();
  await expect(screen.reconMessage('TOTAL_DIFFERS')).toHaveCount(0);
  await expect(screen.reconMessage('PREPAYMENT_DIFFERS')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'main');
  await shoot(page, testInfo.outputPath('results-de.png'));
  // The bookkeeping's workbook carries the shares on their own sheet.
  const workbook = page.waitForEvent('download');
  await screen.excel.click();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(await (await workbook).path())) as unknown as ArrayBuffer);
  expect(wb.getWorksheet('§35a-Anteile')?.rowCount).toBe(3);
  await english(page, testInfo.outputPath('results-en.png'));
  await rm(folder, { recursive: true, force: true });
});
