/**
 * Tables of the R x C start boards of a game played on rectangles: one search per board, a board
 * finished in an earlier run reused (a store), and each value optionally written with a certificate
 * that the independent checker accepted. One board is one job (tableBoard), so a queue of workers
 * can compute them elsewhere.
 */
import { requireCapability } from '../engine/capabilities.ts';
import { InputError } from '../engine/errors.ts';
import { parseRuleset } from '../engine/spec.ts';
import { SearchStopped, type SearchStats } from '../engine/solve/search/solver.ts';
import type { GameRuleset, StopSignal } from '../engine/types.ts';
import { certifyPosition } from './certificates.ts';
import {
  DEFAULT_TABLE_CELL_MS,
  type GameMethod,
  type SideRange,
  conventionSearch,
  isCancelledSearch,
} from './games.ts';
import type { SearchResume } from './requests.ts';
import type { SearchResources } from './env.ts';

/** One board of a table: its value (null when its search hit the time limit) and how it was found. */
export interface TableCell {
  rows: number;
  cols: number;
  grundy: number | null;
  method: GameMethod;
  nodes: number;
  elapsedMs: number;
  /** True when a certificate of the value was written and the independent checker accepted it. */
  verified: boolean;
  /** True when the value came from an earlier run (a store) instead of a search now. */
  reused: boolean;
}

/** How a table is computed besides its time limit. */
export interface BoardTableOptions {
  /** A board finished in an earlier run, reused instead of searched (undefined: search it). */
  readonly reuse?: (rows: number, cols: number) => TableCell | undefined;
  /** Write a certificate of each value and check it (the cell says `verified`). */
  readonly certify?: boolean;
  /** Hears each certificate written (its lines), before the board's onCell. */
  readonly onCertificate?: (cell: TableCell, lines: string[]) => void;
  /** Where a board's search keeps its table, so a board stopped or killed mid-search resumes (undefined: not kept). */
  readonly resume?: (rows: number, cols: number) => SearchResume | undefined;
  /** What the face lets each board's search use (threads, stores, table size). */
  readonly resources?: SearchResources;
  /**
   * Stops the table (gameTable): the board under search stops at its next poll, its table saved
   * where `resume` keeps it, and no further board starts; the stop is thrown (isCancelledSearch),
   * never heard as a cell.
   */
  readonly signal?: StopSignal;
}

/** How one board of a table is searched. */
export interface BoardSearch {
  /** Milliseconds the search may take (default DEFAULT_TABLE_CELL_MS). */
  readonly cellMs?: number;
  /** Write and check the board's certificate. */
  readonly certify?: boolean;
  readonly onProgress?: (stats: SearchStats) => void;
  readonly resume?: SearchResume;
  readonly signal?: StopSignal;
  readonly resources?: SearchResources;
}

/** One board's value within `cellMs`, and its checked certificate when asked for (null when the search stopped first). */
export function tableBoard<P>(
  ruleset: GameRuleset<P>,
  rows: number,
  cols: number,
  board: BoardSearch = {},
): { cell: TableCell; certificate: string[] | null } {
  const { cellMs = DEFAULT_TABLE_CELL_MS, certify = false, onProgress, resume, signal, resources } = board;
  const rectangle = ruleset.rectangle?.bind(ruleset);
  if (!rectangle)
    throw new InputError(`'${ruleset.family}' is not played on rectangles: a table varies rows and columns`);
  const start = rectangle(rows, cols);
  const startedAt = performance.now();
  const search = conventionSearch(ruleset, 'normal', { timeLimitMs: cellMs, signal, onProgress, resume, resources });
  let grundy: number | null = null;
  let certificate: string[] | null = null;
  try {
    grundy = search.grundy(start);
    if (certify) certificate = certifyPosition(ruleset, start, search, { timeLimitMs: cellMs, startedAt }).lines;
  } catch (e) {
    // out of time: the board's value is unknown (a cell); stopped by the signal: not a cell at all
    if (!(e instanceof SearchStopped) || isCancelledSearch(e)) throw e;
  }
  const { nodes, elapsedMs } = search.stats;
  const method = search.methodOf(start);
  return {
    cell: { rows, cols, grundy, method, nodes, elapsedMs, verified: certificate !== null, reused: false },
    certificate,
  };
}

/**
 * The values of the R x C start boards over ranges of sides (families played on rectangles). Each
 * board gets its own search (theorem, fast core or general solver) and `cellMs` milliseconds, unless
 * `options.reuse` has it; `onProgress` hears from long searches (positions searched, table fill, time).
 */
export function gameTable<P>(
  ruleset: GameRuleset<P>,
  rows: SideRange,
  cols: SideRange,
  cellMs = DEFAULT_TABLE_CELL_MS,
  onCell?: (cell: TableCell) => void,
  onProgress?: (board: { rows: number; cols: number }, stats: SearchStats) => void,
  options: BoardTableOptions = {},
): TableCell[] {
  if (!ruleset.rectangle)
    throw new InputError(`'${ruleset.family}' is not played on rectangles: a table varies rows and columns`);
  const cells: TableCell[] = [];
  for (let r = rows.from; r <= rows.to; r++) {
    for (let c = cols.from; c <= cols.to; c++) {
      const known = options.reuse?.(r, c);
      let cell: TableCell;
      if (known) cell = { ...known, rows: r, cols: c, reused: true };
      else {
        if (options.signal?.aborted) {
          const searched = cells.filter((done) => !done.reused).length;
          throw new SearchStopped(
            'cancelled',
            { nodes: searched, tableEntries: 0, evicted: 0, elapsedMs: 0 },
            undefined,
            {
              task: 'the table',
              counted: `${searched === 1 ? 'board' : 'boards'} searched, before the ${r} x ${c} board`,
            },
          );
        }
        let board: ReturnType<typeof tableBoard<P>>;
        try {
          board = tableBoard(ruleset, r, c, {
            cellMs,
            certify: options.certify === true,
            onProgress: onProgress && ((s) => onProgress({ rows: r, cols: c }, s)),
            resume: options.resume?.(r, c),
            signal: options.signal,
            resources: options.resources,
          });
        } catch (e) {
          // the stop names the board it cut (its message says where that board's table is saved)
          if (isCancelledSearch(e))
            (e as Error).message = (e as Error).message.replace(/^the search/, `the ${r} x ${c} search`);
          throw e;
        }
        cell = board.cell;
        if (board.certificate) options.onCertificate?.(cell, board.certificate);
      }
      cells.push(cell);
      onCell?.(cell);
    }
  }
  return cells;
}

/** One board of a table as a job for another thread or machine: the game's spec, the board, the limits. */
export interface BoardJob {
  readonly game: string;
  readonly rows: number;
  readonly cols: number;
  readonly cellMs: number;
  readonly certify: boolean;
}

/** A board computed: its cell and, when asked for and finished in time, its checked certificate's lines. */
export interface BoardResult {
  readonly cell: TableCell;
  readonly certificate: string[] | null;
}

/** Computes boards elsewhere (a queue of workers) and hears each result. */
export interface BoardExecutor {
  run(jobs: readonly BoardJob[], onResult: (result: BoardResult) => void, signal?: AbortSignal): Promise<void>;
  /** Frees its connections (the table operation closes the executor it started). */
  close?(): Promise<void>;
}

/** A board job computed here (a worker thread's work); throws InputError for a game not played on rectangles. */
export function computeBoard(job: BoardJob): BoardResult {
  const ruleset = parseRuleset(job.game);
  requireCapability(ruleset, 'rectangles', 'table');
  return tableBoard(ruleset as GameRuleset, job.rows, job.cols, { cellMs: job.cellMs, certify: job.certify });
}

/**
 * The table of gameTable with the boards computed by an executor (one job per board not reused),
 * cells in row order; onCell hears each board as it arrives (any order), reused ones first.
 */
export async function gameTableOn<P>(
  ruleset: GameRuleset<P>,
  rows: SideRange,
  cols: SideRange,
  cellMs: number,
  executor: BoardExecutor,
  onCell?: (cell: TableCell) => void,
  options: BoardTableOptions = {},
  signal?: AbortSignal,
): Promise<TableCell[]> {
  if (!ruleset.rectangle)
    throw new InputError(`'${ruleset.family}' is not played on rectangles: a table varies rows and columns`);
  const cells = new Map<string, TableCell>();
  const jobs: BoardJob[] = [];
  for (let r = rows.from; r <= rows.to; r++)
    for (let c = cols.from; c <= cols.to; c++) {
      const known = options.reuse?.(r, c);
      if (known) {
        const cell = { ...known, rows: r, cols: c, reused: true };
        cells.set(`${r}x${c}`, cell);
        onCell?.(cell);
      } else jobs.push({ game: ruleset.spec, rows: r, cols: c, cellMs, certify: options.certify === true });
    }
  if (jobs.length > 0)
    await executor.run(
      jobs,
      ({ cell, certificate }) => {
        const key = `${cell.rows}x${cell.cols}`;
        if (cells.has(key)) return;
        const got = { ...cell, reused: false };
        cells.set(key, got);
        if (certificate) options.onCertificate?.(got, certificate);
        onCell?.(got);
      },
      signal,
    );
  const out: TableCell[] = [];
  for (let r = rows.from; r <= rows.to; r++)
    for (let c = cols.from; c <= cols.to; c++) {
      const cell = cells.get(`${r}x${c}`);
      if (!cell) throw new Error(`the board ${r} x ${c} never came back from the executor`);
      out.push(cell);
    }
  return out;
}
