import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '@test/e2e/fixtures';
import { billingPage } from '@test/e2e/pages/billing-page';
import { fillErfassungsmappe } from '@test/e2e/erfassungsmappe';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { OPERATOR_PREFIX } from '@main/sandbox/routes-operator';

const UNIT = '100200301';
// axe looks at the billing screen itself: the frame (navigation, toasts) is checked by its own tests.
const PERIOD = '2025-12-31';

/** Picks a file in the browser's file chooser that the button opens. */
async function upload(page: Page, button: ReturnType<typeof billingPage>['importTemplate'], path: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(path);
}

test('a clerk fills the Erfassungsmappe in Excel, checks it and commissions the billing', async ({ appPage }) => {
  // Arrange: a fresh data folder (fixture); the 2025 period of 100200301 is open at the demo MSC.
  const screen = billingPage(appPage);
  const dir = await mkdtemp(join(tmpdir(), 'kb-e2e-billing-'));
  try {
    await screen.nav.click();
    await expect(screen.heading).toBeVisible();
    await screen.chooseUnit('100200301');
    await expect(screen.periodStatus(PERIOD)).toContainText('Offen');
    await expect(screen.periodStatus('2024-12-31')).toContainText('Beauftragt');
    await expect(screen.periodRow(PERIOD)).toContainText('01.01.2025 – 31.12.2025');
    await expect(screen.periodRow(PERIOD)).toContainText('30.04.2026');
    await screen.openPeriod(PERIOD).click();
    await expect(screen.templateSummary).toContainText('Erdgas H');
    await expect(screen.templateSummary).toContainText('Bruttobeträge');
    await expect(screen.draftStatus).toContainText('Noch kein Entwurf');

    // Act 1: download the Erfassungsmappe and fill it, forgetting one distribution value of the first user.
    const downloading = appPage.waitForEvent('download');
    await screen.download.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`Erfassungsmappe 100200301 bis ${PERIOD}.xlsx`);
    const incomplete = join(dir, 'unvollstaendig.xlsx');
    await download.saveAs(incomplete);
    await fillErfassungsmappe(incomplete, { leaveEmpty: { row: 2, key: '011' } });
    await upload(appPage, screen.importTemplate, incomplete);
    await expect(screen.importResult).toContainText('als Entwurf gespeichert (Stand 1)');
    await expect(screen.draftStatus).toContainText('Stand 1');
    // Four agreed ancillary cost types at 1.200 € (cold water 236 without 237, meter rent 303, smoke alarms 310, electricity 400).
    await expect(screen.overviewRow('Nebenkosten')).toContainText('4.800,00 €');
    await expect(screen.overviewRow('Brennstofflieferungen')).toContainText('24.000,00 €');
    await expect(screen.overviewRow('Nutzer mit Verteilwerten')).toContainText('17');
    await screen.check.click();

    // Assert 1: the error is shown in German with the place it refers to, and blocks the submission.
    await expect(screen.checkResult).toHaveAttribute('data-result', 'messages');
    const errors = screen.messageGroup('Fehler');
    await expect(errors).toContainText('fehlt ein Wert für den Verteilerschlüssel 011 (m² beheizte');
    await expect(errors).toContainText(
      /Betrifft: Nutzer und Verteilwerte, Eintrag \d+: Nutzer 0001 \(KH42\/01\), Anna Müller, Partner P-301-001/,
    );
    await expect(screen.submit).toBeDisabled();
    await expect(screen.submitHint).toContainText('Fehler ergeben');
    await expectNoSeriousA11yViolations(appPage, 'main');

    // Act 2: the clerk completes the value in Excel, reads the workbook in again and checks once more.
    const complete = join(dir, 'vollstaendig.xlsx');
    await download.saveAs(complete);
    await fillErfassungsmappe(complete);
    await upload(appPage, screen.importTemplate, complete);
    await expect(screen.draftStatus).toContainText('Stand 2');
    await screen.check.click();

    // Assert 2: passed; submitting is offered.
    await expect(screen.checkResult).toHaveAttribute('data-result', 'passed');
    await expect(screen.checkResult).toContainText('Prüfung bestanden');
    // The CO2 cost split of the checked figures (CO2KostAufG), with the property facts the MSC preset.
    await expect(screen.co2Preview).toContainText('Stufe nach CO2KostAufG');
    await expect(screen.co2Preview).toContainText('Anteil Vermieter');
    await expect(screen.submit).toBeEnabled();
    const report = appPage.waitForEvent('download');
    await screen.reportPdf.click();
    expect((await report).suggestedFilename()).toBe(`Prüfbericht 100200301 bis ${PERIOD}.pdf`);

    // Act 3: submit bindingly, confirming the dialog.
    await screen.submit.click();
    await expect(screen.dialog).toContainText('nicht rückgängig');
    await screen.dialog.getByRole('button', { name: 'Verbindlich übermitteln' }).click();

    // Assert 3: commissioned with a transaction id; the period is Beauftragt and offers no second submission.
    await expect(screen.outcome).toHaveAttribute('data-status', 'commissioned');
    const outcome = (await screen.outcome.textContent()) ?? '';
    const transactionid = /Vorgangsnummer des Messdienstes: (\S+)/.exec(outcome)?.[1];
    expect(transactionid).toMatch(/\S{8,}/);
    await expect(screen.dialog).toBeHidden();
    await expect(screen.outcome).toBeFocused();
    await expect(screen.periodStatus(PERIOD)).toContainText('Beauftragt');
    await expect(screen.periodRow(PERIOD)).toContainText(transactionid ?? '(keine)');
    await expect(screen.submit).toHaveCount(0);
    await expect(screen.overview).toBeVisible();
    await expect(screen.history).toHaveCount(3);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('with only warnings left, the confirmation offers to submit despite them', async ({ appPage, browserApp }) => {
  // Arrange: a complete draft in which one ancillary invoice was entered twice, which the demo MSC only warns about.
  const screen = billingPage(appPage);
  const handlers = browserApp.context.handlers;
  const [connection] = await handlers['connections:list'](undefined);
  const connectionId = connection?.id ?? '';
  const filled = demoSubmission(await handlers['templates:get']({ connectionId, billingunit: UNIT, periodTo: PERIOD }));
  const [first] = filled.ancillaryinvoices;
  if (!first) throw new Error('the demo template has no ancillary cost type');
  await handlers['drafts:save']({
    connectionId,
    draft: {
      billingunit: UNIT,
      periodTo: PERIOD,
      content: { ...filled, ancillaryinvoices: [...filled.ancillaryinvoices, first] },
    },
    expectedRevision: 0,
  });
  await screen.nav.click();
  await screen.chooseUnit(UNIT);
  await screen.openPeriod(PERIOD).click();
  await expect(screen.draftStatus).toContainText('Stand 1');

  // Act
  await screen.check.click();
  await expect(screen.messageGroup('Warnungen')).toContainText('doppelt erfasst');
  await expect(screen.messageGroup('Fehler')).toHaveCount(0);
  await screen.submit.click();

  // Assert: the dialog offers the explicit choice; cancelling leaves the period open, confirming commissions it.
  await expect(screen.dialog).toContainText('Warnungen ergeben');
  await expectNoSeriousA11yViolations(appPage, '[role="dialog"]');
  await expect(screen.dialog.getByRole('button', { name: 'Verbindlich übermitteln' })).toHaveCount(0);
  await screen.dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(screen.dialog).toBeHidden();
  await expect(screen.submit).toBeFocused();
  await expect(screen.periodStatus(PERIOD)).toContainText('Offen');
  await screen.submit.click();
  await screen.dialog.getByRole('button', { name: 'Trotz Warnungen übermitteln' }).click();
  await expect(screen.outcome).toHaveAttribute('data-status', 'commissioned');
  await expect(screen.periodStatus(PERIOD)).toContainText('Beauftragt');
  await expect(screen.history.first()).toContainText('Übermittlung trotz Warnungen');
});

test('reload, back and forward keep the clerk on their billing level; an overdue open period is marked', async ({
  appPage,
  browserApp,
}) => {
  // Arrange: a saved draft for the open 2025 period, whose deadline (30.04.2026) has passed on the demo's today.
  const handlers = browserApp.context.handlers;
  const [connection] = await handlers['connections:list'](undefined);
  const connectionId = connection?.id ?? '';
  const template = await handlers['templates:get']({ connectionId, billingunit: UNIT, periodTo: PERIOD });
  await handlers['drafts:save']({
    connectionId,
    draft: { billingunit: UNIT, periodTo: PERIOD, content: { currency: template.currency, expectedvat: template.expectedvat } },
    expectedRevision: 0,
  });
  const screen = billingPage(appPage);
  await screen.nav.click();
  await expectNoSeriousA11yViolations(appPage, 'main');
  await screen.chooseUnit(UNIT);

  // Assert: the unit's periods, the open one overdue in red, the commissioned one without a countdown.
  await expect(appPage).toHaveURL(new RegExp(`#/abrechnung/${connectionId}/${UNIT}$`));
  await expect(screen.deadlineLeft(PERIOD)).toHaveText(/^seit \d+ Tagen überfällig$/);
  await expect(screen.deadlineLeft(PERIOD)).toHaveAttribute('data-overdue', 'true');
  await expect(screen.periodRow('2024-12-31')).toContainText('Beauftragt');
  await expect(screen.deadlineLeft('2024-12-31')).toHaveCount(0);
  await expectNoSeriousA11yViolations(appPage, 'main');

  // Act: open the period and reload the window.
  await screen.openPeriod(PERIOD).click();
  await expect(screen.draftStatus).toContainText('Stand 1');
  await appPage.reload();

  // Assert: the same period with its draft.
  await expect(appPage).toHaveURL(new RegExp(`#/abrechnung/${connectionId}/${UNIT}/${PERIOD}$`));
  await expect(screen.draftStatus).toContainText('Stand 1');
  await expect(screen.periodStatus(PERIOD)).toContainText('Offen');
  await expect(screen.breadcrumb).toContainText('Abrechnung');
  await expect(screen.breadcrumb).toContainText(`Liegenschaft ${UNIT}`);
  await expectNoSeriousA11yViolations(appPage, 'main');

  // Act + Assert: back shows the unit's periods, forward the period again, the breadcrumb leads to the start.
  await appPage.goBack();
  await expect(screen.periodRow('2024-12-31')).toBeVisible();
  await expect(screen.draftStatus).toHaveCount(0);
  await appPage.goForward();
  await expect(screen.draftStatus).toContainText('Stand 1');
  await screen.breadcrumb.getByRole('link', { name: `Liegenschaft ${UNIT}` }).click();
  await expect(screen.openPeriod(PERIOD)).toBeVisible();
  await screen.breadcrumb.getByRole('link', { name: 'Abrechnung' }).click();
  await expect(screen.unit).toBeVisible();
});

test('draft safety: start from last year, reset to the last checked state, discard with confirmation', async ({
  appPage,
  browserApp,
}) => {
  // Arrange: the demo's 2024 period is commissioned without a local archive entry. Its operator reopens it and the
  // clerk's 2024 submission is made through the handlers, so the archive holds last year's submission.
  const handlers = browserApp.context.handlers;
  const [connection] = await handlers['connections:list'](undefined);
  const connectionId = connection?.id ?? '';
  const lastYear = { connectionId, billingunit: UNIT, periodTo: '2024-12-31' };
  const where = { connectionId, billingunit: UNIT, periodTo: PERIOD };
  await handlers['periods:list']({ connectionId, billingunit: UNIT });
  const demo = browserApp.context.demo();
  if (!demo) throw new Error('the demo MSC did not start');
  const reopened = await fetch(`${demo.url}${OPERATOR_PREFIX}/period-status`, {
    method: 'POST',
    headers: { authorization: `Bearer ${demo.operatorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ billingunitMscnumber: UNIT, to: lastYear.periodTo, status: 'OPEN' }),
  });
  expect(reopened.status).toBe(200);
  const submitted = demoSubmission(await handlers['templates:get'](lastYear));
  expect((await handlers['templates:submit']({ ...lastYear, filled: submitted, ignoreWarnings: true })).status).toBe(
    'commissioned',
  );
  const screen = billingPage(appPage);
  await screen.nav.click();
  await screen.chooseUnit(UNIT);
  await screen.openPeriod(PERIOD).click();

  // Act 1: the empty 2025 draft offers last year's submission
  await expect(screen.startFromPrevious).toContainText('Zeitraum bis 31.12.2024');
  await expect(screen.editInApp).toHaveAttribute('href', `#/abrechnung/${connectionId}/${UNIT}/${PERIOD}/erfassen/vereinbarung`);
  await expectNoSeriousA11yViolations(appPage, 'main');
  await screen.takePrevious.click();

  // Assert 1: a draft with last year's recipients and keys, closing stock as opening stock, cost types without amounts
  await expect(screen.safetyResult).toContainText('Vom Vorjahr übernommen und als Entwurf gespeichert (Stand 1)');
  await expect(screen.draftStatus).toContainText('Stand 1');
  await expect(screen.work).toContainText('Begonnen mit der Übermittlung für den Zeitraum bis 31.12.2024');
  await expect(screen.draftHeading).toBeFocused();
  const started = (await handlers['drafts:get'](where))?.content;
  expect(started?.billingrecipients?.map((r) => r.allocations)).toEqual(submitted.billingrecipients.map((r) => r.allocations));
  expect(started?.energysources?.[0]?.openingstock?.quantity).toBe(submitted.energysources[0]?.closingstock?.quantity);
  expect(started?.ancillaryinvoices?.every((i) => i.amounts === undefined && i.invoicedate === undefined)).toBe(true);

  // Act 2: the complete draft (revision 2) is checked at the MSC, then spoilt (revision 3)
  const complete = demoSubmission(await handlers['templates:get'](where));
  await handlers['drafts:save']({
    connectionId,
    draft: { billingunit: UNIT, periodTo: PERIOD, content: complete },
    expectedRevision: 1,
  });
  await expect(screen.draftStatus).toContainText('Stand 2');
  await screen.check.click();
  await expect(screen.lastChecked).toContainText('Stand 2');
  const spoilt = { ...complete, ancillaryinvoices: [] };
  await handlers['drafts:save']({
    connectionId,
    draft: { billingunit: UNIT, periodTo: PERIOD, content: spoilt },
    expectedRevision: 2,
  });
  await expect(screen.draftStatus).toContainText('Stand 3');
  await screen.restoreChecked.click();

  // Assert 2: the dialog says what is lost; confirming stores the checked content as revision 4
  await expect(screen.restoreDialog).toContainText('Inhalt von Stand 2');
  await expect(screen.restoreDialog).toContainText('(bis Stand 3), geht dabei verloren');
  await expectNoSeriousA11yViolations(appPage, '[role="dialog"]');
  await screen.restoreDialog.getByRole('button', { name: 'Zurücksetzen' }).click();
  await expect(screen.safetyResult).toContainText('jetzt Stand 4');
  await expect(screen.draftStatus).toContainText('Stand 4');
  expect((await handlers['drafts:get'](where))?.content).toEqual(complete);

  // Act 3: discarding asks first; cancelling keeps everything
  await screen.discard.click();
  await expect(screen.discardDialog).toContainText('Stand 4');
  await expect(screen.discardDialog).toContainText(
    'alle Eingaben, die eingelesenen Rechnungen und die gespeicherten geprüften Stände',
  );
  await expectNoSeriousA11yViolations(appPage, '[role="dialog"]');
  await screen.discardDialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(screen.discardDialog).toBeHidden();
  await expect(screen.discard).toBeFocused();
  await expect(screen.draftStatus).toContainText('Stand 4');
  await screen.discard.click();
  await screen.discardDialog.getByRole('button', { name: 'Entwurf verwerfen' }).click();

  // Assert 3: the draft is gone, last year's submission is offered again, the focus is on the draft's heading
  await expect(screen.safetyResult).toContainText('Der Entwurf wurde verworfen');
  await expect(screen.draftStatus).toContainText('Noch kein Entwurf');
  await expect(screen.takePrevious).toBeVisible();
  await expect(screen.draftHeading).toBeFocused();
  expect(await handlers['drafts:get'](where)).toBeNull();
});
