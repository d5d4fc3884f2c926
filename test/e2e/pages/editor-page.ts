/** Locators of the guided editor (issue 11): stepper, grids by section, cells by their accessible name. */
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { activeOn, cellBoxOf } from '@test/e2e/pages/grid-cells';

/**
 * A script that pastes text on an element as Excel puts it on the clipboard. A string, because this module is
 * type-checked for Node where the DOM types do not exist.
 */
const pasteOn = (target: string, text: string): string =>
  `const t = new DataTransfer(); t.setData('text/plain', ${JSON.stringify(text)}); ` +
  `(${target}).dispatchEvent(new ClipboardEvent('paste', { clipboardData: t, bubbles: true, cancelable: true }));`;

export function editorPage(page: Page) {
  const grid = (section: string): Locator => page.locator(`[data-testid="editor-grid"][data-section="${section}"]`);
  const cell = (section: string, column: string, row: number): Locator =>
    grid(section).getByLabel(`${column}, Zeile ${String(row)}`, { exact: true });
  const activeCell = (section: string): Locator => grid(section).locator('.dsg-active-cell');
  const deleteRow = (section: string): Locator => grid(section).getByRole('button', { name: 'Zeile löschen' });
  const mscMessages = page.getByTestId('msc-messages');
  const submitStep = page.getByTestId('submit-step');
  const cellBox = (section: string, column: string, row: number): Locator => cellBoxOf(cell(section, column, row));
  /**
   * Makes a cell the grid's active cell by one click, as a clerk does, once the grid shows its cells. The click goes
   * to the cell's box (its input takes no pointer events until edited) with Playwright's checks that it stands still
   * and nothing covers it: a forced click at a place that moved or was covered by a notice selected nothing on a
   * loaded CI machine. No retry: a click that selects another cell fails here.
   */
  const select = async (section: string, column: string, row: number): Promise<void> => {
    await expect(grid(section)).toHaveAttribute('data-settled', 'true');
    await cellBox(section, column, row).click();
    await expect(activeCell(section)).toBeVisible();
    await expect.poll(() => activeOn(activeCell(section), cellBox(section, column, row))).toBe(true);
  };
  return {
    heading: page.getByRole('heading', { level: 1 }),
    stepper: page.getByRole('navigation', { name: 'Schritte der Erfassung' }),
    step: (name: string): Locator =>
      page.getByRole('navigation', { name: 'Schritte der Erfassung' }).getByRole('button', { name }),
    grid,
    cell,
    cellBox,
    /** The grid's marker of its active cell (where the keyboard goes on). */
    activeCell,
    select,
    /** Types into a cell as a clerk does: select it, Enter, replace what it holds. No retry: a lost key fails. */
    typeInto: async (section: string, column: string, row: number, text: string): Promise<void> => {
      await select(section, column, row);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Control+A');
      await page.keyboard.type(text);
      await expect(cell(section, column, row)).toHaveValue(text);
    },
    /** Where the focus waits after Escape left a grid. */
    gridExit: (section: string): Locator => grid(section).locator('.editor-grid-exit'),
    deleteRow,
    /**
     * Tabs into a grid from its toolbar as a clerk does once the grid shows. Until it has settled its cells are
     * invisible (see useGridSettled) and Tab passes them by, as it would for the clerk.
     */
    tabInto: async (section: string): Promise<void> => {
      await expect(grid(section)).toHaveAttribute('data-settled', 'true');
      await deleteRow(section).focus();
      await page.keyboard.press('Tab');
    },
    /** A single field outside the grids (calorific value, CO2 facts) by its label. */
    field: (label: string | RegExp): Locator => page.getByRole('textbox', { name: label }),
    /** The read-only facts table of the Vereinbarung step with this title (`Brennstoffe`). */
    facts: (title: string): Locator => page.getByRole('region', { name: title }),
    /** One local pre-check message shown on its own (not grouped), with its link. */
    localMessage: (text: string | RegExp): Locator =>
      page.getByTestId('local-messages').getByTestId('editor-message').filter({ hasText: text }),
    co2Preview: page.getByTestId('co2-preview'),
    saveState: page.getByTestId('save-state'),
    total: (id: string): Locator => page.getByTestId(id),
    runCheck: page.getByRole('button', { name: 'Testprüfung starten' }),
    checkResult: page.getByTestId('check-result'),
    checkStale: page.getByTestId('check-stale'),
    mscMessages,
    /** The Prüfen step's local messages of one step (`nutzer`), headed by the step with its count. */
    localStep: (step: string): Locator => page.getByTestId('local-messages').locator(`[data-step="${step}"]`),
    /** A group of the local pre-check's messages by its title (`Verteilwert fehlt`). */
    localGroup: (title: string): Locator =>
      page.getByTestId('local-messages').getByTestId('message-group').filter({ hasText: title }),
    mscMessage: (text: string | RegExp): Locator => mscMessages.getByTestId('editor-message').filter({ hasText: text }),
    submitStep,
    acceptWarning: (text: string | RegExp): Locator => submitStep.getByRole('checkbox', { name: text }),
    submit: submitStep.getByRole('button', { name: 'Verbindlich übermitteln' }),
    /** The last question before a binding submission, the same as on the period page. */
    submitQuestion: page.getByRole('dialog', { name: 'Abrechnung verbindlich übermitteln?' }),
    submitDone: page.getByTestId('submit-done'),
    /** Why the editor shows a commissioned or billed period read-only, and the ways on. */
    readOnly: page.getByTestId('editor-read-only'),
    /** The pre-check's messages of the current step, beside its grids. */
    stepMessages: page.getByTestId('step-messages'),
    stepMessage: (text: string | RegExp): Locator => page.getByTestId('step-message').filter({ hasText: text }),
    /** The active cell's messages in words, below its grid. */
    cellNote: (section: string): Locator => grid(section).getByTestId('grid-cell-note'),
    /** How many pasted values the grid marked because their column could not take them. */
    refused: (section: string): Locator => grid(section).getByTestId('grid-refused'),
    /** Pastes tab-separated text as Excel puts it on the clipboard, where the focus is (the grid or an open cell). */
    paste: async (text: string): Promise<void> => {
      await page.evaluate(`(() => { ${pasteOn('document.activeElement ?? document', text)} })()`);
    },
    /**
     * A paste and then an Escape that reach the page while its focus sits on the body, as in the moment after a cell
     * became active and before the grid took the focus back (datasheet-grid blurs the page on activation). Both in
     * one script, so the grid cannot take the focus back in between.
     */
    pasteAndEscapeFromBody: async (text: string): Promise<void> => {
      await page.evaluate(
        `(() => { document.activeElement?.blur(); ${pasteOn('document.body', text)} ` +
          `document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })); })()`,
      );
    },
  };
}
