/**
 * Grundy kernels for take-and-break codes: a dense kernel over the code's moves and the
 * sparse-space kernel (rare and common values) that replaces its O(n) pair scan by O(#rare).
 *
 * Dense: g(n) = mex of the option values; a two-heap split of r = n - k costs O(r) pairs and a
 * three-heap split O(r^2) triples, so O(N^2) (O(N^3) with three-heap splits) overall.
 *
 * Sparse space (Winning Ways, "Sparse space spells speed"; Flammenkamp's record computations;
 * Czajka's octal-games): fix a mask m and a twist t ∈ {0, 1}, and give each heap a class
 *     σ(a) = parity(popcount(g(a) & m)) XOR (t · (a mod 2)).
 * For a split of r = n - k into a + b, parity(popcount((g(a) ^ g(b)) & m)) = σ(a) ^ σ(b) ^ t·(r mod 2),
 * so two heaps of the same class always give a value of class q = t·(r mod 2) (q depends only on
 * n and k; with t = 1 every splitting k must have the same parity). Heaps of the class s0 (the
 * one whose own value lies outside class q) are *common*, the others *rare*. Then:
 *  - values outside class q come only from pairs with a rare member: O(#rare) per n;
 *  - values of class q below the candidate are checked by scanning the pairs (a, r - a) for
 *    a = 1, 2, … until each is seen, which ends early because common pairs cover class q densely.
 * So g(n) = the smallest unreached value outside class q, unless a class-q value below it stays
 * unreached (then the scan runs to the end and finds the rare value). Exact for every mask; the
 * mask only decides the speed. O(N·(#rare + scan)) instead of O(N^2) when rare heaps are few.
 *
 * The scan runs a = 1, 2, … in order. Once the values settle into their period (or close to it),
 * two heaps far out give only a handful of XORs, and the needed class-q values come from a small
 * heap paired with a large one: an ascending scan finds them within a few hundred pairs, where
 * a scan spread over the whole range (an earlier grid order) needed tens of thousands per heap
 * (measured: .376 at heap 2.5·10^6, 630 pairs against 51,740; .354 at 10^6, 74 against 24,646;
 * on Grundy's game the ascending order needs about 1.6 times more pairs, read in order).
 *
 * The split follows the data (as Czajka's program does): the computation keeps the counts of
 * (value, n mod 2) over heaps 1..n-1, and the number of rare heaps of every mask over the low
 * bits of the values (at most MAX_MASK_BITS) and both twists is read off one fast Walsh–Hadamard
 * transform of those counts, O(V log V) for V = 2^(bits+1). The split is re-chosen
 *  - at the first checkpoint (`densePrefix`, heaps before it are dense),
 *  - whenever the heaps that came out rare since the last choice reach 1/16 of the rare heaps
 *    then (at least one: with few rare heaps, at every new one),
 *  - whenever the values need one more bit (a mask may then use it),
 *  - every DENSE_RECHECK heaps while dense;
 * it switches to the best split when that has at least 1/8 fewer rare heaps than the current one
 * (the rare list is then rebuilt, O(n)), and to the dense kernel while even the best leaves more
 * than 1/8 of the heaps rare (the `note` says so: never silently dense). Codes without two-heap
 * splits, or with three-heap splits (whose triples of commons are common), stay dense.
 *
 * TakeBreakComputation runs this in pieces (extendTo, seed): every choice depends only on the
 * values below the heap where it is made, so a chunked run, or one seeded with a cached prefix
 * (the choices below it replayed over its values), makes the same choices as one call. The per-heap
 * steps sit behind TakeBreakSteps: the TypeScript loops here (the reference) or the WebAssembly
 * kernel (wasm.as.ts, wasm.ts). Values are stored in 16 bits while every value fits, in 32 bits from
 * the first larger one (2 bytes per heap: 2^27 heaps take 256 MiB).
 */
import { walshHadamard } from '../../kernels/walsh-hadamard.ts';
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
  /** How many times the split was chosen (the first choice included). */
  readonly choices: number;
}

/** Values as a kernel stores them: 16 bits while every value fits, 32 bits from the first larger one. */
export type TakeBreakValues = Uint16Array | Uint32Array;

/** Most mask bits tried when choosing a split (4096 masks, a transform of 8192 counts). */
export const MAX_MASK_BITS = 12;
/** Default first checkpoint. */
const DENSE_PREFIX = 1024;
/** While dense past the first checkpoint, the split is looked for again every this many heaps. */
const DENSE_RECHECK = 1024;

/** Grundy values of heaps 0..maxHeap of a take-and-break code (sparse space where it pays). */
export function takeBreakSequence(
  ruleset: TakeBreakRuleset,
  maxHeap: number,
  options: TakeBreakOptions = {},
): GrundySequence {
  return takeBreakRun(ruleset, maxHeap, options).values;
}

/** Grundy values of heaps 0..maxHeap by the dense kernel only (the fallback; benchmarks). */
export function takeBreakDenseSequence(ruleset: TakeBreakRuleset, maxHeap: number): GrundySequence {
  return takeBreakRun(ruleset, maxHeap, { densePrefix: Number.MAX_SAFE_INTEGER }).values;
}

/** The full run by the TypeScript kernel, with what it chose (for tests and benchmarks). */
export function takeBreakRun(ruleset: TakeBreakRuleset, maxHeap: number, options: TakeBreakOptions = {}): TakeBreakRun {
  const computation = new TakeBreakComputation(
    ruleset,
    new TypedArraySteps(takeBreakMoves(ruleset), maxHeap + 1),
    options,
  );
  computation.extendTo(maxHeap + 1);
  return computation.result();
}

/** A resumable TypeScript-kernel computation with room for `capacity` heaps (it grows past them). */
export function takeBreakComputation(
  ruleset: TakeBreakRuleset,
  capacity: number,
  options: TakeBreakOptions = {},
): TakeBreakComputation {
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
  const pair = ks(4),
    triple = ks(8);
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

/** Where a kernel's run stops early, after storing the heap that reaches a bound (so the split can be re-chosen there). */
export interface TakeBreakStops {
  /** Stop once the rare list holds this many heaps (sparse mode). */
  readonly rare: number;
  /** Stop after a heap whose value is at least this. */
  readonly value: number;
}

const NO_STOPS: TakeBreakStops = { rare: Infinity, value: Infinity };

/**
 * What a kernel does between choices of the split: the per-heap steps over one split (or dense).
 * The TypeScript loops below and the WebAssembly kernel (wasm.ts) implement it;
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
  /**
   * Pair checks of the heaps computed since the last seed, counted from the algorithm (so every
   * kernel counts the same): per heap, for each two-heap move the rare heaps below r (sparse) or
   * ⌊r/2⌋ (dense), ⌊r²/12⌋ per three-heap move, and the pairs the class-q search examined (the
   * last a it read). The census's work budget is charged in these.
   */
  readonly work: number;
  /**
   * Computes heaps from..to-1 in the current mode, given heaps 0..from-1, stopping early after a
   * heap that reaches one of the stops; returns the heap it stopped before (to when all are done).
   */
  run(from: number, to: number, stops: TakeBreakStops): number;
  /** g(0..count-1): a view in the kernel's own width (values below count never change). */
  values(count: number): TakeBreakValues;
}

/**
 * A take-and-break sequence computed in pieces: extendTo(count) computes heaps up to count-1,
 * seed(prefix) starts from known values (a cached prefix). The split is re-chosen from the values
 * below the heap where the choice is made (see the file's header), so a seeded or chunked run
 * chooses the same splits as one call, and the values never depend on the split (only the speed does).
 */
export class TakeBreakComputation {
  /** Heaps 0..length-1 are computed. */
  length = 0;
  /** Heaps computed by the sparse-space step in this computation. */
  sparseHeaps = 0;
  /** The split in use (null: dense). */
  split: SparseSplit | null = null;
  /** How many times the split was chosen (the first choice included). */
  choices = 0;
  private readonly firstCheckpoint: number;
  private readonly sparseCapable: boolean;
  private readonly twistCapable: boolean;
  private readonly k0: number;
  /** counts[(v mod 2^MAX_MASK_BITS) << 1 | (n & 1)] over heaps 1..length-1 */
  private counts = new Float64Array(2 << MAX_MASK_BITS);
  private maxValue = 0;
  /** A choice is due before the next heap. */
  private due = false;
  private stops: TakeBreakStops = NO_STOPS;
  private nextDenseCheck = Infinity;

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
    this.firstCheckpoint = Math.max(2, options.densePrefix ?? DENSE_PREFIX);
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

  /** Pair checks of the heaps computed by this computation's kernel (TakeBreakSteps.work). */
  get work(): number {
    return this.steps.work;
  }

  /** Rare heaps under the split in use (0 when dense). */
  get rareHeaps(): number {
    return this.split ? this.steps.rareCount : 0;
  }

  /**
   * Starts again from known values g(0..prefix.length-1) (trusted: e.g. a checksummed cache
   * entry). The choices below the prefix's end are replayed over its values, so the split in use
   * is the one a run through those heaps would have chosen.
   */
  seed(prefix: ArrayLike<number>): void {
    this.steps.seed(prefix);
    this.reset();
    const replay = new KnownSteps(prefix);
    this.advance(replay, prefix.length);
    this.sparseHeaps = 0;
    this.steps.use(this.split, this.s0(), this.length);
  }

  /** Computes heaps length..count-1 (nothing when count <= length). */
  extendTo(count: number): void {
    this.advance(this.steps, count);
  }

  /** g(0..length-1): a view in the kernel's width (16 or 32 bits), which later calls leave as it is. */
  values(): TakeBreakValues {
    return this.steps.values(this.length);
  }

  result(): TakeBreakRun {
    const values = this.values();
    return {
      values: values instanceof Uint32Array ? values : Uint32Array.from(values),
      sparseHeaps: this.sparseHeaps,
      split: this.split,
      rareHeaps: this.rareHeaps,
      choices: this.choices,
    };
  }

  private reset(): void {
    this.length = 0;
    this.sparseHeaps = 0;
    this.split = null;
    this.choices = 0;
    this.counts.fill(0);
    this.maxValue = 0;
    this.due = false;
    this.stops = NO_STOPS;
    this.nextDenseCheck = Infinity;
  }

  /** The loop of extendTo over given steps (the kernel's, or a replay over known values). */
  private advance(steps: TakeBreakSteps, count: number): void {
    while (this.length < count) {
      if (this.due) this.choose(steps);
      let end = count;
      if (this.sparseCapable) {
        if (this.length < this.firstCheckpoint) end = Math.min(end, this.firstCheckpoint);
        else if (!this.split) end = Math.min(end, this.nextDenseCheck);
      }
      const from = this.length;
      const reached = steps.run(from, end, this.split ? this.stops : NO_STOPS);
      this.count(steps.view(), from, reached);
      if (this.split) this.sparseHeaps += reached - from;
      this.length = reached;
      if (!this.sparseCapable || this.due) continue;
      if (reached === this.firstCheckpoint) this.due = true;
      else if (this.split) this.due = steps.rareCount >= this.stops.rare || this.maxValue >= this.stops.value;
      else if (reached >= this.firstCheckpoint) this.due = reached >= this.nextDenseCheck;
    }
  }

  /** Adds heaps from..to-1 to the counts of (value, n mod 2). */
  private count(g: ArrayLike<number>, from: number, to: number): void {
    const counts = this.counts;
    const low = (1 << MAX_MASK_BITS) - 1;
    let top = this.maxValue;
    for (let n = Math.max(1, from); n < to; n++) {
      const v = g[n];
      counts[((v & low) << 1) | (n & 1)]++;
      if (v > top) top = v;
    }
    if (from === 0 && to > 0 && g[0] > top) top = g[0];
    this.maxValue = top;
  }

  /** Class of the common heaps under a twist: two commons then make a value of class q = t·(r mod 2). */
  private s0(split: SparseSplit | null = this.split): number {
    return split ? 1 ^ (split.twist ? this.k0 & 1 : 0) : 1;
  }

  /** Re-chooses the split at heap `length` (see the file's header for when and how). */
  private choose(steps: TakeBreakSteps): void {
    this.due = false;
    this.choices++;
    let next: SparseSplit | null;
    if (this.options.split) {
      next = this.options.split;
    } else {
      const heaps = Math.max(0, this.length - 1);
      const best = this.best();
      const current = this.split ? steps.rareCount : Infinity;
      if (!best || best.rare * 8 > heaps) next = null;
      else if (best.rare * 8 < current * 7) next = best.split;
      else next = this.split;
    }
    if (next !== this.split) {
      this.split = next;
      steps.use(next, this.s0(next), this.length);
    }
    if (this.options.split) {
      this.stops = NO_STOPS;
      return;
    }
    const rare = this.split ? steps.rareCount : 0;
    const bits = 32 - Math.clz32(this.maxValue);
    this.stops = { rare: rare + Math.max(1, rare >> 4), value: bits < MAX_MASK_BITS ? 2 ** bits : Infinity };
    this.nextDenseCheck = this.split ? Infinity : (Math.floor(this.length / DENSE_RECHECK) + 1) * DENSE_RECHECK;
  }

  /**
   * The split with the fewest rare heaps among heaps 1..length-1: a fast Walsh–Hadamard transform
   * of the counts of (value, n mod 2) folded to the values' bits gives, for i = mask·2 + twist,
   * H[i] = #(σ = 0) - #(σ = 1). Ties go to the smaller mask, no twist first. Null without a mask.
   */
  private best(): { split: SparseSplit; rare: number } | null {
    const bits = Math.max(1, Math.min(MAX_MASK_BITS, 32 - Math.clz32(this.maxValue)));
    const size = 2 << bits;
    const h = new Float64Array(size);
    const counts = this.counts;
    for (let i = 0; i < counts.length; i++) h[i & (size - 1)] += counts[i];
    let total = 0;
    for (let i = 0; i < size; i++) total += h[i];
    walshHadamard(h);
    let best: { split: SparseSplit; rare: number } | null = null;
    for (let mask = 1; mask < 1 << bits; mask++) {
      for (let t = 0; t <= (this.twistCapable ? 1 : 0); t++) {
        const balance = h[(mask << 1) | t];
        // the rare class is 1 ^ s0: class 0 when s0 = 1
        const s0 = 1 ^ (t ? this.k0 & 1 : 0);
        const rare = s0 === 1 ? (total + balance) / 2 : (total - balance) / 2;
        if (!best || rare < best.rare) best = { split: { mask, twist: t === 1 }, rare };
      }
    }
    return best;
  }
}

/**
 * Steps over values already known (a seeded prefix): "computing" a heap reads it, so the choices
 * of the split are replayed exactly where a run would make them; only the rare count is kept.
 */
class KnownSteps implements TakeBreakSteps {
  rareCount = 0;
  readonly work = 0;
  private mask = 0;
  private twist = 0;
  private s0 = 1;
  private sparse = false;

  constructor(private readonly g: ArrayLike<number>) {}

  view(): ArrayLike<number> {
    return this.g;
  }

  seed(): void {}

  values(): TakeBreakValues {
    throw new Error('internal: a replay has no values of its own');
  }

  use(split: SparseSplit | null, s0: number, upTo: number): void {
    this.sparse = split !== null;
    this.rareCount = 0;
    if (!split) return;
    this.mask = split.mask;
    this.twist = split.twist ? 1 : 0;
    this.s0 = s0;
    for (let a = 1; a < upTo; a++) if (this.isRare(a)) this.rareCount++;
  }

  run(from: number, to: number, stops: TakeBreakStops): number {
    for (let n = from; n < to; n++) {
      if (this.sparse && n >= 1 && this.isRare(n)) this.rareCount++;
      if (this.rareCount >= stops.rare || this.g[n] >= stops.value) return n + 1;
    }
    return to;
  }

  private isRare(a: number): boolean {
    return (parity(this.g[a] & this.mask) ^ (this.twist & a)) !== this.s0;
  }
}

/** The TypeScript kernel: the reference for the WebAssembly one, and the fallback without it. */
class TypedArraySteps implements TakeBreakSteps {
  /** 16-bit values until one passes 65535, then 32-bit */
  private g: TakeBreakValues;
  // Value tables sized to a power of two P above every value so far, times two: option values
  // (XORs of values < P) and mexes (<= P) then never index past the end, so hot loops need no checks.
  private capacity = 64;
  private seen = new Int32Array(64); // seen[v] === n + 1: value v reached from heap n
  private need = new Int32Array(64); // need[v] === n + 1: class-q value v still to be found
  private classOf = new Uint8Array(64); // parity(popcount(v & mask)) for the split in use
  private maxValue = 0;
  private rare = new Int32Array(256);
  rareCount = 0;
  work = 0;
  private split: SparseSplit | null = null;
  private s0 = 1;

  constructor(
    private readonly moves: TakeBreakMoves,
    capacity: number,
  ) {
    this.g = new Uint16Array(Math.max(1, capacity));
  }

  view(): ArrayLike<number> {
    return this.g;
  }

  values(count: number): TakeBreakValues {
    return this.g.subarray(0, count);
  }

  seed(prefix: ArrayLike<number>): void {
    let top = 0;
    for (let i = 0; i < prefix.length; i++) if (prefix[i] > top) top = prefix[i];
    this.g =
      top > 0xffff
        ? new Uint32Array(Math.max(prefix.length, this.g.length))
        : new Uint16Array(Math.max(prefix.length, this.g.length));
    for (let i = 0; i < prefix.length; i++) this.g[i] = prefix[i];
    this.maxValue = top;
    this.fitValue(top);
    this.rareCount = 0;
    this.work = 0;
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

  run(from: number, to: number, stops: TakeBreakStops): number {
    this.reserve(to);
    const { whole, single, pair, pairUnequal, triple, tripleUnequal } = this.moves;
    const split = this.split;
    const twist = split?.twist === true;
    for (let n = from; n < to; n++) {
      const g = this.g;
      const seen = this.seen;
      const stamp = n + 1;
      for (let i = 0; i < whole.length; i++) if (whole[i] === n) seen[0] = stamp;
      for (let i = 0; i < single.length; i++) {
        const r = n - single[i];
        if (r >= 1) seen[g[r]] = stamp;
      }
      let value: number;
      if (split === null) {
        for (let i = 0; i < pair.length; i++) {
          const r = n - pair[i];
          markPairs(g, seen, stamp, r, pairUnequal[i]);
          if (r >= 2) this.work += r >> 1;
        }
        for (let i = 0; i < triple.length; i++) {
          const r = n - triple[i];
          markTriples(g, seen, stamp, r, tripleUnequal[i]);
          if (r >= 3) this.work += Math.floor((r * r) / 12);
        }
        value = 0;
        while (seen[value] === stamp) value++;
      } else {
        value = this.sparseStep(n, stamp, twist);
      }
      if (value > this.maxValue) {
        this.maxValue = value;
        this.fitValue(value);
      }
      this.g[n] = value;
      if (n >= 1 && split !== null && (this.classOf[value] ^ (twist ? n & 1 : 0)) !== this.s0) this.pushRare(n);
      if (this.rareCount >= stops.rare || value >= stops.value) return n + 1;
    }
    return to;
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
      this.work += markRarePairs(g, seen, stamp, rare, rareCount, r, pairUnequal[i]);
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
      if (r < 2) continue;
      missing = findNeeded(g, need, stamp, r, pairUnequal[i], missing);
      this.work += scanned;
    }
    if (missing === 0) return candidate;
    let v = 0;
    while (need[v] !== stamp) v++;
    return v;
  }

  /** Room for heaps 0..count-1 (doubling). */
  private reserve(count: number): void {
    if (count <= this.g.length) return;
    const grown =
      this.g instanceof Uint16Array
        ? new Uint16Array(Math.max(count, 2 * this.g.length))
        : new Uint32Array(Math.max(count, 2 * this.g.length));
    grown.set(this.g);
    this.g = grown;
  }

  private fitValue(v: number): void {
    if (v > 0xffff && this.g instanceof Uint16Array) this.g = Uint32Array.from(this.g);
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
function markPairs(g: TakeBreakValues, seen: Int32Array, stamp: number, r: number, unequal: number): void {
  for (let a = 1, b = r - 1; a <= b; a++, b--) {
    if (unequal && a === b) continue;
    seen[g[a] ^ g[b]] = stamp;
  }
}

/** Marks g(a) ^ g(b) ^ g(c) for every split of r into three heaps a <= b <= c. O(r^2). */
function markTriples(g: TakeBreakValues, seen: Int32Array, stamp: number, r: number, unequal: number): void {
  for (let a = 1; 3 * a <= r; a++) {
    const ga = g[a];
    for (let b = a, c = r - 2 * a; b <= c; b++, c--) {
      if (unequal && (a === b || b === c)) continue;
      seen[ga ^ g[b] ^ g[c]] = stamp;
    }
  }
}

/**
 * Marks the splits of r into two heaps that contain a rare heap (ascending list). O(#rare).
 * Returns the number of rare heaps below r (the pair checks counted, whatever '!' leaves out).
 */
function markRarePairs(
  g: TakeBreakValues,
  seen: Int32Array,
  stamp: number,
  rare: Int32Array,
  count: number,
  r: number,
  unequal: number,
): number {
  // the rare heaps below r, with r/2 left out when the two heaps must differ: no test per pair
  const end = lowerBound(rare, count, r);
  const skip = unequal && (r & 1) === 0 ? lowerBound(rare, end, r >> 1) : end;
  const resume = skip < end && rare[skip] === r >> 1 ? skip + 1 : skip;
  markRareRange(g, seen, stamp, rare, 0, skip, r);
  markRareRange(g, seen, stamp, rare, resume, end, r);
  return end;
}

/** The loop of markRarePairs, unrolled by four (a third fewer instructions per pair in V8). */
function markRareRange(
  g: TakeBreakValues,
  seen: Int32Array,
  stamp: number,
  rare: Int32Array,
  from: number,
  to: number,
  r: number,
): void {
  let j = from;
  for (; j + 3 < to; j += 4) {
    const a0 = rare[j],
      a1 = rare[j + 1],
      a2 = rare[j + 2],
      a3 = rare[j + 3];
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
  let lo = 0,
    hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Pairs the last findNeeded examined (a = 1 .. scanned): the pair checks it counts. */
let scanned = 0;

/**
 * Scans the splits of r into two heaps (a, r - a), a = 1, 2, … (see the file's header for why in
 * this order), clearing needed values as they appear, until none is missing; returns how many are
 * still missing (then every split has been seen). Sets `scanned`.
 */
function findNeeded(
  g: TakeBreakValues,
  need: Int32Array,
  stamp: number,
  r: number,
  unequal: number,
  missing: number,
): number {
  scanned = 0;
  if ((r & 1) === 0 && !unequal && need[0] === stamp) {
    need[0] = 0; // the split into two equal heaps: g ^ g = 0
    if (--missing === 0) return 0;
  }
  const half = (r - 1) >> 1;
  for (let a = 1; a <= half; a++) {
    const x = g[a] ^ g[r - a];
    if (need[x] === stamp) {
      need[x] = 0;
      if (--missing === 0) {
        scanned = a;
        return 0;
      }
    }
  }
  scanned = Math.max(0, half);
  return missing;
}
