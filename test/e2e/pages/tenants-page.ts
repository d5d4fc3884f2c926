/** Locators of the Nutzer und Mieterwechsel screen (locators live in page modules). */
import type { Locator, Page } from '@playwright/test';

export function tenantsPage(page: Page) {
  const panel = page.getByTestId('osr-unit-panel');
  const form = page.getByTestId('osr-change-form');
  const contracts = panel.getByTestId('osr-contracts');
  return {
    heading: page.getByRole('heading', { level: 1 }),
    list: page.getByRole('table', { name: 'Nutzeinheiten der Liegenschaft' }),
    unitLink: (unit: string): Locator => page.getByRole('link', { name: new RegExp(`^${unit}`) }),
    unitRow: (unit: string): Locator => page.getByTestId('osr-unit-row').filter({ hasText: unit }),
    deliverAll: page.getByRole('button', { name: /Änderung(en)?( zu)? übermitteln/ }),
    panel,
    panelTitle: panel.getByRole('heading', { level: 2 }),
    status: panel.getByTestId('osr-unit-status'),
    statusLines: panel.getByTestId('osr-status-lines'),
    tenantChange: panel.getByRole('button', { name: 'Mieterwechsel erfassen' }),
    vacancy: panel.getByRole('button', { name: 'Leerstand erfassen' }),
    deliver: panel.getByRole('button', { name: 'Übermitteln', exact: true }),
    form,
    field: (label: string): Locator => form.getByLabel(label, { exact: true }),
    save: form.getByRole('button', { name: 'Änderung speichern' }),
    contracts,
    contract: (name: string): Locator => contracts.getByTestId('osr-contract').filter({ hasText: name }),
    importOpen: page.getByRole('button', { name: 'Mieterliste importieren …' }),
    importPick: page.getByTestId('tenant-import').getByRole('button', { name: 'Excel-Datei wählen …' }),
    importSummary: page.getByTestId('tenant-import-summary'),
    importIssues: page.getByTestId('tenant-import-issues'),
    previewUnits: page.getByTestId('tenant-preview-unit'),
    previewUnit: (unit: string): Locator => page.getByTestId('tenant-preview-unit').filter({ hasText: unit }),
    importSave: page.getByTestId('tenant-import').getByRole('button', { name: /Änderungen? speichern/ }),
    importSaved: page.getByTestId('tenant-import-saved'),
    fieldMessage: (row: Locator, field: 'validfrom' | 'validto'): Locator =>
      row.locator(`[data-field="${field}"]`).getByTestId('osr-field-message'),
  };
}
