/** The fast P-position solver of two-pile equal removal (Wythoff's game). */
import type { ProgressCallback } from './triples.ts';

/** Called with each P-position x <= y, in increasing x. Return false to stop early. */
export type PairVisitor = (x: number, y: number) => boolean | undefined;

export interface PairSolveOptions {
  onPosition?: PairVisitor;
  onProgress?: ProgressCallback;
}

/**
 * P-positions x <= y <= n of two piles where a move takes n > 0 from one pile or from both.
 *
 * The same line argument as the three-pile solver (triples.ts) with three lines per position:
 * a value used by a P-position blocks both one-pile lines through it (`used`), a difference y - x
 * blocks the two-pile line (`diff`). For each unused x in increasing order the P-position is the
 * first y >= x with y unused and y - x unused; the scan starts past the lowest unused difference
 * (below it every y is blocked) and reads 32 candidates per step. For Wythoff's game the start is
 * already the answer, so the whole run is O(n) word operations on 2 (n+1) bits. This kernel knows
 * nothing of the golden ratio: the tests compare it with Beatty's formula.
 */
export function solvePairs(
  n: number,
  options: PairSolveOptions = {},
): { count: number; sum: bigint; complete: boolean } {
  const { onPosition, onProgress } = options;
  const words = (n >>> 5) + 2;
  const used = new Uint32Array(words);
  const diff = new Uint32Array(words);
  let lowDiff = 0; // every difference below it is used
  let count = 0;
  let sum = 0n;
  let partial = 0; // part of the sum not yet folded into the bigint (kept below 2^53)
  const progressStep = Math.max(1, n >>> 8);
  for (let x = 0; x <= n; x++) {
    if (onProgress && x % progressStep === 0) onProgress(x, n + 1);
    if ((used[x >>> 5] >>> (x & 31)) & 1) continue;
    let y = -1;
    for (let base = x + lowDiff; base <= n; base += 32) {
      let i = base >>> 5,
        s = base & 31;
      let blocked = (used[i] >>> s) | ((used[i + 1] << 1) << (31 - s));
      const p = base - x;
      i = p >>> 5;
      s = p & 31;
      blocked |= (diff[i] >>> s) | ((diff[i + 1] << 1) << (31 - s));
      let free = ~blocked;
      const left = n - base + 1;
      if (left < 32) free &= (1 << left) - 1;
      if (free !== 0) {
        y = base + (31 - Math.clz32(free & -free));
        break;
      }
    }
    if (y < 0) continue;
    count++;
    partial += x + y;
    if (partial > 2 ** 52) {
      sum += BigInt(partial);
      partial = 0;
    }
    used[x >>> 5] |= 1 << (x & 31);
    used[y >>> 5] |= 1 << (y & 31);
    const d = y - x;
    diff[d >>> 5] |= 1 << (d & 31);
    while ((diff[lowDiff >>> 5] >>> (lowDiff & 31)) & 1) lowDiff++;
    if (onPosition && onPosition(x, y) === false) return { count, sum: sum + BigInt(partial), complete: false };
  }
  if (onProgress) onProgress(n + 1, n + 1);
  return { count, sum: sum + BigInt(partial), complete: true };
}
