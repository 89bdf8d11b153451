// WebAssembly kernel for take-and-break codes (AssemblyScript source of wasm.generated.ts).
//
// Algorithm: the per-heap steps of sparse.ts, which stays the reference (its header explains the
// sparse space and when the split is re-chosen). For each heap n of a chunk [from, to):
//  - whole and single moves mark g(n - k) (O(#moves));
//  - dense mode: every split of r = n - k into two heaps marks g(a) ^ g(r - a), O(r) per pair
//    move, and into three heaps O(r^2) per triple move; g(n) = the first unmarked value;
//  - sparse mode (mask m, twist t; classes σ(a) = parity(g(a) & m) ^ t·(a mod 2)): only the pairs
//    with a rare member mark values, O(#rare) per pair move. Heaps go in groups of GROUP = 8 that
//    share one pass over the list of rare heaps (stored with their values): for rare a, the eight
//    partners r - a .. r + 7 - a are neighbours, so a pass costs one list read and eight marks
//    instead of eight list reads (the few pairs a group cannot share, those whose partner is in
//    the group or that split into equal heaps when '!' forbids it, are marked per heap). The
//    candidate is the smallest unmarked value outside class q = t·(r mod 2); the class-q values
//    below it are searched among the pairs (a, r - a), a = 1, 2, … in order, until each is seen,
//    and one never seen is the answer. While the candidate is at most 256 the search tests 16
//    pairs per SIMD step: two runs of 8 u16 values a side, XORed, narrowed to bytes (saturating:
//    a larger XOR becomes 255 or 0, a false alarm that the exact check below clears) and looked
//    up in a 256-bit bitmap of the needed values; otherwise it is scalar.
// So O(N·(#rare + scan)) sparse, O(N^2) (O(N^3) with triples) dense, as in the TypeScript kernel;
// the gain is constant-factor: shared passes over the rare list, the vector scan, values read as
// u16 (u32 once one outgrows 16 bits), no bounds checks, whole stretches per call.
//
// Memory (all offsets chosen by the host): a header of i32 fields at `h` (H_* below) pointing at
// the moves, the value tables (GROUP seen tables and a need table of i32 stamps, class bytes,
// `vcap` entries each: a power of two at least 2·(max value + 1), so XORs of values and mexes
// index inside), scratch (group loop bounds, the needed-value bitmap), the rare list (i32 pairs
// heap, value; ascending) and g (T per heap). A call stops before heap n, without storing it, when
// g(n) would not fit the value tables or T, or the rare list is full (H_STOP then holds g(n)): the
// host enlarges the layout and calls again from n (re-marking is harmless: stamps are n + 1, and
// every mark is a true option value). It also stops after storing a heap that brings the rare
// list to H_RARESTOP entries or whose value is at least H_VALUESTOP (H_HALT = 1): the host then
// re-chooses the split. Hosts call in chunks: V8 runs a first call in its baseline tier and swaps
// in optimized code only between calls. Built with --enable simd (hosts without SIMD use the
// TypeScript kernel).

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
const H_RANGES = 96;
const H_BITMAP = 100;
const H_RARESTOP = 104;
const H_VALUESTOP = 108;
const H_HALT = 112;
/**
 * f64: the pair checks of the heaps stored so far (the census's work): per heap, for each
 * two-heap move the rare heaps below r (sparse) or ⌊r/2⌋ (dense), ⌊r²/12⌋ per three-heap move,
 * plus the pairs the class-q search examined (the last a it read). A count of what the algorithm
 * does, not of how this kernel batches it: the TypeScript kernel counts the same numbers.
 */
const H_WORK = 120;

/** Pairs the last findNeeded or findNeededVector examined (a = 1 .. scanned). */
let scanned: i32 = 0;

/** Width of the grid of the class-q scan (as in the TypeScript kernel). */
const SCAN_STRIDE: i32 = 1009;
/** Heaps whose rare pairs are marked in one pass over the rare list (one table of marks each). */
const GROUP: i32 = 8;

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

/**
 * Marks g(a) ^ g(r - a) for the rare heaps a = rare[from..to) below r (ascending), leaving out
 * a = r - a when the heaps must differ: the few pairs a group's common loop cannot take.
 */
function markEntries<T>(g: usize, seen: usize, stamp: i32, rare: usize, from: i32, to: i32, r: i32, unequal: i32): void {
  for (let j = from; j < to; j++) {
    const a = word(rare, j << 1);
    if (a >= r) break;
    if (unequal && a + a == r) continue;
    mark(seen, word(rare, (j << 1) + 1) ^ at<T>(g, r - a), stamp);
  }
}

/** Heap n's table of marks (GROUP tables, so the heaps of a group are marked in one pass). */
// @ts-ignore: decorator
@inline function table(seen: usize, vcap: i32, n: i32): usize {
  return seen + ((<usize>((n & (GROUP - 1)) * vcap)) << 2);
}

/**
 * The common loop of the group of heaps n0..n0+7: for each rare heap a = rare[from..to), marks
 * g(a) ^ g(r0 + j - a) into heap n0 + j's table, j = 0..7 (r0 = n0 - k). One pass over the list
 * serves eight heaps (instead of one load of a, g(a) and g(r - a) per mark: about 30% faster
 * with four, 10% more with eight), and the eight values read are neighbours.
 */
function markBatch<T>(g: usize, seen: usize, vcap: i32, n0: i32, rare: usize, from: i32, to: i32, r0: i32): void {
  const w = <usize>sizeof<T>();
  const t0 = table(seen, vcap, n0), t1 = table(seen, vcap, n0 + 1);
  const t2 = table(seen, vcap, n0 + 2), t3 = table(seen, vcap, n0 + 3);
  const t4 = table(seen, vcap, n0 + 4), t5 = table(seen, vcap, n0 + 5);
  const t6 = table(seen, vcap, n0 + 6), t7 = table(seen, vcap, n0 + 7);
  let p = rare + ((<usize>from) << 3);
  const end = rare + ((<usize>to) << 3);
  for (; p < end; p += 8) {
    const a = load<i32>(p);
    const v = load<i32>(p, 4);
    const b = g + (<usize>(r0 - a)) * w;
    mark(t0, v ^ <i32>load<T>(b), n0 + 1);
    mark(t1, v ^ <i32>load<T>(b + w), n0 + 2);
    mark(t2, v ^ <i32>load<T>(b + 2 * w), n0 + 3);
    mark(t3, v ^ <i32>load<T>(b + 3 * w), n0 + 4);
    mark(t4, v ^ <i32>load<T>(b + 4 * w), n0 + 5);
    mark(t5, v ^ <i32>load<T>(b + 5 * w), n0 + 6);
    mark(t6, v ^ <i32>load<T>(b + 6 * w), n0 + 7);
    mark(t7, v ^ <i32>load<T>(b + 7 * w), n0 + 8);
  }
}

/**
 * Where the group's common loop over the rare list stops for pair move k (r0 = n0 - k): from the
 * first rare heap >= GROUP - k (smaller ones may pair with a heap of the group) to the last below
 * r0, without the group's middles s1 = ⌈r0/2⌉ .. s1 + GROUP/2 - 1 when the heaps must differ. Writes the
 * four list indices [lo, e0) ∪ [e1, hi) at out.
 */
function groupRange(rare: usize, count: i32, r0: i32, k: i32, unequal: i32, out: usize): void {
  const lo = lowerBound(rare, count, max(1, GROUP - k));
  const hi = max(lo, lowerBound(rare, count, r0));
  let e0 = hi;
  let e1 = hi;
  if (unequal) {
    const s1 = (r0 + 1) >> 1;
    e0 = min(max(lowerBound(rare, count, s1), lo), hi);
    e1 = min(max(lowerBound(rare, count, s1 + (GROUP >> 1)), lo), hi);
  }
  store<i32>(out, lo);
  store<i32>(out, e0, 4);
  store<i32>(out, e1, 8);
  store<i32>(out, hi, 12);
}

/**
 * Heap m's rare pairs for pair move k (r = m - k) that its group's common loop left out: the
 * list outside [lo, e0) ∪ [e1, hi) (all of it when the heap is in no group), below r. Returns the
 * number of rare heaps below r (the pairs the heap's move has with a rare member, batched or not).
 */
function markRest<T>(g: usize, seen: usize, stamp: i32, rare: usize, count: i32, grouped: bool, range: usize, r: i32, unequal: i32): i32 {
  const end = lowerBound(rare, count, r);
  if (!grouped) {
    markEntries<T>(g, seen, stamp, rare, 0, end, r, unequal);
    return end;
  }
  const lo = load<i32>(range), e0 = load<i32>(range, 4), e1 = load<i32>(range, 8), hi = load<i32>(range, 12);
  markEntries<T>(g, seen, stamp, rare, 0, lo, r, unequal);
  markEntries<T>(g, seen, stamp, rare, e0, e1, r, unequal);
  markEntries<T>(g, seen, stamp, rare, hi, end, r, unequal);
  return end;
}

/**
 * Scans the splits of r into two heaps (a, r - a), a = 1, 2, … in order, clearing needed values
 * as they appear, until none is missing; returns how many are still missing.
 */
function findNeeded<T>(g: usize, need: usize, stamp: i32, r: i32, unequal: i32, missing: i32): i32 {
  scanned = 0;
  if ((r & 1) == 0 && !unequal && word(need, 0) == stamp) {
    mark(need, 0, 0); // the split into two equal heaps: g ^ g = 0
    if (--missing == 0) return 0;
  }
  const half = (r - 1) >> 1;
  if (half < 1) return missing;
  const w = <usize>sizeof<T>();
  let pa = g + w;
  let pb = g + (<usize>(r - 1)) * w;
  const last = g + (<usize>half) * w;
  while (pa <= last) {
    const x = <i32>load<T>(pa) ^ <i32>load<T>(pb);
    const q = need + ((<usize>x) << 2);
    if (load<i32>(q) == stamp) {
      store<i32>(q, 0);
      if (--missing == 0) {
        scanned = <i32>((pa - g) / w);
        return 0;
      }
    }
    pa += w;
    pb -= w;
  }
  scanned = half;
  return missing;
}

/** Pairs the vector scan tests at once (two v128 of u16 values a side). */
const RUN: i32 = 16;

/** Clears need[x] (and its bit); true when x was needed. */
// @ts-ignore: decorator
@inline function found(need: usize, bitmap: usize, stamp: i32, x: i32): bool {
  const q = need + ((<usize>x) << 2);
  if (load<i32>(q) != stamp) return false;
  store<i32>(q, 0);
  if (x < 256) {
    const byte = bitmap + <usize>(x >> 3);
    store<u8>(byte, <u8>(<i32>load<u8>(byte) & ~(<i32>1 << (x & 7))));
  }
  return true;
}

/**
 * The scan of findNeeded over u16 values while every needed value is below 256, 16 pairs per
 * step: heaps a .. a + 15 (two v128 loads) against r - a - 15 .. r - a (two loads, lanes
 * reversed), XORed, narrowed to bytes with unsigned saturation (a lane of 256 or more becomes 255,
 * one of 2^15 or more 0: false alarms the exact check clears, never a missed value), and each
 * byte looked up in a 256-bit bitmap of the needed values (two swizzles for the byte, one for the
 * bit). Only a step with a needed value goes through the lanes one by one. Ascending a, as the
 * scalar scan. Returns how many needed values are still missing.
 */
function findNeededVector(g: usize, need: usize, bitmap: usize, stamp: i32, r: i32, half: i32, missing: i32): i32 {
  const bit = i8x16(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
  const seven = i8x16.splat(7);
  const sixteen = i8x16.splat(16);
  let lo = v128.load(bitmap);
  let hi = v128.load(bitmap, 16);
  let a = 1;
  for (; a + RUN - 1 <= half; a += RUN) {
    const pa = g + ((<usize>a) << 1);
    const pb = g + ((<usize>(r - a - (RUN - 1))) << 1);
    const b0 = v128.load(pb); // heaps r - a - 15 .. r - a - 8: partners of a + 15 .. a + 8
    const b1 = v128.load(pb, 16); // heaps r - a - 7 .. r - a: partners of a + 7 .. a
    const x0 = v128.xor(v128.load(pa), i8x16.shuffle(b1, b1, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1));
    const x1 = v128.xor(v128.load(pa, 16), i8x16.shuffle(b0, b0, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1));
    const x = i8x16.narrow_i16x8_u(x0, x1);
    const index = i8x16.shr_u(x, 3);
    const bytes = v128.or(i8x16.swizzle(lo, index), i8x16.swizzle(hi, i8x16.sub(index, sixteen)));
    const hit = v128.and(bytes, i8x16.swizzle(bit, v128.and(x, seven)));
    if (v128.any_true(hit)) {
      // only the lanes whose byte is needed, checked exactly
      let lanes = i8x16.bitmask(i8x16.ne(hit, i8x16.splat(0)));
      while (lanes != 0) {
        const i = ctz(lanes);
        lanes &= lanes - 1;
        if (found(need, bitmap, stamp, at<u16>(g, a + i) ^ at<u16>(g, r - a - i))) {
          if (--missing == 0) {
            scanned = a + i;
            return 0;
          }
        }
      }
      lo = v128.load(bitmap);
      hi = v128.load(bitmap, 16);
    }
  }
  for (; a <= half; a++) {
    if (found(need, bitmap, stamp, at<u16>(g, a) ^ at<u16>(g, r - a))) {
      if (--missing == 0) {
        scanned = a;
        return 0;
      }
    }
  }
  scanned = half;
  return missing;
}

/** Computes heaps from..to-1; returns the heap it stopped before (to when all are stored). */
function run<T>(h: usize, from: i32, to: i32): i32 {
  const g = <usize>load<i32>(h + H_G);
  const rare = <usize>load<i32>(h + H_RARE);
  let rcount = load<i32>(h + H_RCOUNT);
  const rcap = load<i32>(h + H_RCAP);
  const seenBase = <usize>load<i32>(h + H_SEEN);
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
  const ranges = <usize>load<i32>(h + H_RANGES); // 4 i32 per pair move: the group's loop bounds
  const bitmap = <usize>load<i32>(h + H_BITMAP); // 32 bytes: the needed values below 256
  const rareStop = load<i32>(h + H_RARESTOP);
  const valueStop = load<i32>(h + H_VALUESTOP);
  store<i32>(h + H_HALT, 0);
  let work = load<f64>(h + H_WORK);

  let n = from;
  let n0 = from; // heaps n0..n0+GROUP-1 form a group whose common rare pairs are marked together
  let grouped = false;
  for (; n < to; n++) {
    const stamp = n + 1;
    const seen = table(seenBase, vcap, n);
    if (sparse && n == n0) {
      grouped = n0 + GROUP <= to;
      for (let i = 0; grouped && i < npair; i++) {
        const range = ranges + ((<usize>i) << 4);
        const r0 = n0 - word(pair, i);
        groupRange(rare, rcount, r0, word(pair, i), word(pairNe, i), range);
        markBatch<T>(g, seenBase, vcap, n0, rare, load<i32>(range), load<i32>(range, 4), r0);
        markBatch<T>(g, seenBase, vcap, n0, rare, load<i32>(range, 8), load<i32>(range, 12), r0);
      }
      n0 += grouped ? GROUP : 1;
    }
    for (let i = 0; i < nwhole; i++) if (word(whole, i) == n) mark(seen, 0, stamp);

    for (let i = 0; i < nsingle; i++) {
      const r = n - word(single, i);
      if (r >= 1) mark(seen, at<T>(g, r), stamp);
    }
    let value = 0;
    let checks: f64 = 0; // this heap's pair checks (H_WORK), added once it is stored
    if (!sparse) {
      for (let i = 0; i < npair; i++) {
        const r = n - word(pair, i);
        if (r >= 2) {
          markPairs<T>(g, seen, stamp, r, word(pairNe, i));
          checks += <f64>(r >> 1);
        }
      }
      for (let i = 0; i < ntriple; i++) {
        const r = n - word(triple, i);
        if (r >= 3) {
          markTriples<T>(g, seen, stamp, r, word(tripleNe, i));
          checks += Math.floor((<f64>r * <f64>r) / 12);
        }
      }
      while (word(seen, value) == stamp) value++;
    } else {
      let q = -1; // class of the values of common pairs; -1 while no split of n is possible
      for (let i = 0; i < npair; i++) {
        const r = n - word(pair, i);
        if (r < 2) continue;
        q = twist ? r & 1 : 0;
        checks += <f64>markRest<T>(g, seen, stamp, rare, rcount, grouped, ranges + ((<usize>i) << 4), r, word(pairNe, i));
      }
      let candidate = 0;
      let missing = 0;
      // stops at the tables' end like the TypeScript kernel (a split given by hand may put every
      // value below it in class q); the mex is at most vcap / 2, so the result stays exact
      if (sizeof<T>() == 2) {
        v128.store(bitmap, i8x16.splat(0));
        v128.store(bitmap, i8x16.splat(0), 16);
      }
      while (candidate < vcap) {
        const marked = word(seen, candidate) == stamp;
        if (!marked && <i32>load<u8>(cls + <usize>candidate) != q) break;
        if (!marked) {
          mark(need, candidate, stamp);
          missing++;
          if (sizeof<T>() == 2 && candidate < 256) {
            const byte = bitmap + <usize>(candidate >> 3);
            store<u8>(byte, <u8>(<i32>load<u8>(byte) | (<i32>1 << (candidate & 7))));
          }
        }
        candidate++;
      }
      for (let i = 0; i < npair && missing > 0; i++) {
        const r = n - word(pair, i);
        if (r < 2) continue;
        const unequal = word(pairNe, i);
        if (sizeof<T>() == 2 && candidate <= 256 && ((r - 1) >> 1) >= RUN) {
          scanned = 0;
          if ((r & 1) == 0 && !unequal && found(need, bitmap, stamp, 0) && --missing == 0) break;
          missing = findNeededVector(g, need, bitmap, stamp, r, (r - 1) >> 1, missing);
        } else {
          missing = findNeeded<T>(g, need, stamp, r, unequal, missing);
        }
        checks += <f64>scanned;
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
    work += checks;
    if (rcount >= rareStop || value >= valueStop) {
      // the host re-chooses the split after this heap
      store<i32>(h + H_HALT, 1);
      n++;
      break;
    }
  }
  store<i32>(h + H_RCOUNT, rcount);
  store<i32>(h + H_MAXV, maxv);
  store<f64>(h + H_WORK, work);
  return n;
}

/** run() over u16 values. */
export function run16(h: usize, from: i32, to: i32): i32 {
  return run<u16>(h, from, to);
}

/** run() over u32 values (below 2^31). */
export function run32(h: usize, from: i32, to: i32): i32 {
  return run<u32>(h, from, to);
}
