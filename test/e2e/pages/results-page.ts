/** Locators of the results screen of one period (German texts unless named otherwise). */
import type { Locator, Page } from '@playwright/test';

export function resultsPage(page: Page) {
  const recon = page.getByTestId('recon');
  return {
    heading: page.getByRole('heading', { level: 1 }),
    toast: page.locator('.mantine-Notification-root').filter({ hasText: /Abrechnung liegt vor|Billing result received/ }),
    rows: page.getByTestId('result-row'),
    openPdf: page.getByRole('button', { name: /als PDF öffnen$|as PDF$/ }),
    zip: page.getByRole('button', { name: 'Alle Abrechnungen speichern (ZIP)' }),
    excel: page.getByRole('button', { name: 'Für die Buchhaltung (Excel)' }),
    runRecon: recon.getByRole('button', { name: 'Abgleich starten' }),
    reconMessage: (code: string): Locator => recon.locator(`[data-testid="recon-message"][data-code="${code}"]`),
  };
}
