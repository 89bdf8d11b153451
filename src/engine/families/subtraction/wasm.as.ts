// WebAssembly kernel for subtraction games (AssemblyScript source of src/engine/wasm/).
//
// Algorithm. g(n) = mex { g(n - s) : s in S, s <= n } costs N·|S| option reads. The plain kernel
// reads them per position (g[n - s] for growing s: a cache miss each). Here positions go in
// blocks [n0, n0 + len) and position j of a block owns `stride` bytes of "seen" marks, one byte
// per value (stride > every value so far; a byte store needs no read-modify-write):
//  - fold: a move s >= len ("far") takes every position of the block before the block, to values
//    already known; for that s the block's options are the contiguous run g[n0 - s .. n0 - s + len),
//    read sequentially and marked into the block's bytes (which stay cache resident).
//  - resolve: moves s < len ("near") may land inside the block, so positions are finished in
//    order: mark their near options, then the mex is the first zero byte (8 bytes per test).
// Same O(N·|S|) work as the plain kernel, ~0.7 ns per option here: the fold costs one load and
// one byte store per option, close to the one-store-per-cycle floor (stores alone: ~0.5 ns). Tried
// against this loop, alternating in one process (subtract-a-square to 1e6), and not kept as none
// was faster beyond noise: u8 values, 4 moves per sweep, 2 rows per step, 4 moves x 4 rows with a
// compile-time stride rounded to 64 (slower), 1 move per sweep (slower), blocks of 64/256/512 or
// sized to L1 (slower at 1e7). Values are u16: a mex over at
// most |S| options is <= |S|, and hosts use this kernel only when |S| < 65535. The parallel kernel
// (src/adapters/parallel/) gives each block to one thread: markBlock as options get finished, then
// finishBlock.
// Memory layout (g: u16 per position, moves: i32 ascending, seen: bytes) is the host's.

const ONES: u64 = 0x0101010101010101;

/** Marks the options n - moves[i], i in [iFrom, iTo), of block [n0, n0 + len); every such move is >= len. */
export function fold(g: usize, moves: usize, iFrom: i32, iTo: i32, n0: i32, len: i32, seen: usize, stride: i32): void {
  const step = <usize>stride;
  let i = iFrom;
  // Two moves per sweep while both reach the whole block: half the loop overhead.
  for (; i + 1 < iTo; i += 2) {
    const s = load<i32>(moves + ((<usize>i) << 2));
    const t = load<i32>(moves + ((<usize>i) << 2), 4);
    if (t > n0) break;
    let a = g + ((<usize>(n0 - s)) << 1);
    let b = g + ((<usize>(n0 - t)) << 1);
    const end = a + ((<usize>len) << 1);
    let p = seen;
    while (a < end) {
      store<u8>(p + <usize>load<u16>(a), 1);
      store<u8>(p + <usize>load<u16>(b), 1);
      a += 2;
      b += 2;
      p += step;
    }
  }
  for (; i < iTo; i++) {
    const s = load<i32>(moves + ((<usize>i) << 2));
    if (s >= n0 + len) break; // no position of the block can make this move (moves ascend)
    const j0 = s > n0 ? s - n0 : 0;
    let src = g + ((<usize>(n0 - s + j0)) << 1);
    const end = g + ((<usize>(n0 - s + len)) << 1);
    let p = seen + (<usize>j0) * step;
    while (src < end) {
      store<u8>(p + <usize>load<u16>(src), 1);
      src += 2;
      p += step;
    }
  }
}

/**
 * Finishes block [n0, n0 + len) in order with the near moves moves[0..nearEnd); returns the
 * largest value written, or -1 when a mex reaches `stride` (the host widens and redoes the block).
 */
export function resolve(g: usize, moves: usize, nearEnd: i32, n0: i32, len: i32, seen: usize, stride: i32): i32 {
  const step = <usize>stride;
  let top: i32 = 0;
  let p = seen;
  for (let j = 0; j < len; j++) {
    const n = n0 + j;
    for (let k = 0; k < nearEnd; k++) {
      const s = load<i32>(moves + ((<usize>k) << 2));
      if (s > n) break;
      store<u8>(p + <usize>load<u16>(g + ((<usize>(n - s)) << 1)), 1);
    }
    let w = 0;
    while (w < stride && load<u64>(p + <usize>w) == ONES) w += 8;
    if (w >= stride) return -1;
    const v = w + <i32>(ctz(~load<u64>(p + <usize>w) & ONES) >> 3);
    store<u16>(g + ((<usize>n) << 1), <u16>v);
    if (v > top) top = v;
    p += step;
  }
  return top;
}

/** Zeroes `bytes` bytes at ptr. */
export function clear(ptr: usize, bytes: i32): void {
  memory.fill(ptr, 0, <usize>bytes);
}

/** Bytes of marks per position for values up to `top`: a multiple of 8 above top. */
export function strideFor(top: i32): i32 {
  return (top + 8) & ~7;
}

/**
 * Single-thread driver: fills g[from..to) given g[0..from), in blocks of `block` positions;
 * `top` is the largest value in g[0..from); returns the largest value in g[0..to). `seen` must
 * hold block·strideFor(|S|) bytes. Hosts call it in chunks: V8 swaps in optimized WebAssembly
 * only between calls.
 */
export function fill(g: usize, moves: usize, m: i32, from: i32, to: i32, block: i32, seen: usize, top: i32): i32 {
  let n0 = from;
  let nearEnd = 0;
  while (n0 < to) {
    const len = min(block, to - n0);
    const last = n0 + len - 1;
    while (nearEnd < m && load<i32>(moves + ((<usize>nearEnd) << 2)) < len) nearEnd++;
    let farEnd = nearEnd;
    while (farEnd < m && load<i32>(moves + ((<usize>farEnd) << 2)) <= last) farEnd++;
    let stride = strideFor(top);
    while (true) {
      clear(seen, len * stride);
      fold(g, moves, nearEnd, farEnd, n0, len, seen, stride);
      const r = resolve(g, moves, nearEnd, n0, len, seen, stride);
      if (r >= 0) {
        if (r > top) top = r;
        break;
      }
      stride += 8;
    }
    n0 += len;
  }
  return top;
}

/**
 * Marks moves[lo..hi) on a block (src/adapters/parallel/): sub-block by sub-block of `sub` positions,
 * clears the marks (when `fresh`; else they were cleared ahead of time) and marks the moves
 * moves[lo..hi), all >= len (the marks stay in L1 throughout).
 */
export function markBlock(g: usize, moves: usize, lo: i32, hi: i32, n0: i32, len: i32, sub: i32, seen: usize, stride: i32, fresh: bool): void {
  for (let j = 0; j < len; j += sub) {
    const l = min(sub, len - j);
    const marks = seen + (<usize>j) * (<usize>stride);
    if (fresh) clear(marks, l * stride);
    fold(g, moves, lo, hi, n0 + j, l, marks, stride);
  }
}

/**
 * The end of a parallel block, sub-block by sub-block, in marks that already hold its far moves
 * (unless `fresh`: then cleared first): moves[lo..hi) of the long moves still to mark, the moves
 * moves[subEnd..nearEnd) (shorter than the block, not than a sub-block: their options lie in
 * sub-blocks already resolved), then in order the moves shorter than a sub-block. Returns the
 * largest value, or -1 when a mex reaches the stride.
 */
export function finishBlock(g: usize, moves: usize, lo: i32, hi: i32, subEnd: i32, nearEnd: i32, n0: i32, len: i32, sub: i32, seen: usize, stride: i32, fresh: bool): i32 {
  let top: i32 = 0;
  const shortEnd = min(subEnd, nearEnd);
  for (let j = 0; j < len; j += sub) {
    const l = min(sub, len - j);
    const marks = seen + (<usize>j) * (<usize>stride);
    if (fresh) clear(marks, l * stride);
    fold(g, moves, lo, hi, n0 + j, l, marks, stride);
    fold(g, moves, subEnd, nearEnd, n0 + j, l, marks, stride);
    const r = resolve(g, moves, shortEnd, n0 + j, l, marks, stride);
    if (r < 0) return -1;
    if (r > top) top = r;
  }
  return top;
}
