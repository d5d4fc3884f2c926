import { expect, test } from '@test/e2e/fixtures';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { archivePage } from '@test/e2e/pages/archive-page';
import { dashboardPage } from '@test/e2e/pages/dashboard-page';
import { editorPage } from '@test/e2e/pages/editor-page';
import type { DraftContent } from '@shared/domain/workspace';

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

  // Assert: the preset data, recipients by name
  await expect(editor.heading).toHaveText(`Abrechnung erfassen – Liegenschaft ${UNIT}`);
  await expect(appPage.getByRole('region', { name: 'Brennstoffe' })).toContainText('111 – Heizöl EL');
  await expect(editor.grid('agreement.recipients')).toContainText('Frank Braun');
  await expectNoSeriousA11yViolations(appPage);

  // Act: a delivery by keyboard
  await editor.step('Brennstoffe').click();
  await editor.deleteRow('energysources[0].deliveries').focus();
  await appPage.keyboard.press('Tab');
  await appPage.keyboard.type('15.03.2025');
  await appPage.keyboard.press('Tab');
  await appPage.keyboard.type('2000');
  await appPage.keyboard.press('Tab');
  await appPage.keyboard.type('2.380,00');
  await appPage.keyboard.press('Tab');
  await expect(editor.cell('energysources[0].deliveries', 'Menge', 1)).toHaveValue('2.000');
  await expect(editor.total('total-deliveries-0')).toContainText('2.380,00');
  await expectNoSeriousA11yViolations(appPage);

  // Act: a heating invoice by keyboard, then 20 invoices pasted from Excel
  await editor.step('Heizungsbetriebskosten').click();
  await editor.deleteRow('heatingsysteminvoices').focus();
  await appPage.keyboard.press('Tab');
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

/** The oil-heated property's draft as a clerk left it: fuel and invoices complete, distribution values still open. */
const almostComplete: DraftContent = {
  currency: 'EUR',
  expectedvat: 'BOTH',
  energysources: [
    {
      slot: 1,
      fuel: '111',
      openingstock: { date: '2025-01-01', quantity: '3850.000', amounts: { grossamount: '3969.35', netamount: '3335.59' } },
      closingstock: { date: '31.12.2025', quantity: '1.200', amounts: { grossamount: '1.250,00', netamount: '1.050,42' } },
      deliveries: [
        {
          invoicedate: '15.03.2025',
          quantity: '2.000',
          amounts: { grossamount: '2.380,00', netamount: '2.000,00' },
          co2: { emissionfactor: '0,266', emissionkg: '5.320', costgross: '293,00' },
        },
      ],
    },
  ],
  // Five days after the period: the demo MSC warns, which the clerk accepts on submission.
  heatingsysteminvoices: [
    {
      cost: { key: '221', text: 'Wartung' },
      invoicedate: '05.01.2026',
      amounts: { grossamount: '1.190,00', netamount: '1.000,00' },
    },
  ],
  ancillaryinvoices: [],
};

/** 13 recipients: four distribution values, then heating, hot and cold water prepayments gross and net. */
const recipientSheet = Array.from({ length: 13 }, (_, i) =>
  [`${String(60 + i)},50`, `${String(60 + i)},50`, '2', '1', '1.190,00', '1.000,00', '238,00', '200,00', '119,00', '100,00'].join(
    '\t',
  ),
).join('\n');

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
  await appPage.goto(editorUrl('nutzer'));
  // The pre-check counts the 48 missing distribution values of the 12 tenants (the vacancy needs none).
  await expect(editor.step('Nutzer')).toContainText('48 Meldungen');

  // Act: the distribution values and prepayments of all 13 recipients pasted as one sheet
  await editor.select('billingrecipients', '010 – m² Wohnfläche', 1);
  await editor.paste(recipientSheet);

  // Assert
  await expect(editor.cell('billingrecipients', '010 – m² Wohnfläche', 13)).toHaveValue('72,50');
  await expect(editor.total('total-prepayments')).toContainText('20.111,00');
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

  // Assert: only the late invoice date is left, as a warning
  const late = editor.mscMessage('liegt 5 Tage nach Ende');
  await expect(editor.checkResult).toContainText('1 Meldung');
  await expect(late).toHaveAttribute('data-type', 'WARNING');
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
  await expect(editor.checkResult).toContainText('1 Meldung');
  await expect(late).toBeVisible();
  await expect(editor.checkStale).toHaveCount(0);

  // Act: submit, accepting the warning
  await editor.step('Übermitteln').click();
  await expect(editor.submit).toBeDisabled();
  await expectNoSeriousA11yViolations(appPage, 'main');
  await editor.acceptWarning(/liegt 5 Tage nach Ende/).check();
  await editor.submit.click();

  // Assert: commissioned, and the archive records the accepted warning
  await expect(editor.submitDone).toBeVisible();
  const archive = archivePage(appPage);
  await archive.navItem.click();
  await archive.row('Übermittlung trotz Warnungen').getByRole('link').click();
  await expect(archive.entry.accepted).toContainText('liegt 5 Tage nach Ende');
});
