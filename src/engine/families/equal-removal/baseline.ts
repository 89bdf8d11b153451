/**
 * The published approach to Project Euler 260, kept as the benchmark baseline and a test
 * reference: scan every sorted triple in lexicographic order and test its seven lines one by one.
 */
import type { SolveSummary, TripleVisitor } from './triples.ts';

/**
 * Visits every sorted triple x <= y <= z <= n in lexicographic order; a triple is a P-position
 * iff none of its seven lines (one-, two- and three-pile move directions, named by their
 * invariants) already holds a P-position, and each P-position found marks its lines in byte
 * tables. O(n^3) time, 3 (n+1)^2 bytes. (The sum stays below 2^53 for every n this can reach.)
 */
export function lexicographicScan(n: number, onPosition?: TripleVisitor): SolveSummary {
  const side = n + 1;
  const pair = new Uint8Array(side * side); // pair[a*side+b]: one-pile line through the untouched a, b
  const two = new Uint8Array(side * side); // two[d*side+c]: moved piles differ by d, untouched c
  const three = new Uint8Array(side * side); // three[d*side+e]: sorted differences (y-x, z-x)
  let count = 0;
  let sum = 0;
  for (let x = 0; x <= n; x++) {
    for (let y = x; y <= n; y++) {
      for (let z = y; z <= n; z++) {
        if (
          pair[x * side + y] ||
          pair[x * side + z] ||
          pair[y * side + z] ||
          two[(y - x) * side + z] ||
          two[(z - x) * side + y] ||
          two[(z - y) * side + x] ||
          three[(y - x) * side + (z - x)]
        )
          continue;
        count++;
        sum += x + y + z;
        pair[x * side + y] = pair[x * side + z] = pair[y * side + z] = 1;
        two[(y - x) * side + z] = two[(z - x) * side + y] = two[(z - y) * side + x] = 1;
        three[(y - x) * side + (z - x)] = 1;
        if (onPosition && onPosition(x, y, z) === false) return { count, sum: BigInt(sum), complete: false };
      }
    }
  }
  return { count, sum: BigInt(sum), complete: true };
}
