/** Locators of the billing screen "Abrechnung" (style rule 24: locators live in page modules). */
import type { Locator, Page } from '@playwright/test';

export function billingPage(page: Page) {
  const work = page.getByTestId('period-work');
  const checkSection = page.getByTestId('check-section');
  const submitSection = page.getByTestId('submit-section');
  const periodRow = (periodTo: string): Locator => page.locator(`[data-testid="period-row"][data-period-to="${periodTo}"]`);
  return {
    nav: page.getByRole('navigation', { name: 'Hauptbereiche' }).getByRole('link', { name: 'Abrechnung' }),
    heading: page.getByRole('heading', { name: 'Abrechnung', exact: true }),
    unit: page.getByLabel('Liegenschaft', { exact: true }),
    periodRow,
    periodStatus: (periodTo: string): Locator => periodRow(periodTo).getByTestId('period-status'),
    openPeriod: (periodTo: string): Locator => periodRow(periodTo).getByRole('button', { name: /öffnen$/ }),
    work,
    templateSummary: page.getByTestId('template-summary'),
    draftStatus: page.getByTestId('draft-status'),
    download: work.getByRole('button', { name: 'Erfassungsmappe herunterladen' }),
    importTemplate: work.getByRole('button', { name: 'Erfassungsmappe einlesen' }),
    importInvoices: work.getByRole('button', { name: 'Rechnungsliste einlesen' }),
    importResult: page.getByTestId('import-result'),
    columnMapping: {
      panel: work.getByTestId('column-mapping'),
      column: (field: string): Locator => work.getByTestId('column-mapping').getByLabel(field, { exact: true }),
      apply: work.getByRole('button', { name: 'Zuordnung übernehmen und einlesen' }),
    },
    accountMapping: work.getByRole('form', { name: 'Konten zuordnen' }),
    recognisedColumns: work.getByTestId('recognised-columns'),
    overview: page.getByTestId('draft-overview'),
    overviewRow: (section: string): Locator =>
      page.getByTestId('draft-overview').getByRole('table', { name: 'Entwurf im Überblick' }).getByRole('row', { name: section }),
    check: checkSection.getByRole('button', { name: 'Prüfen', exact: true }),
    checkResult: page.getByTestId('check-result'),
    messageGroup: (title: 'Fehler' | 'Warnungen' | 'Hinweise'): Locator => checkSection.getByRole('region', { name: title }),
    reportPdf: page
      .getByTestId('check-result')
      .getByRole('group', { name: 'Prüfbericht speichern' })
      .getByRole('button', { name: 'PDF' }),
    submit: submitSection.getByRole('button', { name: 'Verbindlich übermitteln' }),
    submitHint: submitSection.locator('p.muted'),
    dialog: page.getByRole('dialog', { name: 'Abrechnung verbindlich übermitteln?' }),
    outcome: page.getByTestId('submit-outcome'),
    history: page.getByTestId('history-row'),
  };
}
