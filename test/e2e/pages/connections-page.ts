/** Locators of the connections screen (style rule 24: locators live in page modules). */
import type { Locator, Page } from '@playwright/test';

export function connectionsPage(page: Page) {
  const cards = page.getByTestId('connection-card');
  return {
    navItem: page.getByRole('navigation', { name: 'Hauptbereiche' }).getByRole('link', { name: 'Einstellungen' }),
    heading: page.getByRole('heading', { name: 'Verbindungen zu Messdiensten' }),
    cards,
    card: (name: string): Locator => cards.filter({ has: page.getByRole('heading', { name, exact: true }) }),
    status: (name: string): Locator =>
      cards.filter({ has: page.getByRole('heading', { name, exact: true }) }).getByTestId('connection-status'),
    newButton: page.getByRole('button', { name: 'Neue Verbindung' }),
    form: {
      name: page.getByLabel('Bezeichnung'),
      url: page.getByLabel('Adresse der Schnittstelle'),
      clientId: page.getByLabel('Kennung (Client-ID)'),
      secret: page.getByLabel('Kennwort (Client-Secret)'),
      noAuth: page.getByLabel('Ohne Anmeldung'),
      save: page.getByRole('button', { name: 'Speichern und prüfen' }),
    },
  };
}
