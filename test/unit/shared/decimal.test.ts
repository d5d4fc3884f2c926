import { describe, expect, it } from 'vitest';
import {
  add,
  compare,
  decimal,
  formatGerman,
  formatIso,
  fromUnits,
  isZero,
  money,
  mulDiv,
  normalize,
  optionalDecimal,
  parseDecimal,
  proportion,
  percentOf,
  quantity,
  rescale,
  share,
  sub,
  sum,
  type Decimal,
  type Scale,
} from '@shared/domain/decimal';

function ok(text: string, scale: Scale, style?: 'iso' | 'de' | 'auto'): string {
  const r = parseDecimal(text, scale, style);
  if (!r.ok) throw new Error(`${text}: ${r.error}`);
  return formatIso(r.value);
}

function refused(text: string, scale: Scale, style?: 'iso' | 'de' | 'auto'): string {
  const r = parseDecimal(text, scale, style);
  if (r.ok) throw new Error(`${text} was accepted as ${formatIso(r.value)}`);
  return r.error;
}

describe('parseDecimal', () => {
  it.each([
    ['1234.56', '1234.56'],
    ['1234,56', '1234.56'],
    ['1.234,56', '1234.56'],
    ['1.234.567,8', '1234567.80'],
    ['1,234.56', '1234.56'],
    ['1,234,567.5', '1234567.50'],
    ['-1.234,56', '-1234.56'],
    ['-1234.56', '-1234.56'],
    ['+12,5', '12.50'],
    ['−7,25', '-7.25'],
    ['0,05', '0.05'],
    ['-0,05', '-0.05'],
    ['42', '42.00'],
    ['  1 234,56 ', '1234.56'],
    ['1\u00a0234,56', '1234.56'],
    ['1\u202f234,56', '1234.56'],
  ])('auto reads %j as %s', (text, iso) => {
    expect(ok(text, 2)).toBe(iso);
  });

  it('reads a lone dot with three digits the German way (thousands)', () => {
    expect(ok('1.234', 2)).toBe('1234.00');
    expect(ok('12.345', 2)).toBe('12345.00');
    expect(ok('1,234', 3)).toBe('1.234');
  });

  it('refuses more places than the scale instead of rounding', () => {
    expect(refused('12.345', 2, 'iso')).toBe('hat mehr als 2 Nachkommastellen (wird nicht gerundet)');
    expect(refused('12,345', 2)).toBe('hat mehr als 2 Nachkommastellen (wird nicht gerundet)');
    expect(refused('0,05', 1)).toBe('hat mehr als 1 Nachkommastellen (wird nicht gerundet)');
    expect(refused('2,5', 0)).toBe('muss eine ganze Zahl sein');
  });

  it('accepts extra places that are zero', () => {
    expect(ok('12.340', 2, 'iso')).toBe('12.34');
    expect(ok('12,3400', 2)).toBe('12.34');
    expect(ok('7,000', 0)).toBe('7');
  });

  it('honours a fixed style', () => {
    expect(ok('1.5', 1, 'iso')).toBe('1.5');
    expect(refused('1,5', 1, 'iso')).toBe('„1,5“ ist keine Zahl');
    expect(ok('1,5', 1, 'de')).toBe('1.5');
    expect(ok('1.500', 1, 'de')).toBe('1500.0');
    expect(refused('1.5', 1, 'de')).toBe('„1.5“ ist keine Zahl');
  });

  it.each(['', '   ', 'abc', '1.23.4', '1,2,3', '12a', '--1', '1.234,5,6', ',5', '1e3', 'NaN'])('refuses %j', (text) => {
    const error = refused(text, 2);
    expect(error).toMatch(/^(ist leer|„.*“ ist keine Zahl)$/);
  });
});

describe('exact arithmetic', () => {
  it('33.3 + 33.3 + 33.4 is exactly 100.0', () => {
    const total = sum([share('33.3'), share('33.3'), share('33.4')], 1);
    expect(formatIso(total)).toBe('100.0');
    expect(compare(total, share('100.0'))).toBe(0);
  });

  it('0.1 + 0.2 is exactly 0.3 (binary floats are not)', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(formatIso(add(decimal('0.1', 1), decimal('0.2', 1)))).toBe('0.3');
    expect(compare(add(money('0.10'), money('0.20')), money('0.30'))).toBe(0);
  });

  it('10,000 cents sum to exactly 100.00', () => {
    const cents = Array.from({ length: 10_000 }, () => money('0.01'));
    expect(formatIso(sum(cents, 2))).toBe('100.00');
    let float = 0;
    for (let i = 0; i < 10_000; i++) float += 0.01;
    expect(float).not.toBe(100);
  });

  it('sums mixed scales at the larger scale; an empty sum is zero', () => {
    expect(formatIso(sum([money('1.50'), quantity('0.125')]))).toBe('1.625');
    expect(formatIso(sum([], 2))).toBe('0.00');
    expect(isZero(sum([money('5.00'), money('-5.00')], 2))).toBe(true);
  });

  it('subtracts', () => {
    expect(formatIso(sub(money('100.00'), money('100.01')))).toBe('-0.01');
    expect(formatGerman(sub(money('0.00'), money('1234.56')))).toBe('-1.234,56');
  });

  it('compares across scales', () => {
    expect(compare(money('1.50'), share('1.5'))).toBe(0);
    expect(compare(money('-0.01'), money('0.00'))).toBe(-1);
    expect(compare(quantity('2.001'), money('2.00'))).toBe(1);
  });

  it('rescales up and refuses to lose places', () => {
    expect(rescale(share('12.5'), 3)).toEqual({ units: 12500n, scale: 3 });
    expect(rescale(money('12.50'), 1)).toEqual({ units: 125n, scale: 1 });
    expect(rescale(money('12.50'), 2)).toEqual(money('12.50'));
    expect(() => rescale(money('12.55'), 1)).toThrow(RangeError);
  });

  it('percentOf rounds half away from zero', () => {
    expect(formatIso(percentOf(money('1000.00'), 25, 2))).toBe('250.00');
    expect(formatIso(percentOf(money('0.02'), 25, 2))).toBe('0.01');
    expect(formatIso(percentOf(money('-0.02'), 25, 2))).toBe('-0.01');
    expect(formatIso(percentOf(money('0.01'), 25, 2))).toBe('0.00');
    expect(formatIso(percentOf(money('16689.75'), 25, 2))).toBe('4172.44');
    expect(formatIso(percentOf(quantity('1.000'), 33, 1))).toBe('0.3');
  });

  it('optionalDecimal reads contract strings and leaves a missing or unreadable one undefined', () => {
    expect(optionalDecimal('3850.000', 3)).toEqual({ units: 3850000n, scale: 3 });
    expect(optionalDecimal('-6.5', 2)).toEqual({ units: -650n, scale: 2 });
    expect(optionalDecimal('348.500', 2)).toEqual({ units: 34850n, scale: 2 });
    expect(optionalDecimal(undefined, 3)).toBeUndefined();
    expect(optionalDecimal('', 3)).toBeUndefined();
    expect(optionalDecimal('12.3456', 3)).toBeUndefined();
    // German text is not a contract string: read as ISO, "1,5" is no number (a wrong 15 would be worse).
    expect(optionalDecimal('1,5', 3)).toBeUndefined();
  });

  it("mulDiv and proportion round once, half away from zero, at the amount's scale", () => {
    // 3,850 l × 2.66 kg/l = 10,241 kg.
    expect(formatIso(mulDiv(quantity('3850.000'), 266n, 100n))).toBe('10241.000');
    expect(formatIso(mulDiv(money('0.05'), 1n, 2n))).toBe('0.03');
    expect(formatIso(mulDiv(money('-0.05'), 1n, 2n))).toBe('-0.03');
    expect(formatIso(mulDiv(money('0.05'), -1n, 2n))).toBe('-0.03');
    expect(formatIso(mulDiv(money('0.04'), 1n, 3n))).toBe('0.01');
    expect(() => mulDiv(money('1.00'), 1n, 0n)).toThrow(RangeError);
    // 1,500 of 2,000 l burnt: three quarters of 5,320 kg and of 348.50 €.
    expect(formatIso(proportion(quantity('5320.000'), quantity('1500.000'), quantity('2000.000')))).toBe('3990.000');
    expect(formatIso(proportion(money('348.50'), quantity('1500.000'), quantity('2000.000')))).toBe('261.38');
    expect(formatIso(proportion(money('348.50'), share('1.5'), quantity('2.000')))).toBe('261.38');
  });

  it('fromUnits and decimal()', () => {
    expect(formatIso(fromUnits(-5, 2))).toBe('-0.05');
    expect(formatIso(fromUnits(123456789012345678901234567890n, 3))).toBe('123456789012345678901234567.890');
    expect(() => money('12,34')).toThrow(RangeError);
    expect(() => money('12.345')).toThrow('12.345: hat mehr als 2 Nachkommastellen');
  });
});

describe('formatting', () => {
  it.each([
    [0n, 2, '0.00', '0,00'],
    [5n, 2, '0.05', '0,05'],
    [-5n, 2, '-0.05', '-0,05'],
    [123456n, 2, '1234.56', '1.234,56'],
    [-123456n, 2, '-1234.56', '-1.234,56'],
    [1000000n, 0, '1000000', '1.000.000'],
    [999n, 0, '999', '999'],
    [1500000n, 3, '1500.000', '1.500,000'],
    [1001n, 1, '100.1', '100,1'],
  ] as const)('%s at scale %s → %s / %s', (units, scale, iso, german) => {
    const d = fromUnits(units, scale);
    expect(formatIso(d)).toBe(iso);
    expect(formatGerman(d)).toBe(german);
  });

  it('normalize gives the contract string', () => {
    expect(normalize('1.234,5', 2)).toEqual({ ok: true, value: '1234.50' });
    expect(normalize('4.200', 3)).toEqual({ ok: true, value: '4200.000' });
    expect(normalize('4.2', 3, 'iso')).toEqual({ ok: true, value: '4.200' });
    expect(normalize('x', 2)).toEqual({ ok: false, reason: 'notANumber', error: '„x“ ist keine Zahl' });
  });
});

describe('round trips (property style)', () => {
  // A fixed-seed generator keeps failures reproducible.
  function* values(count: number): Generator<Decimal> {
    let seed = 0x2545f491n;
    const next = (): bigint => (seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n);
    for (let i = 0; i < count; i++) {
      const scale = Number(next() % 4n) as Scale;
      const digits = 1n + (next() % 15n);
      let units = next() % 10n ** digits;
      if (next() % 2n === 0n) units = -units;
      yield fromUnits(units, scale);
    }
  }

  it('parse(formatGerman(x)) == x and parse(formatIso(x)) == x for 5,000 values', () => {
    let checked = 0;
    for (const x of values(5_000)) {
      const german = formatGerman(x);
      expect(parseDecimal(german, x.scale), german).toEqual({ ok: true, value: x });
      expect(parseDecimal(german, x.scale, 'de'), german).toEqual({ ok: true, value: x });
      expect(parseDecimal(formatIso(x), x.scale, 'iso'), formatIso(x)).toEqual({ ok: true, value: x });
      checked++;
    }
    expect(checked).toBe(5_000);
  });

  it('a value read at a larger scale equals the rescaled value', () => {
    for (const x of values(500)) {
      const r = parseDecimal(formatGerman(x), 3);
      expect(r).toEqual({ ok: true, value: rescale(x, 3) });
    }
  });
});
