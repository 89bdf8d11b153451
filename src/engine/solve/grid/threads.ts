/**
 * The grid core on several threads: every thread searches the same question with one shared
 * transposition table (shared-table.ts) and one endgame database, and the first to answer wins
 * ("lazy SMP", as chess engines share a hash table).
 *
 * How the work is split. Nothing is handed out: every entry of the table is a proved fact, so any
 * thread may use any other's, and the threads need only start on different work. A thread in seat
 * t of T tries the options of a shape near the root (at least `fromCells` cells: the root and about
 * two moves below it) from the t/T-th option on in move order, wrapping around; below that every
 * thread keeps the move order. So the threads begin on different subtrees, each publishes the
 * values and refutations it proves, and each finds in the table the subtrees another has already
 * settled. A P-position (every option must be refuted) thus splits like its list of options; an
 * N-position ends when any thread finds an option of value 0. Why not a static split of the root's
 * options, each thread valuing its share: the search rarely needs an option's value, only whether
 * it has some value (Beling–Rogalski), and which options it needs depends on what the others find.
 *
 * Protocol (one Int32Array over a SharedArrayBuffer, every access an Atomics operation): the
 * calling thread writes a job (its rows, its kind: a nimber, or "is the value k?", and fromCells)
 * and then bumps JOB and wakes the helpers; it searches the job itself and, every CHECK_EVERY
 * positions (poll), looks for a helper's answer tagged with the job. A helper writes its answer
 * and then its tag in its own two slots (no other thread writes them), so a tag read means the
 * answer beside it is that job's. When the job ends (answered by anyone, time limit, interrupt)
 * the caller posts an IDLE job: every helper stops at its next poll and waits on JOB. A helper
 * that read a job while the next was being written may search a mixed question: what it proves is
 * still true of the shapes it proves it of, and its answer carries an old tag, which nobody reads.
 *
 * Two cores run this protocol: the TypeScript core (threadedGridCore: GridSolvers over
 * shared-table.ts) and the WebAssembly core (threadedWasmCore: seats of wasm-threads.ts on one
 * shared WebAssembly.Memory, the table inside it, the same split of the work by seat). A helper
 * knows which by its setup: one with `wasm` runs a WebAssembly seat.
 */
import type { SearchStats } from '../search/solver.ts';
import type { HelperSetup, SearchThreads } from '../../types.ts';
import { EndgameDb } from './endgame.ts';
import { type GridRules, type GridSearchOptions, GridSolver } from './search.ts';
import { MAX_GRID_SIDE } from './shape.ts';
import { SharedNimberTable, sharedTableMemory } from './shared-table.ts';
import type { GridTable } from './table.ts';
import { type WasmSearch, type WasmGridOptions, checkLimits } from './wasm.ts';
import { WasmSeat, type WasmThreadsMemory, wasmThreadsMemory } from './wasm-threads.ts';

/** Most threads of one search (the control array has two answer slots per seat). */
export const MAX_SEARCH_THREADS = 256;

/** Slots of the control array. KIND: IDLE, GRUNDY, or k >= 0 for "is the value k?". */
const JOB = 0;
const KIND = 1;
const FROM_CELLS = 2;
const HEIGHT = 3;
/** Helpers that have started (each adds one). */
const READY = 4;
const ROWS = 8;
const ANSWERS = ROWS + MAX_GRID_SIDE + 2;
/** Per seat: the helper's positions searched, in units of CHECK_EVERY (it adds one at each poll). */
const WORK = ANSWERS + 2 * MAX_SEARCH_THREADS;
const CONTROL_SIZE = WORK + MAX_SEARCH_THREADS;
/** Positions between two polls (search.ts's CHECK_EVERY). */
const POLL_POSITIONS = 1024;
const IDLE = -2;
const GRUNDY = -1;

/**
 * Options spread over the threads at shapes of at least (root cells - SPREAD_CELLS) cells: the
 * root and about two Cram moves (a move takes 2 cells; a Node Kayles move up to 5) below it.
 */
const SPREAD_CELLS = 4;

/** Positions of fewer cells are searched by the calling thread alone: a millisecond or less, shorter than waking the helpers. */
const MIN_JOB_CELLS = 20;

/** What the service's faces call on a grid core, on one thread or several. */
export interface GridCore {
  /** The Grundy value of a position (row masks). */
  grundy(rows: readonly number[]): number;
  /** True when the position's value is k. */
  hasValue(rows: readonly number[], k: number): boolean;
  readonly stats: SearchStats;
  /** The table its facts are kept in (shared by every thread when there are several). */
  readonly table: GridTable;
  /** Questions a helper thread answered before this one (absent on one thread). */
  readonly helped?: number;
  /** Positions the helper threads have searched so far, to within 1024 each (absent on one thread). */
  readonly helperNodes?: number;
}

/** Thrown out of the caller's search when a helper has answered its job. */
class Answered {
  constructor(readonly value: number) {}
}

/** Thrown out of a helper's search when its job is over. */
const JOB_OVER = Symbol('job over');

function cellsOf(rows: readonly number[]): number {
  let cells = 0;
  for (let m of rows) for (; m !== 0; m &= m - 1) cells++;
  return cells;
}

/** A helper setup of the WebAssembly core: its shared memory (the TypeScript core's table is then a token, unused). */
export interface GridHelperSetup extends HelperSetup {
  readonly wasm?: WasmThreadsMemory;
}

/** The calling thread's side of the protocol on a setup: its poll, its questions, the helpers' share. */
interface Caller {
  /** Throws Answered when a helper has answered the job (the caller's search calls it at its poll). */
  poll(): void;
  /** Searches a question (kind: GRUNDY or k) with the helpers: `search` is this thread's own search. */
  run(kind: number, rows: readonly number[], search: () => number): number;
  readonly helped: number;
  readonly helperNodes: number;
}

function callerOn(setup: HelperSetup, threads: SearchThreads): Caller {
  const control = setup.control;
  const count = setup.threads;
  let job = 0;
  let helped = 0;
  const post = (kind: number, rows: readonly number[]) => {
    if (kind !== IDLE) {
      Atomics.store(control, HEIGHT, rows.length);
      for (let i = 0; i < rows.length; i++) Atomics.store(control, ROWS + i, rows[i]);
      Atomics.store(control, FROM_CELLS, cellsOf(rows) - SPREAD_CELLS);
    }
    Atomics.store(control, KIND, kind);
    job = Atomics.add(control, JOB, 1) + 1;
    Atomics.notify(control, JOB);
  };
  return {
    poll() {
      for (let seat = 1; seat < count; seat++)
        if (Atomics.load(control, ANSWERS + 2 * seat) === job)
          throw new Answered(Atomics.load(control, ANSWERS + 2 * seat + 1));
    },
    run(kind, rows, search) {
      // small positions (a certificate asks for thousands) end before a helper would wake up
      if (rows.length > MAX_GRID_SIDE + 2 || cellsOf(rows) < MIN_JOB_CELLS) return search();
      post(kind, rows);
      threads.engage(setup);
      try {
        return search();
      } catch (e) {
        if (!(e instanceof Answered)) throw e;
        helped++;
        return e.value;
      } finally {
        post(IDLE, []);
        threads.release(setup);
      }
    },
    get helped() {
      return helped;
    },
    get helperNodes() {
      let n = 0;
      for (let seat = 1; seat < count; seat++) n += Atomics.load(control, WORK + seat) * POLL_POSITIONS;
      return n;
    },
  };
}

/** A fresh control array. */
function controlArray(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(CONTROL_SIZE * 4));
}

/**
 * A grid core searching on `count` threads (this one and count - 1 helpers that `threads` runs),
 * with a table of 2^tableBits entries and the database of `options` shared by all of them.
 */
export function threadedGridCore(
  rules: GridRules,
  options: GridSearchOptions,
  threads: SearchThreads,
  count: number,
): GridCore {
  if (!(count >= 2 && count <= MAX_SEARCH_THREADS))
    throw new RangeError(`a threaded search takes 2 to ${MAX_SEARCH_THREADS} threads`);
  const memory = sharedTableMemory(options.tableBits ?? 20);
  let database: Int32Array | null = null;
  if (options.database) {
    database = new Int32Array(new SharedArrayBuffer(options.database.words.byteLength));
    database.set(options.database.words);
  }
  const setup: HelperSetup = { rules: rules.name, threads: count, table: memory, control: controlArray(), database };
  const caller = callerOn(setup, threads);
  const solver = new GridSolver(rules, { ...options, table: new SharedNimberTable(memory), poll: caller.poll });
  return {
    grundy: (rows) => caller.run(GRUNDY, rows, () => solver.grundy(rows)),
    hasValue: (rows, k) => caller.run(k, rows, () => (solver.hasValue(rows, k) ? 1 : 0)) === 1,
    get stats() {
      return solver.stats;
    },
    table: solver.table,
    get helped() {
      return caller.helped;
    },
    get helperNodes() {
      return caller.helperNodes;
    },
  };
}

/** The WebAssembly core on several threads: what the faces ask, and the helpers' share. */
export interface WasmThreadedCore extends WasmSearch {
  /** Questions a helper thread answered before this one. */
  readonly helped: number;
  /** Positions the helper threads have searched so far, to within 1024 each. */
  readonly helperNodes: number;
}

/**
 * The WebAssembly grid core searching on `count` threads (2 to MAX_WASM_SEATS: this one and
 * count - 1 helpers that `threads` runs), with one table of up to 2^tableBits entries (default 22)
 * in one shared memory. The rules must name a game of the core (`rules.wasm`); the options' limits
 * are this thread's, as WasmGridCore's. A question the core cannot answer (a trap: its stacks, a
 * value past 63) throws as WasmGridCore's do, and the caller answers it with the TypeScript core.
 */
export function threadedWasmCore(
  rules: GridRules,
  options: WasmGridOptions,
  threads: SearchThreads,
  count: number,
): WasmThreadedCore {
  if (!rules.wasm) throw new RangeError(`the WebAssembly grid core does not play ${rules.name}`);
  if (!(count >= 2 && count <= MAX_SEARCH_THREADS))
    throw new RangeError(`a threaded search takes 2 to ${MAX_SEARCH_THREADS} threads`);
  const wasm = wasmThreadsMemory(rules.wasm, options.tableBits ?? 22, count, options.method);
  const setup: GridHelperSetup = {
    rules: rules.name,
    threads: count,
    // HelperSetup's table is the TypeScript core's: the smallest one stands in, unused
    table: sharedTableMemory(4),
    control: controlArray(),
    database: null,
    wasm,
  };
  const caller = callerOn(setup, threads);
  const started = Date.now();
  const deadline = options.timeLimitMs === undefined ? Infinity : started + options.timeLimitMs;
  let polls = 0;
  const stats = (): SearchStats => ({
    nodes: seat.positions,
    tableEntries: seat.size,
    evicted: seat.evicted,
    elapsedMs: Date.now() - started,
  });
  const seat: WasmSeat = new WasmSeat(wasm, 0, () => {
    caller.poll();
    checkLimits(options, deadline, ++polls, stats);
  });
  return {
    game: rules.wasm,
    grundy: (rows) => caller.run(GRUNDY, rows, () => seat.grundy(rows)),
    hasValue: (rows, k) => caller.run(k, rows, () => (seat.hasValue(rows, k) ? 1 : 0)) === 1,
    get stats() {
      return stats();
    },
    get helped() {
      return caller.helped;
    },
    get helperNodes() {
      return caller.helperNodes;
    },
  };
}

/**
 * A helper thread's loop (the adapter's worker runs it): waits for a job, searches it with the
 * shared table from its seat's share of the options, publishes its answer; returns when `stop` is
 * set (checked between jobs; a job in progress stops at its poll once JOB moves on).
 */
export function helpGrid(setup: HelperSetup, rules: GridRules, seat: number): void {
  const control = setup.control;
  Atomics.add(control, READY, 1);
  let job = Atomics.load(control, JOB);
  const poll = () => {
    Atomics.add(control, WORK + seat, 1);
    if (Atomics.load(control, JOB) !== job) throw JOB_OVER;
  };
  const searcher = helperSearcher(setup, rules, seat, poll);
  // the job already posted when this thread started is searched too
  for (let first = true; ; first = false) {
    if (!first) Atomics.wait(control, JOB, job);
    job = Atomics.load(control, JOB);
    const kind = Atomics.load(control, KIND);
    if (kind === STOP_KIND) return;
    if (kind === IDLE || job === 0) continue;
    searcher.spreadFrom(Atomics.load(control, FROM_CELLS));
    const height = Atomics.load(control, HEIGHT);
    const rows: number[] = [];
    for (let i = 0; i < height; i++) rows.push(Atomics.load(control, ROWS + i));
    try {
      const answer = kind === GRUNDY ? searcher.grundy(rows) : searcher.hasValue(rows, kind) ? 1 : 0;
      Atomics.store(control, ANSWERS + 2 * seat + 1, answer);
      Atomics.store(control, ANSWERS + 2 * seat, job);
    } catch (e) {
      if (e === JOB_OVER) continue;
      // a WebAssembly seat that cannot go on (a trap: its stacks, a value past 63) leaves the job to
      // the caller, which meets the same and answers with the TypeScript core
      if (searcher.wasm && (e instanceof WebAssembly.RuntimeError || e instanceof RangeError)) continue;
      throw e;
    }
  }
}

/** A helper's core: a GridSolver on the shared table, or a WebAssembly seat on the shared memory. */
interface HelperSearcher {
  grundy(rows: readonly number[]): number;
  hasValue(rows: readonly number[], k: number): boolean;
  /** Options of shapes of at least `cells` cells are tried from the seat's share on. */
  spreadFrom(cells: number): void;
  readonly wasm: boolean;
}

function helperSearcher(setup: GridHelperSetup, rules: GridRules, seat: number, poll: () => void): HelperSearcher {
  if (setup.wasm) {
    const core = new WasmSeat(setup.wasm, seat, poll);
    return {
      grundy: (rows) => core.grundy(rows),
      hasValue: (rows, k) => core.hasValue(rows, k),
      spreadFrom: (cells) => core.spreadFrom(cells, setup.threads),
      wasm: true,
    };
  }
  const database = setup.database ? new EndgameDb(setup.database, 'the shared endgame database') : undefined;
  const spread = { seat, of: setup.threads, fromCells: 0 };
  const solver = new GridSolver(rules, { table: new SharedNimberTable(setup.table), database, spread, poll });
  return {
    grundy: (rows) => solver.grundy(rows),
    hasValue: (rows, k) => solver.hasValue(rows, k),
    spreadFrom(cells) {
      spread.fromCells = cells;
    },
    wasm: false,
  };
}

/** The job that ends every helper's loop (the adapter posts it before ending the threads). */
const STOP_KIND = -3;

/** Ends every helper's loop: they return from helpGrid at once or at their next poll. */
export function stopHelpers(setup: HelperSetup): void {
  const control = setup.control;
  Atomics.store(control, KIND, STOP_KIND);
  Atomics.add(control, JOB, 1);
  Atomics.notify(control, JOB);
}

/** How many helpers on this setup have started. */
export function helpersReady(setup: HelperSetup): number {
  return Atomics.load(setup.control, READY);
}
