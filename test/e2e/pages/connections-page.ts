/** Locators of the connections part of Einstellungen and its form (locators live in page modules). */
import type { Locator, Page } from '@playwright/test';

export function connectionsPage(page: Page) {
  const cards = page.getByTestId('connection-card');
  const card = (name: string): Locator => cards.filter({ has: page.getByRole('heading', { name, exact: true }) });
  return {
    navItem: page.getByRole('navigation', { name: 'Hauptbereiche' }).getByRole('link', { name: 'Einstellungen' }),
    heading: page.getByRole('heading', { name: 'Verbindungen zu Messdiensten' }),
    cards,
    card,
    status: (name: string): Locator => card(name).getByTestId('connection-status'),
    removeButton: (name: string): Locator => card(name).getByRole('button', { name: 'Entfernen' }),
    editButton: (name: string): Locator => card(name).getByRole('link', { name: 'Bearbeiten' }),
    newButton: page.getByRole('link', { name: 'Neue Verbindung' }),
    removeDialog: page.getByRole('dialog', { name: 'Verbindung entfernen?' }),
    form: {
      name: page.getByLabel('Bezeichnung'),
      url: page.getByLabel('Adresse der Schnittstelle'),
      clientId: page.getByLabel('Kennung (Client-ID)'),
      secret: page.getByLabel('Kennwort (Client-Secret)'),
      secretStorage: page.getByTestId('secret-storage'),
      noAuth: page.getByLabel('Ohne Anmeldung'),
      save: page.getByRole('button', { name: 'Speichern und prüfen' }),
    },
  };
}
