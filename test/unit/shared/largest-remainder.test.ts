import { describe, expect, it } from 'vitest';
import { allocateLargestRemainder, mulDivRound } from '@shared/domain/largest-remainder';

const sum = (xs: bigint[]): bigint => xs.reduce((a, b) => a + b, 0n);

describe('allocateLargestRemainder', () => {
  it('gives the left-over cents to the largest remainders so the parts add up', () => {
    // 100 cents by thirds: 33.33 each, one cent left, to the first (tie goes to the earlier entry).
    expect(allocateLargestRemainder(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n]);
    // 10 by 1:2:3 → 1.67, 3.33, 5 → 1, 3, 5 and one left to the largest remainder (0.67).
    expect(allocateLargestRemainder(10n, [1n, 2n, 3n])).toEqual([2n, 3n, 5n]);
  });

  it('keeps the sign and shares equally when every weight is zero', () => {
    expect(allocateLargestRemainder(-100n, [1n, 1n, 1n])).toEqual([-34n, -33n, -33n]);
    expect(allocateLargestRemainder(5n, [0n, 0n])).toEqual([3n, 2n]);
    expect(allocateLargestRemainder(7n, [])).toEqual([]);
  });

  it('adds up to the whole for awkward weights', () => {
    const weights = Array.from({ length: 997 }, (_, i) => BigInt((i * 7919) % 1013));
    for (const total of [0n, 1n, 123456789n, -98765n]) {
      const parts = allocateLargestRemainder(total, weights);
      expect(sum(parts)).toBe(total);
      expect(parts[weights.indexOf(0n)]).toBe(0n);
    }
  });

  it('refuses negative weights', () => {
    expect(() => allocateLargestRemainder(1n, [1n, -1n])).toThrow();
  });
});

describe('mulDivRound', () => {
  it('rounds half away from zero', () => {
    expect(mulDivRound(5n, 1n, 2n)).toBe(3n);
    expect(mulDivRound(-5n, 1n, 2n)).toBe(-3n);
    expect(mulDivRound(10000n, 300n, 1000n)).toBe(3000n);
  });
});
