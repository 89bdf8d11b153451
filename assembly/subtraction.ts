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
// Same O(N·|S|) work as the plain kernel, ~0.7 ns per option here: the fold is bound by its one
// byte store per option, so the hot loop (fold with a stride that is a multiple of 64) keeps four
// moves' runs and four rows per step, every mark at base + value + constant offset. Measured and
// not kept: u8 values (no gain: the g runs stream from cache well), 8 moves per sweep (register
// pressure), 4 rows x 8 moves or 8 rows, blocks of 64/256/512 or sized to L1 (no gain or slower).
// Values are u16: a mex over at
// most |S| options is <= |S|, and hosts use this kernel only when |S| < 65535. Far moves may be
// split among threads, each marking its own copy of the block, OR-ed together before resolve.
// Memory layout (g: u16 per position, moves: i32 ascending, seen: bytes) is the host's.

const ONES: u64 = 0x0101010101010101;

/**
 * Marks the options of moves[iFrom..) for a compile-time stride S (inlined once per S): four moves
 * per sweep and four positions per step, so every mark address is base + value + constant offset
 * (one pointer bump per four rows instead of one per row). Needs len % 4 == 0; returns the first
 * move left for the generic loop (moves that do not reach the whole block).
 */
@inline function foldFixed(g: usize, moves: usize, iFrom: i32, iTo: i32, n0: i32, len: i32, seen: usize, S: usize): i32 {
  let i = iFrom;
  if ((len & 3) != 0) return i;
  for (; i + 3 < iTo; i += 4) {
    const m = moves + ((<usize>i) << 2);
    const s3 = load<i32>(m, 12);
    if (s3 > n0) break;
    let a = g + ((<usize>(n0 - load<i32>(m))) << 1);
    let b = g + ((<usize>(n0 - load<i32>(m, 4))) << 1);
    let c = g + ((<usize>(n0 - load<i32>(m, 8))) << 1);
    let d = g + ((<usize>(n0 - s3)) << 1);
    const end = a + ((<usize>len) << 1);
    let p = seen;
    while (a < end) {
      store<u8>(p + <usize>load<u16>(a), 1);
      store<u8>(p + <usize>load<u16>(b), 1);
      store<u8>(p + <usize>load<u16>(c), 1);
      store<u8>(p + <usize>load<u16>(d), 1);
      store<u8>(p + <usize>load<u16>(a + 2) + S, 1);
      store<u8>(p + <usize>load<u16>(b + 2) + S, 1);
      store<u8>(p + <usize>load<u16>(c + 2) + S, 1);
      store<u8>(p + <usize>load<u16>(d + 2) + S, 1);
      store<u8>(p + <usize>load<u16>(a + 4) + 2 * S, 1);
      store<u8>(p + <usize>load<u16>(b + 4) + 2 * S, 1);
      store<u8>(p + <usize>load<u16>(c + 4) + 2 * S, 1);
      store<u8>(p + <usize>load<u16>(d + 4) + 2 * S, 1);
      store<u8>(p + <usize>load<u16>(a + 6) + 3 * S, 1);
      store<u8>(p + <usize>load<u16>(b + 6) + 3 * S, 1);
      store<u8>(p + <usize>load<u16>(c + 6) + 3 * S, 1);
      store<u8>(p + <usize>load<u16>(d + 6) + 3 * S, 1);
      a += 8;
      b += 8;
      c += 8;
      d += 8;
      p += 4 * S;
    }
  }
  return i;
}

/** Marks the options n - moves[i], i in [iFrom, iTo), of block [n0, n0 + len); every such move is >= len. */
export function fold(g: usize, moves: usize, iFrom: i32, iTo: i32, n0: i32, len: i32, seen: usize, stride: i32): void {
  let i = iFrom;
  // Strides the single-thread driver picks (multiples of 64) get the constant-offset loop.
  switch (stride) {
    case 64: i = foldFixed(g, moves, iFrom, iTo, n0, len, seen, 64); break;
    case 128: i = foldFixed(g, moves, iFrom, iTo, n0, len, seen, 128); break;
    case 192: i = foldFixed(g, moves, iFrom, iTo, n0, len, seen, 192); break;
    case 256: i = foldFixed(g, moves, iFrom, iTo, n0, len, seen, 256); break;
    case 320: i = foldFixed(g, moves, iFrom, iTo, n0, len, seen, 320); break;
    case 384: i = foldFixed(g, moves, iFrom, iTo, n0, len, seen, 384); break;
    case 448: i = foldFixed(g, moves, iFrom, iTo, n0, len, seen, 448); break;
    case 512: i = foldFixed(g, moves, iFrom, iTo, n0, len, seen, 512); break;
  }
  const step = <usize>stride;
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

/** dst[i] |= src[i] for bytes = 8·count (combines blocks marked by different threads). */
export function orInto(dst: usize, src: usize, count: i32): void {
  for (let i = 0; i < count; i++) {
    const a = dst + ((<usize>i) << 3);
    store<u64>(a, load<u64>(a) | load<u64>(src + ((<usize>i) << 3)));
  }
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
 * hold block·strideFor(|S|) bytes (the host's rows: |S| + 16 rounded up to 8). Strides are
 * rounded up to a multiple of 64 when that still fits a row, for fold's constant-offset loop.
 * Hosts call it in chunks: V8 swaps in optimized WebAssembly only between calls.
 */
export function fill(g: usize, moves: usize, m: i32, from: i32, to: i32, block: i32, seen: usize, top: i32): i32 {
  const row = (m + 16 + 7) & ~7;
  let n0 = from;
  let nearEnd = 0;
  while (n0 < to) {
    let stride = strideFor(top);
    const wide = (top + 64) & ~63;
    if (wide <= row) stride = wide;
    const len = min(block, to - n0);
    const last = n0 + len - 1;
    nearEnd = 0;
    while (nearEnd < m && load<i32>(moves + ((<usize>nearEnd) << 2)) < len) nearEnd++;
    let farEnd = nearEnd;
    while (farEnd < m && load<i32>(moves + ((<usize>farEnd) << 2)) <= last) farEnd++;
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
