/** Locators of the guided editor (issue 11): stepper, grids by section, cells by their accessible name. */
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

export function editorPage(page: Page) {
  const grid = (section: string): Locator => page.locator(`[data-testid="editor-grid"][data-section="${section}"]`);
  const cell = (section: string, column: string, row: number): Locator =>
    grid(section).getByLabel(`${column}, Zeile ${String(row)}`, { exact: true });
  const activeCell = (section: string): Locator => grid(section).locator('.dsg-active-cell');
  const mscMessages = page.getByTestId('msc-messages');
  const submitStep = page.getByTestId('submit-step');
  /**
   * Makes a cell the grid's active cell by a click. The grid places clicks by coordinates and its inputs take no
   * pointer events until edited; the click is repeated should the grid still be moving.
   */
  const select = async (section: string, column: string, row: number): Promise<void> => {
    await expect(async () => {
      await cell(section, column, row).click({ force: true });
      await expect(activeCell(section)).toBeVisible({ timeout: 500 });
    }).toPass();
  };
  return {
    heading: page.getByRole('heading', { level: 1 }),
    stepper: page.getByRole('navigation', { name: 'Schritte der Erfassung' }),
    step: (name: string): Locator =>
      page.getByRole('navigation', { name: 'Schritte der Erfassung' }).getByRole('button', { name }),
    grid,
    cell,
    /** The grid cell around a cell's input: it carries the message and jump-target marks. */
    cellBox: (section: string, column: string, row: number): Locator =>
      cell(section, column, row).locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " dsg-cell ")][1]'),
    /** The grid's marker of its active cell (where the keyboard goes on). */
    activeCell,
    select,
    /**
     * Types into a cell as a clerk does (select, Enter, type). Right after a step change the grid may still be
     * drawing its rows, so the whole gesture is repeated until the cell holds the text.
     */
    typeInto: async (section: string, column: string, row: number, text: string): Promise<void> => {
      await expect(async () => {
        await select(section, column, row);
        await page.keyboard.press('Enter');
        await page.keyboard.press('Control+A');
        await page.keyboard.type(text);
        await expect(cell(section, column, row)).toHaveValue(text, { timeout: 1000 });
      }).toPass();
    },
    deleteRow: (section: string): Locator => grid(section).getByRole('button', { name: 'Zeile löschen' }),
    saveState: page.getByTestId('save-state'),
    total: (id: string): Locator => page.getByTestId(id),
    runCheck: page.getByRole('button', { name: 'Testprüfung starten' }),
    checkResult: page.getByTestId('check-result'),
    checkStale: page.getByTestId('check-stale'),
    mscMessages,
    mscMessage: (text: string | RegExp): Locator => mscMessages.getByTestId('editor-message').filter({ hasText: text }),
    submitStep,
    acceptWarning: (text: string | RegExp): Locator => submitStep.getByRole('checkbox', { name: text }),
    submit: submitStep.getByRole('button', { name: 'Verbindlich übermitteln' }),
    submitDone: page.getByTestId('submit-done'),
    /** Pastes tab-separated text as Excel puts it on the clipboard, into the grid's active cell. */
    paste: async (text: string): Promise<void> => {
      // A string, because this module is type-checked for Node where the DOM types do not exist.
      await page.evaluate(
        `(() => { const t = new DataTransfer(); t.setData('text/plain', ${JSON.stringify(text)}); ` +
          `document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: t, bubbles: true, cancelable: true })); })()`,
      );
    },
  };
}
