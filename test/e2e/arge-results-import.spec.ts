/**
 * ARGE result files into the results screen (issue 22, docs/arge.md "In the app"): a period never submitted from
 * this computer is billed by the demo MSC, which writes D, E835, E898 and the tenants' PDFs; the clerk reads them
 * in on the results screen, sees every tenant's balance, opens a statement, reconciles against the draft, and is
 * told which statement the index named but was not picked; German and English, axe clean.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArgeResultsReply } from '@shared/msc/operator';
import { demoWorld } from '@main/sandbox/seed';
import { seededSubmission } from '@main/sandbox/billing/seed-fill';
import { test, expect } from '@test/e2e/fixtures';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { resultsPage } from '@test/e2e/pages/results-page';

const UNIT = '100200302';
const PERIOD = '2024-12-31';
test.describe.configure({ timeout: 180_000 });

test('D, E835, E898 and the PDFs written by the demo MSC read into the results screen and reconciled with the draft', async ({
  appPage,
  browserApp,
}) => {
  // Arrange: the period's draft, and the demo MSC's result of it as files in a folder
  const h = browserApp.context.handlers;
  const [connection] = await h['connections:list'](undefined);
  const connectionId = connection?.id ?? '';
  const where = { connectionId, billingunit: UNIT, periodTo: PERIOD };
  const bu = demoWorld().billingunits.find((b) => b.billingunitMscnumber === UNIT);
  const template = bu?.periods[0]?.template;
  if (!bu || !template) throw new Error('no demo period');
  const draft = seededSubmission(bu, template);
  await h['drafts:save']({
    connectionId,
    draft: { billingunit: UNIT, periodTo: PERIOD, content: draft },
    expectedRevision: 0,
  });
  await h['templates:get'](where);
  const demo = browserApp.context.demo();
  if (!demo) throw new Error('the demo MSC is not running');
  // Billed at the MSC by its operator; the app never fetches this period's result (it was not submitted from here).
  const billed = await fetch(`${demo.url}/_operator/period-status`, {
    method: 'POST',
    headers: { authorization: `Bearer ${demo.operatorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ billingunitMscnumber: UNIT, to: PERIOD, status: 'BILLED' }),
  });
  expect(billed.status).toBe(200);
  const res = await fetch(`${demo.url}/_operator/arge-results?billingunit=${UNIT}&to=${PERIOD}`, {
    headers: { authorization: `Bearer ${demo.operatorToken}` },
  });
  const reply = ArgeResultsReply.parse(await res.json());
  const folder = await mkdtemp(join(tmpdir(), 'kb-arge-results-'));
  const paths: string[] = [];
  for (const f of reply.files) {
    await writeFile(join(folder, f.name), Buffer.from(f.base64, 'base64'));
    paths.push(join(folder, f.name));
  }
  // One tenant's statement is left behind in the folder the clerk picks from.
  const leftOut = paths.find((p) => p.endsWith('.pdf')) ?? '';
  const screen = resultsPage(appPage);

  // Act: open the period's results screen, which has no result yet, and read the files in
  await appPage.goto(`${appPage.url().split('#')[0] ?? ''}#/ergebnisse/${connectionId}/${UNIT}/${PERIOD}`);
  await expect(screen.heading).toContainText('Abrechnungsergebnis');
  await expect(appPage.getByTestId('result-waiting')).toBeVisible();
  const chooser = appPage.waitForEvent('filechooser');
  await appPage.getByRole('button', { name: 'ARGE-Ergebnisdateien einlesen' }).click();
  await (await chooser).setFiles(paths.filter((p) => p !== leftOut));

  // Assert: the tenants' balances, the file origin, the statement left out named
  await expect(appPage.getByText(/^Eingelesen: \d+ Abrechnungsempfänger/)).toBeVisible();
  await expect(screen.rows).toHaveCount(draft.billingrecipients.length);
  await expect(screen.rows.first()).toContainText(/Nachzahlung|Guthaben|ausgeglichen/);
  await expect(appPage.getByTestId('result-origin')).toContainText(/DTD305_\d{14}\.DAT/);
  await expect(appPage.getByTestId('result-origin-missing')).toContainText(leftOut.split('/').pop() ?? '');
  await expect(appPage.getByTestId('arge-import-issues')).toContainText('war nicht unter den gewählten Dateien');
  await expectNoSeriousA11yViolations(appPage);
  await appPage.getByTestId('result-facts').scrollIntoViewIfNeeded();
  await appPage.screenshot({ path: test.info().outputPath('arge-results-top-de.png') });
  await appPage.getByTestId('arge-results-import').scrollIntoViewIfNeeded();
  await appPage.screenshot({ path: test.info().outputPath('arge-results-import-de.png') });

  // Act + Assert: a statement opens as the PDF that was read in
  const pdf = appPage.waitForEvent('download');
  await screen.openPdf.first().click();
  expect((await readFile(await (await pdf).path())).subarray(0, 5).toString()).toBe('%PDF-');

  // Act + Assert: the reconciliation compares with the draft; only the statement left out is a difference
  await screen.runRecon.click();
  await expect(appPage.getByTestId('recon-draft')).toBeVisible();
  await expect(screen.reconMessage('DOCUMENT_MISSING')).toHaveCount(1);
  await expect(screen.reconMessage('TOTAL_DIFFERS')).toHaveCount(0);
  await expect(screen.reconMessage('PREPAYMENT_DIFFERS')).toHaveCount(0);
  await expectNoSeriousA11yViolations(appPage);
  await appPage.screenshot({ path: test.info().outputPath('arge-results-de.png'), fullPage: true });

  // Act + Assert: a cut D file is refused at its line and the stored result stays
  const d = paths.find((p) => /DTD305_/.test(p)) ?? '';
  const cut = join(folder, 'cut', d.split('/').pop() ?? 'DTD.DAT');
  await rm(join(folder, 'cut'), { recursive: true, force: true });
  await mkdir(join(folder, 'cut'));
  await writeFile(cut, (await readFile(d)).subarray(0, 3000));
  const again = appPage.waitForEvent('filechooser');
  await appPage.getByRole('button', { name: 'ARGE-Ergebnisdateien einlesen' }).click();
  await (await again).setFiles([cut]);
  await expect(appPage.getByRole('alert').filter({ hasText: 'Nichts gespeichert' })).toContainText(
    /Zeile 3: Die Datei endet mitten im D-Satz/,
  );
  await expect(screen.rows).toHaveCount(draft.billingrecipients.length);
  await appPage.getByTestId('arge-results-import').scrollIntoViewIfNeeded();
  await appPage.screenshot({ path: test.info().outputPath('arge-results-refused-de.png') });

  // Act + Assert: the same screen in English
  await h['preferences:update']({ language: 'en' });
  await appPage.reload();
  await expect(screen.heading).toContainText('Billing result');
  await expect(appPage.getByTestId('result-origin')).toContainText('Read from ARGE files');
  await appPage.getByRole('button', { name: 'Run reconciliation' }).click();
  await expect(appPage.getByTestId('recon-draft')).toContainText('saved draft');
  await expectNoSeriousA11yViolations(appPage);
  await appPage.screenshot({ path: test.info().outputPath('arge-results-en.png'), fullPage: true });
  await appPage.getByTestId('result-facts').scrollIntoViewIfNeeded();
  await appPage.screenshot({ path: test.info().outputPath('arge-results-top-en.png') });
  await rm(folder, { recursive: true, force: true });
});
