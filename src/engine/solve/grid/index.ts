/**
 * The grid core's face for families: a PositionSearch over a family's own positions, given how to
 * read a position as row masks and the family's GridRules.
 */
import type { GameRules, PositionSearch, SearchLimits } from '../../types.ts';
import { endgameFrom } from './endgame.ts';
import { DEFAULT_GRID_TABLE_BITS, type GridRules, GridSolver } from './search.ts';
import { MAX_GRID_CELLS, MAX_GRID_SIDE, popcount } from './shape.ts';
import { type GridCore, MAX_SEARCH_THREADS, threadedGridCore, threadedWasmCore } from './threads.ts';
import { LentTableCore } from './lent-table.ts';
import { loadTableWords, tableToWords } from './table-file.ts';
import { WasmGridCore, type WasmSearch, packGrid, wasmGridAvailable } from './wasm.ts';
import { MAX_WASM_SEATS, wasmThreadsAvailable } from './wasm-threads.ts';

export { GridSolver, DEFAULT_GRID_TABLE_BITS } from './search.ts';
export { EndgameDb, buildEndgame, connectedShapes, endgameFrom } from './endgame.ts';
export type { GridRules, GridSearchOptions } from './search.ts';
export { MAX_GRID_CELLS, MAX_GRID_SIDE } from './shape.ts';
export { NimberTable } from './table.ts';
export { SharedNimberTable, sharedTableMemory } from './shared-table.ts';
export {
  type GridCore,
  type GridHelperSetup,
  MAX_SEARCH_THREADS,
  type WasmThreadedCore,
  helpGrid,
  helpersReady,
  stopHelpers,
  threadedGridCore,
  threadedWasmCore,
} from './threads.ts';
export {
  MAX_WASM_SEATS,
  WasmSeat,
  type WasmThreadsMemory,
  wasmThreadsAvailable,
  wasmThreadsMemory,
} from './wasm-threads.ts';
export { defineGridRules, gridRulesNamed } from './rules.ts';
export { loadTableWords, tableToWords } from './table-file.ts';
export {
  WASM_GRID_CELLS,
  WasmGridCore,
  type WasmGridGame,
  type WasmSearch,
  packGrid,
  wasmGridAvailable,
} from './wasm.ts';

/** A position as row masks on a grid of `width` columns. */
export interface GridPosition {
  readonly width: number;
  readonly rows: readonly number[];
}

/**
 * True when the core takes the grid: the bounding box of the cells in play has sides up to
 * MAX_GRID_SIDE and at most MAX_GRID_CELLS cells (every component's key then fits in 96 bits).
 */
export function fitsGrid(grid: GridPosition): boolean {
  if (grid.width > 32) return false;
  let top = -1;
  let bottom = -1;
  let all = 0;
  grid.rows.forEach((m, r) => {
    if (m === 0) return;
    if (top < 0) top = r;
    bottom = r;
    all |= m;
  });
  if (top < 0) return true;
  const h = bottom - top + 1;
  const w = 32 - Math.clz32(all) - (31 - Math.clz32(all & -all));
  return h <= MAX_GRID_SIDE && w <= MAX_GRID_SIDE && h * w <= MAX_GRID_CELLS;
}

/** The largest table a search sizes for itself: 2^26 entries, about 1.3 GiB. */
export const MAX_GRID_TABLE_BITS = 26;

/**
 * Table bits for a search from a position of this many cells: small boards get small tables (the
 * page runs these too). Past 40 cells the positions a search visits outgrow 2^22 entries (Cram
 * 5 x 8, 40 cells: 3.7 million; 4 x 11, 44 cells: 18 million at least), and a table that drops
 * facts makes the search redo them: 4 x 11 searched 36.2 million positions with 2^22 entries, 18.4
 * million with 2^25 and 18.2 million with 2^26, in 0.6 of the CPU time (docs/benchmarks.md). A
 * table larger than the search needs costs instead (5 x 8: 2.5% fewer positions, 16% more time with
 * 2^25: cache misses), so the largest table is for boards past 40 cells. Below, a table about twice
 * the search: 4 x 9 (36 cells, 300,353 positions) and 5 x 7 (35, 673,979) search the same positions
 * with 2^19 to 2^22 entries, and 2^22 (81 MiB, every page of it touched) cost a fresh search about 5%
 * more CPU than 2^21, which they now take.
 */
export function tableBitsFor(cells: number): number {
  if (cells > 40) return MAX_GRID_TABLE_BITS;
  return Math.max(12, Math.min(DEFAULT_GRID_TABLE_BITS, 6 + Math.ceil(cells / 2.4)));
}

/**
 * Positions a second a grid search expands at most: a search under a time limit stores no more facts
 * than this times the limit. The WebAssembly core on one thread stays well below it (Cram 5 x 7 and
 * 4 x 9: about 420,000 a second here; igs, the field's fastest, 830,000): a 2 s search of the HTTP API
 * takes 2^21 entries (40 MiB), not twice that, which kept the server above 300 MB under load.
 */
export const MAX_GRID_POSITIONS_PER_SECOND = 2 ** 20;

/**
 * The same bound for one thread of the TypeScript core, which expands about 100,000 positions a
 * second on small boards and far fewer on large ones (Cram 9 x 9: 37,000 in 2.3 s on a busy machine):
 * sized by the WebAssembly core's rate, a 2 s search of 9 x 9 on the HTTP API took 2^22 entries
 * (84 MB) to store 37,000 facts, most of the server's resident memory under load.
 */
export const MAX_TS_GRID_POSITIONS_PER_SECOND = 2 ** 18;

/**
 * Table bits for a search that may run `timeLimitMs` at most `perSecond` positions a second: room
 * for what it can store in that time. A larger table costs time before the search can look at its
 * clock: 2^26 entries (1.3 GiB) take seconds to clear, ten or more on a busy machine, so a 2 s limit
 * ran 15 s. No limit: no bound.
 */
export function tableBitsForTime(timeLimitMs: number | undefined, perSecond = MAX_GRID_POSITIONS_PER_SECOND): number {
  if (timeLimitMs === undefined || !Number.isFinite(timeLimitMs)) return MAX_GRID_TABLE_BITS;
  const positions = (perSecond * Math.max(timeLimitMs, 1)) / 1000;
  return Math.max(12, Math.ceil(Math.log2(positions)));
}

/**
 * The table bits of a search expanding at most `perSecond` positions a second: by its cells, within
 * the face's allowance, and no more than its time limit can fill, unless it resumes a saved table
 * (that needs room for what was saved, whatever the limit).
 */
function searchTableBits(limits: SearchLimits, cells: number, perSecond: number): number {
  const bits = Math.min(tableBitsFor(cells), limits.maxTableBits ?? DEFAULT_GRID_TABLE_BITS);
  return limits.resume ? bits : Math.min(bits, tableBitsForTime(limits.timeLimitMs, perSecond));
}

/** Positions from this many cells on use the endgame database: smaller ones finish before it would be built. */
export const ENDGAME_FROM_CELLS = 30;

/**
 * The grid core for a search from a position of `cells` cells: its table sized for them, the
 * endgame database from the limits' store when the position is large enough to pay for it, the
 * facts of a table saved by an earlier search (the limits' `resume` keeper) loaded into it, and
 * the limits' helper threads when they say the position is worth them (threads.ts).
 */
export function gridSolverFor(rules: GridRules, limits: SearchLimits, cells: number): GridCore {
  const { endgame, threads, maxTableBits, ...rest } = limits;
  let database: ReturnType<typeof endgameFrom> | undefined;
  if (endgame && cells >= ENDGAME_FROM_CELLS) {
    // the database's shapes are valued by a core of their own, without the search's time limit
    const builder = new GridSolver(rules, { tableBits: 20 });
    database = endgameFrom(endgame, rules, (s) => builder.nimber(s));
  }
  const count = Math.min(threads?.threadsFor(cells) ?? 1, MAX_SEARCH_THREADS);
  const options = {
    ...rest,
    tableBits: searchTableBits(limits, cells, MAX_TS_GRID_POSITIONS_PER_SECOND * count),
    database,
  };
  // on one thread the table lies in the thread's storage, unless a saved one is loaded into it (and saved again)
  const core =
    threads && count > 1
      ? threadedGridCore(rules, options, threads, count)
      : limits.resume
        ? new GridSolver(rules, options)
        : new LentTableCore(rules, options);
  const saved = limits.resume?.load();
  if (saved) loadTableWords(saved, rules, core.table, limits.resume!.describe());
  return core;
}

/** Saves a core's table to the limits' keeper: the entries saved (0 when there is no keeper or no core yet). */
export function saveGridTable(solver: GridCore | undefined, rules: GridRules, limits: SearchLimits): number {
  if (!solver || !limits.resume) return 0;
  const words = tableToWords(solver.table, rules);
  limits.resume.save(words);
  return solver.table.size;
}

/**
 * Where the WebAssembly core has no threads (a runtime without shared WebAssembly memory), the
 * helper threads from which the TypeScript core's lazy SMP is preferred to it on one thread: the
 * WebAssembly core searches 2.5 to 4 times as many positions per second as one TypeScript thread
 * (docs/benchmarks.md).
 */
export const WASM_UNTIL_THREADS = 4;

/**
 * The WebAssembly core for a search from a position of `cells` cells, on as many threads as the
 * limits give it (threads.ts, wasm-threads.ts), or null when the TypeScript core answers: rules it
 * does not play, no WebAssembly, a saved table to resume (its format is the TypeScript table's), or
 * (without WebAssembly threads) enough threads for the TypeScript core's lazy SMP.
 */
export function wasmCoreFor(rules: GridRules, limits: SearchLimits, cells: number): WasmSearch | null {
  if (!rules.wasm || !wasmGridAvailable() || limits.resume) return null;
  const count = Math.min(limits.threads?.threadsFor(cells) ?? 1, MAX_WASM_SEATS);
  const threaded = limits.threads && count > 1 && wasmThreadsAvailable();
  if (count >= WASM_UNTIL_THREADS && !threaded) return null;
  const options = {
    tableBits: searchTableBits(limits, cells, MAX_GRID_POSITIONS_PER_SECOND * (threaded ? count : 1)),
    timeLimitMs: limits.timeLimitMs,
    signal: limits.signal,
    onProgress: limits.onProgress,
  };
  if (threaded) return threadedWasmCore(rules, options, limits.threads!, count);
  return new WasmGridCore(rules.wasm, options);
}

/** True for what the WebAssembly core throws when it cannot go on (its stacks, a value past 63, the call stack): the TypeScript core answers instead. */
function wasmGaveUp(e: unknown): boolean {
  return e instanceof WebAssembly.RuntimeError || (e instanceof RangeError && /call stack/i.test(e.message));
}

function cellsOf(grid: GridPosition): number {
  let cells = 0;
  for (const m of grid.rows) cells += popcount(m);
  return cells;
}

/**
 * The PositionSearch of a family whose positions are grids (`toGrid`), by the grid core with the
 * family's rules; `game` lists a position's moves (winning moves are the family's own positions).
 * The table is sized by the first position searched and kept for the later ones.
 */
export function gridSearch<P>(
  game: Pick<GameRules<P>, 'moves'>,
  toGrid: (position: P) => GridPosition,
  rules: GridRules,
  limits: SearchLimits,
): PositionSearch<P> {
  let solver: GridCore | undefined;
  // undefined: not chosen yet (no position the WebAssembly core takes was asked); null: the TypeScript core answers everything
  let wasm: WasmSearch | null | undefined;
  const solverFor = (grid: GridPosition) => (solver ??= gridSolverFor(rules, limits, cellsOf(grid)));
  // made for the first position it takes: a board beyond it (Cram 9 x 9) reserves no memory for it
  const wasmFor = (grid: GridPosition) =>
    packGrid(grid.rows) ? (wasm ??= wasmCoreFor(rules, limits, cellsOf(grid))) : null;
  const hasValue = (grid: GridPosition, k: number): boolean => {
    const core = wasmFor(grid);
    if (core)
      try {
        return core.hasValue(grid.rows, k);
      } catch (e) {
        if (!wasmGaveUp(e)) throw e;
        wasm = null;
      }
    return solverFor(grid).hasValue(grid.rows, k);
  };
  return {
    name: 'the grid core',
    method: 'grid core',
    accepts: (position) => fitsGrid(toGrid(position)),
    grundy(position) {
      const grid = toGrid(position);
      const core = wasmFor(grid);
      if (core)
        try {
          return core.grundy(grid.rows);
        } catch (e) {
          if (!wasmGaveUp(e)) throw e;
          wasm = null;
        }
      return solverFor(grid).grundy(grid.rows);
    },
    hasValue: (position, k) => hasValue(toGrid(position), k),
    winningMoves(position, limit = Number.POSITIVE_INFINITY) {
      const out: P[] = [];
      // as the general solver: each resulting position once, as written
      const seen = new Set<string>();
      for (const to of game.moves(position)) {
        if (out.length >= limit) break;
        const written = JSON.stringify(to);
        if (seen.has(written)) continue;
        seen.add(written);
        if (hasValue(toGrid(to), 0)) out.push(to);
      }
      return out;
    },
    get stats() {
      if (wasm && !solver) return wasm.stats;
      return solver?.stats ?? wasm?.stats ?? { nodes: 0, tableEntries: 0, evicted: 0, elapsedMs: 0 };
    },
    saveTable: () => saveGridTable(solver, rules, limits),
  };
}
