/**
 * Every screen of the app, for the checks that must hold on all of them (axe, English complete): the top-level
 * routes plus one unit, one period with every editor step and one archive entry of the demo connection, arranged
 * through the handlers.
 */
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { BrowserMode } from '@main/bridge/browser-mode';
import { EDITOR_STEPS } from '@shared/domain/draft-location';

type Handlers = BrowserMode['context']['handlers'];

export async function allScreens(handlers: Handlers): Promise<string[]> {
  const [connection] = await handlers['connections:list'](undefined);
  if (!connection) throw new Error('the demo connection is missing');
  const connectionId = connection.id;
  const units = await handlers['units:list']({ connectionId });
  const billingunit = units[0]?.billingunitMscnumber ?? '';
  const periods = await handlers['periods:list']({ connectionId, billingunit });
  const open = periods.find((p) => p.status === 'OPEN') ?? periods[0];
  const periodTo = open?.to ?? '';
  // An empty template fails the MSC's check: an archive entry with messages to look at.
  const template = await handlers['templates:get']({ connectionId, billingunit, periodTo });
  await handlers['templates:check']({
    connectionId,
    billingunit,
    periodTo,
    filled: {
      currency: template.currency,
      expectedvat: template.expectedvat,
      energysources: [],
      heatingsysteminvoices: [],
      ancillaryinvoices: [],
      billingrecipients: [],
    },
  });
  const [entry] = await handlers['archive:list']({ connectionId });
  return [
    '/',
    '/liegenschaften',
    `/liegenschaften/${connectionId}/${billingunit}`,
    `/liegenschaften/${connectionId}/${billingunit}/nutzer`,
    '/abrechnung',
    `/abrechnung/${connectionId}/${billingunit}`,
    `/abrechnung/${connectionId}/${billingunit}/${periodTo}`,
    ...EDITOR_STEPS.map((step) => `/abrechnung/${connectionId}/${billingunit}/${periodTo}/erfassen/${step}`),
    '/archiv',
    ...(entry ? [`/archiv/${connectionId}/${entry.id}`] : []),
    '/einstellungen',
    `/einstellungen/verbindungen/${connectionId}`,
    '/demo-messdienst',
  ];
}

/** Opens a route as a fresh load (as after a restart) and waits until the screen and its reads have settled. */
export async function openScreen(page: Page, route: string): Promise<void> {
  const base = page.url().split('#')[0] ?? '';
  await page.goto(`${base}#${route}`);
  await page.reload();
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
}
