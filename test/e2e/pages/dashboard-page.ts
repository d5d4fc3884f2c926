/** Locators of the Übersicht (locators live in page modules). */
import type { Locator, Page } from '@playwright/test';

export function dashboardPage(page: Page) {
  const gettingStarted = page.getByRole('region', { name: 'So fangen Sie an' });
  const deadlines = page.getByTestId('deadlines');
  const activity = page.getByTestId('activity');
  return {
    navItem: page.getByRole('navigation', { name: 'Hauptbereiche' }).getByRole('link', { name: 'Übersicht' }),
    heading: page.getByRole('heading', { name: 'Übersicht', exact: true, level: 1 }),
    gettingStarted,
    step: (name: string): Locator => gettingStarted.getByRole('link', { name }),
    counts: page.getByTestId('unit-counts'),
    /** The count of one matching category (or `needs-action`) of one connection; a link to the filtered list. */
    count: (category: string, connectionId = 'demo'): Locator =>
      page.locator(`[data-testid="count-${category}"][data-connection="${connectionId}"]`),
    deadlines,
    deadlineRows: deadlines.getByTestId('deadline-row'),
    deadlineRow: (billingunit: string, periodTo: string): Locator =>
      deadlines.locator(`[data-testid="deadline-row"][data-billingunit="${billingunit}"][data-period-to="${periodTo}"]`),
    activity,
    activityRows: activity.getByTestId('activity-row'),
  };
}
