/**
 * The clerk's billing journey across both doors, the period page and the editor (issue 19, items 1–4): one judgement
 * of the draft, one remembered check, one confirmation before a binding submission, and a commissioned period that
 * is shown as such and can no longer be edited.
 */
import { test, expect } from '@test/e2e/fixtures';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { billingPage } from '@test/e2e/pages/billing-page';
import { dashboardPage } from '@test/e2e/pages/dashboard-page';
import { editorPage } from '@test/e2e/pages/editor-page';
import { almostComplete, recipientSheet } from '@test/e2e/editor-drafts';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';

const PERIOD = '2025-12-31';
// Each test walks the whole journey through both doors (grids, checks at the demo MSC, a submission).
test.describe.configure({ timeout: 240_000 });

test('a period filled only in the editor is complete on the period page, submitted there after the same question as in the editor, then read-only', async ({
  appPage,
  browserApp,
}) => {
  // Arrange: the oil-heated property's draft with everything but the recipients, which the clerk pastes in the editor
  const unit = '100200302';
  const handlers = browserApp.context.handlers;
  const [connection] = await handlers['connections:list'](undefined);
  const connectionId = connection?.id ?? '';
  await handlers['drafts:save']({
    connectionId,
    draft: { billingunit: unit, periodTo: PERIOD, content: almostComplete },
    expectedRevision: 0,
  });
  const editor = editorPage(appPage);
  const screen = billingPage(appPage);
  const base = `${appPage.url().split('#')[0] ?? ''}#/abrechnung/${connectionId}/${unit}/${PERIOD}`;
  await appPage.goto(`${base}/erfassen/nutzer`);
  await editor.select('billingrecipients', '010 – m² Wohnfläche', 1);
  await editor.paste(recipientSheet);
  await expect(editor.cell('billingrecipients', '010 – m² Wohnfläche', 13)).toHaveValue('72,5');
  await expect(editor.saveState).toHaveText('Gespeichert');

  // Act 1: the editor's test check (one warning: an invoice dated after the period), then its door to submit
  await editor.step('Prüfen').click();
  await editor.runCheck.click();
  await expect(editor.checkResult).toContainText(/(^|\D)1 Meldung:/);
  await editor.step('Übermitteln').click();
  await editor.submitStep.getByRole('checkbox', { name: 'Alle Warnungen akzeptieren' }).check();
  await editor.submit.click();

  // Assert 1: ticking the warnings is not the last word: the question names property, period and totals
  await expect(screen.dialog).toContainText('Das lässt sich nicht rückgängig machen.');
  await expect(screen.dialog).toContainText(`Liegenschaft ${unit}, Abrechnungszeitraum 01.01.2025 – 31.12.2025`);
  await expect(screen.dialog.getByRole('row', { name: /Heizungsbetriebskosten/ })).toContainText('1.190,00 €');
  await expect(screen.dialog.getByRole('row', { name: /Brennstofflieferungen/ })).toContainText('2.380,00 €');
  await expectNoSeriousA11yViolations(appPage, '[role="dialog"]');
  const editorQuestion = await screen.dialog.innerText();
  await screen.dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(screen.dialog).toBeHidden();
  await expect(editor.submitDone).toHaveCount(0);

  // Act 2: the period page, the other door
  await appPage.getByRole('link', { name: 'Zurück zum Abrechnungszeitraum' }).click();

  // Assert 2: judged by its content: complete, with the editor's check of this revision; nothing asks for Excel
  await expect(screen.overviewRow('Heizungsbetriebskosten')).toContainText('1.190,00 €');
  await expect(screen.work).not.toContainText('unvollständig');
  await expect(screen.checkResult).toContainText('1 Warnung');
  await expect(screen.check).toBeEnabled();
  await expect(screen.submit).toBeEnabled();
  await expectNoSeriousA11yViolations(appPage, 'main');

  // Act 3: submit from the period page
  await screen.submit.click();

  // Assert 3: the very same question as in the editor
  await expect(screen.dialog).toContainText('Das lässt sich nicht rückgängig machen.');
  expect(await screen.dialog.innerText()).toBe(editorQuestion);
  await screen.dialog.getByRole('button', { name: 'Trotz Warnungen übermitteln' }).click();

  // Assert 4: commissioned, read-only, with the way to the archive entry
  await expect(screen.outcome).toHaveAttribute('data-status', 'commissioned');
  await expect(screen.periodStatus(PERIOD)).toContainText('Beauftragt');
  await expect(screen.commissioned).toContainText('beauftragt');
  await expect(screen.check).toHaveCount(0);
  await expect(screen.submit).toHaveCount(0);
  await expect(screen.editInApp).toHaveCount(0);
  await screen.toArchiveEntry.click();
  await expect(appPage).toHaveURL(new RegExp(`#/archiv/${connectionId}/`));
  await expect(appPage.getByTestId('entry-outcome')).toContainText('Beauftragt');
  await appPage.goBack();
  await expect(screen.commissioned).toContainText('beauftragt');
  await expect(screen.overviewRow('Heizungsbetriebskosten')).toContainText('1.190,00 €');

  // Act 5: the editor of the commissioned period
  await screen.viewInApp.click();
  await editor.step('Heizungsbetriebskosten').click();

  // Assert 5: read-only, saying why and what the ways on are; nothing to add, delete or submit
  await expect(editor.readOnly).toContainText('Beauftragt – diese Abrechnung lässt sich nur noch ansehen');
  await expect(editor.readOnly).toContainText('Vom Vorjahr übernehmen');
  await expect(editor.readOnly).toContainText('Korrektur');
  await expect(editor.cell('heatingsysteminvoices', 'Brutto (€)', 1)).toHaveValue('1.190,00');
  await expect(editor.cellBox('heatingsysteminvoices', 'Brutto (€)', 1)).toHaveClass(/dsg-cell-disabled/);
  await expect(editor.deleteRow('heatingsysteminvoices')).toHaveCount(0);
  await expect(appPage.getByRole('button', { name: 'Zeile hinzufügen' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(appPage, 'main');
  await editor.step('Übermitteln').click();
  await expect(editor.submit).toHaveCount(0);
  await expect(editor.runCheck).toHaveCount(0);
  const revision = (await handlers['drafts:get']({ connectionId, billingunit: unit, periodTo: PERIOD }))?.revision;
  await editor.readOnly.getByRole('link', { name: 'Zum Archiveintrag' }).click();
  await expect(appPage).toHaveURL(new RegExp(`#/archiv/${connectionId}/`));
  expect((await handlers['drafts:get']({ connectionId, billingunit: unit, periodTo: PERIOD }))?.revision).toBe(revision);
});

test('a check with errors is still shown after leaving, visiting the editor and reloading; only a clean check opens the submission', async ({
  appPage,
  browserApp,
}) => {
  // Arrange: the district-heated property's complete draft with one distribution value missing, saved as revision 1
  const unit = '100200303';
  const handlers = browserApp.context.handlers;
  const [connection] = await handlers['connections:list'](undefined);
  const connectionId = connection?.id ?? '';
  const where = { connectionId, billingunit: unit, periodTo: PERIOD };
  const complete = demoSubmission(await handlers['templates:get'](where));
  const [first, ...others] = complete.billingrecipients;
  if (!first) throw new Error('the demo template has no billing recipient');
  const broken = { ...complete, billingrecipients: [{ ...first, allocations: first.allocations.slice(1) }, ...others] };
  await handlers['drafts:save']({
    connectionId,
    draft: { billingunit: unit, periodTo: PERIOD, content: broken },
    expectedRevision: 0,
  });
  const screen = billingPage(appPage);
  const editor = editorPage(appPage);
  await screen.nav.click();
  await screen.chooseUnit(unit);
  await screen.openPeriod(PERIOD).click();

  // Act 1: the test check
  await screen.check.click();

  // Assert 1: errors, the submission blocked
  await expect(screen.messageGroup('Fehler')).toBeVisible();
  await expect(screen.submit).toBeDisabled();
  await expect(screen.submitHint).toContainText('Fehler ergeben');

  // Act 2: away to the start page and back, through the editor's steps and back, and a reload
  await dashboardPage(appPage).navItem.click();
  await expect(dashboardPage(appPage).heading).toBeVisible();
  await appPage.goBack();
  await expect(screen.messageGroup('Fehler')).toBeVisible();
  await screen.editInApp.click();
  await editor.step('Nutzer').click();
  await expect(editor.grid('billingrecipients')).toHaveAttribute('data-settled', 'true');
  await editor.step('Prüfen').click();
  await expect(editor.checkResult).toContainText('Fehler');
  await editor.step('Übermitteln').click();
  await expect(editor.submit).toBeDisabled();
  await appPage.getByRole('link', { name: 'Zurück zum Abrechnungszeitraum' }).click();
  await expect(screen.messageGroup('Fehler')).toBeVisible();
  await appPage.reload();

  // Assert 2: the check of this revision is still there, still blocking
  await expect(screen.draftStatus).toContainText('Stand 1');
  await expect(screen.messageGroup('Fehler')).toBeVisible();
  await expect(screen.work).not.toContainText('noch nicht geprüft');
  await expect(screen.submit).toBeDisabled();
  await expect(screen.submitHint).toContainText('Fehler ergeben');
  await expectNoSeriousA11yViolations(appPage, 'main');

  // Act 3: the value completed (revision 2), not yet checked
  await handlers['drafts:save']({
    connectionId,
    draft: { billingunit: unit, periodTo: PERIOD, content: complete },
    expectedRevision: 1,
  });
  await expect(screen.draftStatus).toContainText('Stand 2');

  // Assert 3: the old check is marked outdated and an unchecked revision is not submitted either
  await expect(screen.checkResult).toContainText('seit dieser Prüfung geändert');
  await expect(screen.submit).toBeDisabled();
  await expect(screen.submitHint).toContainText('noch nicht geprüft');

  // Act 4 + Assert 4: a clean check opens the submission
  await screen.check.click();
  await expect(screen.messageGroup('Fehler')).toHaveCount(0);
  await expect(screen.submit).toBeEnabled();
});
