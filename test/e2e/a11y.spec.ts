/** axe on every screen in both languages: no serious or critical violation anywhere a clerk can go. */
import { test, expect } from '@test/e2e/fixtures';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { allScreens } from '@test/e2e/screens';

for (const language of ['de', 'en'] as const) {
  test(`every screen passes axe (${language})`, async ({ appPage, browserApp }) => {
    // Arrange
    const handlers = browserApp.context.handlers;
    await handlers['preferences:update']({ language });
    const routes = await allScreens(handlers);
    const base = appPage.url().split('#')[0] ?? '';

    for (const route of routes) {
      // Act
      await appPage.goto(`${base}#${route}`);
      await appPage.reload();
      await expect(appPage.locator('[data-app-state="ready"]')).toBeVisible();
      await expect(appPage.getByRole('heading', { level: 1 })).toBeVisible();
      await appPage.waitForLoadState('networkidle');

      // Assert
      await test.step(route, () => expectNoSeriousA11yViolations(appPage));
    }
  });
}
