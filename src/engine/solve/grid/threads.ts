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
 */
import type { SearchStats } from '../search/solver.ts';
import type { HelperSetup, SearchThreads } from '../../types.ts';
import { EndgameDb } from './endgame.ts';
import { type GridRules, type GridSearchOptions, GridSolver } from './search.ts';
import { MAX_GRID_SIDE } from './shape.ts';
import { SharedNimberTable, sharedTableMemory } from './shared-table.ts';
import type { GridTable } from './table.ts';

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
  const control = new Int32Array(new SharedArrayBuffer(CONTROL_SIZE * 4));
  let database: Int32Array | null = null;
  if (options.database) {
    database = new Int32Array(new SharedArrayBuffer(options.database.words.byteLength));
    database.set(options.database.words);
  }
  const setup: HelperSetup = { rules: rules.name, threads: count, table: memory, control, database };
  let job = 0;
  let helped = 0;
  const poll = () => {
    for (let seat = 1; seat < count; seat++)
      if (Atomics.load(control, ANSWERS + 2 * seat) === job)
        throw new Answered(Atomics.load(control, ANSWERS + 2 * seat + 1));
  };
  const solver = new GridSolver(rules, { ...options, table: new SharedNimberTable(memory), poll });

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

  const run = (kind: number, rows: readonly number[], search: () => number): number => {
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
  };

  return {
    grundy: (rows) => run(GRUNDY, rows, () => solver.grundy(rows)),
    hasValue: (rows, k) => run(k, rows, () => (solver.hasValue(rows, k) ? 1 : 0)) === 1,
    get stats() {
      return solver.stats;
    },
    table: solver.table,
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

/**
 * A helper thread's loop (the adapter's worker runs it): waits for a job, searches it with the
 * shared table from its seat's share of the options, publishes its answer; returns when `stop` is
 * set (checked between jobs; a job in progress stops at its poll once JOB moves on).
 */
export function helpGrid(setup: HelperSetup, rules: GridRules, seat: number): void {
  const control = setup.control;
  Atomics.add(control, READY, 1);
  const database = setup.database ? new EndgameDb(setup.database, 'the shared endgame database') : undefined;
  let job = Atomics.load(control, JOB);
  const spread = { seat, of: setup.threads, fromCells: 0 };
  const solver = new GridSolver(rules, {
    table: new SharedNimberTable(setup.table),
    database,
    spread,
    poll: () => {
      Atomics.add(control, WORK + seat, 1);
      if (Atomics.load(control, JOB) !== job) throw JOB_OVER;
    },
  });
  // the job already posted when this thread started is searched too
  for (let first = true; ; first = false) {
    if (!first) Atomics.wait(control, JOB, job);
    job = Atomics.load(control, JOB);
    const kind = Atomics.load(control, KIND);
    if (kind === STOP_KIND) return;
    if (kind === IDLE || job === 0) continue;
    spread.fromCells = Atomics.load(control, FROM_CELLS);
    const height = Atomics.load(control, HEIGHT);
    const rows: number[] = [];
    for (let i = 0; i < height; i++) rows.push(Atomics.load(control, ROWS + i));
    try {
      const answer = kind === GRUNDY ? solver.grundy(rows) : solver.hasValue(rows, kind) ? 1 : 0;
      Atomics.store(control, ANSWERS + 2 * seat + 1, answer);
      Atomics.store(control, ANSWERS + 2 * seat, job);
    } catch (e) {
      if (e !== JOB_OVER) throw e;
    }
  }
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
