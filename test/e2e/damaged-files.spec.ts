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

test.describe('a settings file torn in the middle of a connection', () => {
  const demo = {
    id: 'demo',
    name: 'Demo-Messdienst',
    mscCode: '99',
    target: { kind: 'embedded-demo' },
    profile: 'bved-v1',
    auth: { kind: 'oauth2-client-credentials', clientId: 'demo' },
    hasSecret: true,
    createdAt: '2025-03-01T08:00:00.000Z',
    updatedAt: '2025-03-01T08:00:00.000Z',
  };
  const torn = `{"schemaVersion":1,"connections":[${JSON.stringify(demo)},{"id":"t1","name":"Techem Test","mscCode":"51","tar`;
  test.use({ userDataFiles: { 'settings.json': torn } });

  test('keeps the readable connection and names the one to check', async ({ appPage }) => {
    // Arrange: the torn file (see test.use above).
    const screen = connectionsPage(appPage);

    // Act
    await screen.navItem.click();

    // Assert: issue 19, item 12 — the readable connection stays, the notice says which one to check.
    const notice = appPage.getByTestId('storage-problems');
    await expect(notice).toContainText('Übernommen: „Demo-Messdienst“.');
    await expect(notice).toContainText('Bitte prüfen Sie in den Einstellungen: „Techem Test“.');
    await expect(screen.status('Demo-Messdienst')).toHaveAttribute('data-state', 'ok');
  });
});
