/** Locators of the Liegenschaften screens (style rule 24: locators live in page modules). */
import type { Locator, Page } from '@playwright/test';

export function unitsPage(page: Page) {
  const wizard = page.getByTestId('setup-wizard');
  const result = page.getByTestId('matching-result');
  /** Data rows of a virtual table (the spacer rows that keep its scroll height are not rows for the clerk). */
  const dataRows = (table: Locator): Locator => table.locator('tbody tr[data-row]');
  const list = page.getByRole('table', { name: 'Liegenschaften' });
  return {
    navItem: page.getByRole('navigation', { name: 'Hauptbereiche' }).getByRole('link', { name: 'Liegenschaften' }),
    heading: page.getByRole('heading', { name: 'Liegenschaften', exact: true }),
    list,
    /** The scrolling area around the list. */
    listScroller: page.getByTestId('virtual-scroll').filter({ has: list }),
    units: page.getByTestId('unit-item'),
    unit: (number: string): Locator => page.getByTestId('unit-item').filter({ hasText: number }),
    columnHeader: (name: string): Locator => list.getByRole('columnheader', { name }),
    search: page.getByRole('searchbox', { name: 'Suchen' }),
    count: page.getByTestId('units-count'),
    progress: page.getByTestId('units-progress'),
    empty: page.getByTestId('units-empty'),
    detailHeading: page.getByRole('heading', { level: 1 }),
    category: page.getByTestId('unit-category'),
    backToList: page.getByRole('link', { name: 'Zur Liste' }),
    matchingStatus: page.getByTestId('matching-status'),
    outboxItems: page.getByTestId('outbox-item'),
    wizard: {
      panel: wizard,
      title: wizard.getByRole('heading', { level: 2 }),
      importButton: wizard.getByRole('button', { name: 'Aus Excel importieren …' }),
      typeButton: wizard.getByRole('button', { name: 'Von Hand erfassen' }),
      issues: page.getByTestId('import-issue'),
      reviewSummary: page.getByTestId('review-summary'),
      reviewRows: dataRows(wizard.getByRole('table', { name: 'Zu sendende Nutzeinheiten' })),
      cell: (column: string, row: number): Locator => wizard.getByLabel(`${column}, Zeile ${String(row)}`, { exact: true }),
      next: wizard.getByRole('button', { name: 'Weiter zur Prüfung' }),
      send: wizard.getByRole('button', { name: 'Zur Zuordnung senden' }),
      queued: page.getByTestId('queued'),
      back: wizard.getByRole('button', { name: 'Zurück' }),
      recognised: wizard.getByTestId('recognised-columns'),
      mapping: {
        panel: wizard.getByTestId('column-mapping'),
        headerRow: wizard.getByTestId('header-row'),
        missing: wizard.getByTestId('mapping-missing'),
        /** The dropdown of the file's columns for one field, by its German label. */
        column: (field: string): Locator => wizard.getByTestId('column-mapping').getByLabel(field, { exact: true }),
        apply: wizard.getByRole('button', { name: 'Zuordnung übernehmen und einlesen' }),
        moreFields: wizard.getByRole('button', { name: /^Weitere Felder zuordnen/ }),
      },
    },
    result: {
      panel: result,
      summary: page.getByTestId('matching-summary'),
      matchedRows: dataRows(result.getByRole('table', { name: 'Zugeordnete Nutzeinheiten' })),
      ambiguousRows: dataRows(result.getByRole('table', { name: 'Mehrdeutige Nutzeinheiten' })),
      notFound: result.getByRole('list', { name: 'Nicht gefunden' }),
      additionalRows: dataRows(result.getByRole('table', { name: 'Zusätzliche Nutzeinheiten des Messdienstes' })),
      addCriteria: result.getByRole('button', { name: 'Hilfskriterien ergänzen' }),
      exportButton: page.getByRole('button', { name: 'Zuordnung als Excel speichern' }),
    },
  };
}
