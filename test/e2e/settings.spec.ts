import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '@test/e2e/fixtures';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { connectionsPage } from '@test/e2e/pages/connections-page';
import { settingsPage } from '@test/e2e/pages/settings-page';

/** Everything a clerk or a screen reader gets from the page: visible text plus labels, titles and placeholders. */
const SHOWN_TEXT = `[document.body.innerText, ...[...document.querySelectorAll('[aria-label],[title],[placeholder]')]
  .flatMap((el) => ['aria-label', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? ''))].join('\\n')`;

async function shownText(page: Page): Promise<string> {
  // A string, because the spec is type-checked without the DOM library.
  return String(await page.evaluate(SHOWN_TEXT));
}
const ENCRYPTED = /verschlüssel|encrypt/i;

test('the language switches at once in navigation and settings, and survives a reload', async ({ appPage }) => {
  // Arrange
  const connections = connectionsPage(appPage);
  const screen = settingsPage(appPage);
  await connections.navItem.click();
  await expect(screen.title).toHaveText('Einstellungen');

  // Act
  await screen.language('English').check();

  // Assert
  await expect(screen.title).toHaveText('Settings');
  await expect(screen.navigation.getByRole('link', { name: 'Overview' })).toBeVisible();
  await expect(appPage.getByRole('heading', { name: 'Connections to measuring services' })).toBeVisible();
  await expect(appPage.locator('html')).toHaveAttribute('lang', 'en');
  await appPage.reload();
  await expect(appPage.locator('[data-app-state="ready"]')).toBeVisible();
  await expect(screen.title).toHaveText('Settings');
  await expect(screen.language('English')).toBeChecked();

  // Act: and back
  await screen.language('Deutsch').check();

  // Assert
  await expect(screen.title).toHaveText('Einstellungen');
  await expect(screen.navigation.getByRole('link', { name: 'Übersicht' })).toBeVisible();
  await expect(screen.language('Deutsch')).toBeFocused();
});

test('the data folder shown is the one the app uses, and its path can be copied', async ({ appPage, browserApp, context }) => {
  // Arrange
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const screen = settingsPage(appPage);
  await connectionsPage(appPage).navItem.click();

  // Act
  await screen.copyDataFolder.click();

  // Assert
  await expect(screen.dataFolder).toHaveText(browserApp.userDataDir);
  expect(await appPage.evaluate('navigator.clipboard.readText()')).toBe(browserApp.userDataDir);
  await expect(screen.mode).toHaveText('Im Browser (Browser-Modus)');
});

test('where no OS credential store runs, the form names the user-only file, never calls it encrypted, and the secret lands there', async ({
  appPage,
  browserApp,
}) => {
  // Arrange: no OS credential store (the fixture passes none, as on a machine without a Secret Service)
  const { secretStorage } = await browserApp.context.handlers['app:info'](undefined);
  expect(secretStorage.backend).toBe('file');
  const secretsFile = join(browserApp.userDataDir, 'secrets.json');
  const connections = connectionsPage(appPage);
  const screen = settingsPage(appPage);
  await connections.navItem.click();
  await expect(screen.secretPlace).toContainText(secretsFile);
  expect(await shownText(appPage)).not.toMatch(ENCRYPTED);

  // Act: a new OAuth2 connection with a secret
  await connections.newButton.click();
  await expect(connections.form.secretStorage).toContainText(secretsFile);
  await expect(connections.form.secretStorage).toContainText('nur Ihr Benutzerkonto lesen kann');
  expect(await shownText(appPage)).not.toMatch(ENCRYPTED);
  await connections.form.name.fill('Messdienst mit Kennwort');
  await connections.form.url.fill('http://127.0.0.1:9/api');
  await connections.form.clientId.fill('hv-e2e');
  await connections.form.secret.fill('S3cret-aus-dem-Formular');
  await connections.form.save.click();

  // Assert: the secret is in the file the form named, readable only by this user
  await expect(connections.card('Messdienst mit Kennwort')).toBeVisible();
  expect(await readFile(secretsFile, 'utf8')).toContain('S3cret-aus-dem-Formular');
  expect((await stat(secretsFile)).mode & 0o777).toBe(0o600);

  // Act: the same in English
  await screen.language('English').check();
  await expect(screen.title).toHaveText('Settings');

  // Assert
  expect(await shownText(appPage)).not.toMatch(ENCRYPTED);
  await appPage.getByRole('link', { name: 'New connection' }).click();
  await expect(connections.form.secretStorage).toContainText(`only your user account can read: ${secretsFile}`);
  expect(await shownText(appPage)).not.toMatch(ENCRYPTED);
});

test('a connection is removed only after confirming, and the focus stays on the screen', async ({ appPage, browserApp }) => {
  // Arrange
  await browserApp.context.handlers['connections:save']({
    name: 'Zum Entfernen',
    mscCode: '30',
    target: { kind: 'url', url: 'http://127.0.0.1:9/api' },
    profile: 'bved-v1',
    auth: { kind: 'none' },
  });
  await appPage.reload();
  const connections = connectionsPage(appPage);
  await connections.navItem.click();
  await expect(connections.card('Zum Entfernen')).toBeVisible();

  // Act: cancel first
  await connections.removeButton('Zum Entfernen').click();
  await expect(connections.removeDialog).toContainText('„Zum Entfernen“ wird aus Kostenbrücke entfernt');
  await expectNoSeriousA11yViolations(appPage, '[role="dialog"]');
  await connections.removeDialog.getByRole('button', { name: 'Abbrechen' }).click();

  // Assert
  await expect(connections.removeDialog).toBeHidden();
  await expect(connections.card('Zum Entfernen')).toBeVisible();
  await expect(connections.removeButton('Zum Entfernen')).toBeFocused();

  // Act: now confirm
  await connections.removeButton('Zum Entfernen').click();
  await connections.removeDialog.getByRole('button', { name: 'Verbindung entfernen' }).click();

  // Assert
  await expect(connections.card('Zum Entfernen')).toHaveCount(0);
  await expect(connections.heading).toBeFocused();
  expect((await browserApp.context.handlers['connections:list'](undefined)).map((c) => c.name)).toEqual(['Demo-Messdienst']);
});

test('Einstellungen and the connection form have no serious accessibility problems', async ({ appPage }) => {
  // Arrange
  const connections = connectionsPage(appPage);
  await connections.navItem.click();
  await expect(connections.status('Demo-Messdienst')).toHaveAttribute('data-state', 'ok');
  // The pointer stays over the clicked navigation entry; its hover colour is the frame's, not this screen's.
  await appPage.mouse.move(0, 0);

  // Assert
  await expectNoSeriousA11yViolations(appPage);

  // Act: the empty form, then with its errors shown
  await connections.newButton.click();
  await expect(connections.form.name).toBeVisible();
  await expectNoSeriousA11yViolations(appPage);
  await connections.form.save.click();
  await expect(connections.form.name).toHaveAttribute('aria-invalid', 'true');
  await expect(connections.form.name).toBeFocused();

  // Assert
  await expectNoSeriousA11yViolations(appPage);
});
