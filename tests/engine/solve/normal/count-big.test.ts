/** Counts from bigint histograms: exact and modulo m, against the double-precision transform, closed forms and a brute-force DP. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/engine/errors.ts';
import { countFromHistogram } from '../../../../src/engine/solve/normal/count.ts';
import { countFromBigHistogram, isOddPrimeAbove } from '../../../../src/engine/solve/normal/count-big.ts';
import { COUNT_ORDERS } from '../../../../src/engine/types.ts';

const histogram = fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 9 });

/**
 * Brute force for many heaps: multisets (sorted) or sets (distinct) of k heap sizes whose values
 * XOR to 0, by a DP over the heap sizes one at a time, modulo m. O(sizes · k · V).
 */
function dpCount(values: number[], k: number, order: 'sorted' | 'distinct', m: bigint): bigint {
  let V = 1;
  while (V <= Math.max(...values)) V *= 2;
  // dp[j][x]: ways to choose j heaps among the sizes seen so far with XOR x
  let dp = Array.from({ length: k + 1 }, () => new Array<bigint>(V).fill(0n));
  dp[0][0] = 1n;
  for (const v of values) {
    const next = dp.map((row) => row.slice());
    for (let j = 1; j <= k; j++) {
      for (let x = 0; x < V; x++) {
        // sorted: this size may be taken again (next[j-1]); distinct: at most once (dp[j-1])
        const from = order === 'sorted' ? next[j - 1][x ^ v] : dp[j - 1][x ^ v];
        next[j][x] = (next[j][x] + from) % m;
      }
    }
    dp = next;
  }
  return dp[k][0];
}

describe('countFromBigHistogram', () => {
  it('property: equals the double-precision transform on small histograms, every order, k = 1..6', () => {
    fc.assert(
      fc.property(histogram, fc.integer({ min: 1, max: 6 }), fc.constantFrom(...COUNT_ORDERS), (h, k, order) => {
        expect(countFromBigHistogram(h.map(BigInt), k, order)).toBe(countFromHistogram(h, k, order));
      }),
      { numRuns: 200 },
    );
  });

  it('property: closed forms with counts near 10^18 (k = 2 and ordered k = 3)', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 10n ** 18n }), { minLength: 1, maxLength: 8 }), (h) => {
        // pairs with equal values: ordered Σ h², sorted Σ h(h+1)/2, distinct Σ h(h-1)/2
        expect(countFromBigHistogram(h, 2, 'ordered')).toBe(h.reduce((s, c) => s + c * c, 0n));
        expect(countFromBigHistogram(h, 2, 'sorted')).toBe(h.reduce((s, c) => s + (c * (c + 1n)) / 2n, 0n));
        expect(countFromBigHistogram(h, 2, 'distinct')).toBe(h.reduce((s, c) => s + (c * (c - 1n)) / 2n, 0n));
        let triples = 0n;
        for (let a = 0; a < h.length; a++)
          for (let b = 0; b < h.length; b++) if ((a ^ b) < h.length) triples += h[a] * h[b] * h[a ^ b];
        expect(countFromBigHistogram(h, 3, 'ordered')).toBe(triples);
      }),
      { numRuns: 100 },
    );
  });

  it('property: modulo m equals the exact count reduced, for primes, composites and every order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 15n }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(...COUNT_ORDERS),
        fc.constantFrom(1_000_000_007n, 998_244_353n, 1_000_000_008n, 2n, 12n, 2n ** 61n - 1n),
        (h, k, order, m) => {
          expect(countFromBigHistogram(h, k, order, m)).toBe(countFromBigHistogram(h, k, order) % m);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('1500 heaps modulo a prime: sorted and distinct counts equal a brute-force DP over the heap sizes', () => {
    const values = [0, 1, 2, 3, 1, 0, 2, 2, 5, 1, 0, 4, 7, 3, 3, 6, 1, 0, 2, 5, 4]; // g of 21 heap sizes
    const h: bigint[] = new Array(8).fill(0n);
    for (const v of values) h[v]++;
    const m = 1_000_003n;
    for (const order of ['sorted', 'distinct'] as const) {
      const k = order === 'sorted' ? 1500 : 15;
      expect(countFromBigHistogram(h, k, order, m), order).toBe(dpCount(values, k, order, m));
    }
    expect(countFromBigHistogram(h, 1500, 'sorted', 1_000_003n)).not.toBe(0n);
  });

  it('refuses what it cannot count: exact counts of more than 1000 heaps, composite moduli with many unordered heaps', () => {
    expect(() => countFromBigHistogram([1n, 2n], 1001, 'sorted')).toThrow(/number of heaps/);
    expect(() => countFromBigHistogram([1n, 2n], 2000, 'sorted', 1_000_000_008n)).toThrow(InputError);
    expect(() => countFromBigHistogram([1n, 2n], 100_001, 'ordered', 7n)).toThrow(/above the maximum of 100000/);
    expect(countFromBigHistogram([1n, 2n], 100_000, 'ordered', 1_000_000_008n)).toBeTypeOf('bigint');
    // exact answers of more than about 60,000 digits are refused before the transform's products
    const huge = [10n ** 99n, 10n ** 99n];
    expect(() => countFromBigHistogram(huge, 1000, 'sorted')).toThrow(/digits, above the maximum of 60206/);
    expect(countFromBigHistogram(huge, 1000, 'sorted', 1_000_000_007n)).toBeLessThan(1_000_000_007n);
  });

  it('Miller–Rabin: primes and composites, including strong pseudoprimes to small bases', () => {
    for (const p of [3n, 5n, 1_000_003n, 1_000_000_007n, 998_244_353n, 2n ** 61n - 1n])
      expect(isOddPrimeAbove(p, 1), String(p)).toBe(true);
    for (const c of [9n, 2047n, 3_215_031_751n, 1_000_000_008n, 561n, 3_825_123_056_546_413_051n])
      expect(isOddPrimeAbove(c, 1), String(c)).toBe(false);
    expect(isOddPrimeAbove(7n, 7)).toBe(false); // not above k
  });
});
