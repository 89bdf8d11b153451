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
 * number of rare heaps so far (from a histogram of (value, n mod 2) counted from the values below
 * the checkpoint); the kernel runs sparse with the best split while rare heaps stay below 1/8 of
 * the heaps, and dense otherwise. Codes without two-heap splits, or with three-heap splits (whose
 * triples of commons are common), stay dense.
 *
 * TakeBreakComputation runs this in pieces (extendTo, seed): the checkpoints and their splits
 * depend only on the values below them, so a chunked run, or one seeded with a cached prefix
 * (the checkpoints below it replayed, the rare list rebuilt), makes the same choices as one call.
 * The per-heap steps sit behind TakeBreakSteps: the TypeScript loops here (the reference) or the
 * WebAssembly kernel (assembly/takebreak.ts, src/engine/wasm/takebreak.ts).
 */
import type { GrundySequence } from '../../types.ts';
import type { TakeBreakRuleset } from './index.ts';

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
  /** Heaps computed by the sparse-space step (the rest were dense or seeded). */
  readonly sparseHeaps: number;
  /** The split in use at the end, or null when the run ended dense. */
  readonly split: SparseSplit | null;
  /** Rare heaps under the final split (when sparse). */
  readonly rareHeaps: number;
}

/** Most mask bits tried when choosing a split (4096 masks). */
const MAX_MASK_BITS = 12;
/** Default first checkpoint. */
const DENSE_PREFIX = 1024;

/** Grundy values of heaps 0..maxHeap of a take-and-break code (sparse space where it pays). */
export function takeBreakSequence(ruleset: TakeBreakRuleset, maxHeap: number, options: TakeBreakOptions = {}): GrundySequence {
  return takeBreakRun(ruleset, maxHeap, options).values;
}

/** Grundy values of heaps 0..maxHeap by the dense kernel only (the fallback; benchmarks). */
export function takeBreakDenseSequence(ruleset: TakeBreakRuleset, maxHeap: number): GrundySequence {
  return takeBreakRun(ruleset, maxHeap, { densePrefix: Number.MAX_SAFE_INTEGER }).values;
}

/** The full run by the TypeScript kernel, with what it chose (for tests and benchmarks). */
export function takeBreakRun(ruleset: TakeBreakRuleset, maxHeap: number, options: TakeBreakOptions = {}): TakeBreakRun {
  const computation = new TakeBreakComputation(ruleset, new TypedArraySteps(takeBreakMoves(ruleset), maxHeap + 1), options);
  computation.extendTo(maxHeap + 1);
  return computation.result();
}

/** A resumable TypeScript-kernel computation with room for `capacity` heaps (it grows past them). */
export function takeBreakComputation(ruleset: TakeBreakRuleset, capacity: number, options: TakeBreakOptions = {}): TakeBreakComputation {
  return new TakeBreakComputation(ruleset, new TypedArraySteps(takeBreakMoves(ruleset), capacity), options);
}

/** The code's moves, grouped by what remains. */
export interface TakeBreakMoves {
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

export function takeBreakMoves(ruleset: TakeBreakRuleset): TakeBreakMoves {
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
  const moves = takeBreakMoves(ruleset);
  if (moves.pair.length === 0 || moves.triple.length > 0 || !(split.mask > 0)) return false;
  return !split.twist || moves.pair.every((k) => (k & 1) === (moves.pair[0] & 1));
}

export function parity(x: number): number {
  x ^= x >>> 16;
  x ^= x >>> 8;
  x ^= x >>> 4;
  x ^= x >>> 2;
  x ^= x >>> 1;
  return x & 1;
}

/**
 * What a kernel does between checkpoints: the per-heap steps over one split (or dense). The
 * TypeScript loops below and the WebAssembly kernel (src/engine/wasm/takebreak.ts) implement it;
 * TakeBreakComputation decides the splits, so both choose the same ones.
 */
export interface TakeBreakSteps {
  /** g(0..n-1) for the n heaps known (a view, valid until the next call; it may be longer). */
  view(): ArrayLike<number>;
  /** Replaces everything with a known prefix g(0..prefix.length-1). */
  seed(prefix: ArrayLike<number>): void;
  /**
   * Switches to sparse mode with this split, rebuilding the rare list over heaps 1..upTo-1
   * (rare: class σ(a) != s0), or to dense mode (null).
   */
  use(split: SparseSplit | null, s0: number, upTo: number): void;
  /** Rare heaps in the list (sparse mode). */
  readonly rareCount: number;
  /** Computes heaps from..to-1 in the current mode, given heaps 0..from-1. */
  run(from: number, to: number): void;
  /** g(0..count-1) as a sequence of its own. */
  copy(count: number): GrundySequence;
}

/**
 * A take-and-break sequence computed in pieces: extendTo(count) computes heaps up to count-1,
 * seed(prefix) starts from known values (a cached prefix). The split is chosen at the checkpoints
 * densePrefix·2^j from the values below the checkpoint alone, so a seeded or chunked run chooses
 * the same splits as one call, and the values never depend on the split (only the speed does).
 */
export class TakeBreakComputation {
  /** Heaps 0..length-1 are computed. */
  length = 0;
  /** Heaps computed by the sparse-space step in this computation. */
  sparseHeaps = 0;
  /** The split in use (null: dense). */
  split: SparseSplit | null = null;
  private checkpoint: number;
  private readonly firstCheckpoint: number;
  private readonly sparseCapable: boolean;
  private readonly twistCapable: boolean;
  private readonly k0: number;

  constructor(
    readonly ruleset: TakeBreakRuleset,
    private readonly steps: TakeBreakSteps,
    private readonly options: TakeBreakOptions = {},
  ) {
    if (options.split && !splitIsValid(ruleset, options.split)) {
      throw new Error(`split ${JSON.stringify(options.split)} does not apply to ${ruleset.spec}`);
    }
    const { pair, triple } = takeBreakMoves(ruleset);
    this.sparseCapable = pair.length > 0 && triple.length === 0;
    this.twistCapable = this.sparseCapable && pair.every((k) => (k & 1) === (pair[0] & 1));
    this.k0 = this.sparseCapable ? pair[0] : 0;
    this.firstCheckpoint = this.checkpoint = Math.max(2, options.densePrefix ?? DENSE_PREFIX);
  }

  /**
   * How the kernel runs now, for a progress line: set when it runs the dense O(n^2) scan past the
   * first checkpoint on a code that splits heaps (no sparse split pays, or three-heap splits).
   */
  get note(): string | null {
    if (this.split || this.length < this.firstCheckpoint) return null;
    if (this.sparseCapable) return 'dense O(n²) scan: no sparse split pays here';
    return takeBreakMoves(this.ruleset).triple.length > 0 ? 'dense scan: three-heap splits, O(n³)' : null;
  }

  /** Rare heaps under the split in use (0 when dense). */
  get rareHeaps(): number {
    return this.split ? this.steps.rareCount : 0;
  }

  /**
   * Starts again from known values g(0..prefix.length-1) (trusted: e.g. a checksummed cache
   * entry). The checkpoints below the prefix's end are replayed from its values, so the split
   * in use is the one a run through those heaps would have chosen.
   */
  seed(prefix: ArrayLike<number>): void {
    this.steps.seed(prefix);
    this.length = prefix.length;
    this.sparseHeaps = 0;
    this.split = null;
    this.checkpoint = this.firstCheckpoint;
    if (this.sparseCapable) {
      if (this.options.split) {
        if (this.checkpoint < this.length) {
          this.split = this.options.split;
          this.checkpoint = Infinity;
        }
      } else {
        let last = -1;
        while (this.checkpoint < this.length) {
          last = this.checkpoint;
          this.checkpoint *= 2;
        }
        if (last >= 0) this.split = this.choose(last);
      }
    }
    this.steps.use(this.split, this.s0(), this.length);
  }

  /** Computes heaps length..count-1 (nothing when count <= length). */
  extendTo(count: number): void {
    while (this.length < count) {
      if (this.length === this.checkpoint && this.sparseCapable) {
        if (this.options.split) {
          this.split = this.options.split;
          this.checkpoint = Infinity;
        } else {
          this.split = this.choose(this.checkpoint);
          this.checkpoint *= 2;
        }
        this.steps.use(this.split, this.s0(), this.length);
      }
      const end = this.sparseCapable && this.checkpoint > this.length ? Math.min(count, this.checkpoint) : count;
      this.steps.run(this.length, end);
      if (this.split) this.sparseHeaps += end - this.length;
      this.length = end;
    }
  }

  /** g(0..length-1) (a sequence of its own). */
  values(): GrundySequence {
    return this.steps.copy(this.length);
  }

  result(): TakeBreakRun {
    return { values: this.values(), sparseHeaps: this.sparseHeaps, split: this.split, rareHeaps: this.rareHeaps };
  }

  /** Class of the common heaps: two commons then make a value of class q = t·(r mod 2). */
  private s0(): number {
    return this.split ? 1 ^ (this.split.twist ? this.k0 & 1 : 0) : 1;
  }

  /**
   * The split for the checkpoint at heap c: the mask and twist with the fewest rare heaps among
   * heaps 1..c-1 (scored from a histogram of (value, n mod 2)), or null (dense) when even the
   * best leaves more than 1/8 of them rare: sparse pays while O(#rare) per heap is below O(n).
   */
  private choose(c: number): SparseSplit | null {
    const g = this.steps.view();
    let maxValue = 0;
    for (let a = 0; a < c; a++) if (g[a] > maxValue) maxValue = g[a];
    const hist = new Float64Array(2 * (maxValue + 1));
    for (let a = 1; a < c; a++) hist[2 * g[a] + (a & 1)]++;
    const values: number[] = [];
    for (let v = 0; v <= maxValue; v++) if (hist[2 * v] + hist[2 * v + 1] > 0) values.push(v);
    // masks over the low bits of the values, at most 2^25 (mask, value) scores per checkpoint
    let bits = Math.max(1, Math.min(MAX_MASK_BITS, 32 - Math.clz32(maxValue)));
    while (bits > 1 && (1 << bits) * values.length > 1 << 25) bits--;
    let best: { split: SparseSplit; rare: number } = { split: { mask: 1, twist: false }, rare: Infinity };
    for (const twist of this.twistCapable ? [false, true] : [false]) {
      const want = 1 ^ (twist ? this.k0 & 1 : 0);
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
    return best.rare * 8 <= c ? best.split : null;
  }
}

/** The TypeScript kernel: the reference for the WebAssembly one, and the fallback without it. */
class TypedArraySteps implements TakeBreakSteps {
  private g: Uint32Array;
  // Value tables sized to a power of two P above every value so far, times two: option values
  // (XORs of values < P) and mexes (<= P) then never index past the end, so hot loops need no checks.
  private capacity = 64;
  private seen = new Int32Array(64); // seen[v] === n + 1: value v reached from heap n
  private need = new Int32Array(64); // need[v] === n + 1: class-q value v still to be found
  private classOf = new Uint8Array(64); // parity(popcount(v & mask)) for the split in use
  private maxValue = 0;
  private rare = new Int32Array(256);
  rareCount = 0;
  private split: SparseSplit | null = null;
  private s0 = 1;

  constructor(private readonly moves: TakeBreakMoves, capacity: number) {
    this.g = new Uint32Array(Math.max(1, capacity));
  }

  view(): ArrayLike<number> {
    return this.g;
  }

  copy(count: number): GrundySequence {
    return this.g.length === count ? this.g : this.g.slice(0, count);
  }

  seed(prefix: ArrayLike<number>): void {
    this.reserve(prefix.length);
    let top = 0;
    for (let i = 0; i < prefix.length; i++) {
      const v = prefix[i];
      this.g[i] = v;
      if (v > top) top = v;
    }
    this.maxValue = top;
    this.fitValue(top);
  }

  use(split: SparseSplit | null, s0: number, upTo: number): void {
    this.split = split;
    this.s0 = s0;
    this.rareCount = 0;
    if (!split) return;
    const { g, classOf } = this;
    fillClasses(classOf, split.mask);
    for (let a = 1; a < upTo; a++) {
      if ((classOf[g[a]] ^ (split.twist ? a & 1 : 0)) !== s0) this.pushRare(a);
    }
  }

  run(from: number, to: number): void {
    this.reserve(to);
    const { whole, single, pair, pairUnequal, triple, tripleUnequal } = this.moves;
    const g = this.g;
    const split = this.split;
    const twist = split !== null && split.twist;
    for (let n = from; n < to; n++) {
      const seen = this.seen;
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
        value = this.sparseStep(n, stamp, twist);
      }
      g[n] = value;
      if (value > this.maxValue) {
        this.maxValue = value;
        this.fitValue(value);
      }
      if (n >= 1 && split !== null && (this.classOf[value] ^ (twist ? n & 1 : 0)) !== this.s0) this.pushRare(n);
    }
  }

  /**
   * One sparse-space step: values from pairs with a rare member; the candidate = the smallest
   * unreached value outside class q; then a scan of all pairs until every class-q value below
   * the candidate has been seen (when one never is, it is the answer: n is a rare heap).
   */
  private sparseStep(n: number, stamp: number, twist: boolean): number {
    const { g, seen, need, classOf, rare, rareCount } = this;
    const { pair, pairUnequal } = this.moves;
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

  /** Room for heaps 0..count-1 (doubling). */
  private reserve(count: number): void {
    if (count <= this.g.length) return;
    const grown = new Uint32Array(Math.max(count, 2 * this.g.length));
    grown.set(this.g);
    this.g = grown;
  }

  private fitValue(v: number): void {
    if (2 * v + 2 <= this.capacity) return;
    let next = this.capacity;
    while (2 * v + 2 > next) next *= 2;
    const grownSeen = new Int32Array(next);
    grownSeen.set(this.seen);
    this.seen = grownSeen;
    const grownNeed = new Int32Array(next);
    grownNeed.set(this.need);
    this.need = grownNeed;
    this.classOf = new Uint8Array(next);
    if (this.split) fillClasses(this.classOf, this.split.mask);
    this.capacity = next;
  }

  private pushRare(a: number): void {
    if (this.rareCount === this.rare.length) {
      const grown = new Int32Array(this.rare.length * 2);
      grown.set(this.rare);
      this.rare = grown;
    }
    this.rare[this.rareCount++] = a;
  }
}

export function fillClasses(classOf: Uint8Array, mask: number): void {
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
