/**
 * Rare and common values (Winning Ways, "Sparse space spells speed"): for a mask m and a twist t,
 * heap n has class parity(popcount(g(n) & m)) XOR t·(n mod 2). In many take-and-break games one
 * class is tiny: its heaps are *rare*, the others *common* (Grundy's game to 2^14: mask 254, 1149
 * rare heaps of 16384). Found from the values alone, as the take-and-break kernel chooses its
 * split: from a histogram of (value, n mod 2), every mask over the values' low bits and both twists
 * are scored by the size of the smaller class. O(N + 2^bits · distinct values).
 */
import { InputError } from '../../errors.ts';

/** Most mask bits tried. */
const MAX_MASK_BITS = 12;
/** Most (mask, value) scores: the page calls this on the main thread. */
const MAX_SCORES = 1 << 22;

export interface RareCommon {
  readonly mask: number;
  readonly twist: boolean;
  /** The rare class (0 or 1). */
  readonly rareClass: number;
  /** Rare heaps among 1..N (heap 0 left out, as the kernel does). */
  readonly rareCount: number;
  readonly heaps: number;
  /** The class of heap n under this split. */
  classOf(n: number): number;
}

function parity(x: number): number {
  x ^= x >>> 16;
  x ^= x >>> 8;
  x ^= x >>> 4;
  x ^= x >>> 2;
  x ^= x >>> 1;
  return x & 1;
}

/**
 * The split with the fewest rare heaps among heaps 1..N, or null when there is no such picture:
 * the smaller class is empty (one class holds every heap) or more than 1/8 of the heaps.
 */
export function rareAndCommon(values: ArrayLike<number>): RareCommon | null {
  const heaps = values.length - 1;
  if (heaps < 8) return null;
  let maxValue = 0;
  for (let n = 1; n <= heaps; n++) maxValue = Math.max(maxValue, values[n]);
  if (maxValue > 1 << 24) throw new InputError('values too large for a rare/common split');
  const hist = new Float64Array(2 * (maxValue + 1));
  for (let n = 1; n <= heaps; n++) hist[2 * values[n] + (n & 1)]++;
  const distinct: number[] = [];
  for (let v = 0; v <= maxValue; v++) if (hist[2 * v] + hist[2 * v + 1] > 0) distinct.push(v);
  let bits = Math.max(1, Math.min(MAX_MASK_BITS, 32 - Math.clz32(maxValue)));
  while (bits > 1 && (1 << bits) * distinct.length > MAX_SCORES) bits--;
  let best = { mask: 0, twist: false, rare: Infinity, rareClass: 0 };
  for (const twist of [false, true]) {
    for (let mask = 1; mask < 1 << bits; mask++) {
      let ones = 0;
      for (const v of distinct) {
        const p = parity(v & mask);
        ones += (p ? hist[2 * v] : 0) + (p ^ (twist ? 1 : 0) ? hist[2 * v + 1] : 0);
      }
      const rare = Math.min(ones, heaps - ones);
      if (rare < best.rare) best = { mask, twist, rare, rareClass: ones <= heaps - ones ? 1 : 0 };
    }
  }
  if (best.rare === 0 || best.rare * 8 > heaps) return null;
  const { mask, twist, rareClass } = best;
  return {
    mask,
    twist,
    rareClass,
    rareCount: best.rare,
    heaps,
    classOf: (n) => parity(values[n] & mask) ^ (twist ? n & 1 : 0),
  };
}
