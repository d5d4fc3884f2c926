import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { test, expect } from '@test/e2e/fixtures';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { dashboardPage } from '@test/e2e/pages/dashboard-page';
import { unitsPage } from '@test/e2e/pages/units-page';

// axe covers the screen itself (`main`); the frame around it (navigation, toasts) is checked by the frame's own tests.

/** Whole days since the open 2025 periods' deadline, counted like the app does (local calendar days). */
function daysOverdue(deadline: string): number {
  const today = new Date();
  const [y = 0, m = 1, d = 1] = deadline.split('-').map(Number);
  return Math.round((Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()) - Date.UTC(y, m - 1, d)) / 86_400_000);
}

const hashPath = (page: Page): string => new URL(page.url()).hash.slice(1);

test('first start: the Übersicht shows how to begin, and its three steps lead to the right screens', async ({ appPage }) => {
  // Arrange: a fresh data folder (fixture) with only the demo connection
  const screen = dashboardPage(appPage);
  await expect(screen.heading).toBeVisible();
  await expect(screen.gettingStarted).toBeVisible();
  await expect(screen.activity).toContainText('Noch keine Vorgänge');

  for (const [step, path] of [
    ['Verbindung prüfen', '/einstellungen'],
    ['Nutzeinheiten senden', '/liegenschaften'],
    ['Abrechnung erfassen und prüfen', '/abrechnung'],
  ] as const) {
    // Act
    await screen.step(step).click();

    // Assert
    await expect.poll(() => hashPath(appPage)).toBe(path);
    await expect(appPage.getByRole('heading', { level: 1 })).toBeVisible();
    await screen.navItem.click();
    await expect(screen.gettingStarted).toBeVisible();
  }
  await expectNoSeriousA11yViolations(appPage, 'main');
});

test('the counts match the demo world and each leads to its filtered list', async ({ appPage }) => {
  // Arrange: the demo MSC has three billing units, none sent for matching yet
  const screen = dashboardPage(appPage);
  const expected = {
    'needs-action': '0',
    'send-failed': '0',
    ambiguous: '0',
    unmatched: '0',
    manual: '0',
    'not-sent': '3',
    waiting: '0',
    matched: '0',
  };
  for (const [category, count] of Object.entries(expected)) await expect(screen.count(category)).toHaveText(count);

  // Act
  await screen.count('not-sent').click();

  // Assert: the list shows exactly the counted units
  await expect.poll(() => hashPath(appPage)).toBe('/liegenschaften?status=not-sent');
  await expect(unitsPage(appPage).units).toHaveCount(3);
});

test('open 2025 periods are shown as overdue, most urgent first, each opening its period', async ({ appPage }) => {
  // Arrange: the demo periods 2025 are open with the deadline 30.04.2026
  const screen = dashboardPage(appPage);
  const days = daysOverdue('2026-04-30');

  // Assert
  await expect(screen.deadlineRows).toHaveCount(3);
  await expect(screen.deadlines).toContainText('3 offene Zeiträume');
  for (const unit of ['100200301', '100200302', '100200303']) {
    const row = screen.deadlineRow(unit, '2025-12-31');
    await expect(row).toContainText('01.01.2025 – 31.12.2025');
    await expect(row).toContainText('30.04.2026');
    await expect(row.getByTestId('deadline-state')).toHaveText(`seit ${String(days)} Tagen überfällig`);
  }

  // Act
  await screen.deadlineRow('100200302', '2025-12-31').getByRole('link').click();

  // Assert
  await expect.poll(() => hashPath(appPage)).toBe('/abrechnung/demo/100200302/2025-12-31');
});

test('after sending units the activity lists the send and the first-start card is gone', async ({ appPage, browserApp }) => {
  // Arrange
  const screen = dashboardPage(appPage);
  await expect(screen.gettingStarted).toBeVisible();

  // Act: usage units of Köln are sent for matching (as the Liegenschaften screen would)
  await browserApp.context.handlers['units:send-setup']({
    connectionId: 'demo',
    request: {
      billingunitMscnumber: '100200303',
      customerMscnumber: '0000012345',
      ordercriteriafor: 'USAGEUNIT',
      residentialunits: [{ residentialunitPmnumber: 'LA5-0001' }, { residentialunitPmnumber: 'LA5-0002' }],
    },
  });

  // Assert: the send appears, then the finished matching; the counts move along
  const sent = screen.activityRows.filter({ hasText: 'Nutzeinheiten gesendet' });
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText('2 Nutzeinheiten');
  await expect(sent).toContainText('100200303 · Lindenallee 5, Köln');
  await expect(screen.gettingStarted).toHaveCount(0);
  await expect(screen.activityRows.filter({ hasText: 'Zuordnung abgeschlossen' })).toHaveCount(1);
  await expect(screen.count('matched')).toHaveText('1');
  await expect(screen.count('not-sent')).toHaveText('2');
  await expectNoSeriousA11yViolations(appPage, 'main');

  // Act
  await sent.getByRole('link', { name: 'Nutzeinheiten gesendet' }).click();

  // Assert
  await expect.poll(() => hashPath(appPage)).toBe('/liegenschaften/demo/100200303');
});

test('a count of another connection makes that connection active before opening the list', async ({ appPage, browserApp }) => {
  // Arrange: a second connection to the demo MSC as its other customer (one billing unit in Hamburg)
  const handlers = browserApp.context.handlers;
  const [demo] = await handlers['connections:list'](undefined);
  if (!demo) throw new Error('the demo connection is missing');
  const second = await handlers['connections:save']({
    name: 'Zweiter Kunde',
    mscCode: demo.mscCode,
    target: { kind: 'embedded-demo' },
    profile: demo.profile,
    auth: { kind: 'oauth2-client-credentials', clientId: 'other', clientSecret: 'other-secret' },
  });
  const screen = dashboardPage(appPage);
  await appPage.reload();
  await expect(screen.counts.getByRole('columnheader', { name: 'Zweiter Kunde' })).toBeVisible();
  await expect(screen.count('not-sent', second.id)).toHaveText('1');
  await expect(screen.deadlineRows).toHaveCount(4);

  // Act
  await screen.count('not-sent', second.id).click();

  // Assert
  await expect.poll(() => hashPath(appPage)).toBe('/liegenschaften?status=not-sent');
  expect((await handlers['preferences:get'](undefined)).activeConnectionId).toBe(second.id);
  await expect(unitsPage(appPage).units).toHaveCount(1);
});

/** A loopback address nothing listens on: a port bound and closed again. */
async function refusingUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${String(port)}/api`;
}

test('a connection whose MSC refuses connections shows its error in its column, the other column its counts', async ({
  appPage,
  browserApp,
}) => {
  // Arrange: a second connection to an address where nothing listens
  const handlers = browserApp.context.handlers;
  const [demo] = await handlers['connections:list'](undefined);
  if (!demo) throw new Error('the demo connection is missing');
  const url = await refusingUrl();
  await handlers['connections:save']({
    name: 'Messdienst aus',
    mscCode: demo.mscCode,
    target: { kind: 'url', url },
    profile: demo.profile,
    auth: { kind: 'none' },
  });
  const screen = dashboardPage(appPage);

  // Act
  await appPage.reload();

  // Assert: the broken column says why, in the clerk's words, and holds no placeholder; the demo column counts
  const host = new URL(url).host;
  const unitsError = screen.counts.getByRole('alert').filter({ hasText: 'Die Liegenschaften von Messdienst aus' });
  await expect(unitsError).toContainText(`Der Messdienst (${host}) ist nicht erreichbar (Verbindung abgelehnt).`);
  await expect(screen.counts.getByRole('columnheader', { name: 'Messdienst aus' })).toBeVisible();
  for (const category of ['Handlungsbedarf', 'Noch nicht gesendet', 'Vollständig zugeordnet']) {
    const cells = screen.counts.getByRole('row', { name: new RegExp(`^${category}`) }).getByRole('cell');
    await expect(cells).toHaveText([/^\d+$/, '–']);
  }
  await expect(screen.count('not-sent')).toHaveText('3');
  await expect(screen.deadlines.getByRole('alert')).toContainText('Die Fristen von Messdienst aus konnten nicht gelesen werden');
  await expectNoSeriousA11yViolations(appPage, 'main');
});
