/** What the page objects of the editor and of the units import share about datasheet-grid's cells. */
import type { Locator } from '@playwright/test';

/** The grid cell around a cell's input: it carries the message and jump-target marks, and takes the clicks. */
export const cellBoxOf = (input: Locator): Locator =>
  input.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " dsg-cell ")][1]');

/** Whether the grid's marker of its active cell stands on this cell (its corner within a few pixels). */
export async function activeOn(activeCell: Locator, box: Locator): Promise<boolean> {
  const [active, target] = [await activeCell.boundingBox().catch(() => null), await box.boundingBox()];
  return active !== null && target !== null && Math.abs(active.x - target.x) < 4 && Math.abs(active.y - target.y) < 4;
}
