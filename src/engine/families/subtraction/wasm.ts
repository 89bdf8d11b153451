/**
 * Host side of the WebAssembly subtraction kernel (assembly/subtraction.ts): lays out g, the moves
 * and the mark blocks in one linear memory and fills g in chunks. Uses only the global WebAssembly
 * API, so the same bytes run in Node, workers and the page.
 */
import type { GrundySequence } from '../../types.ts';
import { SUBTRACTION_WASM, SUBTRACTION_WASM_SHARED } from './wasm.generated.ts';
import { wasmBytes, wasmPages } from '../../kernels/wasm.ts';

export { wasmAvailable } from '../../kernels/wasm.ts';

/** The kernel's exports (pointers are byte offsets into the memory). */
export interface SubtractionExports {
  fold(
    g: number,
    moves: number,
    iFrom: number,
    iTo: number,
    n0: number,
    len: number,
    seen: number,
    stride: number,
  ): void;
  resolve(g: number, moves: number, nearEnd: number, n0: number, len: number, seen: number, stride: number): number;
  markBlock(
    g: number,
    moves: number,
    lo: number,
    hi: number,
    n0: number,
    len: number,
    sub: number,
    seen: number,
    stride: number,
    fresh: boolean,
  ): void;
  finishBlock(
    g: number,
    moves: number,
    lo: number,
    hi: number,
    subEnd: number,
    nearEnd: number,
    n0: number,
    len: number,
    sub: number,
    seen: number,
    stride: number,
    fresh: boolean,
  ): number;
  clear(ptr: number, bytes: number): void;
  strideFor(top: number): number;
  fill(g: number, moves: number, m: number, from: number, to: number, block: number, seen: number, top: number): number;
}

/** Values are u16 in the kernel: usable when every mex fits, i.e. fewer than 65535 moves. */
export const WASM_MAX_MOVES = 65_534;
/** Positions per block of the single-thread driver (marks of a block stay in L1/L2). */
export const WASM_BLOCK = 128;
/** Positions per call into the kernel: V8 tiers WebAssembly up between calls, not within one. */
export const WASM_CHUNK = 1 << 16;

const modules = new Map<boolean, WebAssembly.Module>();

/** The compiled kernel (compiled once per variant; the module is small enough to compile synchronously). */
export function subtractionModule(shared = false): WebAssembly.Module {
  let mod = modules.get(shared);
  if (!mod) {
    mod = new WebAssembly.Module(wasmBytes(shared ? SUBTRACTION_WASM_SHARED : SUBTRACTION_WASM));
    modules.set(shared, mod);
  }
  return mod;
}

/** Byte offsets of the arrays in the kernel's memory. */
export interface SubtractionLayout {
  /** Heaps 0..capacity-1 fit. */
  readonly capacity: number;
  readonly moveCount: number;
  readonly gPtr: number;
  readonly movesPtr: number;
  /** Mark buffers, `buffers` of them, each `seenBytes` = block·rowBytes long, starting here. */
  readonly seenPtr: number;
  readonly seenBytes: number;
  /** Bytes of marks a position may use (a multiple of 8; the widest stride). */
  readonly rowBytes: number;
  readonly buffers: number;
  readonly block: number;
  readonly bytes: number;
}

const align = (x: number, a: number) => Math.ceil(x / a) * a;

/**
 * Lays out memory for `capacity` positions, `moveCount` moves and `buffers` mark buffers of
 * `block` positions. A row holds one byte per possible value (values <= moveCount) and the 8-byte
 * scan granule, unless `rowCap` caps it (the parallel kernel's buffers; buffer 0 must still hold
 * WASM_BLOCK full rows for the single-thread driver).
 */
export function subtractionLayout(
  capacity: number,
  moveCount: number,
  buffers = 1,
  block = WASM_BLOCK,
  rowCap = Infinity,
): SubtractionLayout {
  const gPtr = 0;
  const movesPtr = align(2 * capacity, 64);
  const seenPtr = align(movesPtr + 4 * moveCount, 64);
  const fullRow = align(moveCount + 16, 8);
  const rowBytes = Math.min(fullRow, Math.max(8, Math.floor(rowCap / 8) * 8));
  const seenBytes = align(Math.max(block * rowBytes, WASM_BLOCK * fullRow), 64);
  const bytes = seenPtr + buffers * seenBytes;
  return { capacity, moveCount, gPtr, movesPtr, seenPtr, seenBytes, rowBytes, buffers, block, bytes };
}

/** A memory large enough for the layout (shared for worker threads). */
export function subtractionMemory(layout: SubtractionLayout, shared = false): WebAssembly.Memory {
  const pages = wasmPages(layout.bytes, 'subtraction');
  return shared
    ? new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true })
    : new WebAssembly.Memory({ initial: pages });
}

export function instantiateSubtraction(
  memory: WebAssembly.Memory,
  shared = false,
  module = subtractionModule(shared),
): SubtractionExports {
  return new WebAssembly.Instance(module, { env: { memory } }).exports as unknown as SubtractionExports;
}

/**
 * A subtraction sequence being filled by the kernel: heaps 0..length-1 are known. `moves` must list
 * the set up to the largest heap that will be asked for (ascending).
 */
export class WasmSubtraction {
  readonly layout: SubtractionLayout;
  readonly memory: WebAssembly.Memory;
  readonly kernel: SubtractionExports;
  /** Heaps 0..length-1 are computed. */
  length = 0;
  /** Largest value among them. */
  top = 0;

  constructor(
    readonly moves: Int32Array,
    capacity: number,
    options: { shared?: boolean; buffers?: number; block?: number; rowCap?: number } = {},
  ) {
    if (moves.length > WASM_MAX_MOVES)
      throw new RangeError(`subtraction kernel: ${moves.length} moves exceed ${WASM_MAX_MOVES}`);
    const shared = options.shared ?? false;
    this.layout = subtractionLayout(
      capacity,
      moves.length,
      options.buffers ?? 1,
      options.block ?? WASM_BLOCK,
      options.rowCap,
    );
    this.memory = subtractionMemory(this.layout, shared);
    this.kernel = instantiateSubtraction(this.memory, shared);
    new Int32Array(this.memory.buffer, this.layout.movesPtr, moves.length).set(moves);
  }

  /** The computed values (a view into the kernel's memory: copy before the kernel is dropped). */
  values(): Uint16Array {
    return new Uint16Array(this.memory.buffer, this.layout.gPtr, this.length);
  }

  /** Starts from a known prefix (e.g. a cached sequence) instead of heap 0. */
  seed(prefix: ArrayLike<number>): void {
    const n = Math.min(prefix.length, this.layout.capacity);
    const g = new Uint16Array(this.memory.buffer, this.layout.gPtr, n);
    let top = 0;
    for (let i = 0; i < n; i++) {
      const v = prefix[i];
      if (v > 0xffff) throw new RangeError('subtraction kernel: seeded value above 65535');
      g[i] = v;
      if (v > top) top = v;
    }
    this.length = n;
    this.top = top;
  }

  /** Computes heaps length..to-1 (to <= capacity), one chunk per call into the kernel. */
  extendTo(to: number, chunk = WASM_CHUNK): void {
    const { gPtr, movesPtr, seenPtr, moveCount } = this.layout;
    const block = Math.min(this.layout.block, WASM_BLOCK); // a larger layout block is for the threads' barriers
    const end = Math.min(to, this.layout.capacity);
    while (this.length < end) {
      const next = Math.min(this.length + chunk, end);
      this.top = this.kernel.fill(gPtr, movesPtr, moveCount, this.length, next, block, seenPtr, this.top);
      this.length = next;
    }
  }

  /** The computed values as the engine's sequence type (a copy). */
  toSequence(): GrundySequence {
    return Uint32Array.from(this.values());
  }
}

/** g(0..maxHeap) of the subtraction game with these moves (ascending, all <= maxHeap), single thread. */
export function wasmSubtractionSequence(moves: Int32Array, maxHeap: number): GrundySequence {
  const run = new WasmSubtraction(moves, maxHeap + 1);
  run.extendTo(maxHeap + 1);
  return run.toSequence();
}
