import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { test, expect } from '@test/e2e/fixtures';
import { billingPage } from '@test/e2e/pages/billing-page';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { readArgeFile } from '@shared/arge/read';

const UNIT = '100200301';
const PERIOD = '2025-12-31';

test('a clerk exports the period as ARGE files: what does not fit is named first, then both files are saved', async ({
  appPage,
  browserApp,
}, testInfo) => {
  // Two downloads, two axe runs and three visits of the period on a shared machine.
  test.setTimeout(180_000);
  // Arrange: a complete draft whose sewage invoice carries a name longer than the ARGE field's 25 characters.
  const screen = billingPage(appPage);
  const handlers = browserApp.context.handlers;
  const [connection] = await handlers['connections:list'](undefined);
  const connectionId = connection?.id ?? '';
  const filled = demoSubmission(await handlers['templates:get']({ connectionId, billingunit: UNIT, periodTo: PERIOD }));
  const long = { ...filled.ancillaryinvoices[0]!, cost: { key: '242', text: 'Wartung der Hebeanlage im Keller' } };
  const save = (content: typeof filled, expectedRevision: number) =>
    handlers['drafts:save']({ connectionId, draft: { billingunit: UNIT, periodTo: PERIOD, content }, expectedRevision });
  await save({ ...filled, ancillaryinvoices: [...filled.ancillaryinvoices, long] }, 0);
  const reopen = async () => {
    await appPage.goto(appPage.url().replace(/#.*$/, '#/'));
    await screen.nav.click();
    await screen.chooseUnit(UNIT);
    await screen.openPeriod(PERIOD).click();
  };
  await reopen();
  const section = appPage.getByTestId('arge-section');
  await expect(section.getByRole('heading', { name: 'ARGE-Dateien' })).toBeVisible();

  // Act 1: the export is refused, naming the invoice and the field in the clerk's words.
  await section.getByRole('button', { name: 'Als ARGE-Dateien exportieren' }).click();
  const alert = section.getByRole('alert');
  await expect(alert).toContainText('Die ARGE-Dateien wurden nicht geschrieben: 1 Angabe passt nicht hinein.');
  await expect(alert).toContainText(
    'Nebenkostenrechnung, Kostenart 242, vom 15.10.2025: Bezeichnung der Kostenart „Wartung der Hebeanlage im Keller“ hat 32 Zeichen, die ARGE-Datei hat dafür nur 25. Bitte kürzen.',
  );
  await expectNoSeriousA11yViolations(appPage, '[data-testid="arge-section"]');
  await appPage.screenshot({ path: testInfo.outputPath('arge-refused-de.png'), fullPage: true });

  // Act 2: shortened, the export offers the DTM and the DTK file for download.
  await save(
    {
      ...filled,
      ancillaryinvoices: [...filled.ancillaryinvoices, { ...long, cost: { key: '242', text: 'Wartung Hebeanlage' } }],
    },
    1,
  );
  await reopen();
  await expect(screen.draftStatus).toContainText('Stand 2');
  // Both downloads are listened for before the click: the second may start before the first one's wait returns.
  const downloads: Download[] = [];
  appPage.on('download', (d) => downloads.push(d));
  await section.getByRole('button', { name: 'Als ARGE-Dateien exportieren' }).click();
  await expect.poll(() => downloads.length).toBe(2);
  const [first, second] = downloads as [Download, Download];
  const status = section.getByRole('status');
  await expect(status).toContainText(/Gespeichert: DTM305_\d{14}\.DAT, DTK305_\d{14}\.DAT/);
  await expect(status).toContainText('Die CO2-Angaben gehen nicht in die ARGE-Datei');

  // Assert: the files read back with one M per recipient and one K per invoice and delivery.
  const [dtm, dtk] = await Promise.all([first, second].map(async (d) => new Uint8Array(await readFile(await d.path()))));
  expect(first.suggestedFilename()).toMatch(/^DTM305_\d{14}\.DAT$/);
  expect(second.suggestedFilename()).toMatch(/^DTK305_\d{14}\.DAT$/);
  const m = readArgeFile(dtm!, 'DTM');
  const k = readArgeFile(dtk!, 'DTK');
  expect([m.issues, k.issues]).toEqual([[], []]);
  expect(m.records.filter((r) => r.type === 'M')).toHaveLength(filled.billingrecipients.length);
  expect(k.records.filter((r) => r.type === 'K')).toHaveLength(
    filled.heatingsysteminvoices.length +
      filled.ancillaryinvoices.length +
      1 +
      filled.energysources.flatMap((s) => s.deliveries).length,
  );
  await expectNoSeriousA11yViolations(appPage, '[data-testid="arge-section"]');
  await appPage.screenshot({ path: testInfo.outputPath('arge-saved-de.png'), fullPage: true });
});
