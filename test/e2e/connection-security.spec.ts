import { test, expect } from '@test/e2e/fixtures';
import { connectionsPage } from '@test/e2e/pages/connections-page';
import { settingsPage } from '@test/e2e/pages/settings-page';

test('a changed address asks for the password again instead of sending the saved one there, in German and English', async ({
  appPage,
  browserApp,
}) => {
  // Arrange: a connection with a saved password
  const handlers = browserApp.context.handlers;
  const saved = await handlers['connections:save']({
    name: 'Nord',
    mscCode: '40',
    target: { kind: 'url', url: 'http://127.0.0.1:9/api' },
    profile: 'bved-v1',
    auth: { kind: 'oauth2-client-credentials', clientId: 'hv-nord', clientSecret: 'Alt-Geheim-1' },
  });
  await appPage.reload();
  const connections = connectionsPage(appPage);
  await connections.navItem.click();
  await connections.editButton('Nord').click();
  await expect(connections.form.secret).toHaveAccessibleDescription(/Ein Kennwort ist gespeichert/);

  // Act: another address, password left empty
  await connections.form.url.fill('http://127.0.0.1:10/api');
  await connections.form.save.click();

  // Assert: the form asks for the password and names why
  await expect(connections.form.secret).toHaveAccessibleDescription(/Bitte das Kennwort für die neue Adresse erneut eingeben/);
  await expect(connections.form.secret).toHaveAccessibleDescription(/nicht an die neue Adresse gesendet/);
  await expect(connections.form.secret).toBeFocused();

  // Arrange: the address changed without a password anyway (another window, an older app): the secret is gone
  await handlers['connections:save']({
    id: saved.id,
    name: 'Nord',
    mscCode: '40',
    target: { kind: 'url', url: 'http://127.0.0.1:11/api' },
    profile: 'bved-v1',
    auth: { kind: 'oauth2-client-credentials', clientId: 'hv-nord' },
  });
  await appPage.reload();
  await connections.navItem.click();

  // Assert: the card says so in German, then in English
  await expect(connections.card('Nord').getByTestId('secret-lost')).toContainText(
    'Die Adresse dieser Verbindung wurde geändert; das gespeicherte Kennwort wurde deshalb gelöscht',
  );
  await settingsPage(appPage).language('English').check();
  await expect(connections.card('Nord').getByTestId('secret-lost')).toContainText(
    'The address of this connection was changed, so the saved password was deleted',
  );
  await connections.card('Nord').getByRole('link', { name: 'Edit' }).click();
  await expect(appPage.getByTestId('secret-lost')).toContainText('Please enter it again here.');
  await appPage.getByRole('button', { name: 'Save and check' }).click();
  await expect(appPage.getByText('Please enter the password you received from the measuring service.')).toBeVisible();
});

test('a client certificate is chosen as a file and copied into the data folder; a file that is no PEM is refused', async ({
  appPage,
  browserApp,
}) => {
  // Arrange
  const connections = connectionsPage(appPage);
  await connections.navItem.click();
  await connections.newButton.click();
  await appPage.getByRole('button', { name: /Weitere Einstellungen/ }).click();
  const certField = appPage.getByRole('textbox', { name: 'Client-Zertifikat (PEM-Datei)' });
  await expect(certField).toHaveAttribute('readonly', '');

  // Act: a PEM file through the browser's picker
  const chooser = appPage.waitForEvent('filechooser');
  await appPage.getByRole('button', { name: 'Datei wählen …' }).first().click();
  await (await chooser).setFiles({ name: 'firma.pem', mimeType: 'application/x-pem-file', buffer: Buffer.from(PEM) });

  // Assert: the field shows the copy in the data folder
  await expect(certField).toHaveValue(new RegExp(`^${browserApp.userDataDir}/zertifikate/cert-`));
  await appPage.screenshot({ path: '/tmp/security-shots/certificate-de.png', fullPage: true });

  // Act: a file that is no certificate
  const second = appPage.waitForEvent('filechooser');
  await appPage.getByRole('button', { name: 'Datei wählen …' }).nth(1).click();
  await (await second).setFiles({ name: 'shadow', mimeType: 'text/plain', buffer: Buffer.from('root:*:19000:0:::\n') });

  // Assert
  await expect(appPage.getByText('Die Datei ist kein Zertifikat oder Schlüssel im PEM-Format (höchstens 64 KB).')).toBeVisible();
});

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
