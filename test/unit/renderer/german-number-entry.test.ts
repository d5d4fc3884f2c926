/**
 * The typed table of usage units and the editor read numbers as parseGermanNumber does, like the Excel import and the
 * pre-check (test/unit/shared/german-number.test.ts, same texts). Issue 19: `48,5 m²` passed the Excel import but the
 * typed table refused it.
 */
import { describe, expect, it } from 'vitest';
import { formatIso, parseGermanNumber } from '@shared/domain/decimal';
import { emptyRow, rowsToUnits } from '@renderer/features/units/edit-rows';
import { typedToIso } from '@renderer/components/grid/value-kinds';

const ACCEPTED = ['48,5 m²', '48,5', '48.50', '1.234,56 €', ' 1234,56 '] as const;
const REFUSED = ['48,5 Zimmer', '1.23.4', '12,345'] as const;

function read(text: string): string {
  const r = parseGermanNumber(text, 2);
  if (!r.ok) throw new Error(r.error);
  return formatIso(r.value);
}

/** The living area the typed table sends for a row with `area`, or undefined when it refuses the row. */
function typedTable(area: string): string | undefined {
  const r = rowsToUnits([{ ...emptyRow(), pm: 'KH42/12', livingarea: area }]);
  return r.ok ? r.units[0]?.auxiliarycriteria?.livingarea : undefined;
}

/** The money amount the editor stores when the clerk leaves a cell holding `text`, or undefined when unreadable. */
function editor(text: string): string | undefined {
  const iso = typedToIso('money', text);
  return /^-?\d+\.\d{2}$/.test(iso) ? iso : undefined;
}

describe('the typed table and the editor read numbers as the Excel import does', () => {
  it.each(ACCEPTED)('accepts %j', (text) => {
    expect(typedTable(text)).toBe(read(text));
    expect(editor(text)).toBe(read(text));
  });

  it.each(REFUSED)('refuses %j', (text) => {
    expect(typedTable(text)).toBeUndefined();
    expect(editor(text)).toBeUndefined();
  });

  it('sends `48,5 m²` from the typed table as 48.50', () => {
    expect(typedTable('48,5 m²')).toBe('48.50');
  });
});
