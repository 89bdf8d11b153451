/** The fast P-position solver of three-pile equal removal (Project Euler 260's Stone Game). */

/**
 * Called with each P-position x <= y <= z, in lexicographic order. Return false to stop early.
 */
export type TripleVisitor = (x: number, y: number, z: number) => boolean | undefined;

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
  return 4 * (n + 1) * ((n >>> 5) + 3) * 4;
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
 * row scans of the tables (at offsets z, z, z, z-x, z-x, z-y). Two devices keep the scans short:
 *  - every row keeps a pointer to its lowest clear bit (bits are only ever set, so pointers only
 *    move forward: O(N^2 / 32) word steps in all); below the largest of the six the answer cannot
 *    lie, and a pair whose bound passes N is settled with no scan at all;
 *  - from there the solver ORs six 32-bit windows (three aligned words, three sliding windows
 *    with the previous word carried over) and takes the lowest clear bit: 32 candidates per step.
 * The first free z is the P-position of that pair (every earlier P is already marked); its ten
 * bits are then set.
 *
 * Time O(N^2 + W) word operations, W the total length of the z-scans (measured: about N^3 / 3000
 * windows, against N^3 / 6 triples for the lexicographic scan); memory 4 (N+1)^2 bits
 * (tripleSolverBytes), 48 MiB at N = 10000.
 */
export function solveTriples(n: number, options: TripleSolveOptions = {}): SolveSummary {
  const { onPosition, onProgress } = options;
  const stride = (n >>> 5) + 3; // a zero word before bit 0 and a spare one after bit n (see below)
  // Rows that one scan reads together share memory pages: row r of `pair` is followed by row r
  // of `twoT` (both indexed by a pile size), row d of `two` by row d of `three` (a difference).
  const rs = 2 * stride;
  const byPile = new Int32Array((n + 1) * rs);
  const byDiff = new Int32Array((n + 1) * rs);
  // Each view starts one word into its row, so word -1 of a row is a zero pad: windows may start
  // up to 31 bits before bit 0.
  const pair = byPile.subarray(1),
    twoT = byPile.subarray(stride + 1);
  const two = byDiff.subarray(1),
    three = byDiff.subarray(stride + 1);
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
    const rowX = x * rs;
    for (let y = x; y <= n; y++) {
      if ((pair[rowX + (y >>> 5)] >>> (y & 31)) & 1) continue;
      const d = y - x;
      const rowY = y * rs;
      const rowD = d * rs;
      // Lower bounds: every row is full below its lowest clear bit, kept in low* by mark().
      const start = Math.max(y, lowPair[x], lowPair[y], lowTwo[d], x + lowThree[d], x + lowTwoT[y], y + lowTwoT[x]);
      let z = -1;
      if (start <= n) {
        // Windows start on word boundaries: the three rows read at offset z need one aligned load
        // each; the three read at z - x or z - y slide one word per step, carrying the previous
        // word over. Bits below `start` are masked off in the first window.
        let base = start & ~31;
        let ia = base >> 5;
        const pb = base - x,
          pc = base - y;
        const sb = pb & 31,
          sc = pc & 31;
        let ib = pb >> 5,
          ic = pc >> 5;
        let hD = three[rowD + ib],
          tY = twoT[rowY + ib],
          tX = twoT[rowX + ic];
        let below = -1 << (start & 31);
        for (; base <= n; base += 32) {
          ib++;
          ic++;
          const hD1 = three[rowD + ib],
            tY1 = twoT[rowY + ib],
            tX1 = twoT[rowX + ic];
          const blocked =
            pair[rowX + ia] |
            pair[rowY + ia] |
            two[rowD + ia] |
            (hD >>> sb) |
            ((hD1 << 1) << (31 - sb)) |
            (tY >>> sb) |
            ((tY1 << 1) << (31 - sb)) |
            (tX >>> sc) |
            ((tX1 << 1) << (31 - sc));
          hD = hD1;
          tY = tY1;
          tX = tX1;
          ia++;
          let free = ~blocked & below;
          below = -1;
          const left = n - base + 1; // candidates base..n
          if (left < 32) free &= (1 << left) - 1;
          if (free !== 0) {
            z = base + (31 - Math.clz32(free & -free));
            break;
          }
        }
      }
      if (z < 0) continue;
      count++;
      partial += x + y + z;
      if (partial > 2 ** 52) {
        sum += BigInt(partial);
        partial = 0;
      }
      mark(pair, lowPair, rs, x, y);
      mark(pair, lowPair, rs, x, z);
      mark(pair, lowPair, rs, y, z);
      mark(two, lowTwo, rs, d, z);
      mark(twoT, lowTwoT, rs, z, d);
      mark(two, lowTwo, rs, z - x, y);
      mark(twoT, lowTwoT, rs, y, z - x);
      mark(two, lowTwo, rs, z - y, x);
      mark(twoT, lowTwoT, rs, x, z - y);
      mark(three, lowThree, rs, d, z - x);
      if (onPosition && onPosition(x, y, z) === false) return { count, sum: sum + BigInt(partial), complete: false };
    }
    donePairs += n - x + 1;
    if (onProgress) onProgress(donePairs, totalPairs);
  }
  return { count, sum: sum + BigInt(partial), complete: true };
}

/** The lowest clear bit at or after `from` in a row (rows always end in clear bits). */
function lowestClear(table: Int32Array, row: number, from: number): number {
  let w = from >>> 5;
  let free = ~table[row + w] & (-1 << (from & 31));
  while (free === 0) free = ~table[row + ++w];
  return (w << 5) + (31 - Math.clz32(free & -free));
}

/** Sets bit `bit` of row `row`, moving the row's lowest-clear pointer past it when needed. */
function mark(table: Int32Array, low: Int32Array, rowStride: number, row: number, bit: number): void {
  const base = row * rowStride;
  table[base + (bit >>> 5)] |= 1 << (bit & 31);
  if (low[row] === bit) low[row] = lowestClear(table, base, bit);
}
