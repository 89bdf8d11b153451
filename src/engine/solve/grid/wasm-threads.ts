/**
 * The WebAssembly grid core's seats on one shared memory, for a search on several threads
 * (threads.ts runs the jobs): every thread instantiates the shared-memory build of wasm.as.ts
 * (--sharedMemory, threads) over the same WebAssembly.Memory. An instance's globals (the search's
 * state) are its own; its stacks lie in its seat's region of the memory; the transposition table
 * and its guard words are common, every entry written and read under its bucket's sequence lock
 * (wasm.as.ts, "the shared table"), so a seat never takes a torn entry and any fact one seat proves
 * serves all. The memory is plain data: it crosses to a helper thread inside its HelperSetup.
 */
import { WASM_PAGE, WASM_MAX_PAGES, wasmAvailable, wasmBytes, wasmPages } from '../../kernels/wasm.ts';
import { GAME_CODES, WASM_GRID_CELLS, type WasmGridGame, packGrid } from './wasm.ts';
import { GRID_WASM_SHARED } from './wasm.generated.ts';

interface SharedGridExports {
  sharedBytes(bits: number, seats: number): number;
  takeSeat(seat: number, bits: number): void;
  spread(seat: number, seats: number, fromCells: number): void;
  init(bits: number, method: number, game: number): void;
  positions(): number;
  size(): number;
  evicted(): number;
  grundy(lo: number, hi: number, w: number): number;
  hasValue(lo: number, hi: number, w: number, k: number): number;
}

/**
 * Most seats of one memory: each has 12 MiB of stacks past the table, so 64 seats and the largest
 * table (2^26 entries of 17 bytes with their guards) stay within the 4 GiB a memory can address.
 */
export const MAX_WASM_SEATS = 64;

/** The shared memory of a threaded search and what every seat sets its instance up with. */
export interface WasmThreadsMemory {
  readonly memory: WebAssembly.Memory;
  readonly game: WasmGridGame;
  /** The table grows up to 2^bits entries. */
  readonly bits: number;
  readonly seats: number;
  /** 'br': Beling–Rogalski set questions; 'lvb': one value per question. */
  readonly method: 'br' | 'lvb';
}

let compiled: WebAssembly.Module | null | undefined;

/** The shared-memory build, compiled once; null where this runtime has no WebAssembly threads or shared memory. */
function sharedModule(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  try {
    compiled = wasmAvailable(true) ? new WebAssembly.Module(wasmBytes(GRID_WASM_SHARED)) : null;
  } catch {
    // a runtime without the threads proposal rejects the module's shared memory and atomics
    compiled = null;
  }
  return compiled;
}

/** True when this runtime can run the WebAssembly grid core on several threads. */
export function wasmThreadsAvailable(): boolean {
  return sharedModule() !== null;
}

/** A fresh shared memory for `seats` seats (2 to MAX_WASM_SEATS) and a table of up to 2^bits entries (4..26). */
export function wasmThreadsMemory(
  game: WasmGridGame,
  bits: number,
  seats: number,
  method: 'br' | 'lvb' = 'br',
): WasmThreadsMemory {
  const module = sharedModule();
  if (!module) throw new Error('this runtime has no WebAssembly threads');
  if (!(bits >= 4 && bits <= 26)) throw new RangeError('table bits must be between 4 and 26');
  if (!(seats >= 1 && seats <= MAX_WASM_SEATS)) throw new RangeError(`seats must be between 1 and ${MAX_WASM_SEATS}`);
  // the layout is the module's: an instance on a page of scratch memory says how many bytes it takes
  const probe = new WebAssembly.Instance(module, {
    env: { memory: new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true }), poll: () => {} },
  }).exports as unknown as SharedGridExports;
  const pages = wasmPages(probe.sharedBytes(bits, seats), 'grid');
  const memory = new WebAssembly.Memory({ initial: pages, maximum: WASM_MAX_PAGES, shared: true });
  return { memory, game, bits, seats, method };
}

/**
 * One seat's instance on a shared memory: seat 0 is the calling thread's, 1.. the helpers'.
 * `poll` is called every 1024 positions and may throw (an answer came, the job is over, a limit):
 * the seat's stacks are reset by its next question, and it holds no guard at a poll.
 */
export class WasmSeat {
  private readonly core: SharedGridExports;

  constructor(
    shared: WasmThreadsMemory,
    readonly seat: number,
    poll: () => void,
  ) {
    const module = sharedModule();
    if (!module) throw new Error('this runtime has no WebAssembly threads');
    if (shared.memory.buffer.byteLength < WASM_PAGE) throw new RangeError('a shared grid memory too small');
    this.core = new WebAssembly.Instance(module, { env: { memory: shared.memory, poll } })
      .exports as unknown as SharedGridExports;
    this.core.takeSeat(seat, shared.bits);
    this.core.spread(seat, shared.seats, 0);
    this.core.init(shared.bits, shared.method === 'lvb' ? 1 : 0, GAME_CODES[shared.game]);
  }

  /** From now on, options of shapes of at least `cells` cells are tried from this seat's share on. */
  spreadFrom(cells: number, seats: number): void {
    this.core.spread(this.seat, seats, cells);
  }

  private packed(rows: readonly number[]) {
    const p = packGrid(rows);
    if (!p) throw new RangeError(`a position beyond ${WASM_GRID_CELLS} cells is beyond the WebAssembly grid core`);
    return p;
  }

  grundy(rows: readonly number[]): number {
    const p = this.packed(rows);
    return this.core.grundy(p.lo, p.hi, p.w);
  }

  hasValue(rows: readonly number[], k: number): boolean {
    const p = this.packed(rows);
    return this.core.hasValue(p.lo, p.hi, p.w, k) === 1;
  }

  /** Positions this seat has searched. */
  get positions(): number {
    return this.core.positions();
  }

  /** Entries this seat added to the table. */
  get size(): number {
    return this.core.size();
  }

  /** Entries this seat's writes replaced. */
  get evicted(): number {
    return this.core.evicted();
  }
}
