/**
 * Grundy kernels for take-and-break codes: a dense kernel over the code's moves and the
 * sparse-space kernel (rare and common values) that replaces its O(n) pair scan by O(#rare).
 *
 * Dense: g(n) = mex of the option values; a two-heap split of r = n - k costs O(r) pairs and a
 * three-heap split O(r^2) triples, so O(N^2) (O(N^3) with three-heap splits) overall.
 *
 * Sparse space (Winning Ways, "Sparse space spells speed"; Flammenkamp's record computations):
 * fix a mask m and a twist t ∈ {0, 1}, and give each heap a class
 *     σ(a) = parity(popcount(g(a) & m)) XOR (t · (a mod 2)).
 * For a split of r = n - k into a + b, parity(popcount((g(a) ^ g(b)) & m)) = σ(a) ^ σ(b) ^ t·(r mod 2),
 * so two heaps of the same class always give a value of class q = t·(r mod 2) (q depends only on
 * n and k; with t = 1 every splitting k must have the same parity). Heaps of the majority class
 * s0 (the one whose own value lies outside class q) are *common*, the others *rare*. Then:
 *  - values outside class q come only from pairs with a rare member: O(#rare) per n;
 *  - values of class q below the candidate are checked by scanning pairs until each is seen,
 *    which ends early because common pairs cover class q densely.
 * So g(n) = the smallest unreached value outside class q, unless a class-q value below it stays
 * unreached (then the scan runs to the end and finds the rare value). Exact for every mask; the
 * mask only decides the speed. O(N·(#rare + scan)) instead of O(N^2) when rare heaps are few.
 * Measured on Grundy's game to 2^20: mask 254, 1273 rare heaps (almost all below 2^14), about
 * 1400 scanned pairs per heap, against 2^18 pairs per heap for the dense kernel at the end.
 *
 * The split is chosen from the data: the sequence starts dense; at checkpoints (powers of two
 * from `densePrefix` on) every mask over the values' bits and both twists are scored by the
 * number of rare heaps so far (from a histogram of (value, n mod 2)); the kernel runs sparse
 * with the best split while rare heaps stay below 1/8 of the heaps, and dense otherwise. Codes
 * without two-heap splits, or with three-heap splits (whose triples of commons are common), stay dense.
 */
import type { GrundySequence, TakeBreakRuleset } from '../types.ts';

export interface SparseSplit {
  /** Bits of the value whose parity decides the class (non-zero). */
  readonly mask: number;
  /** Whether the class also flips with the parity of the heap size. */
  readonly twist: boolean;
}

export interface TakeBreakOptions {
  /** First checkpoint: heaps computed densely before a split is chosen (default 1024). */
  readonly densePrefix?: number;
  /** Use this split from `densePrefix` on instead of choosing one (tests; must be valid for the code). */
  readonly split?: SparseSplit;
}

export interface TakeBreakRun {
  readonly values: GrundySequence;
  /** Heaps computed by the sparse-space step (the rest were dense). */
  readonly sparseHeaps: number;
  /** The split in use at the end, or null when the run ended dense. */
  readonly split: SparseSplit | null;
  /** Rare heaps under the final split (when sparse). */
  readonly rareHeaps: number;
}

/** Most mask bits tried when choosing a split (4096 masks). */
const MAX_MASK_BITS = 12;

/** Grundy values of heaps 0..maxHeap of a take-and-break code (sparse space where it pays). */
export function takeBreakSequence(ruleset: TakeBreakRuleset, maxHeap: number, options: TakeBreakOptions = {}): GrundySequence {
  return takeBreakRun(ruleset, maxHeap, options).values;
}

/** Grundy values of heaps 0..maxHeap by the dense kernel only (the fallback; benchmarks). */
export function takeBreakDenseSequence(ruleset: TakeBreakRuleset, maxHeap: number): GrundySequence {
  return takeBreakRun(ruleset, maxHeap, { densePrefix: Number.MAX_SAFE_INTEGER }).values;
}

/** The code's moves, grouped by what remains. */
interface Moves {
  /** k with bit 1: a heap of exactly k may be removed whole */
  readonly whole: Int32Array;
  /** k >= 1 with bit 2: remove k, one heap remains */
  readonly single: Int32Array;
  /** k with bit 4 and its '!' flag (1 = the two heaps must differ) */
  readonly pair: Int32Array;
  readonly pairUnequal: Uint8Array;
  readonly triple: Int32Array;
  readonly tripleUnequal: Uint8Array;
}

function movesOf(ruleset: TakeBreakRuleset): Moves {
  const ks = (bit: number) => ruleset.digits.flatMap((d, k) => ((d & bit) !== 0 ? [k] : []));
  const pair = ks(4), triple = ks(8);
  return {
    whole: Int32Array.from(ks(1)),
    single: Int32Array.from(ks(2).filter((k) => k > 0)),
    pair: Int32Array.from(pair),
    pairUnequal: Uint8Array.from(pair, (k) => (ruleset.unequal[k] ? 1 : 0)),
    triple: Int32Array.from(triple),
    tripleUnequal: Uint8Array.from(triple, (k) => (ruleset.unequal[k] ? 1 : 0)),
  };
}

/** Whether a split may be used with these moves (a twist needs every splitting k of one parity). */
export function splitIsValid(ruleset: TakeBreakRuleset, split: SparseSplit): boolean {
  const moves = movesOf(ruleset);
  if (moves.pair.length === 0 || moves.triple.length > 0 || !(split.mask > 0)) return false;
  return !split.twist || moves.pair.every((k) => (k & 1) === (moves.pair[0] & 1));
}

function parity(x: number): number {
  x ^= x >>> 16;
  x ^= x >>> 8;
  x ^= x >>> 4;
  x ^= x >>> 2;
  x ^= x >>> 1;
  return x & 1;
}

/** The full run, with what the kernel chose (for tests and benchmarks). */
export function takeBreakRun(ruleset: TakeBreakRuleset, maxHeap: number, options: TakeBreakOptions = {}): TakeBreakRun {
  if (options.split && !splitIsValid(ruleset, options.split)) {
    throw new Error(`split ${JSON.stringify(options.split)} does not apply to ${ruleset.spec}`);
  }
  const moves = movesOf(ruleset);
  const { whole, single, pair, pairUnequal, triple, tripleUnequal } = moves;
  const N = maxHeap;
  const g = new Uint32Array(N + 1);
  const sparseCapable = pair.length > 0 && triple.length === 0;
  const twistCapable = sparseCapable && pair.every((k) => (k & 1) === (pair[0] & 1));
  const k0 = sparseCapable ? pair[0] : 0;

  // Value tables sized to a power of two P above every value so far, times two: option values
  // (XORs of values < P) and mexes (<= P) then never index past the end, so hot loops need no checks.
  let capacity = 64;
  let seen = new Int32Array(capacity); // seen[v] === n + 1: value v reached from heap n
  let need = new Int32Array(capacity); // need[v] === n + 1: class-q value v still to be found
  let classOf = new Uint8Array(capacity); // parity(popcount(v & mask)) for the split in use
  let hist = new Int32Array(2 * capacity); // hist[2v + (a mod 2)]: heaps 1..n-1 with value v
  let maxValue = 0;
  let rare = new Int32Array(256);
  let rareCount = 0;
  let split: SparseSplit | null = null;
  let s0 = 1;
  let sparseHeaps = 0;
  let checkpoint = Math.max(2, options.densePrefix ?? 1024);

  const fitValue = (v: number) => {
    if (2 * v + 2 <= capacity) return;
    let next = capacity;
    while (2 * v + 2 > next) next *= 2;
    const grownSeen = new Int32Array(next);
    grownSeen.set(seen);
    seen = grownSeen;
    const grownNeed = new Int32Array(next);
    grownNeed.set(need);
    need = grownNeed;
    const grownHist = new Int32Array(2 * next);
    grownHist.set(hist);
    hist = grownHist;
    classOf = new Uint8Array(next);
    if (split) fillClasses(classOf, split.mask);
    capacity = next;
  };
  const pushRare = (a: number) => {
    if (rareCount === rare.length) {
      const grown = new Int32Array(rare.length * 2);
      grown.set(rare);
      rare = grown;
    }
    rare[rareCount++] = a;
  };
  /** Switches to sparse mode with this split (rebuilding the rare list of heaps 1..upTo-1) or to dense (null). */
  const use = (next: SparseSplit | null, upTo: number) => {
    split = next;
    rareCount = 0;
    if (!next) return;
    s0 = 1 ^ (next.twist ? k0 & 1 : 0);
    fillClasses(classOf, next.mask);
    for (let a = 1; a < upTo; a++) {
      if ((classOf[g[a]] ^ (next.twist ? a & 1 : 0)) !== s0) pushRare(a);
    }
  };
  /** The split with the fewest rare heaps among heaps 1..n-1, scored from the histogram. */
  const bestSplit = (): { split: SparseSplit; rare: number } => {
    const values: number[] = [];
    for (let v = 0; v <= maxValue; v++) if (hist[2 * v] + hist[2 * v + 1] > 0) values.push(v);
    // masks over the low bits of the values, at most 2^25 (mask, value) scores per checkpoint
    let bits = Math.max(1, Math.min(MAX_MASK_BITS, 32 - Math.clz32(maxValue)));
    while (bits > 1 && (1 << bits) * values.length > 1 << 25) bits--;
    let best: { split: SparseSplit; rare: number } = { split: { mask: 1, twist: false }, rare: Infinity };
    for (const twist of twistCapable ? [false, true] : [false]) {
      const want = 1 ^ (twist ? k0 & 1 : 0);
      // mask 0 would put every value in one class: nothing would be cheap
      for (let mask = 1; mask < 1 << bits; mask++) {
        let count = 0;
        for (const v of values) {
          const p = parity(v & mask);
          if (p !== want) count += hist[2 * v];
          if ((p ^ (twist ? 1 : 0)) !== want) count += hist[2 * v + 1];
        }
        if (count < best.rare) best = { split: { mask, twist }, rare: count };
      }
    }
    return best;
  };

  for (let n = 0; n <= N; n++) {
    if (n === checkpoint && sparseCapable) {
      if (options.split) {
        use(options.split, n);
        checkpoint = Infinity;
      } else {
        const best = bestSplit();
        // sparse pays while rare heaps are few: O(#rare) per heap against O(n) pairs
        use(best.rare * 8 <= n ? best.split : null, n);
        checkpoint *= 2;
      }
    }
    const stamp = n + 1;
    for (let i = 0; i < whole.length; i++) if (whole[i] === n) seen[0] = stamp;
    for (let i = 0; i < single.length; i++) {
      const r = n - single[i];
      if (r >= 1) seen[g[r]] = stamp;
    }
    let value: number;
    if (split === null) {
      for (let i = 0; i < pair.length; i++) markPairs(g, seen, stamp, n - pair[i], pairUnequal[i]);
      for (let i = 0; i < triple.length; i++) markTriples(g, seen, stamp, n - triple[i], tripleUnequal[i]);
      value = 0;
      while (seen[value] === stamp) value++;
    } else {
      value = sparseStep(n, stamp, (split as SparseSplit).twist);
      sparseHeaps++;
    }
    g[n] = value;
    if (value > maxValue) {
      maxValue = value;
      fitValue(value);
    }
    if (n >= 1) {
      hist[2 * value + (n & 1)]++;
      if (split !== null && (classOf[value] ^ ((split as SparseSplit).twist ? n & 1 : 0)) !== s0) pushRare(n);
    }
  }

  /**
   * One sparse-space step: values from pairs with a rare member; the candidate = the smallest
   * unreached value outside class q; then a scan of all pairs until every class-q value below
   * the candidate has been seen (when one never is, it is the answer: n is a rare heap).
   */
  function sparseStep(n: number, stamp: number, twist: boolean): number {
    let q = -1; // class of the values of common pairs; -1 while no split of n is possible
    for (let i = 0; i < pair.length; i++) {
      const r = n - pair[i];
      if (r < 2) continue;
      q = twist ? r & 1 : 0;
      markRarePairs(g, seen, stamp, rare, rareCount, r, pairUnequal[i]);
    }
    let candidate = 0;
    let missing = 0;
    for (; seen[candidate] === stamp || classOf[candidate] === q; candidate++) {
      if (seen[candidate] !== stamp) {
        need[candidate] = stamp;
        missing++;
      }
    }
    for (let i = 0; i < pair.length && missing > 0; i++) {
      const r = n - pair[i];
      if (r >= 2) missing = findNeeded(g, need, stamp, r, pairUnequal[i], missing);
    }
    if (missing === 0) return candidate;
    let v = 0;
    while (need[v] !== stamp) v++;
    return v;
  }

  return { values: g, sparseHeaps, split, rareHeaps: split ? rareCount : 0 };
}

function fillClasses(classOf: Uint8Array, mask: number): void {
  for (let v = 0; v < classOf.length; v++) classOf[v] = parity(v & mask);
}

/** Marks g(a) ^ g(r - a) for every split of r into two heaps (unequal: a != r - a). O(r). */
function markPairs(g: Uint32Array, seen: Int32Array, stamp: number, r: number, unequal: number): void {
  for (let a = 1, b = r - 1; a <= b; a++, b--) {
    if (unequal && a === b) continue;
    seen[g[a] ^ g[b]] = stamp;
  }
}

/** Marks g(a) ^ g(b) ^ g(c) for every split of r into three heaps a <= b <= c. O(r^2). */
function markTriples(g: Uint32Array, seen: Int32Array, stamp: number, r: number, unequal: number): void {
  for (let a = 1; 3 * a <= r; a++) {
    const ga = g[a];
    for (let b = a, c = r - 2 * a; b <= c; b++, c--) {
      if (unequal && (a === b || b === c)) continue;
      seen[ga ^ g[b] ^ g[c]] = stamp;
    }
  }
}

/** Marks the splits of r into two heaps that contain a rare heap (ascending list). O(#rare). */
function markRarePairs(g: Uint32Array, seen: Int32Array, stamp: number, rare: Int32Array, count: number, r: number, unequal: number): void {
  // the rare heaps below r, with r/2 left out when the two heaps must differ: no test per pair
  const end = lowerBound(rare, count, r);
  const skip = unequal && (r & 1) === 0 ? lowerBound(rare, end, r >> 1) : end;
  const resume = skip < end && rare[skip] === r >> 1 ? skip + 1 : skip;
  markRareRange(g, seen, stamp, rare, 0, skip, r);
  markRareRange(g, seen, stamp, rare, resume, end, r);
}

/** The loop of markRarePairs, unrolled by four (a third fewer instructions per pair in V8). */
function markRareRange(g: Uint32Array, seen: Int32Array, stamp: number, rare: Int32Array, from: number, to: number, r: number): void {
  let j = from;
  for (; j + 3 < to; j += 4) {
    const a0 = rare[j], a1 = rare[j + 1], a2 = rare[j + 2], a3 = rare[j + 3];
    seen[g[a0] ^ g[r - a0]] = stamp;
    seen[g[a1] ^ g[r - a1]] = stamp;
    seen[g[a2] ^ g[r - a2]] = stamp;
    seen[g[a3] ^ g[r - a3]] = stamp;
  }
  for (; j < to; j++) {
    const a = rare[j];
    seen[g[a] ^ g[r - a]] = stamp;
  }
}

/** The first index j < count with list[j] >= value (count when none). */
function lowerBound(list: Int32Array, count: number, value: number): number {
  let lo = 0, hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Width of the scan's grid: pairs visited one after another are this far apart. */
const SCAN_STRIDE = 1009;

/**
 * Scans the splits of r into two heaps, clearing needed values as they appear, until none is
 * missing; returns how many are still missing (then every split has been seen). The smaller heap
 * a runs over 1..⌊(r-1)/2⌋ column by column of a grid SCAN_STRIDE wide: neighbouring heaps have
 * correlated values, so pairs far apart find the needed values in about half as many steps as a
 * sequential scan (measured on Grundy's game), and the inner loop has no test but the needed one.
 */
function findNeeded(g: Uint32Array, need: Int32Array, stamp: number, r: number, unequal: number, missing: number): number {
  if ((r & 1) === 0 && !unequal && need[0] === stamp) {
    need[0] = 0; // the split into two equal heaps: g ^ g = 0
    if (--missing === 0) return 0;
  }
  const half = (r - 1) >> 1;
  if (half < 1) return missing;
  // columns of a stride-wide grid over 1..half, starting at a column that moves with r
  const stride = Math.min(SCAN_STRIDE, half);
  const first = r % stride;
  for (let c = 0; c < stride; c++) {
    let column = first + c;
    if (column >= stride) column -= stride;
    for (let a = column + 1; a <= half; a += stride) {
      const x = g[a] ^ g[r - a];
      if (need[x] === stamp) {
        need[x] = 0;
        if (--missing === 0) return 0;
      }
    }
  }
  return missing;
}
