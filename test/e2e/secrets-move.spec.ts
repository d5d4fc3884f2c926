/**
 * Issue 14, defect 5 on screen: a data folder written by the desktop app (secrets encrypted with safeStorage) opened
 * in browser mode. The connection says why its password must be entered again; entering it works; nothing is lost.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect } from '@test/e2e/fixtures';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { connectionsPage } from '@test/e2e/pages/connections-page';

const desktopSecrets =
  '{\n  "version": 2,\n  "secrets": {\n    "demo": {\n      "encoding": "encrypted",\n      "value": "X0/IcdWLUhm8YV48U9f0N3WSZsIHgyDhnfSiLjfl+fr/rtExwffo"\n    },\n    "dad6324c-1067-4960-8459-32fe2c957e3b": {\n      "encoding": "encrypted",\n      "value": "yCxj+ZtvNwbixp7Tv+Nw6QguWVA7NbfU46foWVJA7CNOo6MM+qLs"\n    }\n  }\n}\n';
test.use({
  userDataFiles: {
    'settings.json':
      '{\n\t"schemaVersion": 1,\n\t"connections": [\n\t\t{\n\t\t\t"id": "demo",\n\t\t\t"name": "Demo-Messdienst",\n\t\t\t"mscCode": "99",\n\t\t\t"target": {\n\t\t\t\t"kind": "embedded-demo"\n\t\t\t},\n\t\t\t"profile": "bved-v1",\n\t\t\t"auth": {\n\t\t\t\t"kind": "oauth2-client-credentials",\n\t\t\t\t"clientId": "demo"\n\t\t\t},\n\t\t\t"hasSecret": true,\n\t\t\t"createdAt": "2026-11-24T23:12:38.469Z",\n\t\t\t"updatedAt": "2026-11-24T23:12:38.469Z"\n\t\t},\n\t\t{\n\t\t\t"id": "dad6324c-1067-4960-8459-32fe2c957e3b",\n\t\t\t"name": "ista \u2013 Hausverwaltung Nord",\n\t\t\t"mscCode": "40",\n\t\t\t"target": {\n\t\t\t\t"kind": "url",\n\t\t\t\t"url": "https://api.ista.example/bved"\n\t\t\t},\n\t\t\t"profile": "bved-v1",\n\t\t\t"auth": {\n\t\t\t\t"kind": "oauth2-client-credentials",\n\t\t\t\t"clientId": "hv-nord"\n\t\t\t},\n\t\t\t"hasSecret": true,\n\t\t\t"createdAt": "2026-11-24T23:12:38.489Z",\n\t\t\t"updatedAt": "2026-11-24T23:12:38.489Z"\n\t\t}\n\t],\n\t"activeConnectionId": "demo",\n\t"mappings": {}\n}',
    'secrets.json': desktopSecrets,
  },
});

test('a data folder from the desktop app: browser mode asks for its secret again, saying why, and keeps the encrypted file', async ({
  appPage,
  browserApp,
}) => {
  // Arrange
  const connections = connectionsPage(appPage);

  // Act
  await connections.navItem.click();
  const card = connections.card('ista – Hausverwaltung Nord');
  // Assert
  await expect(card.getByTestId('secret-lost')).toContainText(
    'in der Desktop-App verschlüsselt gespeichert und ist im Browser-Modus nicht lesbar',
  );
  await expect(connections.card('Demo-Messdienst').getByTestId('secret-lost')).toHaveCount(0);
  await appPage.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(appPage);
  await card.getByRole('link', { name: 'Bearbeiten' }).click();
  await expect(appPage.getByTestId('secret-lost')).toContainText('Bitte hier erneut eingeben');
  await expectNoSeriousA11yViolations(appPage);
  await connections.form.secret.fill('ISTA-neu');
  await appPage.getByRole('button', { name: 'Speichern und prüfen' }).click();
  await expect(card).toBeVisible();
  await expect(card.getByTestId('secret-lost')).toHaveCount(0);
  const file = JSON.parse(await readFile(join(browserApp.userDataDir, 'secrets.json'), 'utf8')) as {
    secrets: Record<string, { encoding: string }>;
  };
  expect(
    Object.values(file.secrets)
      .map((e) => e.encoding)
      .sort(),
  ).toEqual(['plain', 'plain']);
  expect(await readFile(join(browserApp.userDataDir, 'secrets.json'), 'utf8')).toContain('ISTA-neu');
});
