/** axe on every screen in both languages: no serious or critical violation anywhere a clerk can go. */
import { test } from '@test/e2e/fixtures';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { allScreens, openScreen } from '@test/e2e/screens';

for (const language of ['de', 'en'] as const) {
  test(`every screen passes axe (${language})`, async ({ appPage, browserApp }) => {
    // One test walks every screen (about twenty), each opened afresh and judged only once it has settled.
    test.setTimeout(240_000);
    // Arrange
    const handlers = browserApp.context.handlers;
    await handlers['preferences:update']({ language });
    const routes = await allScreens(handlers);

    for (const route of routes) {
      // Act
      await openScreen(appPage, route);

      // Assert
      await test.step(route, () => expectNoSeriousA11yViolations(appPage));
    }
  });
}
