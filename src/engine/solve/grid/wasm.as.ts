// WebAssembly grid core for Cram and Node Kayles on boards of up to 64 cells (AssemblyScript source
// of wasm.generated.ts). A game (set by init) is one of two move rules on the same representation:
// DOMINOES (Cram, and Arc Kayles on grids' induced subgraphs) clears two adjacent cells, NODE_KAYLES
// clears a cell with its four neighbours. Everything below serves both but what says it is Cram's.
//
// The algorithm is search.ts's (which stays the reference the tests compare with): nimbers of
// canonical components by LVB (one value at a time, options found to have a value dropped from
// the later questions, table values settled first) with Beling–Rogalski set questions ("is the
// value in this set?", mex pruning) for values up to MAX_SET_QUESTION; an option is a sum of
// components, all but the largest valued (smallest first) and folded into the question. What
// differs is the representation, which is where the time went:
//  - a shape is one u64: its cells row-major at stride w (its width) in its bounding box, h * w <= 64;
//    moves are two cleared bits (horizontal pairs x & x >> 1 off the last column, vertical x & x >> w);
//  - components by flood fill on the word (neighbours by four shifts, masked to the shape, and a
//    carry that runs a seed to the end of its row's run); lone cells and dominoes settled first by
//    their links (and three-cell lines and Ls), without a flood;
//  - (Cram) a component whose box has at most 16 cells is valued by one byte (SMALL), keyed by its
//    trimmed word as drawn, once its value is known;
//  - the canonical form of a component: trimmed to its box, turned so h <= w, and the least word of
//    its 4 reflections (8 symmetries when square): the half turn is the reversal of the h * w bits,
//    the vertical mirror a row swap, the horizontal one the composition of both. The key is the word
//    and w (h follows from the top bit), exact: the table never confuses two shapes;
//  - (Cram) a component is reduced before it is keyed: one leaf kept per cell, bridges removed (reduced),
//    and links that a 2 x 2 pattern makes idle cut, which can split it (equivalentMoves; their
//    horizontal moves are not searched either);
//  - identical components of an option cancel (G + G = 0) before anything is searched;
//  - the transposition table lives in linear memory: buckets of 4 entries of 16 bytes (key, meta,
//    proved not-values), one cache line each, multiplicative hash; a full bucket drops its entry with
//    the fewest cells (the cheapest to search again); it starts small and doubles in place when half
//    full, up to the host's size (grow), so it stays as compact as the search allows;
//  - options and their components are records in two stacks in linear memory (no allocation).
// Cost: exponential in the cells, as every exact method; per position a few hundred instructions.
//
// Memory, from 0: the column masks (NOT_LAST, NOT_FIRST by width), SMALL, the options stack, the parts
// stack, then the table (TABLE_BASE, room for 2^bits entries) and its filter (a byte per bucket).
// Threads (the shared-memory build, ASC_FEATURE_THREADS; wasm-threads.ts): one instance per seat on one
// shared memory; seat 0's stacks are the above, seat s's lie past the table and its guards (a u32 per
// bucket instead of the filter byte: "the shared table" below); the table is common.
// The host calls poll() every CHECK_EVERY positions; it may throw (a time limit, a stop): the stacks are reset by the next top-level call,
// and the table holds only proved facts. A stack overflow or a value above 63 traps (unreachable):
// the host then answers with the TypeScript core.

@external('env', 'poll')
declare function poll(): void;

const NOT_LAST: usize = 0;
const NOT_FIRST: usize = 1024;
/** FIRST_COLUMN[w]: the cells of the first column at stride w. */
const FIRST_COLUMN: usize = 2048;
/** ROW_OF[w * 64 + i]: the row of bit i at stride w (a byte; a division is slow). */
const ROW_OF: usize = 4096;
/** SPREAD[h * 256 + row]: the bits c * h of a row's cells c (8 bytes each), the transpose of one row at h <= SPREAD_ROWS. */
const SPREAD: usize = 8192;
const SPREAD_ROWS: i32 = 16;
/**
 * SMALL[(w << 16) | y]: 1 + the value of a Cram component drawn trimmed to its box at stride w (a
 * word y of at most SMALL_CELLS cells), 0 while unknown. Small components are most of those an
 * option splits into; this answers them by one byte, without reducing, turning or probing the table.
 */
const SMALL: usize = SPREAD + (<usize>(SPREAD_ROWS + 1) << 11);
const SMALL_CELLS: i32 = 16;
const OPT_BASE: usize = SMALL + (<usize>(SMALL_CELLS + 1) << SMALL_CELLS);
const OPT_END: usize = OPT_BASE + (4 << 20);
const PART_BASE: usize = OPT_END;
const PART_END: usize = PART_BASE + (8 << 20);
const TABLE_BASE: usize = PART_END;
/** The bytes of one thread's stacks (options and parts). */
const SCRATCH_BYTES: usize = PART_END - OPT_BASE;

const MAX_SET_QUESTION: i32 = 3;
const NOT_IN_SET: i32 = -1;
const CHECK_EVERY: u32 = 1024;
const LOWER_BOUND: i32 = 256;

const USED: u32 = 1 << 31;
const BOUND: u32 = 1 << 30;

// this instance's stacks: OPT_BASE.. for the only thread or seat 0, a region past the table for the other seats
let optBase: usize = OPT_BASE;
let optEnd: usize = OPT_END;
let partBase: usize = PART_BASE;
let partEnd: usize = PART_END;
let optTop: usize = OPT_BASE;
let partTop: usize = PART_BASE;
let bucketShift: u64 = 64;
/** One byte per bucket after the table: bit (hash >> 8) & 7 set for each key stored in the bucket. */
let filterBase: usize = 0;
let nodes: u64 = 0;
let entries: i32 = 0;
let dropped: i32 = 0;
let setQuestions: bool = true;
/** Whether a value went into SMALL since init (a later init then clears it). */
let smallUsed = false;

/** The games (init's `rules`): Cram's dominoes, Node Kayles's cell and neighbours. */
const DOMINOES: i32 = 0;
const NODE_KAYLES: i32 = 1;
let game: i32 = DOMINOES;

/** The place of the layout's table, for the host's memory size. */
export function tableBase(): usize {
  return TABLE_BASE;
}

/**
 * Sets up the masks and an empty table of 2^bits entries (memory of TABLE_BASE + 16 << bits bytes)
 * for a game (DOMINOES, NODE_KAYLES); method 1: LVB only.
 */
export function init(bits: i32, method: i32, rules: i32): void {
  game = rules;
  for (let w = 1; w <= 64; w++) {
    let last: u64 = 0;
    let first: u64 = 0;
    for (let i = 0; i < 64; i++) {
      if (i % w != w - 1) last |= u64(1) << u64(i);
      if (i % w != 0) first |= u64(1) << u64(i);
    }
    store<u64>(NOT_LAST + (<usize>w << 3), last);
    store<u64>(NOT_FIRST + (<usize>w << 3), first);
    let column: u64 = 0;
    for (let i = 0; i < 64; i += w) column |= u64(1) << u64(i);
    store<u64>(FIRST_COLUMN + (<usize>w << 3), column);
    if (w < 64) for (let i = 0; i < 64; i++) store<u8>(ROW_OF + (<usize>w << 6) + <usize>i, u8(i / w));
  }
  for (let h = 1; h <= SPREAD_ROWS; h++)
    for (let row = 0; row < 256; row++) {
      let spread: u64 = 0;
      for (let c = 0; c < 8 && c * h < 64; c++) if ((row >> c) & 1) spread |= u64(1) << u64(c * h);
      store<u64>(SPREAD + (<usize>h << 11) + (<usize>row << 3), spread);
    }
  filterBase = TABLE_BASE + (<usize>16 << <usize>bits);
  maxBits = bits;
  if (ASC_FEATURE_THREADS) {
    // every seat's instance writes the same masks above (identical bytes, whatever a racing read
    // sees); the host's memory is fresh, and the first seat set up sizes the table for all
    atomic.cmpxchg<i32>(SHARED_BITS, 0, bits < FIRST_BITS ? bits : FIRST_BITS);
    sizeTable(atomic.load<i32>(SHARED_BITS));
  } else {
    // a fresh memory is zeros: what an earlier search used is cleared when the core is set up again
    if (smallUsed) memory.fill(SMALL, 0, OPT_BASE - SMALL);
    smallUsed = false;
    if (entries != 0) {
      memory.fill(TABLE_BASE, 0, usedTable);
      memory.fill(filterBase, 0, usedTable >> 6);
    }
    sizeTable(bits < FIRST_BITS ? bits : FIRST_BITS);
  }
  nodes = 0;
  entries = 0;
  dropped = 0;
  setQuestions = method == 0;
  optTop = optBase;
  partTop = partBase;
}

// ---- threads (the shared-memory build, wasm-threads.ts): seats on one memory ----
// Every seat is an instance of this module on one shared memory: its globals (the search's state)
// are its own, its stacks lie in a region of their own, and the table and its guards are common.

/** (Shared memory) The table's size (its bits, grown by any seat), its entries and the grow lock. */
const SHARED_BITS: usize = 768;
const SHARED_ENTRIES: usize = 772;
const GROW_LOCK: usize = 776;

/** The bytes of a shared memory for `seats` seats and a table of up to 2^bits entries: the table, a guard word per bucket, the stacks of seats 1.. */
export function sharedBytes(bits: i32, seats: i32): f64 {
  return f64(TABLE_BASE) + f64(17) * f64(<u64>1 << u64(bits)) + f64(seats - 1) * f64(SCRATCH_BYTES);
}

/** Seat `seat`'s stacks (before init): seat 0 at OPT_BASE, seat s the s-th region past the table of 2^bits entries and its guards. */
export function takeSeat(seat: i32, bits: i32): void {
  optBase = seat == 0 ? OPT_BASE : TABLE_BASE + (<usize>17 << <usize>bits) + <usize>(seat - 1) * SCRATCH_BYTES;
  optEnd = optBase + (OPT_END - OPT_BASE);
  partBase = optEnd;
  partEnd = optBase + SCRATCH_BYTES;
}

/**
 * Seat `seat` of `seats` tries the options of shapes of at least `fromCells` cells from its share of
 * them on (the (seat / seats)-th option in move order, wrapping): threads.ts's split of the work.
 */
let spreadSeat: i32 = 0;
let spreadOf: i32 = 1;
let spreadFrom: i32 = 0;
export function spread(seat: i32, seats: i32, fromCells: i32): void {
  spreadSeat = seat;
  spreadOf = seats;
  spreadFrom = fromCells;
}

export function positions(): f64 {
  return f64(nodes);
}

export function size(): i32 {
  return entries;
}

export function evicted(): i32 {
  return dropped;
}

/** The table's entries out of place (not in their key's bucket, or missing from its filter): 0 in a sound table, for the tests. */
export function misplaced(): i32 {
  let wrong = 0;
  const buckets = <usize>1 << <usize>(tableBits - 2);
  for (let b: usize = 0; b < buckets; b++)
    for (let j: usize = 0; j < 4; j++) {
      const at = TABLE_BASE + (b << 6) + (j << 4);
      const meta = load<u32>(at, 8);
      if (meta == 0) continue;
      const key = load<u64>(at);
      if (bucketOf(key, i32(meta & 127)) != TABLE_BASE + (b << 6) || (u32(load<u8>(filterAt)) & filterBit) == 0) wrong++;
    }
  return wrong;
}

// ---- words ----

@inline function notLast(w: i32): u64 {
  return load<u64>(NOT_LAST + (<usize>w << 3));
}

@inline function notFirst(w: i32): u64 {
  return load<u64>(NOT_FIRST + (<usize>w << 3));
}

@inline function rowMask(w: i32): u64 {
  return w >= 64 ? ~u64(0) : (u64(1) << u64(w)) - 1;
}

@inline function rowOf(bit: i32, w: i32): i32 {
  return i32(load<u8>(ROW_OF + (<usize>w << 6) + <usize>bit));
}

@inline function heightOf(key: u64, w: i32): i32 {
  return rowOf(63 - i32(clz(key)), w) + 1;
}

function reverse64(x: u64): u64 {
  x = ((x >> 1) & 0x5555555555555555) | ((x & 0x5555555555555555) << 1);
  x = ((x >> 2) & 0x3333333333333333) | ((x & 0x3333333333333333) << 2);
  x = ((x >> 4) & 0x0f0f0f0f0f0f0f0f) | ((x & 0x0f0f0f0f0f0f0f0f) << 4);
  return bswap<u64>(x);
}

/** The h x w shape upside down. */
function flipRows(a: u64, h: i32, w: i32): u64 {
  const m = rowMask(w);
  let out: u64 = 0;
  for (let r = 0; r < h; r++) out |= ((a >> u64(r * w)) & m) << u64((h - 1 - r) * w);
  return out;
}

/** The transpose of an h x w shape: w rows of h cells. */
function transpose(a: u64, h: i32, w: i32): u64 {
  const m = rowMask(w);
  let out: u64 = 0;
  // canonical transposes only shapes of w <= 8 (h * w <= 64 and w <= h): a row is one lookup
  if (w <= 8 && h <= SPREAD_ROWS) {
    const table = SPREAD + (<usize>h << 11);
    for (let r = 0; r < h; r++) out |= load<u64>(table + (<usize>((a >> u64(r * w)) & m) << 3)) << u64(r);
    return out;
  }
  for (let r = 0; r < h; r++) {
    let row = (a >> u64(r * w)) & m;
    while (row != 0) {
      const c = i32(ctz(row));
      out |= u64(1) << u64(c * h + r);
      row &= row - 1;
    }
  }
  return out;
}

/** The least of the 4 reflections of an h x w shape. */
function leastReflection(a: u64, h: i32, w: i32): u64 {
  const turned = reverse64(a) >> u64(64 - h * w);
  let best = a;
  const b = flipRows(a, h, w);
  if (b < best) best = b;
  if (turned < best) best = turned;
  // the horizontal mirror: the half turn of the vertical one
  const d = reverse64(b) >> u64(64 - h * w);
  if (d < best) best = d;
  return best;
}

let canonKey: u64 = 0;
let canonW: i32 = 0;

let trimH: i32 = 0;
let trimW: i32 = 0;

/** A component x drawn at stride W, trimmed to its box: the word at stride trimW, trimH rows. */
@inline function trim(x: u64, W: i32): u64 {
  const top = rowOf(i32(ctz(x)), W);
  const bottom = rowOf(63 - i32(clz(x)), W);
  const m = rowMask(W);
  // the rows ORed: each fold ORs every row with the one `shift` below it
  let all = x >> u64(top * W);
  for (let shift = W; shift < 64 - top * W; shift <<= 1) all |= all >> u64(shift);
  all &= m;
  const left = i32(ctz(all));
  const w = 64 - i32(clz(all)) - left;
  trimH = bottom - top + 1;
  trimW = w;
  if (w == W) return x >> u64(top * W);
  let y: u64 = 0;
  const mw = rowMask(w);
  for (let r = top; r <= bottom; r++) y |= ((x >> u64(r * W + left)) & mw) << u64((r - top) * w);
  return y;
}

/** The canonical form of a component x drawn at stride W into canonKey, canonW. */
@inline function canonical(x: u64, W: i32): void {
  const y = trim(x, W);
  canonicalOf(y, trimH, trimW);
}

/** The canonical form of a trimmed h x w shape y into canonKey, canonW. */
function canonicalOf(y: u64, h: i32, w: i32): void {
  if (h > w) {
    canonKey = leastReflection(transpose(y, h, w), w, h);
    canonW = h;
    return;
  }
  let best = leastReflection(y, h, w);
  if (h == w) {
    const t = leastReflection(transpose(y, h, w), h, w);
    if (t < best) best = t;
  }
  canonKey = best;
  canonW = w;
}

/**
 * The component of `b` (stride W) holding the cells of `seed`, not crossing from a cell of `cut` to
 * its right neighbour (the links a 2 x 2 pattern makes idle, equivalentMoves).
 */
function flood(seed: u64, b: u64, W: i32, cut: u64): u64 {
  const nl = notLast(W) & ~cut;
  const nf = notFirst(W) & ~(cut << 1);
  const s = u64(W);
  // the cells with a link to the right: a carry from a seed among them runs to the end of its run
  const linked = b & nl;
  let c = seed;
  while (true) {
    const n = (c | ((linked + (c & linked)) ^ linked) | ((c >> 1) & nl) | (c << s) | (c >> s)) & b;
    if (n == c) return c;
    c = n;
  }
}

/**
 * The horizontal moves (their left cells) of x (stride W) that repeat another option, at 2 x 2
 * blocks ABCD (A, B on top) whose two opposite corners touch no cell outside the block. When A
 * and D are those corners, A-B leaves C with the leaf D and the rest, as B-D leaves C with the
 * leaf A: the same graph, so the same value; likewise C-D and A-C. So A-B and C-D are idle as moves,
 * and idle as links too: the game is the same with them cut (by induction on the moves: a move
 * outside the block keeps the pattern, one from B or C outward leaves two leaves on one cell, which
 * Beling's star reduction makes one), which can split a component in two. Cram's idea from Beling's
 * igs (games/cram, forbidden_horizontal_moves); derived and written here.
 */
function equivalentMoves(x: u64, W: i32): u64 {
  const s = u64(W);
  const right = x & (x >> 1) & notLast(W);
  const left = x & (x << 1) & notFirst(W);
  const down = x & (x >> s);
  const up = x & (x << s);
  // A at the top left, D = A + W + 1 at the bottom right
  const a = right & down & ~left & ~up & ((left & up & ~right & ~down) >> (s + 1));
  // B at the top right, C = B + W - 1 at the bottom left; A = B - 1
  const b = left & down & ~right & ~up & ((right & up & ~left & ~down) >> (s - 1));
  const tops = a | (b >> 1);
  return tops | (tops << s);
}

/** The moves of a shape that are searched: every vertical one, the horizontal ones but equivalentMoves. */
@inline function horizontalMoves(key: u64, w: i32): u64 {
  const hp = key & (key >> 1) & notLast(w);
  return hp == 0 ? hp : hp & ~equivalentMoves(key, w);
}

/** The i-th of n lines from the centre outward: n / 2, then alternately one below and one above. */
@inline function outward(i: i32, n: i32): i32 {
  const d = (i + 1) >> 1;
  return (n >> 1) + ((i & 1) != 0 ? -d : d);
}

/** The horizontal moves searched of the shape movesOf was last asked about (Cram). */
let keyMoves: u64 = 0;

/** moveCount of a shape about to be expanded, keeping its horizontal moves for expandAll. */
@inline function movesOf(key: u64, w: i32): i32 {
  if (game == NODE_KAYLES) return i32(popcnt(key));
  const hp = horizontalMoves(key, w);
  keyMoves = hp;
  return i32(popcnt(hp) + popcnt(key & (key >> u64(w))));
}

@inline function moveCount(key: u64, w: i32): i32 {
  if (game == NODE_KAYLES) return i32(popcnt(key));
  return i32(popcnt(horizontalMoves(key, w)) + popcnt(key & (key >> u64(w))));
}

/** The central symmetry theorem where it is proved (Cram's), else -1. */
@inline function verdictOf(key: u64, w: i32): i32 {
  return game == DOMINOES ? theorem(key, w) : -1;
}

/**
 * Cram's central symmetry (cram/grid.ts): 0 when the canonical shape is a P-position by the half-turn
 * strategy, 1 when the first player wins by the centre domino and then that strategy, -1 otherwise.
 */
function theorem(key: u64, w: i32): i32 {
  const h = heightOf(key, w);
  if (reverse64(key) >> u64(64 - h * w) != key) return -1;
  const hOdd = (h & 1) == 1;
  const wOdd = (w & 1) == 1;
  if (hOdd && wOdd) return ((key >> u64(((h - 1) >> 1) * w + ((w - 1) >> 1))) & 1) != 0 ? -1 : 0;
  if (hOdd) {
    const at = ((h - 1) >> 1) * w + (w >> 1);
    return ((key >> u64(at - 1)) & 3) == 3 ? 1 : 0;
  }
  if (wOdd) {
    const at = ((h >> 1) - 1) * w + ((w - 1) >> 1);
    return ((key >> u64(at)) & (key >> u64(at + w)) & 1) != 0 ? 1 : 0;
  }
  return 0;
}

// ---- the table ----

let foundValue: i32 = -1;
let foundNot: u32 = 0;

let filterBit: u32 = 0;
let filterAt: usize = 0;

/**
 * The table starts at 2^FIRST_BITS entries and doubles when it is half full, up to the
 * host's 2^maxBits: a search touches no more memory than it fills. A table larger than the search
 * needs is slower, not faster: its entries are spread over more cache lines and pages (Cram 4 x 9
 * at 2^22 entries, 64 MiB, took twice the CPU time it takes at 2^18).
 */
const FIRST_BITS: i32 = 16;
let maxBits: i32 = 0;
let tableBits: i32 = 0;
let growAt: i32 = 0;
/** Bytes of the table from TABLE_BASE that may hold entries (its filter: a 64th of that). */
let usedTable: usize = 0;

function sizeTable(bits: i32): void {
  tableBits = bits;
  bucketShift = u64(64 - (bits - 2));
  growAt = i32(u64(1) << u64(bits - 1));
  usedTable = <usize>16 << <usize>bits;
}

/**
 * Doubles the table in place: old bucket i (the top bits of the hash) becomes buckets 2i and 2i + 1
 * by the next bit. Going from the last bucket down, 2i and 2i + 1 were emptied before i is moved
 * (they are above i), and each takes entries from i alone, so at most 4: nothing is lost. The
 * filter bytes of both are rewritten from the entries they get.
 */
function grow(): void {
  const buckets = <usize>1 << <usize>(tableBits - 2);
  sizeTable(tableBits + 1);
  for (let i = buckets; i-- > 0; ) {
    const from = TABLE_BASE + (i << 6);
    const lowBucket = TABLE_BASE + (i << 7);
    let low = lowBucket;
    let high = low + 64;
    let lowFilter: u32 = 0;
    let highFilter: u32 = 0;
    // read the bucket's entries before writing: bucket 0 moves onto itself
    const k0 = load<u64>(from);
    const m0 = load<u64>(from, 8);
    const k1 = load<u64>(from, 16);
    const m1 = load<u64>(from, 24);
    const k2 = load<u64>(from, 32);
    const m2 = load<u64>(from, 40);
    const k3 = load<u64>(from, 48);
    const m3 = load<u64>(from, 56);
    memory.fill(from, 0, 64);
    for (let j = 0; j < 4; j++) {
      const key = j == 0 ? k0 : j == 1 ? k1 : j == 2 ? k2 : k3;
      const meta = j == 0 ? m0 : j == 1 ? m1 : j == 2 ? m2 : m3;
      if (meta == 0) break;
      const at = bucketOf(key, i32(meta & 127));
      if (at == lowBucket) {
        store<u64>(low, key);
        store<u64>(low, meta, 8);
        low += 16;
        lowFilter |= filterBit;
      } else {
        store<u64>(high, key);
        store<u64>(high, meta, 8);
        high += 16;
        highFilter |= filterBit;
      }
    }
    store<u8>(filterBase + (i << 1), u8(lowFilter));
    store<u8>(filterBase + (i << 1) + 1, u8(highFilter));
  }
}

/** The bucket of a shape, its filter byte (filterAt) and its bit there (filterBit). */
@inline function bucketOf(key: u64, w: i32): usize {
  let x = (key ^ (u64(w) << 58)) * 0x9e3779b97f4a7c15;
  x ^= x >> 29;
  x *= 0xbf58476d1ce4e5b9;
  const bucket = <usize>(x >> bucketShift);
  filterBit = u32(1) << u32((x >> 8) & 7);
  filterAt = ASC_FEATURE_THREADS ? filterBase + (bucket << 2) : filterBase + bucket;
  return TABLE_BASE + (bucket << 6);
}

/** The entry of a shape, or 0. */
function find(key: u64, w: i32): usize {
  const base = bucketOf(key, w);
  // the filter answers most misses from the cache, without reading the bucket
  if ((u32(load<u8>(filterAt)) & filterBit) == 0) return 0;
  for (let i: usize = 0; i < 4; i++) {
    const at = base + (i << 4);
    const meta = load<u32>(at, 8);
    if (meta == 0) return 0;
    if ((meta & 127) == u32(w) && load<u64>(at) == key) return at;
  }
  return 0;
}

/** Reads a shape's entry: foundValue = nimber, LOWER_BOUND + bound, or -1; foundNot = its not-values. */
function probe(key: u64, w: i32): void {
  if (ASC_FEATURE_THREADS) {
    if (!readShared(key, w)) {
      foundValue = -1;
      foundNot = 0;
      return;
    }
    foundValue = i32((readMeta >> 8) & 255) + (readMeta & BOUND ? LOWER_BOUND : 0);
    foundNot = readNot;
    return;
  }
  const at = find(key, w);
  if (at == 0) {
    foundValue = -1;
    foundNot = 0;
    return;
  }
  const meta = load<u32>(at, 8);
  foundValue = i32((meta >> 8) & 255) + (meta & BOUND ? LOWER_BOUND : 0);
  foundNot = load<u32>(at, 12);
}

/** The nimber of a shape when the table holds it, else -1. */
function known(key: u64, w: i32): i32 {
  if (ASC_FEATURE_THREADS) return readShared(key, w) && (readMeta & BOUND) == 0 ? i32((readMeta >> 8) & 255) : -1;
  const at = find(key, w);
  if (at == 0) return -1;
  const meta = load<u32>(at, 8);
  return meta & BOUND ? -1 : i32((meta >> 8) & 255);
}

function put(key: u64, w: i32, value: i32, flag: u32, not: u32): void {
  if (ASC_FEATURE_THREADS) {
    putShared(key, w, value, flag, not);
    return;
  }
  const base = bucketOf(key, w);
  store<u8>(filterAt, u8(u32(load<u8>(filterAt)) | filterBit));
  let victim: usize = 0;
  let victimCells: u32 = 1 << 10;
  for (let i: usize = 0; i < 4; i++) {
    const at = base + (i << 4);
    const meta = load<u32>(at, 8);
    if (meta == 0) {
      victim = at;
      entries++;
      victimCells = 1 << 10;
      break;
    }
    if ((meta & 127) == u32(w) && load<u64>(at) == key) {
      victim = at;
      victimCells = 1 << 10;
      break;
    }
    const cells = (meta >> 16) & 127;
    if (cells < victimCells) {
      victimCells = cells;
      victim = at;
    }
  }
  if (victimCells != 1 << 10) dropped++;
  store<u64>(victim, key);
  store<u32>(victim, USED | flag | (u32(popcnt(key)) << 16) | (u32(value) << 8) | u32(w), 8);
  store<u32>(victim, not, 12);
  if (entries > growAt && tableBits < maxBits) grow();
}

@inline function setValue(key: u64, w: i32, v: i32): void {
  put(key, w, v, 0, 0);
}

function setBound(key: u64, w: i32, bound: i32): void {
  // shared: put merges with what the entry holds, under its guard
  if (ASC_FEATURE_THREADS) {
    put(key, w, bound, BOUND, 0);
    return;
  }
  const at = find(key, w);
  put(key, w, bound, BOUND, at == 0 ? 0 : load<u32>(at, 12));
}

function setNotValues(key: u64, w: i32, set: u32): void {
  if (ASC_FEATURE_THREADS) {
    put(key, w, 0, BOUND, set);
    return;
  }
  const at = find(key, w);
  if (at != 0) store<u32>(at, load<u32>(at, 12) | set, 12);
  else put(key, w, 0, BOUND, set);
}

// ---- the shared table (threads) ----
// Seats read and write the table at once. An entry is 16 bytes, which no one atomic access covers,
// so each bucket has a guard word (its filter's 8 bits in the low byte, above it a sequence lock,
// as shared-table.ts does for the TypeScript core's table):
//  - a writer takes the guard from g (LOCKED clear) to g + LOCKED (atomic.cmpxchg), writes, and
//    releases it to g + 2 LOCKED with its filter bit set: writers of one bucket exclude each other.
//    A writer that finds the guard taken drops its fact: no thread ever waits on another (and one
//    stopped while holding a guard, by a trap, costs only misses on that bucket);
//  - a reader loads the guard (taken: a miss), reads the entry, and loads the guard again: changed,
//    a miss. Every access to the entries and guards is atomic (sequentially consistent, one total
//    order), so an entry read between two equal guard loads is one writer's whole entry.
// A miss is always safe: the shape is searched again. An entry is a proved fact wherever it lies, so
// a seat reading with an older table size (the table grew meanwhile) can only miss, never be misled.

const LOCKED: u32 = 256;
/** Tries at a guard before the grower gives up a bucket (its entries then stay where they are: misses). */
const GROW_SPINS: i32 = 1 << 16;
/** Entries counted by a seat before it adds them to the shared count (one atomic add per batch). */
const ENTRY_BATCH: i32 = 64;

let readMeta: u32 = 0;
let readNot: u32 = 0;

/** Reads a shape's entry into readMeta, readNot; false when it is absent or a write interfered. */
function readShared(key: u64, w: i32): bool {
  const base = bucketOf(key, w);
  const guard = filterAt;
  const before = atomic.load<u32>(guard);
  if ((before & filterBit) == 0 || (before & LOCKED) != 0) return false;
  for (let i: usize = 0; i < 4; i++) {
    const at = base + (i << 4);
    const meta = atomic.load<u32>(at, 8);
    if (meta == 0) return false;
    if ((meta & 127) == u32(w) && atomic.load<u64>(at) == key) {
      const not = atomic.load<u32>(at, 12);
      if (atomic.load<u32>(guard) != before) return false;
      readMeta = meta;
      readNot = not;
      return true;
    }
  }
  return false;
}

/**
 * Stores a fact under its bucket's guard, merged with what the entry proves already (another seat's
 * facts are as true as this one's): an exact value is kept, bounds take the larger, not-values join.
 */
function putShared(key: u64, w: i32, value: i32, flag: u32, not: u32): void {
  const base = bucketOf(key, w);
  const guard = filterAt;
  const bit = filterBit;
  const g = atomic.load<u32>(guard);
  if ((g & LOCKED) != 0 || atomic.cmpxchg<u32>(guard, g, g + LOCKED) != g) return;
  let victim: usize = 0;
  let victimCells: u32 = 1 << 10;
  let fresh = false;
  for (let i: usize = 0; i < 4; i++) {
    const at = base + (i << 4);
    const meta = atomic.load<u32>(at, 8);
    if (meta == 0) {
      victim = at;
      fresh = true;
      victimCells = 1 << 10;
      break;
    }
    if ((meta & 127) == u32(w) && atomic.load<u64>(at) == key) {
      if ((meta & BOUND) == 0) {
        atomic.store<u32>(guard, g + 2 * LOCKED);
        return;
      }
      if (flag != 0) {
        const old = i32((meta >> 8) & 255);
        if (old > value) value = old;
        not |= atomic.load<u32>(at, 12);
      }
      victim = at;
      victimCells = 1 << 10;
      break;
    }
    const cells = (meta >> 16) & 127;
    if (cells < victimCells) {
      victimCells = cells;
      victim = at;
    }
  }
  if (victimCells != 1 << 10) dropped++;
  atomic.store<u64>(victim, key);
  atomic.store<u32>(victim, USED | flag | (u32(popcnt(key)) << 16) | (u32(value) << 8) | u32(w), 8);
  atomic.store<u32>(victim, not, 12);
  atomic.store<u32>(guard, (g + 2 * LOCKED) | bit);
  if (fresh && ++entries % ENTRY_BATCH == 0) {
    const total = atomic.add<i32>(SHARED_ENTRIES, ENTRY_BATCH) + ENTRY_BATCH;
    if (total > growAt && tableBits < maxBits) growShared();
  }
}

/** Takes a bucket's guard (spinning a while: a writer holds it for nanoseconds); its old value, or LOCKED when given up. */
function takeGuard(guard: usize): u32 {
  for (let i = 0; i < GROW_SPINS; i++) {
    const g = atomic.load<u32>(guard);
    if ((g & LOCKED) == 0 && atomic.cmpxchg<u32>(guard, g, g + LOCKED) == g) return g;
  }
  return LOCKED;
}

/**
 * grow() for the shared table, by one seat at a time (GROW_LOCK) while the others search on: each
 * bucket is moved under its guards, and the new size is published when all are. Meanwhile the
 * others read and write with the old size: what they write into a moved bucket may be overwritten
 * and what they look for may have moved (misses), but every entry stays whole, so no one is misled.
 */
function growShared(): void {
  if (atomic.cmpxchg<i32>(GROW_LOCK, 0, 1) != 0) return;
  const bits = atomic.load<i32>(SHARED_BITS);
  if (bits != tableBits || bits >= maxBits) {
    atomic.store<i32>(GROW_LOCK, 0);
    return;
  }
  const buckets = <usize>1 << <usize>(bits - 2);
  sizeTable(bits + 1);
  for (let i = buckets; i-- > 0; ) {
    const from = TABLE_BASE + (i << 6);
    const fromGuard = filterBase + (i << 2);
    const g = takeGuard(fromGuard);
    if (g == LOCKED) continue;
    const k0 = atomic.load<u64>(from);
    const m0 = atomic.load<u64>(from, 8);
    const k1 = atomic.load<u64>(from, 16);
    const m1 = atomic.load<u64>(from, 24);
    const k2 = atomic.load<u64>(from, 32);
    const m2 = atomic.load<u64>(from, 40);
    const k3 = atomic.load<u64>(from, 48);
    const m3 = atomic.load<u64>(from, 56);
    for (let j: usize = 0; j < 64; j += 8) atomic.store<u64>(from + j, 0);
    atomic.store<u32>(fromGuard, (g + 2 * LOCKED) & ~(LOCKED - 1));
    for (let half: usize = 0; half < 2; half++) {
      const bucket = (i << 1) + half;
      const to = TABLE_BASE + (bucket << 6);
      const toGuard = filterBase + (bucket << 2);
      const t = takeGuard(toGuard);
      if (t == LOCKED) continue;
      let at = to;
      let bits8: u32 = 0;
      for (let j = 0; j < 4; j++) {
        const key = j == 0 ? k0 : j == 1 ? k1 : j == 2 ? k2 : k3;
        const meta = j == 0 ? m0 : j == 1 ? m1 : j == 2 ? m2 : m3;
        if (u32(meta) == 0) break;
        if (bucketOf(key, i32(meta & 127)) != to) continue;
        atomic.store<u64>(at, key);
        atomic.store<u64>(at, meta, 8);
        at += 16;
        bits8 |= filterBit;
      }
      // what another seat wrote here since it was moved out is dropped with the rest of the bucket
      for (; at < to + 64; at += 16) atomic.store<u64>(at, 0, 8);
      atomic.store<u32>(toGuard, ((t + 2 * LOCKED) & ~(LOCKED - 1)) | bits8);
    }
  }
  atomic.store<i32>(SHARED_BITS, bits + 1);
  atomic.store<i32>(GROW_LOCK, 0);
}

// ---- sets of values (nimber-set.ts) ----

@inline function largest(set: u32): i32 {
  return 31 - i32(clz(set));
}

@inline function least(set: u32): i32 {
  return i32(ctz(set));
}

@inline function below(n: i32): u32 {
  return n >= 32 ? 0xffffffff : (u32(1) << u32(n)) - 1;
}

function xorEach(set: u32, x: i32): u32 {
  let m = set;
  if (x & 1) m = ((m >> 1) & 0x55555555) | ((m & 0x55555555) << 1);
  if (x & 2) m = ((m >> 2) & 0x33333333) | ((m & 0x33333333) << 2);
  if (x & 4) m = ((m >> 4) & 0x0f0f0f0f) | ((m & 0x0f0f0f0f) << 4);
  if (x & 8) m = ((m >> 8) & 0x00ff00ff) | ((m & 0x00ff00ff) << 8);
  if (x & 16) m = (m >> 16) | (m << 16);
  return m;
}

// ---- options ----
// An option record (16 bytes on the options stack): folded value i32, size i32 (its largest
// part's difficulty: the move order), parts address, parts count (-1: dropped). A part (16 bytes
// on the parts stack): key u64, w i32, cells i32; largest first.

let splitFolded: i32 = 0;

/** Set by reduced: whether it removed a bridge (the shape may then be in pieces). */
let bridged = false;

/**
 * The shape less what cannot change its value, Beling's two reductions (igs, games/cram):
 *  - one leaf kept per cell (a leaf: a cell with one neighbour): two leaves l1, l2 of one cell c are
 *    interchangeable (a domino on either with c leaves the other alone, and one alone has no move),
 *    so removing l2 changes no option's value, by induction on the positions: each option of the
 *    one is an option of the other less a dead cell;
 *  - bridges: a cell b, neither a leaf nor a leaf's cell, whose every neighbour c has a leaf t. The
 *    domino b-c leaves t dead: the same cells as c-t leaves when b is gone; every other move keeps
 *    b's neighbours leaf-bearing (or removes them), so by induction b changes no option's value.
 * Removing a bridge can cut the shape in pieces: `bridged` says so.
 */
function reduced(x: u64, W: i32): u64 {
  const s = u64(W);
  const nl = notLast(W);
  const nf = notFirst(W);
  const right = x & (x >> 1) & nl;
  const left = x & (x << 1) & nf;
  const down = x & (x >> s);
  const up = x & (x << s);
  const many = (right & left) | (down & up) | ((right | left) & (down | up));
  const leaves = (right ^ left ^ down ^ up) & ~many;
  bridged = false;
  if (leaves == 0) return x;
  // each leaf's cell, by the direction of its one neighbour; a cell seen before keeps its first leaf
  let seen = (leaves & right) << 1;
  let drop: u64 = 0;
  const fromLeft = (leaves & left) >> 1;
  drop |= (fromLeft & seen) << 1;
  seen |= fromLeft;
  const fromDown = (leaves & down) << s;
  drop |= (fromDown & seen) >> s;
  seen |= fromDown;
  const fromUp = (leaves & up) >> s;
  drop |= (fromUp & seen) << s;
  seen |= fromUp;
  const others = x & ~(leaves | seen);
  const bridges = others & ~(((others >> 1) & nl) | ((others << 1) & nf) | (others >> s) | (others << s));
  bridged = bridges != 0;
  return x & ~(drop | bridges);
}

let splitStart: usize = 0;

/**
 * The Node Kayles value of a connected shape of up to 4 cells (stride W): a cell or a domino 1 (every
 * move empties it); 3 cells are a path, 2 (the middle empties it, an end leaves one cell); of 4, the T
 * (a star: the centre empties it, a leaf leaves two lone cells) 1, the path and the 2 x 2 block 0
 * (every move leaves one cell).
 */
function smallKayles(comp: u64, W: i32, cells: i32): i32 {
  if (cells <= 2) return 1;
  if (cells == 3) return 2;
  const s = u64(W);
  const right = comp & (comp >> 1) & notLast(W);
  const left = comp & (comp << 1) & notFirst(W);
  const down = comp & (comp >> s);
  const up = comp & (comp << s);
  const three = (right & left & (down | up)) | (down & up & (right | left));
  return three != 0 ? 1 : 0;
}

/** Adds a component (connected but for equivalentMoves' links) of a position at stride W to the split. */
function addComponent(comp: u64, W: i32): void {
  let cells = i32(popcnt(comp));
  if (game == NODE_KAYLES) {
    if (cells <= 4) splitFolded ^= smallKayles(comp, W, cells);
    else addCanonical(comp, W, cells);
    return;
  }
  if (cells < 2) return;
  // every connected shape of 2 or 3 cells has value 1: its moves leave at most one cell
  if (cells <= 3) {
    splitFolded ^= 1;
    return;
  }
  if (cells == 4) {
    // the tetrominoes: the square 0 (its moves leave 2 cells), the T 1 (a star: its moves leave
    // two lone cells), the paths 2 (an end domino leaves 2 cells, the middle one 2 apart)
    const s = u64(W);
    const right = comp & (comp >> 1) & notLast(W);
    const down = comp & (comp >> s);
    if (popcnt(right) + popcnt(down) == 4) return;
    const left = right << 1;
    const up = down << s;
    const three = (right & left & (down | up)) | (down & up & (right | left));
    splitFolded ^= three != 0 ? 1 : 2;
    return;
  }
  const y = trim(comp, W);
  const h = trimH;
  const w = trimW;
  if (h * w > SMALL_CELLS) {
    addReduced(comp, W, cells, y, h, w);
    return;
  }
  const slot = SMALL + ((<usize>w << SMALL_CELLS) | <usize>y);
  const known = ASC_FEATURE_THREADS ? atomic.load<u8>(slot) : load<u8>(slot);
  if (known != 0) {
    splitFolded ^= i32(known) - 1;
    return;
  }
  const before = splitFolded;
  const parts = partTop;
  addReduced(comp, W, cells, y, h, w);
  // valued without a search (its pieces small or in the table): kept for the next time
  if (partTop == parts) {
    const value = u8((splitFolded ^ before) + 1);
    if (ASC_FEATURE_THREADS) atomic.store<u8>(slot, value);
    else {
      store<u8>(slot, value);
      smallUsed = true;
    }
  }
}

/** addComponent for a Cram component of 4 cells or more: reduced, then valued or added as parts. */
function addReduced(comp: u64, W: i32, cells: i32, y: u64, h: i32, w: i32): void {
  const whole = comp;
  comp = reduced(comp, W);
  if (comp == whole && cells > 4) {
    // nothing to reduce: its trimmed form is at hand
    canonicalOf(y, h, w);
    addKeyed(cells);
    return;
  }
  if (bridged) {
    addComponents(comp, W, equivalentMoves(comp, W));
    return;
  }
  cells = i32(popcnt(comp));
  if (cells <= 3) {
    splitFolded ^= 1;
    return;
  }
  if (cells == 4) {
    // reduced, 4 connected cells are the 2 x 2 block (4 links; its moves leave 2 cells: value 0) or
    // a path (3 links; an end domino leaves 2 cells, the middle one 2 apart: value 2), no table asked
    const links = popcnt(comp & (comp >> 1) & notLast(W)) + popcnt(comp & (comp >> u64(W)));
    if (links == 3) splitFolded ^= 2;
    return;
  }
  addCanonical(comp, W, cells);
}

/** Adds a component of `cells` cells to the split by its canonical form: its value when the table has it, else a part. */
@inline function addCanonical(comp: u64, W: i32, cells: i32): void {
  canonical(comp, W);
  addKeyed(cells);
}

/** Adds the component canonKey, canonW of `cells` cells to the split: its value when the table has it, else a part. */
@inline function addKeyed(cells: i32): void {
  const v = known(canonKey, canonW);
  if (v >= 0) {
    splitFolded ^= v;
    return;
  }
  // insert in order: cells descending, then key, then width (equal parts meet)
  let at = partTop;
  if (at + 16 > partEnd) unreachable();
  while (at > splitStart) {
    const prev = at - 16;
    const pc = load<i32>(prev, 12);
    const pk = load<u64>(prev);
    const pw = load<i32>(prev, 8);
    if (pc > cells || (pc == cells && (pk > canonKey || (pk == canonKey && pw >= canonW)))) break;
    store<u64>(at, pk);
    store<u64>(at, load<u64>(prev, 8), 8);
    at = prev;
  }
  store<u64>(at, canonKey);
  store<i32>(at, canonW, 8);
  store<i32>(at, cells, 12);
  partTop += 16;
}

/** Adds every component of a position at stride W to the split (apart where equivalentMoves cuts). */
function addComponents(y: u64, W: i32, idle: u64): void {
  let rem = y;
  if (game == DOMINOES) {
    // a third of the components are lone cells (value 0) and lone dominoes (value 1): settled here
    // together by their links instead of a flood each
    const s = u64(W);
    const right = y & (y >> 1) & notLast(W) & ~idle;
    const left = right << 1;
    const down = y & (y >> s);
    const up = down << s;
    const any = right | left | down | up;
    const many = (right & left) | (down & up) | ((right | left) & (down | up));
    const one = any & ~many;
    const across = one & (one >> 1) & right;
    const upright = one & (one >> s) & down;
    // three cells in a line or an L (value 1): a middle cell with two links, each to a cell with one
    const two = many & ~((right & left & (down | up)) | (down & up & (right | left)));
    const middles =
      two &
      ~((right & ~(one >> 1)) | (left & ~(one << 1)) | (down & ~(one >> s)) | (up & ~(one << s)));
    splitFolded ^= i32((popcnt(across | upright) + popcnt(middles)) & 1);
    rem =
      any &
      ~(across | (across << 1) | upright | (upright << s) | middles | ((middles & right) << 1) |
        ((middles & left) >> 1) | ((middles & down) << s) | ((middles & up) >> s));
  }
  while (rem != 0) {
    const comp = flood(rem & (~rem + 1), rem, W, idle);
    rem &= ~comp;
    addComponent(comp, W);
  }
}

/**
 * Splits a position (stride W) into canonical components on the parts stack from partTop: those
 * the table values are folded into splitFolded, identical pairs cancel; the rest sorted by cells,
 * largest first. Returns how many parts it left.
 */
function split(y: u64, W: i32, cut: u64): i32 {
  const start = partTop;
  splitStart = start;
  splitFolded = 0;
  let whole = false;
  const idle = game == DOMINOES && y != 0 ? equivalentMoves(y, W) : 0;
  if (cut != 0 && y != 0 && idle == 0) {
    // y is a connected shape less the cells `cut`: it is still connected when the cells around the
    // cut that remain are joined within the ring of cells around it (a path through the cut goes round)
    const nf = notFirst(W);
    const nl = notLast(W);
    const s = u64(W);
    const side = cut | ((cut << 1) & nf) | ((cut >> 1) & nl);
    const touching = (side | (cut << s) | (cut >> s)) & y & ~cut;
    if (popcnt(touching) <= 1) whole = true;
    else {
      const ring = (side | (side << s) | (side >> s)) & y;
      whole = (flood(touching & (~touching + 1), ring, W, 0) & touching) == touching;
    }
  }
  if (whole) addComponent(y, W);
  else addComponents(y, W, idle);
  // G + G = 0: equal neighbours cancel
  let out = start;
  let i = start;
  while (i < partTop) {
    if (
      i + 16 < partTop &&
      load<u64>(i) == load<u64>(i + 16) &&
      load<i32>(i, 8) == load<i32>(i + 16, 8)
    ) {
      i += 32;
      continue;
    }
    if (out != i) {
      store<u64>(out, load<u64>(i));
      store<u64>(out, load<u64>(i, 8), 8);
    }
    out += 16;
    i += 16;
  }
  partTop = out;
  return i32((out - start) >> 4);
}

// What expandAll does with an option the table values wholly (modes), through these globals.
const MODE_SKIP: i32 = 0;
const MODE_IN: i32 = 1;
let skipMask: u64 = 0;
let hitValue: i32 = -1;
let inLow: u32 = 0;
let inBig: i32 = 0;
let inWant: u32 = 0;

function takeOut(v: i32): void {
  if (v < 32 && (inLow & (u32(1) << u32(v))) != 0) inLow &= ~(u32(1) << u32(v));
  else if (inBig > 0) inBig--;
  else inLow &= ~(u32(1) << u32(largest(inLow)));
}

function tick(): void {
  nodes++;
  // another seat may have grown the shared table: its bucket index has one more bit
  if (ASC_FEATURE_THREADS) {
    const bits = atomic.load<i32>(SHARED_BITS);
    if (bits != tableBits) sizeTable(bits);
  }
  if ((u32(nodes) & (CHECK_EVERY - 1)) == 0) poll();
}

/**
 * Every option of a canonical shape as records from optTop (sorted by size, stable), the number
 * returned; options the table values wholly are not recorded but passed to the mode: MODE_SKIP
 * marks skipMask and settles when the value is hitValue; MODE_IN takes the value out of inLow/inBig
 * and settles when no wanted value is left. Settled: -1 (the caller drops the stacks).
 */
function expandAll(key: u64, w: i32, mode: i32): i32 {
  tick();
  const first = optTop;
  const kayles = game == NODE_KAYLES;
  // movesOf(key, w) has just been asked: its horizontal moves are at hand
  const hp = keyMoves;
  const vp = kayles ? 0 : key & (key >> u64(w));
  const h = heightOf(key, w);
  const nl = notLast(w);
  const nf = notFirst(w);
  // igs's order among options of one size: the vertical moves column by column from the central
  // column outward, then the horizontal ones row by row from the central row outward (Node Kayles:
  // the cells row by row from the central row outward)
  const firstColumn = load<u64>(FIRST_COLUMN + (<usize>w << 3));
  const row = rowMask(w);
  const groups = kayles ? h : w + h;
  for (let g = 0; g < groups; g++) {
    let pairs: u64;
    let step: u64 = 0;
    if (kayles) pairs = key & (row << u64(outward(g, h) * w));
    else if (g < w) {
      pairs = vp & (firstColumn << u64(outward(g, w)));
      step = u64(w);
    } else {
      pairs = hp & (row << u64(outward(g - w, h) * w));
      step = 1;
    }
    while (pairs != 0) {
      const bit = pairs & (~pairs + 1);
      pairs ^= bit;
      // the cells a move clears: a domino, or (Node Kayles) a cell and its neighbours in the shape
      const cut = kayles
        ? (bit | ((bit << 1) & nf) | ((bit >> 1) & nl) | (bit << u64(w)) | (bit >> u64(w))) & key
        : bit | (bit << step);
      const option = key & ~cut;
      const partsAt = partTop;
      const n = split(option, w, cut);
      if (n == 0) {
        const v = splitFolded;
        if (mode == MODE_SKIP) {
          if (v >= 64) unreachable();
          skipMask |= u64(1) << u64(v);
          if (v == hitValue) return -1;
        } else {
          takeOut(v);
          if ((inLow & inWant) == 0) return -1;
        }
        continue;
      }
      if (optTop + 16 > optEnd) unreachable();
      const lead = load<u64>(partsAt);
      const size = moveCount(lead, load<i32>(partsAt, 8)) * 128 + load<i32>(partsAt, 12);
      // stable insertion by size
      let at = optTop;
      while (at > first && load<i32>(at - 16, 4) > size) {
        store<u64>(at, load<u64>(at - 16));
        store<u64>(at, load<u64>(at - 16, 8), 8);
        at -= 16;
      }
      store<i32>(at, splitFolded);
      store<i32>(at, size, 4);
      store<u32>(at, u32(partsAt), 8);
      store<i32>(at, n, 12);
      optTop += 16;
    }
  }
  const n = i32((optTop - first) >> 4);
  if (ASC_FEATURE_THREADS && spreadSeat > 0 && n > 1 && i32(popcnt(key)) >= spreadFrom) {
    // this seat's share of the options first, then the rest in move order (threads.ts)
    const from = (spreadSeat * n) / spreadOf;
    if (from > 0) {
      if (optTop + (<usize>from << 4) > optEnd) unreachable();
      const head = <usize>from << 4;
      const tail = optTop - first - head;
      memory.copy(optTop, first, head);
      memory.copy(first, first + head, tail);
      memory.copy(first + tail, optTop, head);
    }
  }
  return n;
}

/** Is the option's value k? Values all its parts but the largest, then asks about that one. */
function optionHas(o: usize, k: i32): bool {
  let n = load<i32>(o, 12);
  const parts = <usize>load<u32>(o, 8);
  let folded = load<i32>(o);
  while (n > 1) {
    n--;
    const p = parts + (<usize>n << 4);
    folded ^= nimber(load<u64>(p), load<i32>(p, 8));
    store<i32>(o, folded);
    store<i32>(o, n, 12);
  }
  if (n == 0) return folded == k;
  return hasNimber(load<u64>(parts), load<i32>(parts, 8), k ^ folded);
}

/** The first option of value k among n records from `first` (dropped ones skipped), or 0. */
function findOption(first: usize, n: i32, k: i32): usize {
  for (let i = 0; i < n; i++) {
    const o = first + (<usize>i << 4);
    if (load<i32>(o, 12) < 0) continue;
    if (optionHas(o, k)) return o;
  }
  return 0;
}

@inline function drop(o: usize): void {
  store<i32>(o, -1, 12);
}

/** The nimber of a canonical shape. */
function nimber(key: u64, w: i32): i32 {
  probe(key, w);
  const knownValue = foundValue;
  const not = foundNot;
  if (knownValue >= 0 && knownValue < LOWER_BOUND) return knownValue;
  const verdict = verdictOf(key, w);
  if (verdict == 0) {
    setValue(key, w, 0);
    return 0;
  }
  const first = optTop;
  const partsFirst = partTop;
  skipMask = 0;
  hitValue = -1;
  const count = movesOf(key, w);
  const n = expandAll(key, w, MODE_SKIP);
  const skip = skipMask;
  let k = verdict;
  if (knownValue - LOWER_BOUND > k) k = knownValue - LOWER_BOUND;
  if (k < 0) k = 0;
  for (; k < count; k++) {
    if (k < 64 && ((skip >> u64(k)) & 1) != 0) continue;
    if (k < 32 && ((not >> u32(k)) & 1) != 0) continue;
    const o = findOption(first, n, k);
    if (o == 0) {
      setValue(key, w, k);
      optTop = first;
      partTop = partsFirst;
      return k;
    }
    drop(o);
  }
  setValue(key, w, count);
  optTop = first;
  partTop = partsFirst;
  return count;
}

/** Is the nimber of a canonical shape k? A "no" because some option has value k is kept as g > k. */
function hasNimber(key: u64, w: i32, k: i32): bool {
  if (setQuestions && k <= MAX_SET_QUESTION) return nimberIn(key, w, u32(1) << u32(k)) == k;
  const count = movesOf(key, w);
  if (count < k) return false;
  probe(key, w);
  const knownValue = foundValue;
  if (knownValue >= LOWER_BOUND) {
    if (k < knownValue - LOWER_BOUND || (k < 32 && ((foundNot >> u32(k)) & 1) != 0)) return false;
  } else if (knownValue >= 0) return knownValue == k;
  const verdict = verdictOf(key, w);
  if (verdict == 0) {
    setValue(key, w, 0);
    return k == 0;
  }
  if (verdict == 1 && k == 0) return false;
  const first = optTop;
  const partsFirst = partTop;
  skipMask = 0;
  hitValue = k;
  const n = expandAll(key, w, MODE_SKIP);
  if (n < 0) {
    optTop = first;
    partTop = partsFirst;
    if (k < 32) setNotValues(key, w, u32(1) << u32(k));
    return false;
  }
  const skip = skipMask;
  let j = verdict;
  if (knownValue - LOWER_BOUND > j) j = knownValue - LOWER_BOUND;
  if (j < 0) j = 0;
  for (; j < k; j++) {
    if (j < 64 && ((skip >> u64(j)) & 1) != 0) continue;
    const o = findOption(first, n, j);
    if (o == 0) {
      setValue(key, w, j);
      optTop = first;
      partTop = partsFirst;
      return false;
    }
    drop(o);
  }
  if (count > k && findOption(first, n, k) != 0) {
    setBound(key, w, k + 1);
    optTop = first;
    partTop = partsFirst;
    return false;
  }
  setValue(key, w, k);
  optTop = first;
  partTop = partsFirst;
  return true;
}

/** The nimber of a shape when it is in `set`, else NOT_IN_SET (search.ts valueIn). */
function valueIn(key: u64, w: i32, set: u32): i32 {
  if (largest(set) <= MAX_SET_QUESTION) return nimberIn(key, w, set);
  for (let rest = set; rest != 0; rest &= rest - 1) {
    const v = least(rest);
    if (hasNimber(key, w, v)) return v;
  }
  return NOT_IN_SET;
}

/**
 * Beling–Rogalski: the nimber of a shape when it is in `want` (values up to 31), else NOT_IN_SET
 * (search.ts nimberIn). A "not in want" is not kept in the table, as igs keeps none: the search
 * then visits about 1.5 times the positions (Cram 4 x 9: 490,624 against 328,592) but the table
 * holds a seventh of the entries (32,971 against 217,907) and stays in the cache, which made every
 * position twice as cheap; keeping them only for shapes of 16 or 22 cells or more was no faster.
 */
function nimberIn(key: u64, w: i32, want: u32): i32 {
  probe(key, w);
  if (foundValue >= 0 && foundValue < LOWER_BOUND) return foundValue;
  if (foundValue >= LOWER_BOUND) {
    want &= ~foundNot & ~below(foundValue - LOWER_BOUND);
    if (want == 0) return NOT_IN_SET;
  }
  const verdict = verdictOf(key, w);
  if (verdict == 0) {
    setValue(key, w, 0);
    return 0;
  }
  if (verdict == 1) {
    want &= ~1;
    if (want == 0) return NOT_IN_SET;
  }
  const count = movesOf(key, w);
  const first = optTop;
  const partsFirst = partTop;
  inLow = below(count + 1);
  inBig = count + 1 - 32 > 0 ? count + 1 - 32 : 0;
  inWant = want;
  const n = expandAll(key, w, MODE_IN);
  if (n < 0) {
    optTop = first;
    partTop = partsFirst;
    return NOT_IN_SET;
  }
  let low = inLow;
  let big = inBig;
  const upTo = below(largest(want) + 1);
  let exact = true;
  for (let i = 0; i < n; i++) {
    if ((low & want) == 0) {
      optTop = first;
      partTop = partsFirst;
      return NOT_IN_SET;
    }
    const o = first + (<usize>i << 4);
    const ask = (big > 0 ? low : low & ~(u32(1) << u32(largest(low)))) & upTo;
    let v = NOT_IN_SET;
    if (ask != 0) {
      let parts = load<i32>(o, 12);
      const at = <usize>load<u32>(o, 8);
      let folded = load<i32>(o);
      while (parts > 1) {
        parts--;
        const p = at + (<usize>parts << 4);
        folded ^= nimber(load<u64>(p), load<i32>(p, 8));
      }
      if (folded >= 32) v = nimber(load<u64>(at), load<i32>(at, 8)) ^ folded;
      else {
        const g = valueIn(load<u64>(at), load<i32>(at, 8), xorEach(ask, folded));
        if (g != NOT_IN_SET) v = g ^ folded;
      }
    }
    if (v == NOT_IN_SET) {
      exact = false;
      if (big > 0) big--;
      else low &= ~(u32(1) << u32(largest(low)));
    } else {
      inLow = low;
      inBig = big;
      takeOut(v);
      low = inLow;
      big = inBig;
    }
  }
  optTop = first;
  partTop = partsFirst;
  if (big == 0 && low != 0 && (exact || (low & upTo) != 0)) {
    const g = least(low);
    setValue(key, w, g);
    return g;
  }
  return NOT_IN_SET;
}

// ---- the host's questions: a position of up to 64 cells drawn at stride W (lo, hi: its two halves) ----

/** The Grundy value of a position: the nim-sum of its components' nimbers. */
export function grundy(lo: u32, hi: u32, W: i32): i32 {
  optTop = optBase;
  partTop = partBase;
  const n = split((u64(hi) << 32) | u64(lo), W, 0);
  let value = splitFolded;
  for (let i = 0; i < n; i++) {
    const p = partBase + (<usize>i << 4);
    value ^= nimber(load<u64>(p), load<i32>(p, 8));
  }
  return value;
}

/** 1 when the position's value is k, else 0. */
export function hasValue(lo: u32, hi: u32, W: i32, k: i32): i32 {
  optTop = optBase;
  partTop = partBase;
  const n = split((u64(hi) << 32) | u64(lo), W, 0);
  const o = optTop;
  store<i32>(o, splitFolded);
  store<i32>(o, 0, 4);
  store<u32>(o, u32(partBase), 8);
  store<i32>(o, n, 12);
  optTop += 16;
  return optionHas(o, k) ? 1 : 0;
}
