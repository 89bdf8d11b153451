/**
 * Host side of the WebAssembly grid core (wasm.as.ts, Cram and Node Kayles on boards of up to 64 cells): packs a
 * position's row masks into one 64-bit word (two 32-bit halves), owns the core's memory (its
 * stacks and table) and turns its poll into the search's limits. Uses only the global WebAssembly
 * API, so the same bytes run in Node and the page. search.ts stays the reference: the tests pit
 * this core against it and the oracle.
 */
import { WASM_PAGE, wasmAvailable, wasmBytes, wasmPages } from '../../kernels/wasm.ts';
import { SearchStopped, type SearchOptions, type SearchStats } from '../search/solver.ts';
import { popcount } from './shape.ts';
import { GRID_WASM } from './wasm.generated.ts';

interface GridExports {
  tableBase(): number;
  init(bits: number, method: number, game: number): void;
  positions(): number;
  size(): number;
  evicted(): number;
  grundy(lo: number, hi: number, w: number): number;
  hasValue(lo: number, hi: number, w: number, k: number): number;
}

/**
 * The games the WebAssembly core plays, by their move (a family's GridRules names one to be searched
 * by it): a move clears two adjacent cells ('dominoes': Cram) or a cell with its four neighbours
 * ('cell-and-neighbours': Node Kayles on a grid graph's induced subgraphs).
 */
export type WasmGridGame = 'dominoes' | 'cell-and-neighbours';

/** Each game's number in the core (wasm.as.ts DOMINOES, NODE_KAYLES). */
export const GAME_CODES: Readonly<Record<WasmGridGame, number>> = { dominoes: 0, 'cell-and-neighbours': 1 };

/** What the service's faces ask a WebAssembly grid core, on one thread (WasmGridCore) or several (threads.ts). */
export interface WasmSearch {
  readonly game: WasmGridGame;
  /** The Grundy value of a position (row masks). */
  grundy(rows: readonly number[]): number;
  /** True when the position's value is k. */
  hasValue(rows: readonly number[], k: number): boolean;
  readonly stats: SearchStats;
}

/** Most cells of a position's bounding box that the WebAssembly core takes: one 64-bit word. */
export const WASM_GRID_CELLS = 64;

/** A position as the core reads it: its cells row-major at stride w in its bounding box, as two 32-bit halves. */
export interface PackedGrid {
  readonly lo: number;
  readonly hi: number;
  readonly w: number;
  readonly cells: number;
}

/**
 * The position packed for the core, or null when its bounding box is beyond it (more than 64
 * cells, or a side of 64: the core shifts by a side, and a shift by 64 is none in WebAssembly).
 */
export function packGrid(rows: readonly number[]): PackedGrid | null {
  let top = -1;
  let bottom = -1;
  let all = 0;
  for (let r = 0; r < rows.length; r++) {
    if (rows[r] === 0) continue;
    if (top < 0) top = r;
    bottom = r;
    all |= rows[r];
  }
  if (top < 0) return { lo: 0, hi: 0, w: 1, cells: 0 };
  const low = 31 - Math.clz32(all & -all);
  const w = 32 - Math.clz32(all) - low;
  const h = bottom - top + 1;
  if (h * w > WASM_GRID_CELLS || h >= 64 || w >= 64) return null;
  let lo = 0;
  let hi = 0;
  let cells = 0;
  for (let r = top; r <= bottom; r++) {
    const row = rows[r] >>> low;
    cells += popcount(row);
    const at = (r - top) * w;
    if (at < 32) {
      lo |= row << at;
      if (at + w > 32) hi |= row >>> (32 - at);
    } else hi |= row << (at - 32);
  }
  return { lo: lo >>> 0, hi: hi >>> 0, w, cells };
}

let compiled: WebAssembly.Module | undefined;

/**
 * An instance of the core with its memory, lent to one WasmGridCore at a time. A thread keeps one
 * (`threadSeat`) for every core made on it in turn, grown to the largest table asked for: a search
 * thread that runs search after search (the server's workers) then holds one memory instead of one
 * a search until a garbage collection, which a worker thread cannot force. The core's globals
 * (positions, entries) and its table are the holder's; init() clears what an earlier holder stored.
 */
interface Seat {
  readonly memory: WebAssembly.Memory;
  readonly core: GridExports;
  /** The core the instance works for: its poll() is the holder's. */
  holder: WasmGridCore | undefined;
  /** True while a question runs on it (a core made meanwhile, from a progress report, gets a seat of its own). */
  busy: boolean;
}

let threadSeat: Seat | undefined;

/** A fresh seat for `holder` (one page of memory until its table is reserved). */
function newSeat(holder: WasmGridCore): Seat {
  compiled ??= new WebAssembly.Module(wasmBytes(GRID_WASM));
  const memory = new WebAssembly.Memory({ initial: 1 });
  let seat: Seat | undefined;
  const instance = new WebAssembly.Instance(compiled, { env: { memory, poll: () => seat?.holder?.poll() } });
  seat = { memory, core: instance.exports as unknown as GridExports, holder, busy: false };
  return seat;
}

/** Grows a seat's memory to `bytes` at least (a memory never shrinks). */
function reserve(seat: Seat, bytes: number): void {
  const pages = wasmPages(bytes, 'grid');
  const have = seat.memory.buffer.byteLength / WASM_PAGE;
  if (pages > have) seat.memory.grow(pages - have);
}

/**
 * Most table bits of a core on the thread's seat: 2^21 entries (the table of a 2 s search on the HTTP
 * API), a memory of 45 MiB kept for good. A larger table (the CLI's 2^22, a server with a longer time
 * limit) takes a memory of its own, returned when the core is collected, so no thread holds one of
 * hundreds of megabytes after its search.
 */
export const KEPT_TABLE_BITS = 21;

/**
 * The seat of a new core: the thread's own (its previous holder loses it: that core's later
 * questions take a seat of their own), or a fresh one while a question runs on the thread's or for
 * a table above KEPT_TABLE_BITS.
 */
function takeSeat(holder: WasmGridCore, bits: number): Seat {
  if (bits > KEPT_TABLE_BITS) return newSeat(holder);
  if (!threadSeat) return (threadSeat = newSeat(holder));
  if (threadSeat.busy) return newSeat(holder);
  threadSeat.holder?.leave();
  threadSeat.holder = holder;
  return threadSeat;
}

/** True when this runtime can run the WebAssembly grid core. */
export function wasmGridAvailable(): boolean {
  return wasmAvailable();
}

/** Polls between progress reports (a poll every 1024 positions). */
const POLLS_PER_PROGRESS = 64;

/**
 * What a core checks at its `polls`-th poll (every 1024 positions): a stop, the `deadline` (Date.now()
 * time) of the options' time limit, progress; throws SearchStopped with the core's `stats`.
 */
export function checkLimits(o: WasmGridOptions, deadline: number, polls: number, stats: () => SearchStats): void {
  if (o.signal?.aborted) throw new SearchStopped('cancelled', stats());
  if (Date.now() > deadline) throw new SearchStopped('time-limit', stats(), o.timeLimitMs);
  if (o.onProgress && polls % POLLS_PER_PROGRESS === 0) o.onProgress(stats());
}

export interface WasmGridOptions extends Pick<SearchOptions, 'timeLimitMs' | 'signal' | 'onProgress'> {
  /** The table holds 2^tableBits entries of 16 bytes (default 22). */
  readonly tableBits?: number;
  /** 'br' (the default): Beling–Rogalski set questions; 'lvb': one value per question. */
  readonly method?: 'br' | 'lvb';
}

/**
 * One WebAssembly grid core: its table is kept across questions (a later question reuses what an
 * earlier one proved) until another core is made on the same thread, which takes over the thread's
 * memory; a later question of this one then starts again with an empty table in a memory of its own.
 * Questions about positions packGrid refuses throw a RangeError: callers check first.
 */
export class WasmGridCore implements WasmSearch {
  private seat: Seat;
  private readonly started = Date.now();
  private readonly deadline: number;
  private readonly bits: number;
  private polls = 0;
  /** Positions searched in seats this core has left. */
  private nodesBefore = 0;
  /** Its stats when it lost its seat, until it takes another. */
  private left: SearchStats | undefined;

  constructor(
    readonly game: WasmGridGame,
    private readonly options: WasmGridOptions = {},
  ) {
    const bits = options.tableBits ?? 22;
    if (!(bits >= 4 && bits <= 27)) throw new RangeError('table bits must be between 4 and 27');
    this.bits = bits;
    this.seat = this.sit(takeSeat(this, bits));
    this.deadline = options.timeLimitMs === undefined ? Infinity : this.started + options.timeLimitMs;
  }

  /** Sets this core's table up on a seat: 16 bytes an entry and the table's filter (a byte per bucket of 4). */
  private sit(seat: Seat): Seat {
    reserve(seat, seat.core.tableBase() + 16 * 2 ** this.bits + 2 ** (this.bits - 2));
    seat.core.init(this.bits, this.options.method === 'lvb' ? 1 : 0, GAME_CODES[this.game]);
    this.left = undefined;
    return seat;
  }

  /** Called by takeSeat when another core takes this one's seat: keeps its stats. */
  leave(): void {
    this.left = this.stats;
    this.nodesBefore = this.left.nodes;
  }

  get stats(): SearchStats {
    if (this.left) return { ...this.left, elapsedMs: Date.now() - this.started };
    const core = this.seat.core;
    return {
      nodes: this.nodesBefore + core.positions(),
      tableEntries: core.size(),
      evicted: core.evicted(),
      elapsedMs: Date.now() - this.started,
    };
  }

  /** The core's poll (every 1024 positions): a stop, the time limit, progress. */
  poll(): void {
    checkLimits(this.options, this.deadline, ++this.polls, () => this.stats);
  }

  private packed(rows: readonly number[]): PackedGrid {
    const p = packGrid(rows);
    if (!p) throw new RangeError(`a position beyond ${WASM_GRID_CELLS} cells is beyond the WebAssembly grid core`);
    return p;
  }

  /** Runs one question on this core's seat (taking one again if another core took it). */
  private ask<T>(question: (core: GridExports) => T): T {
    if (this.seat.holder !== this) this.seat = this.sit(newSeat(this));
    const seat = this.seat;
    seat.busy = true;
    try {
      return question(seat.core);
    } finally {
      seat.busy = false;
    }
  }

  /** The Grundy value of a position (row masks). */
  grundy(rows: readonly number[]): number {
    const p = this.packed(rows);
    return this.ask((core) => core.grundy(p.lo, p.hi, p.w));
  }

  /** True when the position's value is k. */
  hasValue(rows: readonly number[], k: number): boolean {
    const p = this.packed(rows);
    return this.ask((core) => core.hasValue(p.lo, p.hi, p.w, k)) === 1;
  }
}

/** The memory the cores made on this thread take in turn (undefined before the first): for tests and measurements. */
export function threadGridMemory(): WebAssembly.Memory | undefined {
  return threadSeat?.memory;
}
