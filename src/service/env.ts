/**
 * Everything an operation needs from outside, in one object a face builds once and passes to every
 * operation: where Grundy sequences come from, where proved periods and endgame databases are kept,
 * the helper threads and table size a board search may take, stored censuses, and the face's limits.
 * The service keeps no state of its own between calls: two faces (or two tests) in one process never
 * see each other's settings.
 */
import { MAX_GRID_TABLE_BITS } from '../engine/solve/grid/index.ts';
import type {
  EndgameStore,
  PositionVisitor,
  Ruleset,
  SearchProgress,
  SearchThreads,
  StopSignal,
} from '../engine/types.ts';
import type { SearchResume } from './requests.ts';
import type { RulesRef } from './request-schemas.ts';
import type { BoardExecutor, TableCell } from './board-table.ts';
import type { AnyCensusTable } from './census/tables.ts';
import type { CensusConvention, CensusExecutor, CensusRow } from './census/types.ts';
import type { QuotientProgress, QuotientStore } from './misere.ts';
import type { ProofStore } from './proofs.ts';
import type { SizeRow } from './games.ts';
import type { StartOptionExecutor } from './start-options.ts';
import { engineSequences, type SequenceSource } from './sequences.ts';

/** The largest table a face may let one search take (2^bits entries, about 1.3 GiB). */
export const LARGEST_SEARCH_TABLE_BITS = MAX_GRID_TABLE_BITS;

/** What a board search may use beyond its own thread and the core's default table. */
export interface SearchResources {
  /** Where the fast cores keep their endgame databases. */
  readonly endgame?: EndgameStore;
  /** Helper threads a search may run on. */
  readonly threads?: SearchThreads;
  /** The largest table one search may take, as 2^bits entries (absent: the core's default). */
  readonly maxTableBits?: number;
  /** Where a long search keeps its table, so that a search stopped or killed resumes (the CLI's --resume). */
  readonly resume?: SearchResume;
}

/** What a face hears while an operation works. */
export interface OperationProgress {
  /** A board search's positions, table entries and time, every 65,536 positions or so. */
  readonly search?: (stats: SearchProgress) => void;
  /** Steps of a count done out of a total. */
  readonly steps?: (done: number, total: number) => void;
  /** A certificate's facts written so far. */
  readonly facts?: (facts: number) => void;
  /** A misère quotient's construction: each phase of a heap, and about every 2^24 steps within one. */
  readonly quotient?: (progress: QuotientProgress) => void;
  /** A misère quotient's heap done, with the quotient's order so far and the steps spent. */
  readonly quotientHeap?: (heap: number, size: number, steps: number) => void;
  /** A table's board under search (`table`): which board, and its search's progress. */
  readonly board?: (board: { readonly rows: number; readonly cols: number }, stats: SearchProgress) => void;
}

/** A stored census as the list of stores names it. */
export interface StoredCensus {
  readonly name: string;
  readonly digits: number;
  readonly hex: boolean;
  /** Which play the census computed. */
  readonly convention: CensusConvention;
  /** Rows stored (games computed so far). */
  readonly rows: number;
}

/** Where an operation reads stored censuses (the adapters' census store). */
export interface CensusStores {
  list(): readonly StoredCensus[];
  /** One store's table; null when there is no such store. */
  table(name: string): AnyCensusTable | null;
}

/** The rows of a census kept between runs (the adapters' census store): those it holds, and each new one appended. */
export interface CensusRowStore {
  readonly rows: ReadonlyMap<string, CensusRow>;
  put(row: CensusRow): void;
}

/** What a face hears of a census run's games: each row as it arrives (`done` of the games planned), then the end. */
export interface CensusRunProgress {
  row(row: CensusRow, done: number): void;
  stop(): void;
}

/**
 * What a face lends a census run (`census-run`), each made only once the request's check has passed,
 * so that a refused request makes no store file and starts no thread or connection.
 */
export interface CensusRunResources {
  /**
   * Starts where the games are computed: this machine's worker threads, or workers behind a queue.
   * Called only when some game needs computing; the run closes it. Absent: one game after another
   * in this thread.
   */
  readonly executor?: () => CensusExecutor | Promise<CensusExecutor>;
  /**
   * Opens the rows kept between runs, given the default store's name of the space (takebreak-octal-3):
   * the run reuses the rows that answer its budget and appends each new one. Absent: nothing kept.
   */
  readonly store?: (defaultName: string) => CensusRowStore;
  /** Told the space's number of codes once it is checked, before they are listed (a million take a while). */
  readonly onSpace?: (codes: number) => void;
  /** Told the number of games to compute (after the store is read); what it returns hears each row. */
  readonly progress?: (games: number) => CensusRunProgress | Promise<CensusRunProgress>;
}

/**
 * What keeps a table's boards between runs and writes their certificates (the CLI's --store and
 * --certificates): the face's files, opened for one game.
 */
export interface BoardKeeping {
  /** A board finished in an earlier run, reused instead of searched (undefined: search it). */
  readonly reuse?: (rows: number, cols: number) => TableCell | undefined;
  /** Where a board's search keeps its table, so that a board stopped or killed mid-search resumes. */
  readonly resume?: (rows: number, cols: number) => SearchResume | undefined;
  /** Writes a board's certificate (its lines, checked), before the board is kept. */
  readonly certificate?: (cell: TableCell, lines: string[]) => void;
  /** Keeps each board as it is known (a reused one too). */
  readonly keep?: (cell: TableCell) => void;
}

/**
 * What a face lends a table (`table`, `sized-table`: the CLI's `nimber table`), each made only once
 * the request's check has passed, so that a refused request opens no file and no connection.
 */
export interface TableResources {
  /**
   * Starts where the boards are computed (the CLI's --queue), one job per board not reused. Called
   * only when some board needs computing; the run closes it. Absent: board after board in this thread.
   */
  readonly executor?: () => BoardExecutor | Promise<BoardExecutor>;
  /**
   * Starts where the options of sized starts are computed (the CLI's --queue), one job per distinct
   * option and play; the run closes it. Absent: each start searched whole in this thread.
   */
  readonly options?: () => StartOptionExecutor | Promise<StartOptionExecutor>;
  /** Opens the keeping of a game's boards, given the game's spec (the name a store's header holds). */
  readonly keeping?: (game: string) => BoardKeeping;
  /** Told how many boards (or sized starts) the table has, once the request is checked. */
  readonly onSize?: (count: number) => void;
  /** Each board as it is known, after it is kept: in row order, or as they arrive from an executor. */
  readonly onCell?: (cell: TableCell) => void;
  /** Each row of a table of sized starts as it finishes. */
  readonly onRow?: (row: SizeRow) => void;
}

/**
 * The most one request may ask of a face that answers many users at once (the HTTP API); absent
 * fields: no maximum beyond the engine's own.
 */
export interface FaceLimits {
  /** Grundy values in one reply. */
  readonly maxValues?: number;
  /** Options listed in one reply, numbers or characters in all, and options a page may skip. */
  readonly maxOptions?: number;
  readonly maxOptionsSize?: number;
  readonly maxOptionsScan?: number;
  /** Largest pile and most positions of a list of P-positions. */
  readonly maxPile?: number;
  readonly maxPPositions?: number;
  /** Codes of a census space whose table is built. */
  readonly maxCensusCodes?: number;
  /** Milliseconds spent looking for a proved period. */
  readonly periodBudgetMs?: number;
  /** Milliseconds a search over positions may take (absent: until the face's own deadline ends it). */
  readonly searchMs?: number;
  /** Facts of a certificate sent in one reply. */
  readonly maxCertificateFacts?: number;
}

export interface ServiceEnv {
  /** g(0..maxHeap) of a heap ruleset. */
  readonly sequences: SequenceSource;
  /** Where proved periods are kept between requests. */
  readonly proofs?: ProofStore;
  readonly search?: SearchResources;
  readonly census?: CensusStores;
  /** What a census run computes on, keeps its rows in and reports to (the CLI's `nimber census`). */
  readonly censusRun?: CensusRunResources;
  /** What a table computes on, keeps its boards in and reports to (the CLI's `nimber table`). */
  readonly table?: TableResources;
  readonly limits?: FaceLimits;
  readonly progress?: OperationProgress;
  /** Stops the operation's search when it aborts. */
  readonly signal?: StopSignal;
  /** Where a misère quotient keeps its partial construction after each heap and resumes (the CLI's --store). */
  readonly quotientStore?: QuotientStore;
  /** Each P-position a count finds, for a face that lists them (piles that move together); false stops. */
  readonly listed?: PositionVisitor;
  /**
   * Where a face that plays a whole game keeps what `play` made for it between turns (the terminal:
   * a board's search and its table serve every turn); absent: each turn starts afresh (the server).
   * The face owns it: the service keeps nothing between calls.
   */
  readonly playMemory?: Map<string, unknown>;
  /**
   * The game of a request's rules file (the CLI's --rules), loaded by the face where it can end user
   * code that loops or runs out of memory (a worker thread). Absent: requests with rules are refused
   * (the HTTP API runs no user code).
   */
  readonly rules?: (ref: RulesRef) => Ruleset;
}

/** The engine alone: sequences computed in this thread, nothing kept, no limits beyond the engine's. */
export const ENGINE_ENV: ServiceEnv = Object.freeze({ sequences: engineSequences });
