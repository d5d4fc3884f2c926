/**
 * Billing results (issue 21, items 3–6): a commissioned period is billed from the Demo-Messdienst page; the app
 * notices by itself, says so, shows the result per recipient, opens a tenant's statement, finds a prepayment the MSC
 * used differently in the reconciliation, and exports the result for the bookkeeping; in German and in English.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import type { BrowserMode } from '@main/bridge/browser-mode';
import { test, expect } from '@test/e2e/fixtures';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { demoMscPage } from '@test/e2e/pages/demo-msc-page';
import { resultsPage } from '@test/e2e/pages/results-page';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';

const UNIT = '100200301';
const PERIOD = '2025-12-31';
test.describe.configure({ timeout: 180_000 });

/** Commissions the demo period with a complete submission, as the billing journeys do through the screens. */
async function commission(app: BrowserMode & { userDataDir: string }) {
  const handlers = app.context.handlers;
  const [connection] = await handlers['connections:list'](undefined);
  const connectionId = connection?.id ?? '';
  const where = { connectionId, billingunit: UNIT, periodTo: PERIOD };
  const template = await handlers['templates:get'](where);
  const base = demoSubmission(template);
  // Tenants pay 50 € a month for heating; the amount kinds follow the template.
  const pay = (x: string) => ({
    ...(template.expectedvat === 'NET' ? {} : { grossamount: x }),
    ...(template.expectedvat === 'GROSS' ? {} : { netamount: x }),
  });
  const filled = {
    ...base,
    billingrecipients: base.billingrecipients.map((r) => (r.vacancy ? r : { ...r, prepayments: { heating: pay('600.00') } })),
  };
  const outcome = await handlers['templates:submit']({ ...where, filled, ignoreWarnings: true });
  expect(outcome.status).toBe('commissioned');
  return { connectionId, where, filled };
}

/**
 * The planted difference: before billing, the demo MSC's operator records another prepayment for one recipient than
 * the one submitted (a demo-only operator route, electron/sandbox/routes-quirks.ts).
 */
async function plantPrepayment(app: BrowserMode, partnerPmnumber: string, prepayment: string) {
  const demo = app.context.demo();
  if (!demo) throw new Error('the demo MSC is not running');
  const reply = await fetch(`${demo.url}/_operator/quirks/prepayment`, {
    method: 'POST',
    headers: { authorization: `Bearer ${demo.operatorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ billingunitMscnumber: UNIT, to: PERIOD, partnerPmnumber, prepayment }),
  });
  expect(reply.status).toBe(200);
}

async function billFromDemoPage(page: Page) {
  const panel = demoMscPage(page);
  await panel.navItem.click();
  await expect(panel.heading).toBeVisible();
  await page
    .getByRole('button', { name: new RegExp(`^${UNIT} .*31\\.12\\.2025 abrechnen$`) })
    .first()
    .click();
}

test('a billed period comes back: notification, results table, a tenant PDF, the reconciliation with one planted difference, Excel', async ({
  appPage,
  browserApp,
}) => {
  // Arrange: a commissioned period; one tenant's prepayment is what we look for later
  const { filled } = await commission(browserApp);
  const tenant = filled.billingrecipients.find((r) => !r.vacancy);
  if (!tenant) throw new Error('the demo submission has no tenant with a prepayment');
  const screen = resultsPage(appPage);

  // Act: the MSC records another prepayment for the tenant, then bills the period from the Demo-Messdienst page
  await plantPrepayment(browserApp, tenant.partnerPmnumber, '1.00');
  await billFromDemoPage(appPage);

  // Assert: the app notices by itself and says so
  await expect(screen.toast).toContainText('Abrechnung liegt vor', { timeout: 30_000 });
  await expect(screen.toast).toContainText(UNIT);

  // Act: open the result of the period
  await appPage.goto(`${appPage.url().split('#')[0] ?? ''}#/ergebnisse/demo/${UNIT}/${PERIOD}`);

  // Assert: one row per recipient, balances in words
  await expect(screen.heading).toContainText('Abrechnungsergebnis');
  await expect(screen.rows).toHaveCount(filled.billingrecipients.length);
  await expect(screen.rows.first()).toContainText(/Nachzahlung|Guthaben|ausgeglichen/);
  await expectNoSeriousA11yViolations(appPage);

  // Act + Assert: a tenant's statement is a PDF with the tenant's name
  const pdf = appPage.waitForEvent('download');
  await screen.openPdf.first().click();
  const pdfBytes = await readFile(await (await pdf).path());
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect((await pdf).suggestedFilename()).toMatch(/^HKA .*\.pdf$/);

  // Act + Assert: the reconciliation finds the planted difference at the right tenant
  await screen.runRecon.click();
  await expect(screen.reconMessage('PREPAYMENT_DIFFERS')).toHaveCount(1);
  await expect(screen.reconMessage('PREPAYMENT_DIFFERS')).toContainText('1,00 €');
  await expect(screen.reconMessage('TOTAL_DIFFERS')).toHaveCount(0);
  await expectNoSeriousA11yViolations(appPage);
  await appPage.screenshot({ path: test.info().outputPath('results-de.png'), fullPage: true });

  // Act + Assert: the Excel export has one row per recipient
  const xlsx = appPage.waitForEvent('download');
  await screen.excel.click();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await (await xlsx).path());
  expect(wb.getWorksheet('Ergebnis')?.rowCount).toBe(filled.billingrecipients.length + 1);

  // Act + Assert: the same screen in English
  await browserApp.context.handlers['preferences:update']({ language: 'en' });
  await appPage.reload();
  await expect(screen.heading).toContainText('Billing result');
  await expect(screen.rows.first()).toContainText(/Additional payment|Credit|settled/);
  await appPage.getByRole('button', { name: 'Run reconciliation' }).click();
  await expect(screen.reconMessage('PREPAYMENT_DIFFERS')).toContainText('the measuring service used');
  await expectNoSeriousA11yViolations(appPage);
  await appPage.screenshot({ path: test.info().outputPath('results-en.png'), fullPage: true });
});
