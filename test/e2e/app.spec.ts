import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { test, expect } from '@test/e2e/fixtures';
import { connectionsPage } from '@test/e2e/pages/connections-page';

test('the embedded demo measuring service is set up and reachable on first start', async ({ appPage }) => {
  // Arrange: a fresh data folder (fixture), opened through the launch URL with its token.
  const screen = connectionsPage(appPage);
  await screen.navItem.click();

  // Act: nothing; the first start must be enough.

  // Assert
  await expect(screen.heading).toBeVisible();
  await expect(screen.card('Demo-Messdienst')).toBeVisible();
  await expect(screen.status('Demo-Messdienst')).toHaveAttribute('data-state', 'ok');
  await expect(screen.status('Demo-Messdienst')).toContainText('Verbunden');
});

test('the served app carries a strict Content-Security-Policy in its page and in its headers', async ({ appPage }) => {
  // Act
  const response = await appPage.reload();

  // Assert
  await expect(appPage.locator('[data-app-state="ready"]')).toBeVisible();
  const header = response?.headers()['content-security-policy'] ?? '';
  const meta = (await appPage.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
  for (const csp of [header, meta]) {
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
  }
  expect(header).toContain("frame-ancestors 'none'");
});

test('the token leaves the address bar and the page refuses to work without it', async ({ appPage, browserApp, browser }) => {
  expect(appPage.url()).not.toContain('token');

  const stranger = await browser.newPage();
  await stranger.goto(browserApp.bridge.url);
  await expect(stranger.locator('[data-app-state="error"]')).toBeVisible();
  await expect(stranger.getByRole('alert')).toContainText('Browser-Sitzung gehört nicht zur laufenden Kostenbrücke');
  await stranger.close();
});

/** A loopback port nobody listens on: taken, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  return port;
}

test('a new connection is checked and an unreachable one says so in German', async ({ appPage }) => {
  const port = await closedPort();
  const screen = connectionsPage(appPage);
  await screen.navItem.click();
  await screen.newButton.click();

  await screen.form.save.click();
  await expect(screen.form.name).toHaveAttribute('aria-invalid', 'true');
  await expect(appPage.getByText('Bitte ausfüllen.').first()).toBeVisible();
  await expect(appPage.getByText('Bitte die Adresse eingeben')).toBeVisible();

  await screen.form.name.fill('Messdienst Test');
  await screen.form.url.fill(`http://127.0.0.1:${port}/api`);
  await screen.form.noAuth.check();
  await screen.form.save.click();

  await expect(screen.card('Messdienst Test')).toBeVisible();
  await expect(screen.status('Messdienst Test')).toHaveAttribute('data-state', 'error');
  await expect(screen.status('Messdienst Test')).toContainText('Nicht erreichbar');
  await expect(screen.status('Messdienst Test')).toContainText('nicht erreichbar (Verbindung abgelehnt)');
});

test('at start every read goes to the app once: the event stream is open before the first read', async ({ page, browserApp }) => {
  // Arrange: every bridge call of a fresh page, from its first
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/ipc/')) calls.push(`${url.pathname.slice(5)} ${request.postData() ?? ''}`);
  });

  // Act: open the app and let the Übersicht read everything it shows
  await page.goto(browserApp.bridge.launchUrl);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  await expect(page.getByTestId('count-not-sent')).toHaveText('3');
  await expect(page.getByTestId('deadline-row')).toHaveCount(3);
  await expect(page.getByText('Demo-Messdienst: erreichbar')).toBeVisible();

  // Assert: the start screen's reads, each once
  for (const channel of ['app:info', 'preferences:get', 'connections:list', 'connections:check', 'units:list', 'units:outbox'])
    expect(
      calls.filter((c) => c.startsWith(`${channel} `)),
      channel,
    ).toHaveLength(1);
  expect(calls.filter((c, i) => calls.indexOf(c) !== i)).toEqual([]);
});
