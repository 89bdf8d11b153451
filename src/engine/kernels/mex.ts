/**
 * Generic Grundy kernel: the mex over every option's nim-sum, for any heap ruleset.
 * O(sum over n of |options(n)| * parts) time; the reference for every fast path.
 */
import type { GrundySequence, HeapRuleset } from '../types.ts';

export function mexSequence(ruleset: HeapRuleset, maxHeap: number): GrundySequence {
  const g = new Uint32Array(maxHeap + 1);
  let seen = new Uint32Array(64);
  for (let n = 0; n <= maxHeap; n++) {
    const stamp = n + 1;
    for (const parts of ruleset.heapOptions(n)) {
      let x = 0;
      for (const p of parts) x ^= g[p];
      x >>>= 0;
      if (x >= seen.length) {
        const grown = new Uint32Array(Math.max(seen.length * 2, x + 1));
        grown.set(seen);
        seen = grown;
      }
      seen[x] = stamp;
    }
    let m = 0;
    while (m < seen.length && seen[m] === stamp) m++;
    g[n] = m;
  }
  return g;
}
