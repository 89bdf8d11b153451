/**
 * Sets of nimbers as 32-bit masks (bit v: value v), the currency of Beling–Rogalski pruning: a
 * question asks "is the value in this set?", and the answer may be "no" without saying which.
 */

/** The largest value of a non-empty set. */
export function largest(set: number): number {
  return 31 - Math.clz32(set);
}

/** The least value of a non-empty set. */
export function least(set: number): number {
  return 31 - Math.clz32(set & -set);
}

/** The set {0, ..., n - 1} cut at 31 (n ≥ 32: every value up to 31). */
export function below(n: number): number {
  return n >= 32 ? -1 : ((1 << n) - 1) | 0;
}

/** Every value up to the largest of a non-empty set. */
export function upToLargest(set: number): number {
  return below(largest(set) + 1);
}

/**
 * The set with each value v replaced by v ^ x (x < 32): nim-adding x to a position maps the values
 * it may have this way. XOR with one bit of x swaps neighbouring blocks of that bit's size.
 */
export function xorEach(set: number, x: number): number {
  let m = set;
  if (x & 1) m = ((m >>> 1) & 0x55555555) | ((m & 0x55555555) << 1);
  if (x & 2) m = ((m >>> 2) & 0x33333333) | ((m & 0x33333333) << 2);
  if (x & 4) m = ((m >>> 4) & 0x0f0f0f0f) | ((m & 0x0f0f0f0f) << 4);
  if (x & 8) m = ((m >>> 8) & 0x00ff00ff) | ((m & 0x00ff00ff) << 8);
  if (x & 16) m = (m >>> 16) | (m << 16);
  return m | 0;
}
