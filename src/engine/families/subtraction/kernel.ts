/**
 * Subtraction-game kernel: g(n) = mex { g(n - s) : s in S, s <= n }.
 * O(N * |S ∩ [1,N]|) time, no allocation per position: a stamp array marks the values seen at n
 * (its size is |S| + 1, since a mex over at most |S| options is at most |S|).
 */
import type { GrundySequence, SubtractionSet } from '../../types.ts';
import { WASM_MAX_MOVES, wasmAvailable, wasmSubtractionSequence } from './wasm.ts';

/**
 * The fastest kernel available here: the blocked WebAssembly kernel (src/engine/wasm/) when the
 * runtime has WebAssembly and the values fit its u16 cells, else the reference kernel below.
 */
export function fastSubtractionSequence(set: SubtractionSet, maxHeap: number): GrundySequence {
  const moves = set.upTo(maxHeap);
  if (moves.length <= WASM_MAX_MOVES && wasmAvailable()) return wasmSubtractionSequence(moves, maxHeap);
  return subtractionSequence(set, maxHeap);
}

/** The reference kernel (plain TypeScript); every faster kernel is tested against it. */
export function subtractionSequence(set: SubtractionSet, maxHeap: number): GrundySequence {
  const moves = set.upTo(maxHeap);
  const g = new Uint32Array(maxHeap + 1);
  extendSubtraction(moves, g, 0, maxHeap + 1);
  return g;
}

/**
 * Fills g[from..to) given g[0..from); `moves` ascending. Exposed so that callers can compute a
 * sequence in chunks (progress, cancellation, extending a cached prefix).
 */
export function extendSubtraction(moves: Int32Array, g: Uint32Array, from: number, to: number): void {
  const m = moves.length;
  const seen = new Uint32Array(m + 2);
  for (let n = from; n < to; n++) {
    const stamp = n + 1;
    for (let i = 0; i < m; i++) {
      const s = moves[i];
      if (s > n) break;
      seen[g[n - s]] = stamp;
    }
    let v = 0;
    while (seen[v] === stamp) v++;
    g[n] = v;
  }
}
