// WebAssembly kernel of the three-pile equal-removal solver (Project Euler 260's Stone Game).
//
// Algorithm: the one of solveTriples (src/engine/coupled/triples.ts), which states the proof.
// Two distinct positions on a common move line cannot both be P, and a position is P iff no
// earlier P-position (lexicographic order) lies on one of its seven lines. Each line is one bit:
//   pair[a][b]  (one-pile lines: the two untouched piles), two[d][c] and its transpose twoT[c][d]
//   (two-pile lines: difference of the moved piles, untouched pile), three[d][e] (three-pile
//   lines: sorted differences y-x, z-x). Pairs x <= y go in lexicographic order; a pair whose
//   pair bit is set is skipped; otherwise its P-position is the first z >= y where none of the six
//   rows pair[x], pair[y], two[d] (at z), three[d], twoT[y] (at z-x), twoT[x] (at z-y) is marked,
//   d = y - x; then its ten bits are set. Every row keeps a pointer to its lowest clear bit (bits
//   are only set, so pointers only move forward): the scan starts at the largest of the six, and a
//   pair whose bound passes N costs no scan.
//
// Memory layout (what makes this kernel faster than a plain port). The scan is bound by cache
// misses, not arithmetic: for x fixed, consecutive y read rows y and d = y - x of the tables near
// the column z ≈ y + gap, and mark rows z and z - x near the same diagonal. With row-major tables
// each of those is a new cache line (rows are N/8 bytes apart). Here every table is stored
//  - skewed: bit (row r, column c) sits at k = c - r + off (off = 0 for pair and three, where
//    c >= r, and N for two and twoT), so the diagonal cells the sweep reads have the same k, and
//  - transposed by 64-bit words: word (r, k >> 6) at ((k >> 6)·R + r)·8, R = rows rounded to 8,
//    so the words of consecutive rows at one k are adjacent: one cache line serves 8 rows (8
//    consecutive y), and a row's next word (the scan's next window) is R·8 bytes on.
// A step tests 64 candidates z: the scan starts where pair[y] and three[d] (same k = z - y) are
// word-aligned, and the other four rows are sliding 64-bit windows (two loads, one carried over;
// twoT[y] and twoT[x] share k = z - x - y + N, so one shift). Settled pairs (pair bit set) are
// skipped a word at a time. Cells outside a table's band (k < 0 or past N) are never written, so
// pages holding only them are never touched: resident memory is about 3 (N+1)^2 bits (pair and
// three are triangles) though the address space is 6 (N+1)^2 bits.
// Measured here (N = 10000): about 7.5 s for a plain port with row-major tables, 4.3 s skewed and
// transposed, then 2.3-3.3 s with the steps above, against 8.8-11.9 s for the TypeScript kernel.
// Tried and not kept (alternating runs, no gain beyond noise or slower): tiles of 2, 4 or 8 words
// of a row per cache line instead of 1; two windows (128 candidates) per step.
//
// The scan is resumable: the loop position (x, y), the count and the sum live in globals, and
// run() stops after a budget of work, or when the output buffer of P-positions is full, at a pair
// boundary. V8 swaps in optimized WebAssembly only between calls, and the host reports progress
// and calls the visitor between them.
//
// Time O(N^2 + W) word operations, W the total length of the z-scans (about N^3 / 6000 64-bit
// windows); memory as above plus four i32 pointers per row.

/** Bound N, rows per word block R (N + 1 rounded up to 8), blocks of the narrow and wide tables. */
let n: i32 = 0;
let rows: i32 = 0;
/** Byte distance from a word to the next word of the same row. */
let step: i32 = 0;
/** Byte offsets of the four tables and of their lowest-clear pointers (i32, in column units). */
let pairAt: i32 = 0;
let threeAt: i32 = 0;
let twoAt: i32 = 0;
let twoTAt: i32 = 0;
let lowPairAt: i32 = 0;
let lowTwoAt: i32 = 0;
let lowTwoTAt: i32 = 0;
let lowThreeAt: i32 = 0;
/** Output buffer of P-positions (x, y, z as i32), capacity in triples (0: count and sum only). */
let outAt: i32 = 0;
let outCap: i32 = 0;
/** Loop position: the next pair to settle; x > N when done. */
let curX: i32 = 0;
let curY: i32 = 0;
let found: i32 = 0;
let total: i64 = 0;

/** Word blocks of pair and three (k in 0..N, and a clear spare word) and of two and twoT (k in 0..2N). */
function narrowBlocks(bound: i32): i32 {
  return (bound >>> 6) + 2;
}
function wideBlocks(bound: i32): i32 {
  return ((2 * bound) >>> 6) + 2;
}
function rowsFor(bound: i32): i32 {
  return (bound + 8) & ~7;
}

/** Bytes of memory the kernel uses for bound N and an output buffer of `cap` triples (from address 0). */
export function bytesFor(bound: i32, cap: i32): f64 {
  const r = <f64>rowsFor(bound);
  return 8 * r * <f64>(2 * narrowBlocks(bound) + 2 * wideBlocks(bound)) + 16 * <f64>(bound + 1) + 12 * <f64>cap;
}

/** Starts a solve in a zeroed memory of bytesFor(bound, cap) bytes. */
export function init(bound: i32, cap: i32): void {
  n = bound;
  rows = rowsFor(bound);
  step = rows << 3;
  pairAt = 0;
  threeAt = pairAt + step * narrowBlocks(bound);
  twoAt = threeAt + step * narrowBlocks(bound);
  twoTAt = twoAt + step * wideBlocks(bound);
  lowPairAt = twoTAt + step * wideBlocks(bound);
  lowTwoAt = lowPairAt + ((bound + 1) << 2);
  lowTwoTAt = lowTwoAt + ((bound + 1) << 2);
  lowThreeAt = lowTwoTAt + ((bound + 1) << 2);
  outAt = lowThreeAt + ((bound + 1) << 2);
  outCap = cap;
  // pair[r] and three[r] hold no line below column r (a <= b, d <= e): their pointers start there.
  for (let r = 0; r <= bound; r++) {
    store<i32>(lowPairAt + (r << 2), r);
    store<i32>(lowThreeAt + (r << 2), r);
  }
  curX = 0;
  curY = 0;
  found = 0;
  total = 0;
}

/** Byte offset of the output buffer. */
export function output(): i32 {
  return outAt;
}
/** The next pair to settle (x > N once the scan is complete). */
export function nextX(): i32 {
  return curX;
}
export function nextY(): i32 {
  return curY;
}
/** P-positions found so far and the sum of x + y + z over them (below 2^53 for every N <= 2^20). */
export function count(): i32 {
  return found;
}
export function sum(): f64 {
  return <f64>total;
}

@inline
function low(at: i32, row: i32): i32 {
  return load<i32>(at + (row << 2));
}

/**
 * Sets bit (row, col) of a table stored with skew `off` (k = col - row + off), moving the row's
 * lowest-clear pointer (in column units) past it when needed.
 */
@inline
function mark(at: i32, lowAt: i32, off: i32, row: i32, col: i32): void {
  const k = col - row + off;
  const rowAt = at + (row << 3);
  const w = rowAt + (k >>> 6) * step;
  store<u64>(w, load<u64>(w) | ((<u64>1) << <u64>(k & 63)));
  const lp = lowAt + (row << 2);
  if (load<i32>(lp) == col) {
    // every row ends in clear bits (its spare word), so this stops inside the table
    let b = k >>> 6;
    let free = ~load<u64>(w) & ((<u64>-1) << <u64>(k & 63));
    while (free == 0) {
      b++;
      free = ~load<u64>(rowAt + b * step);
    }
    store<i32>(lp, (b << 6) + <i32>ctz(free) + row - off);
  }
}

/**
 * Settles pairs from the current position until `budget` units of work (a pair or a 64-bit
 * window each) are spent, the output buffer is full, or every pair is done. Returns the number of
 * P-positions written to the output buffer by this call (they start at its beginning).
 */
export function run(budget: i32): i32 {
  const bound = n;
  const st = step;
  let x = curX;
  let y = curY;
  let work: i32 = 0;
  let written: i32 = 0;
  let cnt = found;
  let acc = total;
  while (x <= bound) {
    const rowPairX = pairAt + (x << 3);
    const rowTwoTX = twoTAt + (x << 3);
    for (; y <= bound; y++) {
      work++;
      // Jump over the pairs already on a P-position's one-pile line (their pair bit is set) a
      // word at a time: the clear bits past N - x end the row, and the spare word is clear.
      let d = y - x;
      let open = ~load<u64>(rowPairX + (d >>> 6) * st) >> <u64>(d & 63);
      while (open == 0) {
        d = (d | 63) + 1;
        open = ~load<u64>(rowPairX + (d >>> 6) * st);
      }
      d += <i32>ctz(open);
      y = x + d;
      if (y > bound) break;
      // Lower bound: every row is full below its lowest clear bit.
      let start = y;
      start = max(start, low(lowPairAt, x));
      start = max(start, low(lowPairAt, y));
      start = max(start, low(lowTwoAt, d));
      start = max(start, x + low(lowThreeAt, d));
      start = max(start, x + low(lowTwoTAt, y));
      start = max(start, y + low(lowTwoTAt, x));
      let z = -1;
      if (start <= bound) {
        // Windows of 64 columns z = base..base+63, base = start rounded down so that rows pair[y]
        // and three[d] (k = z - y) are read in aligned words; the other four rows slide (two
        // loads, one carried over), twoT[y] and twoT[x] sharing k = z - x - y + N and a shift.
        let base = start - ((start - y) & 63);
        const kA = base - x;
        const kB = base - y;
        const kC = base - d + bound;
        const kE = kB - x + bound;
        const sA = <u64>(kA & 63), sC = <u64>(kC & 63), sE = <u64>(kE & 63);
        const tA = <u64>63 - sA, tC = <u64>63 - sC, tE = <u64>63 - sE;
        // One offset walks all six rows: their next words are all `st` bytes on.
        const oA = rowPairX + (kA >>> 6) * st;
        const oB = pairAt + (y << 3) + (kB >>> 6) * st;
        const oC = twoAt + (d << 3) + (kC >>> 6) * st;
        const oD = threeAt + (d << 3) + (kB >>> 6) * st;
        const oE = twoTAt + (y << 3) + (kE >>> 6) * st;
        const oF = rowTwoTX + (kE >>> 6) * st;
        let o: i32 = 0;
        let a = load<u64>(oA), c = load<u64>(oC);
        let e = load<u64>(oE) | load<u64>(oF);
        let below = (<u64>-1) << <u64>(start - base); // candidates below start are not asked
        while (true) {
          work++;
          const b = load<u64>(oB + o) | load<u64>(oD + o);
          o += st;
          const a1 = load<u64>(oA + o);
          const c1 = load<u64>(oC + o);
          const e1 = load<u64>(oE + o) | load<u64>(oF + o);
          const blocked = b |
            (a >> sA) | ((a1 << 1) << tA) |
            (c >> sC) | ((c1 << 1) << tC) |
            (e >> sE) | ((e1 << 1) << tE);
          let free = ~blocked & below;
          below = <u64>-1;
          const left = bound - base + 1; // candidates base..N
          if (left < 64) free &= ((<u64>1) << <u64>left) - 1;
          if (free != 0) {
            z = base + <i32>ctz(free);
            break;
          }
          base += 64;
          if (base > bound) break;
          a = a1; c = c1; e = e1;
        }
      }
      if (z >= 0) {
        cnt++;
        acc += <i64>(x + y + z);
        mark(pairAt, lowPairAt, 0, x, y);
        mark(pairAt, lowPairAt, 0, x, z);
        mark(pairAt, lowPairAt, 0, y, z);
        mark(twoAt, lowTwoAt, bound, d, z);
        mark(twoTAt, lowTwoTAt, bound, z, d);
        mark(twoAt, lowTwoAt, bound, z - x, y);
        mark(twoTAt, lowTwoTAt, bound, y, z - x);
        mark(twoAt, lowTwoAt, bound, z - y, x);
        mark(twoTAt, lowTwoTAt, bound, x, z - y);
        mark(threeAt, lowThreeAt, 0, d, z - x);
        if (outCap > 0) {
          const o = outAt + written * 12;
          store<i32>(o, x);
          store<i32>(o, y, 4);
          store<i32>(o, z, 8);
          written++;
          if (written >= outCap) { y++; break; }
        }
      }
      if (work >= budget) { y++; break; }
    }
    if (y > bound) {
      x++;
      y = x;
    }
    if (work >= budget || (outCap > 0 && written >= outCap)) break;
  }
  curX = x;
  curY = y;
  found = cnt;
  total = acc;
  return written;
}
