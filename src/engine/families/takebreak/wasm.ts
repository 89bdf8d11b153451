/**
 * Host side of the WebAssembly take-and-break kernel (assembly/takebreak.ts): lays out the moves,
 * value tables, rare list and g in one linear memory and runs the kernel's per-heap steps in
 * chunks, under the split TakeBreakComputation chooses (so both kernels choose the same splits).
 * Uses only the global WebAssembly API, so the same bytes run in Node and the page.
 */
import type { GrundySequence } from '../../types.ts';
import type { TakeBreakRuleset } from './index.ts';
import {
  TakeBreakComputation,
  fillClasses,
  takeBreakMoves,
  type SparseSplit,
  type TakeBreakMoves,
  type TakeBreakOptions,
  type TakeBreakRun,
  type TakeBreakSteps,
  type TakeBreakStops,
  type TakeBreakValues,
} from './sparse.ts';
import { TAKEBREAK_WASM } from './wasm.generated.ts';
import { wasmAvailable, wasmBytes, wasmPages } from '../../kernels/wasm.ts';

/** The kernel's exports: heaps from..to-1 with the layout at `header`; returns the heap it stopped before. */
interface TakeBreakExports {
  run16(header: number, from: number, to: number): number;
  run32(header: number, from: number, to: number): number;
}

/** Header fields (i32 slots; byte offsets in assembly/takebreak.ts are 4× these). */
const H = {
  g: 0,
  rare: 1,
  rareCount: 2,
  rareCap: 3,
  seen: 4,
  need: 5,
  cls: 6,
  valueCap: 7,
  maxValue: 8,
  sparse: 9,
  twist: 10,
  s0: 11,
  whole: 12,
  nWhole: 13,
  single: 14,
  nSingle: 15,
  pair: 16,
  nPair: 17,
  pairUnequal: 18,
  triple: 19,
  nTriple: 20,
  tripleUnequal: 21,
  valueMax: 22,
  /** The value of the last heap computed (of the heap not stored when a call stops early). */
  stop: 23,
  /** Scratch: four i32 per pair move (the bounds of a group's common loop over the rare list). */
  ranges: 24,
  /** Scratch: 32 bytes, the bitmap of needed values of the vector scan. */
  bitmap: 25,
  /** Stop after the heap that brings the rare list to this many entries, or whose value is at least valueStop. */
  rareStop: 26,
  valueStop: 27,
  /** Set by the kernel when it stopped at one of those (after storing the heap). */
  halt: 28,
  /** Slots 30 and 31: an f64, the pair checks of the heaps stored (TakeBreakSteps.work). */
  work: 30,
} as const;
const HEADER_BYTES = 128;
/** Heaps marked in one pass over the rare list: the kernel's GROUP (its tables of marks). */
const GROUP = 8;

/** Heaps per call in sparse mode: V8 swaps in optimized WebAssembly only between calls. */
export const TAKEBREAK_CALL_HEAPS = 4096;
/** Pair steps per call in dense mode (a heap costs O(n) there). */
const DENSE_CALL_STEPS = 1 << 22;
/** Value widths in bytes, with the largest value each holds (u32 values stay below 2^31: i32 in the kernel). */
const WIDTHS = [
  { bytes: 2, max: 0xffff },
  { bytes: 4, max: 0x7fffffff },
] as const;

let compiled: WebAssembly.Module | undefined;
let usable: boolean | undefined;

/** True when this runtime can run the kernel (WebAssembly with SIMD; checked once). */
export function takeBreakWasmAvailable(): boolean {
  usable ??=
    wasmAvailable() && typeof WebAssembly.validate === 'function' && WebAssembly.validate(wasmBytes(TAKEBREAK_WASM));
  return usable;
}

/** The compiled kernel (compiled once; small enough to compile synchronously). */
export function takeBreakModule(): WebAssembly.Module {
  compiled ??= new WebAssembly.Module(wasmBytes(TAKEBREAK_WASM));
  return compiled;
}

/** Sizes of one layout: heaps, value width (index into WIDTHS), value-table and rare-list entries. */
interface Sizes {
  readonly heaps: number;
  readonly width: number;
  readonly valueCap: number;
  readonly rareCap: number;
}

const align = (x: number, a: number) => Math.ceil(x / a) * a;

/**
 * The kernel's steps over one linear memory. When a value outgrows its width or the value
 * tables, the rare list fills or more heaps are asked for, the layout is rebuilt in a new memory
 * (copying g and the rare list): growing a memory in place would detach its ArrayBuffer, which
 * slows V8's typed-array code in the whole process.
 */
class WasmSteps implements TakeBreakSteps {
  private sizes: Sizes;
  private memory!: WebAssembly.Memory;
  private kernel!: TakeBreakExports;
  private header!: Int32Array;
  private gView!: TakeBreakValues;
  private split: SparseSplit | null = null;

  constructor(
    private readonly moves: TakeBreakMoves,
    capacity: number,
  ) {
    this.sizes = { heaps: Math.max(1, capacity), width: 0, valueCap: 64, rareCap: moves.pair.length > 0 ? 1024 : 0 };
    this.layout(this.sizes);
  }

  get rareCount(): number {
    return this.header[H.rareCount];
  }

  get work(): number {
    return new Float64Array(this.memory.buffer, 4 * H.work, 1)[0];
  }

  private get maxValue(): number {
    return this.header[H.maxValue];
  }

  /** Builds a fresh memory for `sizes`, carrying over g, the rare list and the mode. */
  private layout(sizes: Sizes, keepHeaps = 0): void {
    const old = this.header ? { header: this.header, g: this.gView, memory: this.memory } : null;
    const { whole, single, pair, pairUnequal, triple, tripleUnequal } = this.moves;
    let at = HEADER_BYTES;
    const take = (bytes: number) => {
      const start = at;
      at = align(at + bytes, 64);
      return start;
    };
    const wholePtr = take(4 * whole.length),
      singlePtr = take(4 * single.length);
    const pairPtr = take(4 * pair.length),
      pairNePtr = take(4 * pair.length);
    const triplePtr = take(4 * triple.length),
      tripleNePtr = take(4 * triple.length);
    const rangesPtr = take(16 * pair.length);
    const bitmapPtr = take(32);
    // GROUP tables of marks (a group of heaps is marked in one pass over the rare list)
    const seenPtr = take(4 * GROUP * sizes.valueCap),
      needPtr = take(4 * sizes.valueCap),
      clsPtr = take(sizes.valueCap);
    const rarePtr = take(8 * sizes.rareCap);
    const width = WIDTHS[sizes.width];
    const gPtr = take(width.bytes * sizes.heaps);
    const memory = new WebAssembly.Memory({ initial: wasmPages(at, 'take-and-break') });
    const buffer = memory.buffer;
    const header = new Int32Array(buffer, 0, HEADER_BYTES / 4);
    Object.assign(header, {
      [H.g]: gPtr,
      [H.rare]: rarePtr,
      [H.rareCap]: sizes.rareCap,
      [H.seen]: seenPtr,
      [H.need]: needPtr,
      [H.cls]: clsPtr,
      [H.valueCap]: sizes.valueCap,
      [H.whole]: wholePtr,
      [H.nWhole]: whole.length,
      [H.single]: singlePtr,
      [H.nSingle]: single.length,
      [H.pair]: pairPtr,
      [H.nPair]: pair.length,
      [H.pairUnequal]: pairNePtr,
      [H.triple]: triplePtr,
      [H.nTriple]: triple.length,
      [H.tripleUnequal]: tripleNePtr,
      [H.valueMax]: width.max,
      [H.ranges]: rangesPtr,
      [H.bitmap]: bitmapPtr,
    });
    new Int32Array(buffer, wholePtr, whole.length).set(whole);
    new Int32Array(buffer, singlePtr, single.length).set(single);
    new Int32Array(buffer, pairPtr, pair.length).set(pair);
    new Int32Array(buffer, pairNePtr, pair.length).set(pairUnequal);
    new Int32Array(buffer, triplePtr, triple.length).set(triple);
    new Int32Array(buffer, tripleNePtr, triple.length).set(tripleUnequal);
    const gView =
      width.bytes === 2 ? new Uint16Array(buffer, gPtr, sizes.heaps) : new Uint32Array(buffer, gPtr, sizes.heaps);
    if (old) {
      gView.set(old.g.subarray(0, keepHeaps));
      const count = old.header[H.rareCount];
      new Int32Array(buffer, rarePtr, 2 * count).set(new Int32Array(old.memory.buffer, old.header[H.rare], 2 * count));
      for (const field of [
        H.rareCount,
        H.maxValue,
        H.sparse,
        H.twist,
        H.s0,
        H.rareStop,
        H.valueStop,
        H.work,
        H.work + 1,
      ])
        header[field] = old.header[field];
    }
    this.memory = memory;
    this.header = header;
    this.gView = gView;
    this.sizes = sizes;
    this.kernel = new WebAssembly.Instance(takeBreakModule(), { env: { memory } })
      .exports as unknown as TakeBreakExports;
    if (this.split) this.fillClasses(this.split.mask);
  }

  private fillClasses(mask: number): void {
    fillClasses(new Uint8Array(this.memory.buffer, this.header[H.cls], this.sizes.valueCap), mask);
  }

  /** The sizes that hold heaps 0..heaps-1 with values up to maxValue and `rare` rare heaps. */
  private fit(heaps: number, maxValue: number, rare: number): Sizes {
    let { width, valueCap, rareCap } = this.sizes;
    while (WIDTHS[width].max < maxValue) width++;
    while (2 * maxValue + 2 > valueCap) valueCap *= 2;
    while (rare > rareCap) rareCap = Math.max(1024, 2 * rareCap);
    // more heaps: at least double, so extending in small steps copies g O(log) times
    const room = heaps <= this.sizes.heaps ? this.sizes.heaps : Math.max(heaps, 2 * this.sizes.heaps);
    return { heaps: room, width, valueCap, rareCap };
  }

  private refit(sizes: Sizes, keepHeaps: number): void {
    const s = this.sizes;
    if (
      sizes.heaps !== s.heaps ||
      sizes.width !== s.width ||
      sizes.valueCap !== s.valueCap ||
      sizes.rareCap !== s.rareCap
    )
      this.layout(sizes, keepHeaps);
  }

  view(): ArrayLike<number> {
    return this.gView;
  }

  values(count: number): TakeBreakValues {
    return this.gView.subarray(0, count);
  }

  seed(prefix: ArrayLike<number>): void {
    let top = 0;
    for (let i = 0; i < prefix.length; i++) if (prefix[i] > top) top = prefix[i];
    this.header[H.rareCount] = 0;
    this.refit(this.fit(prefix.length, top, 0), 0);
    new Float64Array(this.memory.buffer, 4 * H.work, 1)[0] = 0;
    const g = this.gView;
    for (let i = 0; i < prefix.length; i++) g[i] = prefix[i];
    this.header[H.maxValue] = top;
  }

  use(split: SparseSplit | null, s0: number, upTo: number): void {
    this.split = split;
    const header = this.header;
    header[H.rareCount] = 0;
    header[H.sparse] = split ? 1 : 0;
    header[H.twist] = split?.twist ? 1 : 0;
    header[H.s0] = s0;
    if (!split) return;
    this.fillClasses(split.mask);
    // two passes (count, then write into the list): no array of the rare heaps on the JS heap
    const twist = split.twist ? 1 : 0;
    const rareOf = (g: TakeBreakValues, cls: Uint8Array, a: number) => (cls[g[a]] ^ (twist & a)) !== s0;
    let count = 0;
    {
      const g = this.gView,
        cls = new Uint8Array(this.memory.buffer, header[H.cls], this.sizes.valueCap);
      for (let a = 1; a < upTo; a++) if (rareOf(g, cls, a)) count++;
    }
    this.refit(this.fit(upTo, this.maxValue, count), upTo);
    const g = this.gView,
      cls = new Uint8Array(this.memory.buffer, this.header[H.cls], this.sizes.valueCap);
    const list = new Int32Array(this.memory.buffer, this.header[H.rare], 2 * count);
    let j = 0;
    for (let a = 1; a < upTo; a++) {
      if (rareOf(g, cls, a)) {
        list[j++] = a;
        list[j++] = g[a];
      }
    }
    this.header[H.rareCount] = count;
  }

  run(from: number, to: number, stops: TakeBreakStops): number {
    this.refit(this.fit(to, this.maxValue, 0), from);
    this.header[H.rareStop] = Math.min(stops.rare, 0x7fffffff);
    this.header[H.valueStop] = Math.min(stops.value, 0x7fffffff);
    const moveCount = this.moves.pair.length + this.moves.triple.length * Math.max(1, from);
    let n = from;
    while (n < to) {
      const heaps =
        this.header[H.sparse] || moveCount === 0
          ? TAKEBREAK_CALL_HEAPS
          : Math.max(1, Math.min(TAKEBREAK_CALL_HEAPS, Math.floor(DENSE_CALL_STEPS / (moveCount * (n + 1)))));
      const end = Math.min(to, n + heaps);
      const kernel = this.kernel;
      const width = WIDTHS[this.sizes.width].bytes;
      const reached = width === 2 ? kernel.run16(0, n, end) : kernel.run32(0, n, end);
      if (this.header[H.halt]) return reached;
      if (reached < end) {
        // heap `reached` did not fit: make room for its value, and for one more rare heap if the list is full
        const count = this.rareCount;
        const before = this.sizes;
        this.refit(
          this.fit(to, Math.max(this.maxValue, this.header[H.stop]), count === this.sizes.rareCap ? count + 1 : count),
          reached,
        );
        if (this.sizes === before) throw new Error(`take-and-break kernel: no room found for heap ${reached}`); // never loop forever
      }
      n = reached;
    }
    return to;
  }
}

/** A resumable computation on the WebAssembly kernel with room for `capacity` heaps (it grows past them). */
export function wasmTakeBreakComputation(
  ruleset: TakeBreakRuleset,
  capacity: number,
  options: TakeBreakOptions = {},
): TakeBreakComputation {
  return new TakeBreakComputation(ruleset, new WasmSteps(takeBreakMoves(ruleset), capacity), options);
}

/** g(0..maxHeap) and what the kernel chose, computed by the WebAssembly kernel. */
export function wasmTakeBreakRun(
  ruleset: TakeBreakRuleset,
  maxHeap: number,
  options: TakeBreakOptions = {},
): TakeBreakRun {
  const computation = wasmTakeBreakComputation(ruleset, maxHeap + 1, options);
  computation.extendTo(maxHeap + 1);
  return computation.result();
}

/** g(0..maxHeap) by the WebAssembly kernel. */
export function wasmTakeBreakSequence(
  ruleset: TakeBreakRuleset,
  maxHeap: number,
  options: TakeBreakOptions = {},
): GrundySequence {
  return wasmTakeBreakRun(ruleset, maxHeap, options).values;
}
