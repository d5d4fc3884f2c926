import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  formatGermanDate,
  formatGermanDateTime,
  formatGermanTime,
  isIsoDate,
  parseDate,
} from '@shared/domain/dates';

describe('parseDate', () => {
  it.each([
    ['2025-12-31', '2025-12-31'],
    [' 2025-01-01 ', '2025-01-01'],
    ['31.12.2025', '2025-12-31'],
    ['1.1.2025', '2025-01-01'],
    ['01.04.2025', '2025-04-01'],
    ['31.12.25', '2025-12-31'],
    ['1.7.99', '2099-07-01'],
    ['29.02.24', '2024-02-29'],
    ['29.02.2000', '2000-02-29'],
    ['2024-02-29', '2024-02-29'],
  ])('reads %j as %s', (text, iso) => {
    expect(parseDate(text)).toEqual({ ok: true, value: iso });
  });

  it.each([
    '2025-02-29',
    '29.02.2025',
    '29.02.1900',
    '2100-02-29',
    '31.04.2025',
    '2025-13-01',
    '00.01.2025',
    '2025-00-10',
    '32.01.2025',
  ])('refuses the non-existent day %j', (text) => {
    expect(parseDate(text)).toEqual({ ok: false, error: `„${text}“ ist kein gültiges Datum` });
  });

  it.each(['', '2025/12/31', '31-12-2025', '2025-1-1', '31.12.', '31.12.202', 'gestern', '2025-12-31T00:00:00Z'])(
    'refuses the non-date %j with the expected forms named',
    (text) => {
      expect(parseDate(text)).toEqual({ ok: false, error: `„${text}“ ist kein Datum (erwartet 31.12.2025 oder 2025-12-31)` });
    },
  );
});

describe('isIsoDate', () => {
  it('accepts real ISO days only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-28')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2025-02-30')).toBe(false);
    expect(isIsoDate('2025-06-31')).toBe(false);
    expect(isIsoDate('31.12.2025')).toBe(false);
    expect(isIsoDate('2025-12-31 ')).toBe(false);
  });

  it('agrees with the leap-year rule over four centuries', () => {
    for (let y = 1900; y < 2300; y++) {
      const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
      expect(isIsoDate(`${String(y)}-02-29`), String(y)).toBe(leap);
    }
  });
});

describe('formatting and arithmetic', () => {
  it('formats German dates', () => {
    expect(formatGermanDate('2025-12-31')).toBe('31.12.2025');
    expect(formatGermanDate('2025-01-05')).toBe('05.01.2025');
    expect(formatGermanDate('kein Datum')).toBe('kein Datum');
  });

  it('round-trips through the German form', () => {
    for (let d = '2024-01-01'; d <= '2025-12-31'; d = addDays(d, 1)) {
      expect(parseDate(formatGermanDate(d))).toEqual({ ok: true, value: d });
    }
  });

  it('counts days across leap years and DST changes', () => {
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2025-01-01', '2026-01-01')).toBe(365);
    expect(daysBetween('2025-03-29', '2025-03-31')).toBe(2);
    expect(daysBetween('2025-12-31', '2025-01-01')).toBe(-364);
  });

  it('adds days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
  });
});

describe('office time', () => {
  it('shows German office time whatever zone the machine runs in, in winter and in summer', () => {
    expect(formatGermanDateTime('2025-01-15T08:05:00Z')).toBe('15.01.2025, 09:05');
    expect(formatGermanDateTime(new Date('2025-07-15T08:05:00Z'))).toBe('15.07.2025, 10:05');
    expect(formatGermanTime('2025-12-31T23:30:00Z')).toBe('00:30');
  });
});
