/** Locators of the Liegenschaften screens (locators live in page modules). */
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { activeOn, cellBoxOf } from '@test/e2e/pages/grid-cells';

export function unitsPage(page: Page) {
  const wizard = page.getByTestId('setup-wizard');
  const grid = wizard.locator('[data-testid="editor-grid"][data-section="import"]');
  const gridCell = (column: string, row: number): Locator => grid.getByLabel(`${column}, Zeile ${String(row)}`, { exact: true });
  const activeCell = grid.locator('.dsg-active-cell');
  const cellBox = (column: string, row: number): Locator => cellBoxOf(gridCell(column, row));
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
      reading: {
        progress: wizard.getByTestId('reading-progress'),
        firstRows: wizard.getByTestId('first-row'),
        cancel: wizard.getByRole('button', { name: 'Einlesen abbrechen' }),
      },
      notice: wizard.getByTestId('wizard-notice'),
      preview: {
        grid,
        /** Data rows the grid has in the DOM (it draws only those around the view). */
        gridRows: grid.locator('.dsg-row:not(.dsg-row-header)'),
        cell: gridCell,
        /** The grid cell around a cell's input, which carries the problem mark. */
        cellBox,
        groups: wizard.getByTestId('property-group'),
        group: (billingunit: string): Locator =>
          wizard.locator(`[data-testid="property-group"][data-billingunit="${billingunit}"]`),
        unknown: wizard.getByTestId('property-unknown'),
        unknownRows: wizard.getByTestId('unknown-rows'),
        limit: wizard.getByTestId('request-limit'),
        /** The note that tenant names without partner numbers are shown for information only. */
        namesOnly: wizard.getByTestId('names-only'),
        problems: wizard.getByTestId('preview-problems').getByRole('listitem'),
        sendAll: wizard.getByRole('button', { name: /^An \d+ Liegenschaften? senden$/ }),
        pickAgain: wizard.getByRole('button', { name: 'Andere Datei wählen …' }),
        cancel: wizard.getByRole('button', { name: 'Abbrechen' }),
        /**
         * Types into a grid cell as a clerk does: click it once the grid has settled, Enter, replace the content.
         * The click goes to the cell's box (its input takes no pointer events until edited), checked to stand still
         * and be uncovered, as in the editor's page object.
         */
        typeInto: async (column: string, row: number, text: string): Promise<void> => {
          await expect(grid).toHaveAttribute('data-settled', 'true');
          const onCell = (): Promise<boolean> => activeOn(activeCell, cellBox(column, row));
          // A click on the cell that is active already (a problem's link made it so) starts editing it.
          const wasActive = (await activeCell.count()) > 0 && (await onCell());
          await cellBox(column, row).click();
          await expect.poll(onCell).toBe(true);
          if (!wasActive) await page.keyboard.press('Enter');
          await expect(gridCell(column, row)).toBeFocused();
          await page.keyboard.press('Control+A');
          await page.keyboard.type(text);
          await page.keyboard.press('Enter');
          await expect(gridCell(column, row)).toHaveValue(text);
        },
      },
      queuedItems: wizard.getByTestId('queued-item'),
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
