/** Locators of the Demo-Messdienst panel and of the matching view's manual-work and withdraw parts. */
import type { Locator, Page } from '@playwright/test';

export function demoMscPage(page: Page) {
  const manualRows = page.getByTestId('demo-manual-row');
  return {
    navItem: page.getByRole('navigation', { name: 'Hauptbereiche' }).getByRole('link', { name: 'Demo-Messdienst' }),
    heading: page.getByRole('heading', { level: 1, name: 'Demo-Messdienst' }),
    manualRows,
    manualRow: (pm: string): Locator => manualRows.filter({ hasText: pm }),
    manualEmpty: page.getByTestId('demo-manual-empty'),
    assign: (pm: string): Locator => page.getByRole('button', { name: `${pm} zuordnen` }),
    advance: page.getByRole('button', { name: 'Abgleich jetzt fortsetzen' }),
    sampleDownload: page.getByRole('button', { name: 'Beispieldatei herunterladen' }),
    knownTitle: page.getByRole('heading', { name: 'Ordnungsbegriffe, die der Demo-Messdienst kennt' }),
    period: (label: RegExp): Locator => page.getByRole('button', { name: label }),
  };
}

export function matchingView(page: Page) {
  const withdraw = page.getByTestId('withdraw-section');
  const dialog = page.getByRole('dialog');
  return {
    manualNotice: page.getByTestId('manual-work'),
    toDemo: page.getByRole('link', { name: 'Im Demo-Messdienst selbst zuordnen' }),
    withdrawn: page.getByTestId('withdrawn-units'),
    withdraw: {
      section: withdraw,
      title: withdraw.getByRole('heading', { level: 3 }),
      show: withdraw.getByRole('button', { name: 'Anzeigen und zurückziehen …' }),
      select: (pm: string): Locator => withdraw.getByRole('checkbox', { name: `${pm} auswählen` }),
      selectNotFound: withdraw.getByRole('button', { name: /nicht gefundene? auswählen/ }),
      action: withdraw.getByRole('button', { name: /^Zurückziehen \(\d+\) …$/ }),
      dialog,
      confirm: dialog.getByRole('button', { name: /zurückziehen$/ }),
    },
  };
}
