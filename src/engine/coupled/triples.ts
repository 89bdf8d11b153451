/** The fast P-position solver of three-pile equal removal (Project Euler 260's Stone Game). */

/**
 * Called with each P-position x <= y <= z, in lexicographic order. Return false to stop early.
 */
export type TripleVisitor = (x: number, y: number, z: number) => boolean | void;

/** Work done so far (in (x, y) pairs) out of the total; called once per value of x. */
export type ProgressCallback = (done: number, total: number) => void;

export interface TripleSolveOptions {
  onPosition?: TripleVisitor;
  onProgress?: ProgressCallback;
}

export interface SolveSummary {
  /** Number of P-positions x <= y <= z <= N seen (all of them unless a visitor stopped early). */
  readonly count: number;
  /** Sum of x + y + z over them. */
  readonly sum: bigint;
  /** False when a visitor stopped the scan. */
  readonly complete: boolean;
}

/** Bytes the solver allocates for a bound N (four bit tables of (N+1) rows). */
export function tripleSolverBytes(n: number): number {
  return 4 * (n + 1) * ((n >>> 5) + 2) * 4;
}

/**
 * P-positions of three piles where a move takes the same n > 0 from each pile of a non-empty
 * subset of the piles, for all sorted triples x <= y <= z <= n.
 *
 * Algorithm. Two distinct positions on a common "line" (a one-, two- or three-pile move direction)
 * cannot both be P, since one reaches the other; and a position is P iff no earlier P-position lies
 * on one of its seven lines. Each line is named by an invariant and kept as one bit in a table:
 *   pair[a][b]   a <= b   one-pile moves: the two untouched piles
 *   two[d][c]             two-pile moves: difference d of the moved piles, untouched pile c
 *   twoT[c][d]            the same table transposed (so both indices can be scanned as a row)
 *   three[d][e]  d <= e   three-pile moves: the sorted differences (y-x, z-x)
 * Each pair (x, y) lies on at most one P-position's one-pile line through z, so the scan walks the
 * pairs x <= y in lexicographic order, skips a pair whose `pair` bit is set, and otherwise looks
 * for the first z >= y where none of the other six lines is marked. Along z those six bits are
 * row scans of the tables (at offsets z, z, z, z-x, z-x, z-y), so the solver ORs six 32-bit
 * windows and takes the lowest clear bit: 32 candidates per step. The first free z is the
 * P-position of that pair (every earlier P is already marked); its ten bits are then set.
 *
 * Time O(N^2 + W) word operations, W the total length of the z-scans (the scan from y to the
 * answer, or to N when a pair has none); memory 4 (N+1)^2 bits (tripleSolverBytes).
 */
export function solveTriples(n: number, options: TripleSolveOptions = {}): SolveSummary {
  const { onPosition, onProgress } = options;
  const stride = (n >>> 5) + 2; // one spare word: a 32-bit window at any bit <= n stays in the row
  const size = (n + 1) * stride;
  const pair = new Uint32Array(size);
  const two = new Uint32Array(size);
  const twoT = new Uint32Array(size);
  const three = new Uint32Array(size);
  const totalPairs = ((n + 1) * (n + 2)) / 2;
  // low*[r]: the lowest clear bit of row r (of pair: at or after r; of three: at or after r)
  const lowPair = new Int32Array(n + 1).map((_, r) => r);
  const lowTwo = new Int32Array(n + 1);
  const lowTwoT = new Int32Array(n + 1);
  const lowThree = new Int32Array(n + 1).map((_, r) => r);
  let donePairs = 0;
  let count = 0;
  let sum = 0n;
  let partial = 0; // part of the sum not yet folded into the bigint (kept below 2^53)

  for (let x = 0; x <= n; x++) {
    const rowX = x * stride;
    for (let y = x; y <= n; y++) {
      if ((pair[rowX + (y >>> 5)] >>> (y & 31)) & 1) continue;
      const d = y - x;
      const rowY = y * stride;
      const rowD = d * stride;
      // Lower bounds: every row is full below its lowest clear bit, kept in low* by mark().
      const start = Math.max(y, lowPair[x], lowPair[y], lowTwo[d], x + lowThree[d], x + lowTwoT[y], y + lowTwoT[x]);
      let z = -1;
      for (let base = start; base <= n; base += 32) {
        // Six 32-bit windows starting at bit p of a row: (w[i] >>> s) | (w[i+1] << (32 - s)),
        // written as ((w[i+1] << 1) << (31 - s)) so that s = 0 needs no branch.
        let p = base, i = rowX + (p >>> 5), s = p & 31;
        let blocked = (pair[i] >>> s) | ((pair[i + 1] << 1) << (31 - s));
        i = rowY + (p >>> 5);
        blocked |= (pair[i] >>> s) | ((pair[i + 1] << 1) << (31 - s));
        i = rowD + (p >>> 5);
        blocked |= (two[i] >>> s) | ((two[i + 1] << 1) << (31 - s));
        p = base - x; i = rowD + (p >>> 5); s = p & 31;
        blocked |= (three[i] >>> s) | ((three[i + 1] << 1) << (31 - s));
        i = rowY + (p >>> 5);
        blocked |= (twoT[i] >>> s) | ((twoT[i + 1] << 1) << (31 - s));
        p = base - y; i = rowX + (p >>> 5); s = p & 31;
        blocked |= (twoT[i] >>> s) | ((twoT[i + 1] << 1) << (31 - s));
        let free = ~blocked;
        const left = n - base + 1; // candidates base..n
        if (left < 32) free &= (1 << left) - 1;
        if (free !== 0) {
          z = base + (31 - Math.clz32(free & -free));
          break;
        }
      }
      if (z < 0) continue;
      count++;
      partial += x + y + z;
      if (partial > 2 ** 52) { sum += BigInt(partial); partial = 0; }
      mark(pair, lowPair, stride, x, y);
      mark(pair, lowPair, stride, x, z);
      mark(pair, lowPair, stride, y, z);
      mark(two, lowTwo, stride, d, z);
      mark(twoT, lowTwoT, stride, z, d);
      mark(two, lowTwo, stride, z - x, y);
      mark(twoT, lowTwoT, stride, y, z - x);
      mark(two, lowTwo, stride, z - y, x);
      mark(twoT, lowTwoT, stride, x, z - y);
      mark(three, lowThree, stride, d, z - x);
      if (onPosition && onPosition(x, y, z) === false) return { count, sum: sum + BigInt(partial), complete: false };
    }
    donePairs += n - x + 1;
    if (onProgress) onProgress(donePairs, totalPairs);
  }
  return { count, sum: sum + BigInt(partial), complete: true };
}

/** The lowest clear bit at or after `from` in a row (rows always end in clear bits). */
function lowestClear(table: Uint32Array, row: number, from: number): number {
  let w = from >>> 5;
  let free = ~table[row + w] & (-1 << (from & 31));
  while (free === 0) free = ~table[row + ++w];
  return (w << 5) + (31 - Math.clz32(free & -free));
}

/** Sets bit `bit` of row `row`, moving the row's lowest-clear pointer past it when needed. */
function mark(table: Uint32Array, low: Int32Array, stride: number, row: number, bit: number): void {
  const base = row * stride;
  table[base + (bit >>> 5)] |= 1 << (bit & 31);
  if (low[row] === bit) low[row] = lowestClear(table, base, bit);
}
