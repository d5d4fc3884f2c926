/**
 * Correcting a send (issue 10, item 4): a unit sent by mistake is withdrawn from the property's matching view; the
 * corrected complete list goes out through the outbox, the unit is shown as withdrawn instead of "nicht gefunden",
 * and the original request stays on record: in the property's outbox and in the Archiv's deliveries.
 */
import { test, expect } from '@test/e2e/fixtures';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { unitsPage } from '@test/e2e/pages/units-page';
import { matchingView } from '@test/e2e/pages/demo-msc-page';

const KOELN = '100200303';

test('a unit sent by mistake is withdrawn; the matching no longer lists it as not found, the first request stays', async ({
  appPage,
  browserApp,
}) => {
  // Arrange: three units sent for Köln, one of them by mistake (the MSC has no such unit)
  await browserApp.context.handlers['units:send-setup']({
    connectionId: 'demo',
    request: {
      billingunitMscnumber: KOELN,
      customerMscnumber: '0000012345',
      ordercriteriafor: 'USAGEUNIT',
      residentialunits: [
        { residentialunitPmnumber: 'LA5-0001' },
        { residentialunitPmnumber: 'LA5-0002' },
        { residentialunitPmnumber: 'IRRTUM-7', description: 'Musterweg 7' },
      ],
    },
  });
  const screen = unitsPage(appPage);
  const view = matchingView(appPage);
  await screen.navItem.click();
  await screen.unit(KOELN).click();
  await expect(screen.matchingStatus).toHaveAttribute('data-status', 'COMPLETED');
  await expect(screen.result.notFound).toContainText('IRRTUM-7');
  await expect(screen.category).toContainText('Nicht gefunden');

  // Act: select the unit and withdraw it
  await view.withdraw.show.click();
  await view.withdraw.select('IRRTUM-7').check();
  await view.withdraw.action.click();
  await expect(view.withdraw.dialog).toContainText('Eine Nutzeinheit zurückziehen?');
  await expect(view.withdraw.dialog).toContainText('vollständige Liste mit 2 Nutzeinheiten');
  await expectNoSeriousA11yViolations(appPage);
  await view.withdraw.confirm.click();

  // Assert: the focus stays in the section; the corrected list went out and was matched again
  await expect(view.withdraw.dialog).toBeHidden();
  await expect(view.withdraw.title).toBeFocused();
  await expect(screen.outboxItems).toHaveCount(2);
  await expect(screen.outboxItems.nth(0)).toHaveAttribute('data-state', 'sent');
  await expect(screen.outboxItems.nth(0)).toContainText('2 Nutzeinheiten');
  await expect(screen.matchingStatus).toHaveAttribute('data-status', 'COMPLETED');
  await expect(view.withdrawn).toContainText('IRRTUM-7');
  await expect(screen.result.notFound).toHaveCount(0);
  await expect(screen.result.summary).toContainText('1 zurückgezogen');
  await expect(screen.category).toContainText('Zugeordnet');

  // Assert: the original request is still on record, unchanged
  await expect(screen.outboxItems.nth(1)).toHaveAttribute('data-state', 'sent');
  await expect(screen.outboxItems.nth(1)).toContainText('3 Nutzeinheiten');
  const outbox = await browserApp.context.handlers['units:outbox']({ connectionId: 'demo' });
  expect(outbox.map((i) => i.request.residentialunits.map((u) => u.residentialunitPmnumber))).toEqual([
    ['LA5-0001', 'LA5-0002', 'IRRTUM-7'],
    ['LA5-0001', 'LA5-0002'],
  ]);
  await expectNoSeriousA11yViolations(appPage);

  // Assert: the Archiv lists both requests, the correction first, each leading back to the property
  await appPage.getByRole('link', { name: 'Archiv', exact: true }).click();
  const deliveries = appPage.getByTestId('delivery-row');
  await expect(deliveries).toHaveCount(2);
  await expect(deliveries.nth(0)).toContainText('Vollständige Liste (Korrektur)');
  await expect(deliveries.nth(0)).toContainText('2 Nutzeinheiten');
  await expect(deliveries.nth(1)).toContainText('Nutzeinheiten gesendet');
  await expect(deliveries.nth(1)).toContainText('3 Nutzeinheiten');
  await expect(deliveries.nth(1)).toContainText('gesendet');
  await expectNoSeriousA11yViolations(appPage);
  await deliveries.nth(1).getByRole('link', { name: 'Nutzeinheiten gesendet' }).click();
  await expect(screen.detailHeading).toContainText(KOELN);
});
