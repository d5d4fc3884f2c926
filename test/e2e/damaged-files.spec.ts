import { test, expect } from '@test/e2e/fixtures';
import { connectionsPage } from '@test/e2e/pages/connections-page';

// A settings file torn by a crash of an older version or edited by hand.
test.use({ userDataFiles: { 'settings.json': '{"version":1,"connections":[{"id":"x",' } });

test('a damaged settings file is set aside, reported, and the app still starts with the demo connection', async ({ appPage }) => {
  // Arrange: the damaged file (see test.use above).
  const screen = connectionsPage(appPage);
  await screen.navItem.click();

  // Act: nothing; starting must be enough.

  // Assert
  await expect(appPage.getByTestId('storage-problems')).toContainText('Eine beschädigte Datei wurde beiseitegelegt');
  await expect(appPage.getByTestId('storage-problems')).toContainText('settings.json');
  await expect(screen.status('Demo-Messdienst')).toHaveAttribute('data-state', 'ok');
});
