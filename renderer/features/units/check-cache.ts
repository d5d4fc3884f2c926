/**
 * Row checks kept per row object, shared by the preview and the reading that fills it: a list of 20,000 rows is
 * checked a slice at a time while it is being shown, not in one piece that would hold the page, and an edit
 * re-checks only the row it changed.
 */
import { checkUnitValues, type RowCheck, type UnitValues } from '@shared/domain/unit-rows';

const withPartner = new WeakMap<UnitValues, RowCheck>();
const withoutPartner = new WeakMap<UnitValues, RowCheck>();

/** A row's check depends on whether the list has a partner number column at all. */
export const checkCacheFor = (partnerColumn: boolean): WeakMap<UnitValues, RowCheck> =>
  partnerColumn ? withPartner : withoutPartner;

const SLICE = 2000;

/** Checks the rows between frames; the preview then finds every check ready. */
export async function checkAhead(rows: readonly UnitValues[], partnerColumn: boolean): Promise<void> {
  const cache = checkCacheFor(partnerColumn);
  for (let start = 0; start < rows.length; start += SLICE) {
    for (const row of rows.slice(start, start + SLICE)) if (!cache.has(row)) cache.set(row, checkUnitValues(row, partnerColumn));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
