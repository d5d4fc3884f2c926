/** Locators of the Liegenschaften screen (style rule 24: locators live in page modules). */
import type { Locator, Page } from '@playwright/test';

export function unitsPage(page: Page) {
  const detail = page.getByTestId('unit-detail');
  const wizard = page.getByTestId('setup-wizard');
  const result = page.getByTestId('matching-result');
  return {
    navItem: page.getByRole('navigation', { name: 'Hauptbereiche' }).getByRole('link', { name: 'Liegenschaften' }),
    heading: page.getByRole('heading', { name: 'Liegenschaften', exact: true }),
    units: page.getByTestId('unit-item'),
    unit: (number: string): Locator => page.getByTestId('unit-item').filter({ hasText: number }),
    detailHeading: detail.getByRole('heading', { level: 2 }).first(),
    matchingStatus: page.getByTestId('matching-status'),
    outboxItems: page.getByTestId('outbox-item'),
    wizard: {
      panel: wizard,
      importButton: wizard.getByRole('button', { name: 'Aus Excel importieren …' }),
      typeButton: wizard.getByRole('button', { name: 'Von Hand erfassen' }),
      issues: page.getByTestId('import-issue'),
      reviewSummary: page.getByTestId('review-summary'),
      reviewRows: wizard.getByRole('table', { name: 'Zu sendende Nutzeinheiten' }).locator('tbody tr'),
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
      matchedRows: result.getByRole('table', { name: 'Zugeordnete Nutzeinheiten' }).locator('tbody tr'),
      ambiguousRows: result.getByRole('table', { name: 'Mehrdeutige Nutzeinheiten' }).locator('tbody tr'),
      notFound: result.getByRole('list', { name: 'Nicht gefunden' }),
      additionalRows: result.getByRole('table', { name: 'Zusätzliche Nutzeinheiten des Messdienstes' }).locator('tbody tr'),
      addCriteria: result.getByRole('button', { name: 'Hilfskriterien ergänzen' }),
      exportButton: page.getByRole('button', { name: 'Zuordnung als Excel speichern' }),
    },
  };
}
