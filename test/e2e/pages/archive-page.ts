/** Locators of the Archiv and its entry page (locators live in page modules). */
import type { Locator, Page } from '@playwright/test';

export function archivePage(page: Page) {
  const filters = page.getByRole('search', { name: 'Archiv filtern' });
  const rows = page.getByTestId('archive-row');
  return {
    navItem: page.getByRole('navigation', { name: 'Hauptbereiche' }).getByRole('link', { name: 'Archiv' }),
    heading: page.getByRole('heading', { name: 'Archiv', exact: true, level: 1 }),
    count: page.getByTestId('archive-count'),
    rows,
    row: (action: string): Locator => rows.filter({ has: page.getByRole('link', { name: action, exact: true }) }),
    filter: (label: string): Locator => filters.getByLabel(label, { exact: true }),
    resetFilters: filters.getByRole('button', { name: 'Filter zurücksetzen' }),
    entry: {
      heading: page.getByRole('heading', { level: 1 }),
      facts: page.getByTestId('entry-facts'),
      outcome: page.getByTestId('entry-outcome'),
      transaction: page.getByTestId('entry-transaction'),
      messages: page.getByTestId('check-message'),
      acceptedSection: page.getByTestId('accepted-warnings'),
      accepted: page.getByTestId('accepted-warning'),
      request: page.getByTestId('entry-request'),
      requestLine: (section: string): Locator => page.getByTestId('request-line').filter({ hasText: section }),
      reportPdf: page.getByRole('group', { name: 'Prüfbericht speichern' }).getByRole('button', { name: 'Prüfbericht als PDF' }),
      reportExcel: page
        .getByRole('group', { name: 'Prüfbericht speichern' })
        .getByRole('button', { name: 'Prüfbericht als Excel' }),
      back: page.getByRole('link', { name: 'Zurück zum Archiv' }),
    },
  };
}
