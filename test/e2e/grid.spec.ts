/**
 * The grid while the clerk edits (issue 19, items 6 and 7): messages in words beside the grid and at the active
 * cell, blocks pasted into an open cell spread over the grid, pasted values checked by their column's kind, the
 * identifying columns of the Nutzer grid frozen, headers in full at 1366 px.
 */
import { expect, test } from '@test/e2e/fixtures';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { editorPage } from '@test/e2e/pages/editor-page';
import type { DraftContent } from '@shared/domain/workspace';

const UNIT = '100200302';
const PERIOD = '2025-12-31';
const HEATING = 'heatingsysteminvoices';
const SHOTS = process.env.GRID_SHOTS;

const draft: DraftContent = {
  currency: 'EUR',
  expectedvat: 'BOTH',
  heatingsysteminvoices: [
    { cost: { key: '221', text: 'Wartung' }, invoicedate: '20.05.2025', amounts: { grossamount: 'viel', netamount: '2.000,00' } },
  ],
  ancillaryinvoices: [],
};

async function openEditor(page: Page, connectionId: string, step: string): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(`${page.url().split('#')[0] ?? ''}#/abrechnung/${connectionId}/${UNIT}/${PERIOD}/erfassen/${step}`);
}

/**
 * Header texts wider or higher than their header cell: cut off for the clerk. A string, because this module is
 * type-checked for Node where the DOM types do not exist.
 */
const cutHeaders = (page: Page): Promise<string[]> =>
  page.evaluate(
    `[...document.querySelectorAll('.editor-grid .dsg-cell-header-container')]
      .filter((el) => el.parentElement !== null &&
        (el.scrollWidth > el.parentElement.clientWidth + 1 || el.scrollHeight > el.parentElement.clientHeight + 1))
      .map((el) => el.textContent)`,
  );

test('the clerk reads the step’s messages beside the grid, pastes a block into an open cell and sees a misplaced date flagged', async ({
  appPage,
  browserApp,
}) => {
  // Arrange: an invoice whose gross amount is no number
  const [connection] = await browserApp.context.handlers['connections:list'](undefined);
  const connectionId = connection?.id ?? '';
  await browserApp.context.handlers['drafts:save']({
    connectionId,
    draft: { billingunit: UNIT, periodTo: PERIOD, content: draft },
    expectedRevision: 0,
  });
  const editor = editorPage(appPage);
  await openEditor(appPage, connectionId, 'heizung');

  // Assert: the message in words beside the grid, without hovering
  const message = editor.stepMessage('„viel“ ist keine Zahl');
  await expect(editor.stepMessages).toContainText('1 Meldung in diesem Schritt');
  await expect(message).toBeVisible();
  await expect(message.getByRole('link')).toHaveText(/^Zeile 1: „viel“ ist keine Zahl/);
  await expect(editor.grid(HEATING)).toHaveAttribute('data-settled', 'true');
  await expectNoSeriousA11yViolations(appPage, 'main');
  if (SHOTS) await appPage.screenshot({ path: `${SHOTS}/heizung-de.png` });

  // Act: the message clicked
  await message.getByRole('link').click();

  // Assert: its cell is the active one, and its message is shown in words below the grid
  await expect(editor.activeCell(HEATING)).toBeVisible();
  await expect(editor.cellBox(HEATING, 'Brutto (€)', 1)).toHaveClass(/editor-cell-target/);
  await expect(editor.cellNote(HEATING)).toHaveText(/^Zeile 1, Brutto \(€\): „viel“ ist keine Zahl/);

  // Act: a block of 2 rows × 2 columns pasted into the quantity cell while it is being edited
  await editor.select(HEATING, 'Menge', 1);
  await appPage.keyboard.press('Enter');
  await appPage.keyboard.type('7');
  await expect(editor.cell(HEATING, 'Menge', 1)).toBeFocused();
  await editor.paste('1,5\t2.380,00\n2.000\t1.190,50\n');

  // Assert: spread from that cell over two rows and two columns, read the German way; not one text in the cell, and
  // the open cell does not read the pasted 1.5 litres (stored `1.500`) once more as typed, as 1,500 litres
  await expect(editor.cell(HEATING, 'Menge', 1)).toHaveValue('1,5');
  await expect(editor.cell(HEATING, 'Brutto (€)', 1)).toHaveValue('2.380,00');
  await expect(editor.cell(HEATING, 'Menge', 2)).toHaveValue('2.000');
  await expect(editor.cell(HEATING, 'Brutto (€)', 2)).toHaveValue('1.190,50');
  await expect(editor.total(`total-${HEATING}`)).toContainText('3.570,50');
  await expect(editor.stepMessages).toContainText('Keine Meldungen in diesem Schritt.');

  // Act: a journal row pasted with its columns in another order: the date lands in Kostenart
  await editor.select(HEATING, 'Text', 2);
  await appPage.keyboard.press('ArrowLeft');
  await editor.paste('31.12.2025\tHeizöl-Wartung');

  // Assert: the cell is flagged in words, not silently taken
  const costCell = editor.grid(HEATING).locator('.dsg-cell', { hasText: /^31\.12\.2025$/ });
  await expect(costCell).toHaveClass(/editor-cell-error/);
  await expect(editor.refused(HEATING)).toHaveText('1 eingefügter Wert passt nicht zu seiner Spalte und ist rot markiert.');
  await expect(editor.cellNote(HEATING)).toHaveText('Zeile 2, Kostenart: „31.12.2025“ ist kein Eintrag der Liste „Kostenart“.');
  await expectNoSeriousA11yViolations(appPage, 'main');
  if (SHOTS) await appPage.screenshot({ path: `${SHOTS}/heizung-paste-de.png` });

  // Act: a paste and an Escape in the moment the focus sits on the page body (a loaded computer makes it longer)
  await editor.select(HEATING, 'Menge', 2);
  await editor.pasteAndEscapeFromBody('viel\t1.000,00');

  // Assert: both were the grid's: the paste checked and spread, the grid left with the focus right after it
  await expect(editor.cell(HEATING, 'Brutto (€)', 2)).toHaveValue('1.000,00');
  await expect(editor.refused(HEATING)).toHaveText('2 eingefügte Werte passen nicht zu ihrer Spalte und sind rot markiert.');
  await expect(editor.cellBox(HEATING, 'Menge', 2)).toHaveClass(/editor-cell-error/);
  await expect(editor.activeCell(HEATING)).toHaveCount(0);
  await expect(editor.gridExit(HEATING)).toBeFocused();
});

test('in the Nutzer grid at 1366 px, Nutzeinheit and Name stay in view when scrolled right, and no header is cut', async ({
  appPage,
  browserApp,
}) => {
  test.setTimeout(180_000);
  // Arrange
  const [connection] = await browserApp.context.handlers['connections:list'](undefined);
  const connectionId = connection?.id ?? '';
  const editor = editorPage(appPage);
  const recipients = editor.grid('billingrecipients');
  await openEditor(appPage, connectionId, 'nutzer');
  await expect(recipients).toHaveAttribute('data-settled', 'true');
  const box = recipients.locator('.dsg-container');
  const frozenHeader = recipients.locator('.dsg-row-header .dsg-cell-gutter');

  // Act: scrolled to the far right
  const scroller = `document.querySelector('[data-section="billingrecipients"] .dsg-container')`;
  await appPage.evaluate(`(() => { const el = ${scroller}; el.scrollLeft = el.scrollWidth; })()`);
  await expect.poll(() => appPage.evaluate(`${scroller}.scrollLeft`)).toBeGreaterThan(300);

  // Assert: the identifying columns are still at the grid's left edge, with the last column in view too
  const [grid, header] = [await box.boundingBox(), await frozenHeader.boundingBox()];
  expect(header !== null && grid !== null && header.x >= grid.x && header.x < grid.x + 5).toBe(true);
  await expect(frozenHeader).toContainText('Nutzeinheit');
  await expect(frozenHeader).toContainText('Name');
  await expect(frozenHeader).toBeInViewport();
  await expect(recipients.locator('.grid-frozen-value[data-field="name"]').first()).not.toBeEmpty();
  await expect(recipients.locator('.grid-frozen-value[data-field="name"]').first()).toBeInViewport();
  expect(await cutHeaders(appPage)).toEqual([]);
  await expectNoSeriousA11yViolations(appPage, 'main');
  if (SHOTS) await appPage.screenshot({ path: `${SHOTS}/nutzer-right-de.png` });

  // Assert: the fuel grids' headers (Emissionsfaktor, …) are whole too
  await editor.step('Brennstoffe').click();
  await expect(editor.grid('energysources[0].deliveries')).toHaveAttribute('data-settled', 'true');
  await expect(editor.grid('energysources[0].deliveries')).toContainText('Emissionsfaktor');
  expect(await cutHeaders(appPage)).toEqual([]);
  if (SHOTS) await appPage.screenshot({ path: `${SHOTS}/brennstoffe-de.png`, fullPage: true });

  // Assert: in English as well
  await browserApp.context.handlers['preferences:update']({ language: 'en' });
  await appPage.reload();
  await expect(editor.grid('energysources[0].deliveries')).toHaveAttribute('data-settled', 'true');
  expect(await cutHeaders(appPage)).toEqual([]);
  if (SHOTS) await appPage.screenshot({ path: `${SHOTS}/brennstoffe-en.png`, fullPage: true });
  await openEditor(appPage, connectionId, 'nutzer');
  await expect(recipients).toHaveAttribute('data-settled', 'true');
  expect(await cutHeaders(appPage)).toEqual([]);
  await expectNoSeriousA11yViolations(appPage, 'main');
  if (SHOTS) await appPage.screenshot({ path: `${SHOTS}/nutzer-en.png` });
});
