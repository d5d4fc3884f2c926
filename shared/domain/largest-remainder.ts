/**
 * Divides an amount of integer cents in proportion to integer weights so that the parts add up to the whole
 * exactly (largest-remainder method): everyone gets the rounded-down part, the cents left over go one each to the
 * largest remainders, ties to the earlier entry. The billing of the demo MSC and the app's checks share it.
 */

/** Parts of `total` (cents, may be negative) in proportion to `weights` (≥ 0); all zero weights share equally. */
export function allocateLargestRemainder(total: bigint, weights: readonly bigint[]): bigint[] {
  if (weights.length === 0) return [];
  if (weights.some((w) => w < 0n)) throw new Error('weights must not be negative');
  const sumW = weights.reduce((a, b) => a + b, 0n);
  const w = sumW === 0n ? weights.map(() => 1n) : weights;
  const den = sumW === 0n ? BigInt(weights.length) : sumW;
  const negative = total < 0n;
  const abs = negative ? -total : total;
  const parts = w.map((x) => (abs * x) / den);
  let left = abs - parts.reduce((a, b) => a + b, 0n);
  if (left > 0n) {
    const order = w
      .map((x, i) => ({ i, rem: (abs * x) % den }))
      .sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
    for (const { i } of order) {
      if (left === 0n) break;
      parts[i] = (parts[i] ?? 0n) + 1n;
      left -= 1n;
    }
  }
  return negative ? parts.map((p) => -p) : parts;
}

/** `total × num / den` rounded half away from zero, on integers. */
export function mulDivRound(total: bigint, num: bigint, den: bigint): bigint {
  if (den === 0n) throw new Error('division by zero');
  const neg = (total < 0n !== num < 0n) !== den < 0n;
  const a = (total < 0n ? -total : total) * (num < 0n ? -num : num);
  const d = den < 0n ? -den : den;
  const q = (a * 2n + d) / (2n * d);
  return neg ? -q : q;
}
