// WebAssembly kernel for take-and-break codes (AssemblyScript source of src/engine/wasm/takebreak.ts).
//
// Algorithm: the per-heap steps of src/engine/grundy/sparse.ts, which stays the reference (its
// header explains the sparse space). For each heap n of a chunk [from, to):
//  - whole and single moves mark g(n - k) (O(#moves));
//  - dense mode: every split of r = n - k into two heaps marks g(a) ^ g(r - a), O(r) per pair
//    move, and into three heaps O(r^2) per triple move; g(n) = the first unmarked value;
//  - sparse mode (mask m, twist t; classes σ(a) = parity(g(a) & m) ^ t·(a mod 2)): only the pairs
//    with a rare member mark values (O(#rare) per pair move, from the list of rare heaps stored
//    with their values, so the loop streams one array and reads g only near r); the candidate is
//    the smallest unmarked value outside class q = t·(r mod 2); the class-q values below it are
//    searched among all pairs, column by column of a grid 1009 wide, until each is seen (common
//    pairs cover class q densely, so this stops after ~1400 pairs on Grundy's game to 2^20); a
//    class-q value never seen is the answer.
// So O(N·(#rare + scan)) sparse, O(N^2) (O(N^3) with triples) dense, as in the TypeScript kernel;
// the gain is constant-factor: values are read as u8 (u16, u32 once they outgrow a byte), so the
// scan's ~2800 cache lines per heap stay in L2, and the loops carry no bounds or detach checks.
//
// Memory (all offsets chosen by the host): a header of i32 fields at `h` (H_* below) pointing at
// the moves, the value tables (seen/need i32 stamps, class bytes, `vcap` entries: a power of two
// at least 2·(max value + 1), so XORs of values and mexes index inside), the rare list (i32 pairs
// heap, value; ascending) and g (T per heap). A call stops before heap n, without storing it, when
// g(n) would not fit the value tables or T, or the rare list is full (H_STOP then holds g(n)): the
// host enlarges the layout and calls again from n (re-marking is harmless: stamps are n + 1). Hosts call in chunks: V8 runs
// a first call in its baseline tier and swaps in optimized code only between calls.

const H_G = 0;
const H_RARE = 4;
const H_RCOUNT = 8;
const H_RCAP = 12;
const H_SEEN = 16;
const H_NEED = 20;
const H_CLASS = 24;
const H_VCAP = 28;
const H_MAXV = 32;
const H_SPARSE = 36;
const H_TWIST = 40;
const H_S0 = 44;
const H_WHOLE = 48;
const H_NWHOLE = 52;
const H_SINGLE = 56;
const H_NSINGLE = 60;
const H_PAIR = 64;
const H_NPAIR = 68;
const H_PAIRNE = 72;
const H_TRIPLE = 76;
const H_NTRIPLE = 80;
const H_TRIPLENE = 84;
const H_VMAX = 88;
const H_STOP = 92;

/** Width of the grid of the class-q scan (as in the TypeScript kernel). */
const SCAN_STRIDE: i32 = 1009;

// @ts-ignore: decorator
@inline function at<T>(g: usize, i: i32): i32 {
  return <i32>load<T>(g + ((<usize>i) << alignof<T>()));
}

// @ts-ignore: decorator
@inline function word(p: usize, i: i32): i32 {
  return load<i32>(p + ((<usize>i) << 2));
}

// @ts-ignore: decorator
@inline function mark(p: usize, v: i32, stamp: i32): void {
  store<i32>(p + ((<usize>v) << 2), stamp);
}

/** Marks g(a) ^ g(r - a) for a = 1..⌊r/2⌋ (unequal: a != r - a). O(r). */
function markPairs<T>(g: usize, seen: usize, stamp: i32, r: i32, unequal: i32): void {
  const w = <usize>sizeof<T>();
  let pa = g + w;
  let pb = g + (<usize>(r - 1)) * w;
  if (unequal && (r & 1) == 0) {
    // stop before the middle heap: a < b throughout
    while (pa < pb) {
      mark(seen, <i32>load<T>(pa) ^ <i32>load<T>(pb), stamp);
      pa += w;
      pb -= w;
    }
    return;
  }
  while (pa <= pb) {
    mark(seen, <i32>load<T>(pa) ^ <i32>load<T>(pb), stamp);
    pa += w;
    pb -= w;
  }
}

/** Marks g(a) ^ g(b) ^ g(c) for every split of r into a <= b <= c (unequal: a < b < c). O(r^2). */
function markTriples<T>(g: usize, seen: usize, stamp: i32, r: i32, unequal: i32): void {
  for (let a = 1; 3 * a <= r; a++) {
    const ga = at<T>(g, a);
    for (let b = a, c = r - 2 * a; b <= c; b++, c--) {
      if (unequal && (a == b || b == c)) continue;
      mark(seen, ga ^ at<T>(g, b) ^ at<T>(g, c), stamp);
    }
  }
}

/** The first index j < count with rare[2j] >= value (count when none). */
function lowerBound(rare: usize, count: i32, value: i32): i32 {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (word(rare, mid << 1) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Marks g(a) ^ g(r - a) for the rare heaps a = rare[from..to). */
function markRareRange<T>(g: usize, seen: usize, stamp: i32, rare: usize, from: i32, to: i32, r: i32): void {
  let p = rare + ((<usize>from) << 3);
  const end = rare + ((<usize>to) << 3);
  // two pairs per iteration: fewer loop branches, independent loads
  for (; p + 8 < end; p += 16) {
    const a0 = load<i32>(p), v0 = load<i32>(p, 4);
    const a1 = load<i32>(p, 8), v1 = load<i32>(p, 12);
    mark(seen, v0 ^ at<T>(g, r - a0), stamp);
    mark(seen, v1 ^ at<T>(g, r - a1), stamp);
  }
  if (p < end) mark(seen, load<i32>(p, 4) ^ at<T>(g, r - load<i32>(p)), stamp);
}

/** Marks the splits of r into two heaps that contain a rare heap. O(#rare + log). */
function markRarePairs<T>(g: usize, seen: usize, stamp: i32, rare: usize, count: i32, r: i32, unequal: i32): void {
  const end = lowerBound(rare, count, r);
  const half = r >> 1;
  const skip = unequal && (r & 1) == 0 ? lowerBound(rare, end, half) : end;
  const resume = skip < end && word(rare, skip << 1) == half ? skip + 1 : skip;
  markRareRange<T>(g, seen, stamp, rare, 0, skip, r);
  markRareRange<T>(g, seen, stamp, rare, resume, end, r);
}

/**
 * Scans the splits of r into two heaps, clearing needed values as they appear, until none is
 * missing; returns how many are still missing. Grid order as in the TypeScript kernel.
 */
function findNeeded<T>(g: usize, need: usize, stamp: i32, r: i32, unequal: i32, missing: i32): i32 {
  if ((r & 1) == 0 && !unequal && word(need, 0) == stamp) {
    mark(need, 0, 0); // the split into two equal heaps: g ^ g = 0
    if (--missing == 0) return 0;
  }
  const half = (r - 1) >> 1;
  if (half < 1) return missing;
  const stride = min(SCAN_STRIDE, half);
  const w = <usize>sizeof<T>();
  const step = (<usize>stride) * w;
  const first = r % stride;
  const last = g + (<usize>half) * w;
  for (let c = 0; c < stride; c++) {
    let column = first + c;
    if (column >= stride) column -= stride;
    let pa = g + (<usize>(column + 1)) * w;
    let pb = g + (<usize>(r - column - 1)) * w;
    while (pa <= last) {
      const x = <i32>load<T>(pa) ^ <i32>load<T>(pb);
      const q = need + ((<usize>x) << 2);
      if (load<i32>(q) == stamp) {
        store<i32>(q, 0);
        if (--missing == 0) return 0;
      }
      pa += step;
      pb -= step;
    }
  }
  return missing;
}

/** Computes heaps from..to-1; returns the heap it stopped before (to when all are stored). */
function run<T>(h: usize, from: i32, to: i32): i32 {
  const g = <usize>load<i32>(h + H_G);
  const rare = <usize>load<i32>(h + H_RARE);
  let rcount = load<i32>(h + H_RCOUNT);
  const rcap = load<i32>(h + H_RCAP);
  const seen = <usize>load<i32>(h + H_SEEN);
  const need = <usize>load<i32>(h + H_NEED);
  const cls = <usize>load<i32>(h + H_CLASS);
  const vcap = load<i32>(h + H_VCAP);
  let maxv = load<i32>(h + H_MAXV);
  const sparse = load<i32>(h + H_SPARSE);
  const twist = load<i32>(h + H_TWIST);
  const s0 = load<i32>(h + H_S0);
  const whole = <usize>load<i32>(h + H_WHOLE);
  const nwhole = load<i32>(h + H_NWHOLE);
  const single = <usize>load<i32>(h + H_SINGLE);
  const nsingle = load<i32>(h + H_NSINGLE);
  const pair = <usize>load<i32>(h + H_PAIR);
  const npair = load<i32>(h + H_NPAIR);
  const pairNe = <usize>load<i32>(h + H_PAIRNE);
  const triple = <usize>load<i32>(h + H_TRIPLE);
  const ntriple = load<i32>(h + H_NTRIPLE);
  const tripleNe = <usize>load<i32>(h + H_TRIPLENE);
  const vmax = load<i32>(h + H_VMAX);

  let n = from;
  for (; n < to; n++) {
    const stamp = n + 1;
    for (let i = 0; i < nwhole; i++) if (word(whole, i) == n) mark(seen, 0, stamp);
    for (let i = 0; i < nsingle; i++) {
      const r = n - word(single, i);
      if (r >= 1) mark(seen, at<T>(g, r), stamp);
    }
    let value = 0;
    if (!sparse) {
      for (let i = 0; i < npair; i++) {
        const r = n - word(pair, i);
        if (r >= 2) markPairs<T>(g, seen, stamp, r, word(pairNe, i));
      }
      for (let i = 0; i < ntriple; i++) {
        const r = n - word(triple, i);
        if (r >= 3) markTriples<T>(g, seen, stamp, r, word(tripleNe, i));
      }
      while (word(seen, value) == stamp) value++;
    } else {
      let q = -1; // class of the values of common pairs; -1 while no split of n is possible
      for (let i = 0; i < npair; i++) {
        const r = n - word(pair, i);
        if (r < 2) continue;
        q = twist ? r & 1 : 0;
        markRarePairs<T>(g, seen, stamp, rare, rcount, r, word(pairNe, i));
      }
      let candidate = 0;
      let missing = 0;
      while (true) {
        const marked = word(seen, candidate) == stamp;
        if (!marked && <i32>load<u8>(cls + <usize>candidate) != q) break;
        if (!marked) {
          mark(need, candidate, stamp);
          missing++;
        }
        candidate++;
      }
      for (let i = 0; i < npair && missing > 0; i++) {
        const r = n - word(pair, i);
        if (r >= 2) missing = findNeeded<T>(g, need, stamp, r, word(pairNe, i), missing);
      }
      if (missing == 0) {
        value = candidate;
      } else {
        while (word(need, value) != stamp) value++;
      }
    }
    store<i32>(h + H_STOP, value);
    if (value > maxv) {
      if (value > vmax || 2 * value + 2 > vcap) break;
      maxv = value;
    }
    if (sparse && n >= 1 && (<i32>load<u8>(cls + <usize>value) ^ (twist & n)) != s0) {
      if (rcount == rcap) break;
      const p = rare + ((<usize>rcount) << 3);
      store<i32>(p, n);
      store<i32>(p, value, 4);
      rcount++;
    }
    store<T>(g + ((<usize>n) << alignof<T>()), <T>value);
  }
  store<i32>(h + H_RCOUNT, rcount);
  store<i32>(h + H_MAXV, maxv);
  return n;
}

/** run() over u8 values. */
export function run8(h: usize, from: i32, to: i32): i32 {
  return run<u8>(h, from, to);
}

/** run() over u16 values. */
export function run16(h: usize, from: i32, to: i32): i32 {
  return run<u16>(h, from, to);
}

/** run() over u32 values (below 2^31). */
export function run32(h: usize, from: i32, to: i32): i32 {
  return run<u32>(h, from, to);
}
