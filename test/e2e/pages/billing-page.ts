/**
 * Locators of the billing screens "Abrechnung" › Liegenschaft › Zeitraum (locators live in page
 * modules). A period's row is the row of the periods table or, on the period's own screen, its facts panel.
 */
import type { Locator, Page } from '@playwright/test';

export function billingPage(page: Page) {
  const work = page.getByTestId('period-work');
  const checkSection = page.getByTestId('check-section');
  const submitSection = page.getByTestId('submit-section');
  const periodRow = (periodTo: string): Locator =>
    page.locator(
      `[data-testid="period-row"][data-period-to="${periodTo}"], [data-testid="period-facts"][data-period-to="${periodTo}"]`,
    );
  const unit = page.getByRole('combobox', { name: 'Liegenschaft', exact: true });
  return {
    nav: page.getByRole('navigation', { name: 'Hauptbereiche' }).getByRole('link', { name: 'Abrechnung' }),
    heading: page.getByRole('heading', { name: 'Abrechnung', exact: true }),
    unit,
    /** Types the unit's number into the searchable picker and takes the matching entry. */
    chooseUnit: async (number: string): Promise<void> => {
      await unit.fill(number);
      await page.getByRole('option', { name: new RegExp(`^${number} `) }).click();
    },
    breadcrumb: page.getByRole('navigation', { name: 'Sie sind hier' }),
    deadlineLeft: (periodTo: string): Locator => periodRow(periodTo).getByTestId('deadline-left'),
    periodRow,
    periodStatus: (periodTo: string): Locator => periodRow(periodTo).getByTestId('period-status'),
    openPeriod: (periodTo: string): Locator => periodRow(periodTo).getByRole('link', { name: /öffnen$/ }),
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
    co2Preview: page.getByTestId('co2-preview'),
    messageGroup: (title: 'Fehler' | 'Warnungen' | 'Hinweise'): Locator => checkSection.getByRole('region', { name: title }),
    reportPdf: page
      .getByTestId('check-result')
      .getByRole('group', { name: 'Prüfbericht speichern' })
      .getByRole('button', { name: 'PDF' }),
    submit: submitSection.getByRole('button', { name: 'Verbindlich übermitteln' }),
    submitHint: submitSection.getByTestId('submit-hint'),
    dialog: page.getByRole('dialog', { name: 'Abrechnung verbindlich übermitteln?' }),
    outcome: page.getByTestId('submit-outcome'),
    history: page.getByTestId('history-row'),
    editInApp: work.getByRole('link', { name: 'Im Programm erfassen' }),
    /** The editor of a commissioned period, read-only. */
    viewInApp: work.getByRole('link', { name: 'Im Programm ansehen' }),
    /** What a commissioned (or billed) period says instead of offering to check and submit. */
    commissioned: page.getByTestId('commissioned-info'),
    toArchiveEntry: page.getByTestId('commissioned-info').getByRole('link', { name: 'Zum Archiveintrag' }),
    draftHeading: work.getByRole('heading', { name: 'Entwurf', exact: true }),
    safetyResult: page.getByTestId('draft-safety-result'),
    lastChecked: page.getByTestId('draft-checked'),
    startFromPrevious: page.getByTestId('start-from-previous'),
    takePrevious: work.getByRole('button', { name: 'Vom Vorjahr übernehmen' }),
    restoreChecked: work.getByRole('button', { name: 'Auf letzten geprüften Stand zurücksetzen' }),
    discard: work.getByRole('button', { name: 'Entwurf verwerfen' }),
    discardDialog: page.getByRole('dialog', { name: 'Entwurf verwerfen?' }),
    restoreDialog: page.getByRole('dialog', { name: 'Auf den letzten geprüften Stand zurücksetzen?' }),
    repeatDialog: page.getByRole('dialog', { name: 'Rechnungsliste schon übernommen?' }),
  };
}
