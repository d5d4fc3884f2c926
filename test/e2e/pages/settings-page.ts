/** Locators of the Einstellungen screen apart from its connections (those are in connections-page.ts). */
import type { Page } from '@playwright/test';

export function settingsPage(page: Page) {
  return {
    navigation: page.getByRole('navigation'),
    title: page.getByRole('heading', { level: 1 }),
    language: (name: 'Deutsch' | 'English') => page.getByRole('radio', { name, exact: true }),
    dataFolder: page.getByTestId('data-folder'),
    copyDataFolder: page.getByRole('button', { name: /Pfad kopieren|Copy path/ }),
    secretPlace: page.getByTestId('about-secrets'),
    mode: page.getByTestId('about-mode'),
  };
}
