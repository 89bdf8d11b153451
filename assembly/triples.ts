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
//   d = y - x; then its ten bits are set.
// Differences from the TypeScript kernel, for speed:
//  - 64-bit words: a window tests 64 candidates z (half the steps of the 32-bit kernel), built
//    from three aligned loads and three sliding windows carrying the previous word over;
//  - the same lowest-clear-bit pointer per row (bits are only set, so pointers only move forward),
//    giving the scan's lower bound; a pair whose bound passes N costs no scan;
//  - resumable: the loop position (x, y), the count and the sum live in globals, and run() stops
//    after a budget of work, or when the output buffer of P-positions is full, at a pair boundary.
//    V8 swaps in optimized WebAssembly only between calls, and the host reports progress and
//    calls the visitor between them.
// Time O(N^2 + W) word operations, W the total length of the z-scans (about N^3 / 6000 64-bit
// windows); memory 4 (N+1)^2 bits plus four i32 pointers per row (host layout, see init()).

/** Bound N and the row stride in bytes (a row: one pad word, words 0..N/64, one spare word). */
let n: i32 = 0;
let rowBytes: i32 = 0;
/** Byte offsets of word 0 of row 0 of each table (rows of pair/twoT interleave, as do two/three). */
let pairAt: i32 = 0;
let twoTAt: i32 = 0;
let twoAt: i32 = 0;
let threeAt: i32 = 0;
/** Lowest clear bit per row (i32 arrays of N+1). */
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

/** Words of 64 bits per table row for bound `bound`: pad word, bits 0..bound, spare word. */
export function rowWords(bound: i32): i32 {
  return (bound >>> 6) + 3;
}

/**
 * Starts a solve. `tables` points at 2 (N+1) rows of 2·rowWords(N) words, all zero: row r of pair
 * then row r of twoT, for r = 0..N, then row d of two then row d of three. `lows` points at
 * 4 (N+1) i32; `out` at `cap` triples of i32.
 */
export function init(bound: i32, tables: i32, lows: i32, out: i32, cap: i32): void {
  n = bound;
  const words = rowWords(bound);
  rowBytes = words << 4; // two interleaved rows of `words` 8-byte words
  pairAt = tables + 8;
  twoTAt = tables + (words << 3) + 8;
  const diffAt = tables + rowBytes * (bound + 1);
  twoAt = diffAt + 8;
  threeAt = diffAt + (words << 3) + 8;
  lowPairAt = lows;
  lowTwoAt = lows + ((bound + 1) << 2);
  lowTwoTAt = lows + ((bound + 1) << 3);
  lowThreeAt = lows + 3 * ((bound + 1) << 2);
  // pair[r] and three[r] hold no line below bit r (a <= b, d <= e): their pointers start there.
  for (let r = 0; r <= bound; r++) {
    store<i32>(lowPairAt + (r << 2), r);
    store<i32>(lowTwoAt + (r << 2), 0);
    store<i32>(lowTwoTAt + (r << 2), 0);
    store<i32>(lowThreeAt + (r << 2), r);
  }
  outAt = out;
  outCap = cap;
  curX = 0;
  curY = 0;
  found = 0;
  total = 0;
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

/** Sets bit `bit` of row `row` of a table, moving the row's lowest-clear pointer past it if needed. */
@inline
function mark(at: i32, lowAt: i32, row: i32, bit: i32): void {
  const rowAt = at + row * rowBytes;
  const w = rowAt + ((bit >>> 6) << 3);
  store<u64>(w, load<u64>(w) | ((<u64>1) << <u64>(bit & 63)));
  const lp = lowAt + (row << 2);
  if (load<i32>(lp) == bit) {
    // rows always end in clear bits (the spare word), so this stops inside the row
    let k = bit >>> 6;
    let free = ~load<u64>(rowAt + (k << 3)) & ((<u64>-1) << <u64>(bit & 63));
    while (free == 0) {
      k++;
      free = ~load<u64>(rowAt + (k << 3));
    }
    store<i32>(lp, (k << 6) + <i32>ctz(free));
  }
}

/**
 * Settles pairs from the current position until `budget` units of work (a pair or a 64-bit
 * window each) are spent, the output buffer is full, or every pair is done. Returns the number of
 * P-positions written to the output buffer by this call (they start at its beginning).
 */
export function run(budget: i32): i32 {
  const bound = n;
  const rb = rowBytes;
  let x = curX;
  let y = curY;
  let work: i32 = 0;
  let written: i32 = 0;
  let cnt = found;
  let acc = total;
  while (x <= bound) {
    const rowPairX = pairAt + x * rb;
    const rowTwoTX = twoTAt + x * rb;
    for (; y <= bound; y++) {
      work++;
      if ((load<u64>(rowPairX + ((y >>> 6) << 3)) >>> <u64>(y & 63)) & 1) {
        if (work >= budget) { y++; break; }
        continue;
      }
      const d = y - x;
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
        const rowPairY = pairAt + y * rb;
        const rowTwo = twoAt + d * rb;
        const rowThree = threeAt + d * rb;
        const rowTwoTY = twoTAt + y * rb;
        let base = start & ~63;
        const pb = base - x;
        const pc = base - y; // >= -63: word -1 is the zero pad
        const sb = <u64>(pb & 63);
        const sc = <u64>(pc & 63);
        const rb1 = <u64>63 - sb;
        const rc1 = <u64>63 - sc;
        let ia = (base >> 6) << 3;
        let ib = (pb >> 6) << 3;
        let ic = (pc >> 6) << 3;
        let hD = load<u64>(rowThree + ib);
        let tY = load<u64>(rowTwoTY + ib);
        let tX = load<u64>(rowTwoTX + ic);
        let below = (<u64>-1) << <u64>(start & 63);
        while (base <= bound) {
          work++;
          ib += 8;
          ic += 8;
          const hD1 = load<u64>(rowThree + ib);
          const tY1 = load<u64>(rowTwoTY + ib);
          const tX1 = load<u64>(rowTwoTX + ic);
          const blocked =
            load<u64>(rowPairX + ia) | load<u64>(rowPairY + ia) | load<u64>(rowTwo + ia) |
            (hD >> sb) | ((hD1 << 1) << rb1) |
            (tY >> sb) | ((tY1 << 1) << rb1) |
            (tX >> sc) | ((tX1 << 1) << rc1);
          hD = hD1;
          tY = tY1;
          tX = tX1;
          let free = ~blocked & below;
          below = <u64>-1;
          const left = bound - base + 1; // candidates base..N
          if (left < 64) free &= ((<u64>1) << <u64>left) - 1;
          if (free != 0) {
            z = base + <i32>ctz(free);
            break;
          }
          ia += 8;
          base += 64;
        }
      }
      if (z >= 0) {
        cnt++;
        acc += <i64>(x + y + z);
        mark(pairAt, lowPairAt, x, y);
        mark(pairAt, lowPairAt, x, z);
        mark(pairAt, lowPairAt, y, z);
        mark(twoAt, lowTwoAt, d, z);
        mark(twoTAt, lowTwoTAt, z, d);
        mark(twoAt, lowTwoAt, z - x, y);
        mark(twoTAt, lowTwoTAt, y, z - x);
        mark(twoAt, lowTwoAt, z - y, x);
        mark(twoTAt, lowTwoTAt, x, z - y);
        mark(threeAt, lowThreeAt, d, z - x);
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
