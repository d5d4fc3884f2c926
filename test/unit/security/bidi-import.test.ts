/**
 * Names with bidi control characters (a right-to-left override flips the rest of the line it is shown in) are
 * cleaned on import, and the row says so; a value far too long is quoted only in part.
 */
import { describe, expect, it } from 'vitest';
import { importUsageUnits } from '@main/services/excel/usage-unit-import';
import { USAGE_HEADERS, workbookOf } from '@test/fixtures/excel/workbooks';

describe('usage-unit import of names with bidi controls', () => {
  it('strips the controls and flags the cell at its row', async () => {
    const buf = await workbookOf('Nutzer', [
      [...USAGE_HEADERS],
      ['WE-1', null, 'EG\u202Egnulli\u202C links', 'EG', null, null, null, 'P-1', 'M\u2066ü\u2069ller'],
    ]);
    const r = await importUsageUnits(buf);
    const units = r.ok ? r.units : [];
    const issues = r.ok ? r.warnings : r.issues;
    expect(r.ok).toBe(true);
    expect(units[0]?.description).toBe('EGgnulli links');
    expect(units[0]?.currentbillingrecipient?.name).toBe('Müller');
    expect(issues).toEqual([
      expect.objectContaining({ code: 'BIDI_CONTROL', severity: 'warning', row: 2, column: 'C' }),
      expect.objectContaining({ code: 'BIDI_CONTROL', severity: 'warning', row: 2, column: 'I' }),
    ]);
  });

  it('quotes a value of 10,000 characters with its first 80 and "…"', async () => {
    const long = 'L'.repeat(10_000);
    const r = await importUsageUnits(await workbookOf('Nutzer', [[...USAGE_HEADERS], ['WE-1', null, long]]));
    const issues = r.ok ? r.warnings : r.issues;
    const tooLong = issues.find((i) => i.code === 'TOO_LONG');
    expect(tooLong?.message).toContain(`„${'L'.repeat(80)}…“`);
    expect(tooLong?.message.length).toBeLessThan(300);
    expect(tooLong?.value).toBe(`${'L'.repeat(80)}…`);
  });
});
