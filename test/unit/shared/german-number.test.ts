/**
 * Numbers as people type, paste and import them are read by one function (parseGermanNumber), so the typed table of
 * usage units, the Excel import, the pre-check and the editor accept and refuse the same texts. Issue 19: `48,5 m²`
 * passed the Excel import but the typed table refused it. The renderer's two places are checked in
 * test/unit/renderer/german-number-entry.test.ts with the same texts.
 */
import { describe, expect, it } from 'vitest';
import { formatIso, parseGermanNumber, type Scale } from '@shared/domain/decimal';
import { precheck } from '@shared/domain/precheck/index';
import { parseNumberCell } from '@main/services/excel/cell-values';
import { baseSubmission, baseTemplate } from '@test/fixtures/billing-input';

const read = (text: string, scale: Scale = 2): string => {
  const r = parseGermanNumber(text, scale);
  return r.ok ? formatIso(r.value) : `${r.reason}: ${r.error}`;
};

describe('parseGermanNumber', () => {
  it.each([
    ['1.234,56', 2, '1234.56'],
    ['1234,56', 2, '1234.56'],
    ['1234.56', 2, '1234.56'],
    ['1,234.56', 2, '1234.56'],
    ['  48,5  ', 2, '48.50'],
    ['48,5 m²', 2, '48.50'],
    ['48,5m2', 2, '48.50'],
    ['72 qm', 2, '72.00'],
    ['1.234,56 €', 2, '1234.56'],
    ['€ 12,50', 2, '12.50'],
    ['12,50 EUR', 2, '12.50'],
    ['1.500 kWh', 3, '1500.000'],
    ['2.380,5 l', 3, '2380.500'],
    ['12,5 %', 1, '12.5'],
    ['-12,5', 2, '-12.50'],
    ['−12,5', 2, '-12.50'],
    ['1 234,5', 2, '1234.50'],
    ['0,10', 1, '0.1'],
    // The one ambiguous form, a single separator before exactly three digits, is read the German way.
    ['1.234', 2, '1234.00'],
    ['1,234', 3, '1.234'],
  ] as const)('reads %j at scale %i as %s', (text, scale, iso) => {
    expect(read(text, scale)).toBe(iso);
  });

  it.each([
    ['', 'empty: ist leer'],
    ['m²', 'empty: ist leer'],
    ['groß', 'notANumber: „groß“ ist keine Zahl'],
    ['48,5 Zimmer', 'notANumber: „48,5 Zimmer“ ist keine Zahl'],
    ['1.23.4', 'notANumber: „1.23.4“ ist keine Zahl'],
    ['1,2,3', 'notANumber: „1,2,3“ ist keine Zahl'],
    ['1.234,5.6', 'notANumber: „1.234,5.6“ ist keine Zahl'],
    ['12,5 €€', 'notANumber: „12,5 €€“ ist keine Zahl'],
    ['--5', 'notANumber: „--5“ ist keine Zahl'],
    ['12,345', 'tooManyPlaces: hat mehr als 2 Nachkommastellen (wird nicht gerundet)'],
  ])('refuses %j with its reason', (text, expected) => {
    expect(read(text)).toBe(expected);
  });
});

/** The same texts as in test/unit/renderer/german-number-entry.test.ts. */
const ACCEPTED = ['48,5 m²', '48,5', '48.50', '1.234,56 €', ' 1234,56 '] as const;
const REFUSED = ['48,5 Zimmer', '1.23.4', '12,345'] as const;

/** Whether the pre-check accepts `text` as a delivery's gross amount (no format message for it). */
function prechecked(text: string): boolean {
  const draft = baseSubmission();
  const amounts = draft.energysources[0]?.deliveries[0]?.amounts;
  if (amounts === undefined) throw new Error('the base draft has a delivery');
  amounts.grossamount = text;
  return !precheck(draft, baseTemplate()).some((m) => m.code === 'NOT_A_NUMBER' || m.code === 'TOO_MANY_PLACES');
}

describe('the Excel import and the pre-check read numbers as parseGermanNumber does', () => {
  const excel = (text: string): string | undefined => {
    const r = parseNumberCell({ kind: 'text', text }, 2);
    return r.ok ? r.value : undefined;
  };

  it.each(ACCEPTED)('accepts %j', (text) => {
    expect(excel(text)).toBe(read(text));
    expect(prechecked(text)).toBe(true);
  });

  it.each(REFUSED)('refuses %j', (text) => {
    expect(excel(text)).toBeUndefined();
    expect(prechecked(text)).toBe(false);
  });
});
