import { expect, test } from '@test/e2e/fixtures';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { archivePage } from '@test/e2e/pages/archive-page';
import { dashboardPage } from '@test/e2e/pages/dashboard-page';
import { editorPage } from '@test/e2e/pages/editor-page';
import { almostComplete, recipientSheet } from '@test/e2e/editor-drafts';

const UNIT = '100200302';
// The check's toast belongs to the frame (checked by its own tests); axe looks at the editor in `main` after a check.
const PERIOD = '2025-12-31';

test('the clerk types a delivery and an invoice by keyboard, pastes 20 invoices and reloads mid-typing without loss', async ({
  appPage,
  browserApp,
}) => {
  // Arrange
  const [connection] = await browserApp.context.handlers['connections:list'](undefined);
  const base = `#/abrechnung/${connection?.id ?? ''}/${UNIT}/${PERIOD}/erfassen`;
  const editor = editorPage(appPage);
  await appPage.goto(`${appPage.url().split('#')[0] ?? ''}${base}/vereinbarung`);

  // Assert: the preset data with the oil's calorific value, recipients by name
  await expect(editor.heading).toHaveText(`Abrechnung erfassen – Liegenschaft ${UNIT}`);
  await expect(editor.facts('Brennstoffe')).toContainText(/111 – .*Heizöl/);
  await expect(editor.facts('Brennstoffe').getByRole('row', { name: /111 – / })).toContainText('10,08');
  await expect(editor.grid('agreement.recipients')).toContainText('Frank Braun');
  await expectNoSeriousA11yViolations(appPage);

  // Assert: on Brennstoffe the presets are carried into the draft, nothing to type
  await editor.step('Brennstoffe').click();
  await expect(editor.field('Heizwert (kWh je Liter)')).toHaveValue('10,08');
  const area = editor.field('Wohnfläche für CO2-Aufteilung (m²)');
  const presetArea = await area.inputValue();
  expect(presetArea).toMatch(/^[1-9]\d{0,2}(\.\d{3})*,\d{2}$/);

  // Act: a delivery by keyboard, its quantity typed the German way: 1.500 litres
  await editor.tabInto('energysources[0].deliveries');
  await appPage.keyboard.type('15.03.2025');
  await appPage.keyboard.press('Tab');
  await appPage.keyboard.type('1.500');
  await appPage.keyboard.press('Tab');
  await appPage.keyboard.type('2.380,00');
  await appPage.keyboard.press('Tab');

  // Assert: the cell shows 1.500 again, and the saved draft carries 1,500 litres in the MSC's form
  await expect(editor.cell('energysources[0].deliveries', 'Menge', 1)).toHaveValue('1.500');
  await expect(editor.total('total-deliveries-0')).toContainText('2.380,00');
  const where = { connectionId: connection?.id ?? '', billingunit: UNIT, periodTo: PERIOD };
  const savedDelivery = async () =>
    (await browserApp.context.handlers['drafts:get'](where))?.content.energysources?.[0]?.deliveries?.[0];
  await expect
    .poll(savedDelivery)
    .toEqual({ invoicedate: '2025-03-15', quantity: '1500.000', amounts: { grossamount: '2380.00' } });
  await expectNoSeriousA11yViolations(appPage);

  // Act: Escape leaves the grid and says where the focus waits; Shift+Tab goes back in, Tab goes on
  const deliveries = 'energysources[0].deliveries';
  await appPage.keyboard.press('Escape');
  await expect(editor.activeCell(deliveries)).toHaveCount(0);
  await expect(editor.gridExit(deliveries)).toBeFocused();
  await expect(editor.gridExit(deliveries)).toHaveText(
    'Tabelle verlassen. Weiter mit Tab, zurück in die Tabelle mit Umschalt+Tab.',
  );
  await expectNoSeriousA11yViolations(appPage);
  await appPage.keyboard.press('Shift+Tab');
  await expect(editor.activeCell(deliveries)).toBeVisible();
  await appPage.keyboard.press('Escape');
  await expect(editor.gridExit(deliveries)).toBeFocused();
  await appPage.keyboard.press('Tab');
  await expect(area).toBeFocused();

  // Act: the heated area cleared, as if the MSC's preset were wrong
  await area.fill('');
  await area.press('Tab');

  // Assert: Prüfen names it, and its link leads back to the field
  await editor.step('Prüfen').click();
  await editor.localMessage('Die Wohnfläche fehlt').getByRole('link').click();
  await expect(appPage).toHaveURL(/erfassen\/brennstoffe\?section=co2configuration&row=0&field=heatedarea/);
  await expect(area).toBeFocused();
  await expect(area).toHaveAttribute('aria-invalid', 'true');

  // Act: the area typed again the German way
  await appPage.keyboard.type(presetArea.replace(/\./g, ''));
  await appPage.keyboard.press('Tab');

  // Assert: shown as before, the message gone
  await expect(area).toHaveValue(presetArea);
  await expect(area).not.toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(appPage);

  // Act: a heating invoice by keyboard, then 20 invoices pasted from Excel
  await editor.step('Heizungsbetriebskosten').click();
  await editor.tabInto('heatingsysteminvoices');
  await appPage.keyboard.press('Enter');
  await appPage.keyboard.type('Wartung');
  await appPage.keyboard.press('Enter');
  await appPage.keyboard.press('Tab');
  await appPage.keyboard.press('Tab');
  await appPage.keyboard.press('Tab');
  await appPage.keyboard.type('20.05.2025');
  await appPage.keyboard.press('Tab');
  await appPage.keyboard.press('Tab');
  await appPage.keyboard.type('1.190,00');
  await appPage.keyboard.press('Tab');
  await expect(editor.grid('heatingsysteminvoices')).toContainText('221 – ');
  await appPage.keyboard.press('Shift+Enter');
  await appPage.keyboard.press('Control+ArrowLeft');
  const block = Array.from(
    { length: 20 },
    (_, i) => `221\tRechnung ${String(i + 1)}\t\t${String(i + 1).padStart(2, '0')}.06.2025\t\t${String(i + 1)}.000,50\t`,
  ).join('\n');
  await editor.paste(block);

  // Assert: 21 invoices, exact total in German format
  await expect(editor.total('total-heatingsysteminvoices')).toContainText('211.200,00');
  await expectNoSeriousA11yViolations(appPage);

  // Act: reload while typing
  await editor.select('heatingsysteminvoices', 'Text', 1);
  await appPage.keyboard.press('Enter');
  await appPage.keyboard.type('Notiz');
  await appPage.reload();

  // Assert: everything typed is there
  await expect(editor.cell('heatingsysteminvoices', 'Text', 1)).toHaveValue('Notiz');
  await expect(editor.total('total-heatingsysteminvoices')).toContainText('211.200,00');
  await editor.step('Brennstoffe').click();
  await expect(editor.cell('energysources[0].deliveries', 'Rechnungsdatum', 1)).toHaveValue('15.03.2025');
});

test('the clerk completes the recipients, sees the pre-check, checks, jumps to a message and submits with a warning', async ({
  appPage,
  browserApp,
}) => {
  // Arrange
  const [connection] = await browserApp.context.handlers['connections:list'](undefined);
  const connectionId = connection?.id ?? '';
  await browserApp.context.handlers['drafts:save']({
    connectionId,
    draft: { billingunit: UNIT, periodTo: PERIOD, content: almostComplete },
    expectedRevision: 0,
  });
  const editor = editorPage(appPage);
  const editorUrl = (step: string) =>
    `${appPage.url().split('#')[0] ?? ''}#/abrechnung/${connectionId}/${UNIT}/${PERIOD}/erfassen/${step}`;
  await appPage.goto(editorUrl('pruefen'));

  // Assert: the 48 missing distribution values of the 12 tenants are one group; the step counts as in the stepper
  const missing = editor.localGroup('Verteilwert fehlt');
  await expect(missing).toContainText('Verteilwert fehlt – 48 Stellen in 12 Nutzern');
  await expect(missing.getByRole('link')).toHaveCount(0);
  const perStep = (await editor.step('Nutzer').getByTestId('step-count').textContent()) ?? '';
  expect(perStep).toMatch(/^\d+ Meldungen$/);
  await expect(editor.localStep('nutzer').getByTestId('message-step-count')).toHaveText(perStep);
  await expectNoSeriousA11yViolations(appPage, 'main');

  // Act: open the group's places and follow the second tenant's first one
  await missing.getByRole('button', { name: '48 Stellen zeigen' }).click();
  await expect(missing.getByRole('list', { name: 'Stellen: Verteilwert fehlt' })).toBeVisible();
  await expectNoSeriousA11yViolations(appPage, 'main');
  await missing.getByRole('link', { name: /^Zeile 2: Für den Verteilerschlüssel 010 fehlt der Wert/ }).click();

  // Assert: on Nutzer, the tenant's 010 value highlighted, active and in view
  await expect(appPage).toHaveURL(/erfassen\/nutzer\?section=billingrecipients&row=1&field=allocations\.010/);
  const place = editor.cellBox('billingrecipients', '010 – m² Wohnfläche', 2);
  await expect(place).toHaveClass(/editor-cell-target/);
  await expect(place).toBeInViewport();
  await expect(editor.activeCell('billingrecipients')).toBeVisible();

  // Act: the distribution values and prepayments of all 13 recipients pasted as one sheet
  await editor.select('billingrecipients', '010 – m² Wohnfläche', 1);
  await editor.paste(recipientSheet);

  // Assert
  await expect(editor.cell('billingrecipients', '010 – m² Wohnfläche', 13)).toHaveValue('72,5');
  await expect(editor.total('total-prepayments')).toContainText('9.282,00');
  await expect(editor.step('Nutzer')).not.toContainText('Meldung');
  await expectNoSeriousA11yViolations(appPage, 'main');

  // Act: an energy mix of 95 % typed into the delivery
  await editor.step('Brennstoffe').click();
  const mix = editor.cell('energysources[0].deliveries', 'Energiemix (Code Anteil; …)', 1);
  await editor.typeInto('energysources[0].deliveries', 'Energiemix (Code Anteil; …)', 1, '03 95');

  // Assert: the pre-check names it at the cell while typing
  await expect(mix).toHaveAttribute('aria-description', /95,0 % statt 100,0 %/);
  await expect(editor.cellBox('energysources[0].deliveries', 'Energiemix (Code Anteil; …)', 1)).toHaveClass(/editor-cell-error/);

  // Act: fixed
  await appPage.keyboard.press('Control+A');
  await appPage.keyboard.type('03 100');
  await appPage.keyboard.press('Enter');

  // Assert: the message is gone
  await expect(editor.cellBox('energysources[0].deliveries', 'Energiemix (Code Anteil; …)', 1)).not.toHaveClass(
    /editor-cell-error/,
  );
  await expect(mix).not.toHaveAttribute('aria-description', /.+/);
  await expectNoSeriousA11yViolations(appPage, 'main');
  await editor.step('Sonstige Betriebskosten').click();
  await expectNoSeriousA11yViolations(appPage, 'main');

  // Act: the MSC's test check
  await editor.step('Prüfen').click();
  await expect(editor.saveState).toHaveText('Gespeichert');
  await editor.runCheck.click();

  // Assert: only the late invoice date is left, as a warning; the CO2 costs split by the preset heated area
  const late = editor.mscMessage('liegt 186 Tage nach Ende');
  await expect(editor.checkResult).toContainText(/(^|\D)1 Meldung:/);
  await expect(late).toHaveAttribute('data-type', 'WARNING');
  await expect(editor.co2Preview).toHaveAttribute('data-status', 'split');
  await expectNoSeriousA11yViolations(appPage, 'main');

  // Act: the message's link
  await late.getByRole('link').click();

  // Assert: on Heizungsbetriebskosten, the invoice date of row 1 highlighted, active and in view
  await expect(appPage).toHaveURL(/erfassen\/heizung\?section=heatingsysteminvoices&row=0&field=invoicedate/);
  const target = editor.cellBox('heatingsysteminvoices', 'Rechnungsdatum', 1);
  await expect(target).toHaveClass(/editor-cell-target/);
  await expect(target).toBeInViewport();
  await expect(editor.activeCell('heatingsysteminvoices')).toBeVisible();
  await expectNoSeriousA11yViolations(appPage, 'main');

  // Act: leave the period and come back
  await dashboardPage(appPage).navItem.click();
  await expect(dashboardPage(appPage).heading).toBeVisible();
  await appPage.goto(editorUrl('pruefen'));

  // Assert: the check of this revision is still there
  await expect(editor.checkResult).toContainText(/(^|\D)1 Meldung:/);
  await expect(late).toBeVisible();
  await expect(editor.checkStale).toHaveCount(0);

  // Act: submit, accepting the warning
  await editor.step('Übermitteln').click();
  await expect(editor.submit).toBeDisabled();
  await expectNoSeriousA11yViolations(appPage, 'main');
  await editor.acceptWarning(/liegt 186 Tage nach Ende/).check();
  await editor.submit.click();
  await editor.submitQuestion.getByRole('button', { name: 'Trotz Warnungen übermitteln' }).click();

  // Assert: commissioned, and the archive records the accepted warning
  await expect(editor.submitDone).toBeVisible();
  const archive = archivePage(appPage);
  await archive.navItem.click();
  await archive.row('Übermittlung trotz Warnungen').getByRole('link').click();
  await expect(archive.entry.accepted).toContainText('liegt 186 Tage nach Ende');
});
