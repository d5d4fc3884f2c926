import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import ExcelJS from 'exceljs';
import type { FilledTemplate } from '@shared/msc/billing-input';
import { test, expect } from '@test/e2e/fixtures';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { archivePage } from '@test/e2e/pages/archive-page';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import type { BrowserMode } from '@main/bridge/browser-mode';

// axe covers the screen itself (`main`); the frame around it is checked by the frame's own tests.

const WHERE = { connectionId: 'demo', billingunit: '100200302', periodTo: '2025-12-31' } as const;

/** A careful clerk's filled template for Oberweser with one ancillary invoice entered twice: one warning. */
async function withDuplicateInvoice(app: BrowserMode): Promise<FilledTemplate> {
  const filled = demoSubmission(await app.context.handlers['templates:get'](WHERE));
  const [first] = filled.ancillaryinvoices;
  if (!first) throw new Error('the demo template has no ancillary cost type');
  return { ...filled, ancillaryinvoices: [...filled.ancillaryinvoices, first] };
}

/** Arranges a test check with that warning and a submission that accepts it, as the Abrechnung screen would. */
async function checkAndSubmit(app: BrowserMode): Promise<FilledTemplate> {
  const filled = await withDuplicateInvoice(app);
  const checked = await app.context.handlers['templates:check']({ ...WHERE, filled });
  expect(checked).toMatchObject({ result: 'messages', messages: [{ type: 'WARNING', shortmessage: 'DUPLICATE_INVOICE' }] });
  const submitted = await app.context.handlers['templates:submit']({ ...WHERE, filled, ignoreWarnings: true });
  expect(submitted.status).toBe('commissioned');
  return filled;
}

async function bytesOf(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

const euro = (n: number): string => `${n.toLocaleString('de-DE', { minimumFractionDigits: 2 })} €`;

test('the archive lists a check and a submission, filters them and shows an entry readably', async ({ appPage, browserApp }) => {
  // Arrange
  const filled = await checkAndSubmit(browserApp);
  const screen = archivePage(appPage);

  // Act
  await screen.navItem.click();

  // Assert: newest first
  await expect(screen.heading).toBeVisible();
  await expect(screen.count).toHaveText('2 Einträge');
  await expect(screen.rows).toHaveCount(2);
  await expect(screen.rows.first()).toContainText('Übermittlung trotz Warnungen');
  await expect(screen.rows.first()).toContainText('Beauftragt');
  await expect(screen.rows.last()).toContainText('Testprüfung');
  await expect(screen.rows.last()).toContainText('Mit Meldungen');
  await expect(screen.rows.first()).toContainText('100200302 · Dorfstraße 12, Oberweser');
  await expectNoSeriousA11yViolations(appPage, 'main');

  // Act: only test checks
  await screen.filter('Vorgang').selectOption({ label: 'Testprüfung' });

  // Assert
  await expect(screen.rows).toHaveCount(1);
  await expect(screen.count).toHaveText('1 von 2 Einträgen');
  expect(appPage.url()).toContain('action=VALIDATE');

  // Act: open the test check
  await screen.row('Testprüfung').getByRole('link').click();

  // Assert: the warning in words, with the entry it concerns
  await expect(screen.entry.heading).toContainText('Testprüfung vom');
  await expect(screen.entry.outcome).toHaveAttribute('data-result', 'messages');
  await expect(screen.entry.messages).toHaveCount(1);
  await expect(screen.entry.messages.first()).toContainText('Warnung');
  await expect(screen.entry.messages.first()).toContainText('doppelt erfasst');
  await expect(screen.entry.messages.first()).toContainText(
    `Betrifft: Nebenkosten, Eintrag ${String(filled.ancillaryinvoices.length)}`,
  );
  await expect(screen.entry.acceptedSection).toHaveCount(0);

  // Act: back to the list, all entries, open the submission
  await screen.entry.back.click();
  await screen.resetFilters.click();
  await expect(screen.rows).toHaveCount(2);
  await screen.row('Übermittlung trotz Warnungen').getByRole('link').click();

  // Assert: outcome, the accepted warning and the submitted data, readable
  await expect(screen.entry.outcome).toHaveAttribute('data-result', 'commissioned');
  await expect(screen.entry.transaction).toHaveText(/Vorgangsnummer des Messdienstes: \S{8,}/);
  await expect(screen.entry.facts).toContainText('100200302 · Dorfstraße 12, Oberweser');
  await expect(screen.entry.acceptedSection).toContainText('Akzeptierte Warnungen (1)');
  await expect(screen.entry.accepted).toHaveCount(1);
  await expect(screen.entry.accepted).toContainText('doppelt erfasst');
  await expect(screen.entry.accepted).toContainText('DUPLICATE_INVOICE');
  const ancillary = filled.ancillaryinvoices.length;
  await expect(screen.entry.requestLine('Nebenkosten')).toContainText(String(ancillary));
  await expect(screen.entry.requestLine('Nebenkosten')).toContainText(euro(ancillary * 1200));
  await expect(screen.entry.requestLine('Lieferungen: Leichtes Heizöl in Liter')).toContainText(euro(24000));
  await expect(screen.entry.requestLine('Nutzer mit Verteilwerten')).toContainText(String(filled.billingrecipients.length));
  await expect(screen.entry.request).not.toContainText('{');
  await expectNoSeriousA11yViolations(appPage, 'main');

  // Act + Assert: the check report again, as PDF and as Excel
  const pdfDownload = appPage.waitForEvent('download');
  await screen.entry.reportPdf.click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe('Prüfbericht 100200302 bis 2025-12-31.pdf');
  expect((await bytesOf(pdf)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(screen.entry.reportPdf).toBeFocused();

  const excelDownload = appPage.waitForEvent('download');
  await screen.entry.reportExcel.click();
  const excel = await excelDownload;
  expect(excel.suggestedFilename()).toBe('Prüfbericht 100200302 bis 2025-12-31.xlsx');
  // An xlsx file is a zip package: it starts with the local file header "PK\x03\x04".
  expect((await bytesOf(excel)).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
});

test('in English the entry page explains the accepted warning in English', async ({ appPage, browserApp }) => {
  // Arrange
  await checkAndSubmit(browserApp);
  await browserApp.context.handlers['preferences:update']({ language: 'en' });
  const [submission] = (await browserApp.context.handlers['archive:list']({ connectionId: 'demo' })).filter(
    (e) => e.action === 'SEND_AND_IGNORE_WARNINGS',
  );
  const base = appPage.url().split('#')[0] ?? '';

  // Act
  await appPage.goto(`${base}#/archiv/demo/${submission?.id ?? ''}`);
  await appPage.reload();

  // Assert
  const screen = archivePage(appPage);
  await expect(screen.entry.heading).toContainText('Submission despite warnings of');
  await expect(screen.entry.acceptedSection).toContainText('Accepted warnings (1)');
  await expect(screen.entry.accepted).toContainText('An invoice seems to have been entered twice.');
  await expect(screen.entry.accepted).toContainText('Concerns: Ancillary costs, entry');
  await expect(screen.entry.request).toContainText('Deliveries: Light heating oil in litres');
  const shown = await appPage.locator('main').innerText();
  expect(shown).not.toMatch(/\b(bitte|nicht|wurde|Fehler|Warnungen|Betrifft|Liegenschaft|Abrechnung|Übermittlung)\b/i);

  // Act + Assert: the check report the clerk downloads is in English too
  const reports = appPage.getByRole('group', { name: 'Save the check report' });
  const pdfDownload = appPage.waitForEvent('download');
  await reports.getByRole('button', { name: 'Check report as PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe('Check report 100200302 to 2025-12-31.pdf');
  // The text is set in the embedded DejaVu Sans (glyph ids, not letters); the document's title and language are plain.
  const pdfBytes = (await bytesOf(pdf)).toString('latin1');
  expect(pdfBytes).toContain('(Check report property 100200302)');
  expect(pdfBytes).toContain('/Lang (en-GB)');

  const excelDownload = appPage.waitForEvent('download');
  await reports.getByRole('button', { name: 'Check report as Excel' }).click();
  const excel = await excelDownload;
  expect(excel.suggestedFilename()).toBe('Check report 100200302 to 2025-12-31.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await bytesOf(excel)) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.getWorksheet('Check report')?.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  expect(rows[0]).toEqual(['Check report property 100200302']);
  expect(rows).toContainEqual(['Kind of check', 'Binding submission, warnings overridden']);
  expect(rows).toContainEqual(['Result', 'No open messages; 1 warning accepted with the submission.']);
  expect(rows).toContainEqual(['Kind', 'Message', 'Concerns', 'Sheet (entry workbook)', 'Row', 'Column', 'Code (for queries)']);
  expect(rows.at(-1)?.slice(0, 3)).toEqual([
    'Accepted warning',
    'An invoice seems to have been entered twice.',
    expect.stringMatching(/^Ancillary costs, entry \d+: /),
  ]);
});
