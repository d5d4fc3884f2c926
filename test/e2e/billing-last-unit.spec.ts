/**
 * Issue 19, item 8: the Abrechnung page remembers the Liegenschaft the clerk last opened (per connection), after
 * leaving for another screen and after a reload, and leads back to it with one click.
 */
import { test, expect } from '@test/e2e/fixtures';
import { billingPage } from '@test/e2e/pages/billing-page';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';

const UNIT = '100200303';

test('Abrechnung offers the last opened Liegenschaft again after leaving and reloading', async ({ appPage, browserApp }) => {
  // Arrange
  const [connection] = await browserApp.context.handlers['connections:list'](undefined);
  const connectionId = connection?.id ?? '';
  const screen = billingPage(appPage);
  await screen.nav.click();
  await expect(screen.unit).toBeVisible();
  await expect(appPage.getByTestId('billing-last-unit')).toHaveCount(0);
  await screen.chooseUnit(UNIT);
  await expect(appPage).toHaveURL(new RegExp(`#/abrechnung/${connectionId}/${UNIT}$`));

  // Act: leave for the Übersicht, come back
  await appPage.getByRole('navigation', { name: 'Hauptbereiche' }).getByRole('link', { name: 'Übersicht' }).click();
  await expect(appPage).toHaveURL(/#\/$/);
  await screen.nav.click();

  // Assert
  const last = appPage.getByTestId('billing-last-unit');
  await expect(last).toContainText(`Zuletzt geöffnet: ${UNIT} – `);
  await expectNoSeriousA11yViolations(appPage, 'main');

  // Act: reload the window (the choice is stored with the preferences), then continue there
  await appPage.reload();
  await expect(last).toContainText(`Zuletzt geöffnet: ${UNIT} – `);
  await last.getByRole('link', { name: 'Dort weiterarbeiten' }).click();

  // Assert
  await expect(appPage).toHaveURL(new RegExp(`#/abrechnung/${connectionId}/${UNIT}$`));
  await expect(screen.breadcrumb).toContainText(`Liegenschaft ${UNIT}`);
});
