/**
 * Operations on games searched position by position (Cram, Chomp, Node Kayles, user-defined games),
 * under either convention: position text in, reply values out. Normal play answers from a theorem of
 * the family when one applies, else from the family's fast core for the positions it takes (the grid
 * core for boards), else from the general solver (components nim-summed); misère play through a
 * memoised search of the whole position, since misère sums are not nim-sums. Pure, like operations.ts.
 */
import type { SearchResources } from './env.ts';
import { InputError } from '../engine/errors.ts';
import { MisereOracle } from '../engine/solve/oracle/misere.ts';
import { MisereSolver } from '../engine/solve/search/misere.ts';
import { GameSolver, SearchStopped, type SearchOptions, type SearchStats } from '../engine/solve/search/solver.ts';
import type {
  Convention,
  EndgameStore,
  FastCoreMethod,
  GameRules,
  GameRuleset,
  Outcome,
  PositionSearch,
  RectangleLimit,
  StopSignal,
} from '../engine/types.ts';
import type { SearchResume } from './requests.ts';

/** True for the error of a search stopped by its signal (Ctrl-C), not by its time limit. */
export function isCancelledSearch(e: unknown): boolean {
  return e instanceof SearchStopped && e.reason === 'cancelled';
}

/** Default time limit of one search (a laptop's patience), and of each board of a table. */
export const DEFAULT_SEARCH_MS = 60_000;
export const DEFAULT_TABLE_CELL_MS = 10_000;
/** How often a resumable search saves its table by default: a kill loses at most this much search. */
export const DEFAULT_SAVE_EVERY_MS = 30_000;

/**
 * Milliseconds of search before the next save of a resumable search's table: the interval asked
 * for, else DEFAULT_SAVE_EVERY_MS or ten times the last save's duration, whichever is longer, so
 * that saving a large table (a 2^26-entry table holds hundreds of megabytes) takes at most a tenth
 * of the search.
 */
export function saveGap(askedMs: number | undefined, lastSaveMs: number): number {
  return askedMs ?? Math.max(DEFAULT_SAVE_EVERY_MS, 10 * lastSaveMs);
}
/** Largest side of a table of boards of a family that states no limit of its own (GameRuleset.rectangleLimit). */
export const MAX_TABLE_SIDE = 30;

/** How a position of a game on a board or graph was answered. */
export type GameMethod = 'theorem' | 'search' | FastCoreMethod;

/** The analysis of a position of a game on a board or graph. */
export interface GameAnalysisReply {
  ruleset: string;
  title: string;
  /** The position, in the family's one-line text format. */
  position: string;
  convention: Convention;
  /** How it was answered: a theorem alone, the general solver's search, or a fast core's (the grid core: boards as bitboards; a table core: every position below a frame, bottom-up). */
  method: GameMethod;
  /** The theorem that decided the outcome (and the value when method is 'theorem'), in words; absent when none applied. */
  theorem?: string;
  /** The Grundy value under normal play; null under misère play (misère sums have no nim values). */
  grundy: number | null;
  outcome: Outcome;
  /** Moves to P-positions: the resulting position and the move in words; every one unless allMoves is false. */
  winningMoves: { to: string; move: string }[];
  /**
   * False when the analysis listed the first winning move its search found, not every one (the
   * default from an N-position: each winning move costs a search); the request's allMoves asks for all.
   */
  allMoves: boolean;
  /** Positions the search expanded, and its time. */
  nodes: number;
  elapsedMs: number;
}

/** The position a request names: its text (the empty text too: an empty graph), else the spec's start position. */
export function gamePosition<P>(ruleset: GameRuleset<P>, text: string | undefined): P {
  if (text !== undefined) return ruleset.notation.parsePosition(text);
  if (ruleset.start !== null) return ruleset.start;
  throw new InputError(
    `'${ruleset.spec}' names no start position: give ${ruleset.notation.startHint ? `${ruleset.notation.startHint} or ` : ''}a position (${ruleset.notation.positionFormat})`,
  );
}

/**
 * A search under one convention: value (normal play only), outcome and winning moves of positions,
 * with statistics. Under misère play every position is searched whole, memoised by its key.
 */
/** A game search's limits, its resumable table, and what the face lets it use (threads, stores, table size). */
export type GameSearchOptions = SearchOptions & {
  readonly resume?: SearchResume;
  readonly resources?: SearchResources;
  /** Every winning move from a search that answers one first (analyzeGame); the others list all anyway. */
  readonly allMoves?: boolean;
};

export interface ConventionSearch<P> {
  grundy(position: P): number | null;
  isP(position: P): boolean;
  /** The moves to P-positions in the order of the ruleset's moves: every one, or the first `limit` (each found by a search of its own). */
  winningMoves(position: P, limit?: number): P[];
  /** True when g(position) = k, under normal play (certificates ask it of options: cheaper than grundy when the answer is no). */
  hasValue?(position: P, k: number): boolean;
  /** Whether g(position) = k from what the search proved already (undefined: not known); a certificate's prover asks it first. */
  knownHasValue?(position: P, k: number): boolean | undefined;
  /** g(position) when the search proved it already, else undefined. */
  knownGrundy?(position: P): number | undefined;
  /** How the position is answered (normal play: a theorem, the fast core or the general solver). */
  methodOf(position: P): GameMethod;
  /** True when the position's search keeps a table that a resumed run loads (the grid core's). */
  keepsTable(position: P): boolean;
  readonly stats: { nodes: number; elapsedMs: number };
}

/**
 * The search for a convention, within the options' time limit and signal. Normal play: a position a
 * theorem proves a P-position is answered without search; the others go to the family's fast core
 * when it takes them, else to the general solver (each made once, on first use, and kept).
 */
export function conventionSearch<P>(
  ruleset: GameRuleset<P>,
  convention: Convention,
  searchOptions: GameSearchOptions = {},
): ConventionSearch<P> {
  const { resume, resources, ...options } = searchOptions;
  if (convention === 'misere') return misereSearch(ruleset, options);
  let general: GameSolver<P> | undefined;
  let fast: PositionSearch<P> | undefined;
  // a resumable search saves the fast core's table every saveEveryMs of search, and when it ends or stops
  let savedAt = performance.now();
  let savedWork = '';
  let gap = saveGap(resume?.saveEveryMs, 0);
  // A resumable search under a time limit counts it from here (its table's loading included) and
  // stops early enough for its last save to fit in the limit: by as long as its last save took (a
  // save of a large table takes seconds, many more on a busy machine).
  const startedAt = performance.now();
  let saveReserveMs = 0;
  let stoppedForSave = false;
  const limitMs = options.timeLimitMs;
  const stopSignal: StopSignal | undefined =
    resume === undefined || limitMs === undefined
      ? options.signal
      : {
          get aborted() {
            if (options.signal?.aborted) return true;
            // at most half the limit: a search whose saves are slow still searches
            if (performance.now() - startedAt < limitMs - Math.min(saveReserveMs, limitMs / 2)) return false;
            stoppedForSave = true;
            return true;
          },
        };
  const save = () => {
    savedAt = performance.now();
    if (!fast?.saveTable) return;
    // a table that gained nothing since the last save (e.g. isP right after grundy) is not written again
    const work = `${fast.stats.nodes}/${fast.stats.tableEntries}`;
    if (work === savedWork) return;
    fast.saveTable();
    savedWork = work;
    const took = performance.now() - savedAt;
    savedAt += took;
    saveReserveMs = took;
    gap = saveGap(resume?.saveEveryMs, took);
  };
  const onProgress =
    resume === undefined
      ? options.onProgress
      : (stats: SearchStats) => {
          options.onProgress?.(stats);
          if (performance.now() - savedAt >= gap) save();
        };
  const kept = <T>(work: () => T): T => {
    if (resume === undefined) return work();
    try {
      return work();
    } catch (caught) {
      // stopped early for the last save to fit in the limit: a stop at the time limit
      const e =
        stoppedForSave && caught instanceof SearchStopped && caught.reason === 'cancelled' && !options.signal?.aborted
          ? new SearchStopped('time-limit', caught.stats, limitMs)
          : caught;
      // the same stop (reason, statistics), its message telling where the search goes on from (saved below)
      if (e instanceof SearchStopped && fast?.saveTable)
        e.message = `${e.message}; the table found so far is saved in ${resume.keeper.describe()}: the same search resumes from it`;
      throw e;
    } finally {
      save();
    }
  };
  const generalSolver = () => (general ??= new GameSolver(ruleset, options));
  const fastCore = () =>
    (fast ??= ruleset.accelerators.fastSearch!({
      ...options,
      signal: stopSignal,
      onProgress,
      endgame: resources?.endgame,
      resume: resume?.keeper,
      threads: resources?.threads,
      maxTableBits: resources?.maxTableBits,
    }));
  const proved = (p: P) => ruleset.accelerators.theorem?.(p) ?? null;
  const usesFast = (p: P) => ruleset.accelerators.fastSearch !== undefined && fastCore().accepts(p);
  const grundy = (p: P) => {
    if (proved(p)?.grundy === 0) return 0;
    return usesFast(p) ? kept(() => fastCore().grundy(p)) : generalSolver().grundy(p);
  };
  const hasValue = (p: P, k: number): boolean => {
    if (proved(p)?.grundy === 0) return k === 0;
    if (!usesFast(p)) return generalSolver().hasValue(p, k);
    const core = fastCore();
    // asked many times by a certificate's prover: not a save point of a resumable search each time
    return core.hasValue ? core.hasValue(p, k) : core.grundy(p) === k;
  };
  /** What the fast core proved already, where it tells (nothing is searched for it). */
  const knownBy = <T>(ask: (core: PositionSearch<P>) => T | undefined, p: P): T | undefined =>
    proved(p)?.grundy === 0 || !usesFast(p) ? undefined : ask(fastCore());
  return {
    grundy,
    hasValue,
    knownHasValue: (p, k) => knownBy((core) => core.knownHasValue?.(p, k), p),
    knownGrundy: (p) => knownBy((core) => core.knownGrundy?.(p), p),
    isP: (p) => {
      const verdict = proved(p);
      if (verdict) return verdict.outcome === 'P';
      if (!usesFast(p)) return generalSolver().isP(p);
      const core = fastCore();
      return kept(() => (core.isP ? core.isP(p) : core.grundy(p) === 0));
    },
    winningMoves: (p, limit) => {
      if (proved(p)?.outcome === 'P') return [];
      return usesFast(p) ? kept(() => fastCore().winningMoves(p, limit)) : generalSolver().winningMoves(p, limit);
    },
    methodOf: (p) => (proved(p)?.grundy === 0 ? 'theorem' : usesFast(p) ? fastCore().method : 'search'),
    keepsTable: (p) => proved(p)?.grundy !== 0 && usesFast(p) && fastCore().saveTable !== undefined,
    get stats() {
      const a = general?.stats ?? { nodes: 0, elapsedMs: 0 };
      const b = fast?.stats ?? { nodes: 0, elapsedMs: 0 };
      return { nodes: a.nodes + b.nodes, elapsedMs: Math.max(a.elapsedMs, b.elapsedMs) };
    },
  };
}

/** Misère play: the misère search with a table where the rules ask for it, else the misère oracle over the game's rules, stopped by the time limit or the signal like the solver. */
function misereSearch<P>(ruleset: GameRuleset<P>, options: SearchOptions): ConventionSearch<P> {
  if (ruleset.misereTable) {
    const solver = new MisereSolver(ruleset, options);
    return {
      grundy: () => null,
      isP: (p) => solver.isP(p),
      methodOf: () => 'search',
      keepsTable: () => false,
      winningMoves: (p, limit) => solver.winningMoves(p, limit),
      get stats() {
        const { nodes, elapsedMs } = solver.stats;
        return { nodes, elapsedMs };
      },
    };
  }
  const started = performance.now();
  let nodes = 0;
  const stats = () => ({
    nodes,
    tableEntries: nodes,
    evicted: 0,
    elapsedMs: Math.round(performance.now() - started),
  });
  const rules: GameRules<P> = {
    *moves(position) {
      nodes++;
      if ((nodes & 1023) === 0) {
        if (options.signal?.aborted) throw new SearchStopped('cancelled', stats());
        if (options.timeLimitMs !== undefined && performance.now() - started > options.timeLimitMs)
          throw new SearchStopped('time-limit', stats(), options.timeLimitMs);
      }
      yield* ruleset.moves(position);
    },
    key: (position) => ruleset.key(position),
  };
  const oracle = new MisereOracle(rules);
  return {
    grundy: () => null,
    isP: (p) => oracle.isP(p),
    methodOf: () => 'search',
    keepsTable: () => false,
    winningMoves: (p, limit) => oracle.winningMoves(p, limit).map((m) => m.to),
    get stats() {
      const { nodes: n, elapsedMs } = stats();
      return { nodes: n, elapsedMs };
    },
  };
}

/**
 * Refuses a resumable analysis whose search keeps no table: only the fast core's table is kept,
 * so misère play and positions the core does not take would silently start afresh every run.
 */
function requireKeptTable<P>(
  ruleset: GameRuleset<P>,
  position: P,
  convention: Convention,
  search: ConventionSearch<P>,
) {
  if (convention === 'misere')
    throw new InputError('a resumable search keeps the table of normal play: misère play is searched without one');
  const method = search.methodOf(position);
  if (method !== 'search' && method !== 'theorem' && !search.keepsTable(position))
    throw new InputError(
      `a resumable search keeps a search's table, and the ${method} answers ${ruleset.notation.formatPosition(position)} without one (it starts afresh every run)`,
    );
  if (method === 'search')
    throw new InputError(
      `a resumable search keeps the grid core's table, and ${ruleset.notation.formatPosition(position)} goes to the general solver (not a board or graph the core takes)`,
    );
}

/**
 * Value, outcome and a winning move of a position (text, or the spec's start) under a convention:
 * the first one the search finds, or every one when the options ask for allMoves. Each winning
 * move costs a search of its option, so listing all of them can cost several times the value.
 */
export function analyzeGame<P>(
  ruleset: GameRuleset<P>,
  text: string | undefined,
  convention: Convention = 'normal',
  options: GameSearchOptions = {},
): GameAnalysisReply {
  const position = gamePosition(ruleset, text);
  // a family's own outcome-first search (Sprouts) answers normal play: the outcome and one winning move
  if (convention === 'normal' && ruleset.accelerators.outcomeFirst !== undefined && !options.resume) {
    const { timeLimitMs, signal, allMoves } = options;
    const store = options.resources?.endgame;
    const first = ruleset.accelerators.outcomeFirst(position, {
      grundy: 'cheap',
      allMoves,
      timeLimitMs,
      signal,
      store,
      onProgress: options.onProgress,
    });
    return {
      ruleset: ruleset.spec,
      title: ruleset.title,
      position: ruleset.notation.formatPosition(position),
      convention,
      method: 'search',
      grundy: first.grundy,
      outcome: first.outcome,
      winningMoves: first.winningMoves.map((to) => ({
        to: ruleset.notation.formatPosition(to),
        move: ruleset.notation.describeMove(position, to),
      })),
      allMoves: first.allMoves || first.outcome === 'P',
      nodes: first.nodes,
      elapsedMs: first.elapsedMs,
    };
  }
  const search = conventionSearch(ruleset, convention, options);
  if (options.resume) requireKeptTable(ruleset, position, convention, search);
  const grundy = search.grundy(position);
  const outcome: Outcome = search.isP(position) ? 'P' : 'N';
  const allMoves = options.allMoves === true;
  const winningMoves =
    outcome === 'P'
      ? []
      : search.winningMoves(position, allMoves ? undefined : 1).map((to) => ({
          to: ruleset.notation.formatPosition(to),
          move: ruleset.notation.describeMove(position, to),
        }));
  const { nodes, elapsedMs } = search.stats;
  const theorem = convention === 'normal' ? ruleset.accelerators.theorem?.(position)?.reason : undefined;
  return {
    ruleset: ruleset.spec,
    title: ruleset.title,
    position: ruleset.notation.formatPosition(position),
    convention,
    method: search.methodOf(position),
    ...(theorem === undefined ? {} : { theorem }),
    grundy,
    outcome,
    winningMoves,
    allMoves: allMoves || outcome === 'P',
    nodes,
    elapsedMs,
  };
}

/** The perfect opponent on a game: a winning move from an N-position, else the first legal move (null: no move left). */
export function gameMove<P>(
  ruleset: GameRuleset<P>,
  text: string | undefined,
  convention: Convention = 'normal',
  options: GameSearchOptions = {},
): { from: string; to: string | null; move: string | null; outcome: Outcome } {
  const position = gamePosition(ruleset, text);
  const search = conventionSearch(ruleset, convention, options);
  // the family's outcome-first search needs one winning move, not all of them
  const { timeLimitMs, signal } = options;
  const winning =
    convention === 'normal' && ruleset.accelerators.outcomeFirst !== undefined
      ? ruleset.accelerators.outcomeFirst(position, { timeLimitMs, signal, store: options.resources?.endgame })
          .winningMoves
      : search.winningMoves(position, 1);
  const outcome: Outcome = winning.length > 0 ? 'N' : 'P';
  let to: P | undefined = winning[0];
  if (to === undefined)
    for (const m of ruleset.moves(position)) {
      to = m;
      break;
    }
  return {
    from: ruleset.notation.formatPosition(position),
    to: to === undefined ? null : ruleset.notation.formatPosition(to),
    move: to === undefined ? null : ruleset.notation.describeMove(position, to),
    outcome,
  };
}

/** An inclusive range of board sides, e.g. 1..5. */
export interface SideRange {
  from: number;
  to: number;
}

/** Reads "a..b" or "n" (sides 1..max, by default MAX_TABLE_SIDE). */
export function parseSideRange(text: string, what: string, max = MAX_TABLE_SIDE, noun = 'side'): SideRange {
  const m = /^\s*(\d{1,3})\s*(?:\.\.\s*(\d{1,3}))?\s*$/.exec(text);
  if (!m) throw new InputError(`${what} takes a range such as 1..5 or a single number, got '${text}'`);
  const from = Number(m[1]);
  const to = m[2] === undefined ? from : Number(m[2]);
  if (from < 1 || to < from) throw new InputError(`${what}: the range ${text} is empty or starts below 1`);
  if (to > max) throw new InputError(`${what}: ${to} is above the maximum ${noun} of ${max}`, 'too-large');
  return { from, to };
}

/** A limit in words: "sides up to 30 and at most 400 cells", "one side up to 30, the other up to 128 ...". */
function limitWords({ shortSide, longSide, cells }: RectangleLimit): string {
  const sides =
    shortSide === longSide ? `sides up to ${longSide}` : `one side up to ${shortSide}, the other up to ${longSide}`;
  return cells === undefined ? sides : `${sides} and at most ${cells} cells`;
}

/**
 * Refuses (InputError, too-large) an R x C board beyond the largest boards of the ruleset's tables:
 * its rectangleLimit, or sides up to MAX_TABLE_SIDE when it states none.
 */
export function checkTableBoard(ruleset: GameRuleset, rows: number, cols: number): void {
  const limit = ruleset.rectangleLimit;
  if (limit === undefined) {
    for (const [side, what] of [
      [rows, 'rows'],
      [cols, 'cols'],
    ] as const)
      if (side > MAX_TABLE_SIDE)
        throw new InputError(`${what}: ${side} is above the maximum side of ${MAX_TABLE_SIDE}`, 'too-large');
    return;
  }
  const beyond =
    Math.min(rows, cols) > limit.shortSide ||
    Math.max(rows, cols) > limit.longSide ||
    (limit.cells !== undefined && rows * cols > limit.cells);
  if (beyond)
    throw new InputError(
      `a table of ${ruleset.family} takes boards with ${limitWords(limit)}: ${rows} x ${cols} is beyond that`,
      'too-large',
    );
}

/**
 * The ranges of rows and columns ("1..5") of a table of the ruleset's boards, read and checked
 * against its largest boards before any board is searched. Each bound (short side, long side,
 * cells) grows with both sides, so the last board of the ranges is the one to check.
 */
export function tableRanges(
  ruleset: GameRuleset,
  rowsText: string,
  colsText: string,
): { rows: SideRange; cols: SideRange } {
  // a family's own limit says which boards are too large; without one each range keeps its own message
  const max = ruleset.rectangleLimit === undefined ? MAX_TABLE_SIDE : Number.POSITIVE_INFINITY;
  const rows = parseSideRange(rowsText, 'rows', max);
  const cols = parseSideRange(colsText, 'cols', max);
  checkTableBoard(ruleset, rows.to, cols.to);
  return { rows, cols };
}

/** One start of a table over one size (e.g. n spots): outcomes under both conventions, each null when its search hit the time limit. */
export interface SizeRow {
  size: number;
  normal: Outcome | null;
  misere: Outcome | null;
  normalMs: number;
  misereMs: number;
  nodes: number;
}

/**
 * The outcomes of the starts sized 1.., under normal play (the search, values nim-summed over
 * components, or the family's outcome-first search) and misère play (the misère search), each start
 * with `cellMs` milliseconds for both (misère play gets what normal play left).
 */
export function sizeTable<P>(
  ruleset: GameRuleset<P>,
  sizes: SideRange,
  cellMs = DEFAULT_TABLE_CELL_MS,
  onRow?: (row: SizeRow) => void,
  store?: EndgameStore,
): SizeRow[] {
  const sized = ruleset.sized;
  if (!sized) throw new InputError(`'${ruleset.spec}' has no starts sized by one number`);
  const rows: SizeRow[] = [];
  for (let n = sizes.from; n <= sizes.to; n++) {
    const start = sized.start(n);
    const startedAt = performance.now();
    // the outcome only: "is the value 0?" is refuted at the first winning move, a full value is not
    const normal = conventionSearch(ruleset, 'normal', { timeLimitMs: cellMs });
    let normalP: boolean | null = null;
    // the family's outcome-first search where it has one (Sprouts' land search)
    let first: { nodes: number; elapsedMs: number } | null = null;
    // stopped at the time limit: the row's limit is spent, whatever this clock says (the search's own
    // clock may round the deadline a little early, and misère play would then overrun it)
    let limitHit = false;
    try {
      if (ruleset.accelerators.outcomeFirst !== undefined) {
        const a = ruleset.accelerators.outcomeFirst(start, { timeLimitMs: cellMs, store });
        first = a;
        normalP = a.outcome === 'P';
      } else normalP = normal.isP(start);
    } catch (e) {
      if (!(e instanceof SearchStopped)) throw e;
      limitHit = e.reason === 'time-limit';
      if (ruleset.accelerators.outcomeFirst !== undefined)
        first = { nodes: e.stats.nodes, elapsedMs: e.stats.elapsedMs };
    }
    // one limit for the row: misère play gets what normal play left of it
    const left = limitHit ? 0 : Math.max(0, cellMs - (performance.now() - startedAt));
    const misere = conventionSearch(ruleset, 'misere', { timeLimitMs: left });
    let misereP: boolean | null = null;
    try {
      // nothing left: not started at all (a search checks its clock only every few positions)
      if (left > 0) misereP = misere.isP(start);
    } catch (e) {
      if (!(e instanceof SearchStopped) && !(e instanceof InputError && e.kind === 'too-large')) throw e;
    }
    const row: SizeRow = {
      size: n,
      normal: normalP === null ? null : normalP ? 'P' : 'N',
      misere: misereP === null ? null : misereP ? 'P' : 'N',
      normalMs: (first ?? normal.stats).elapsedMs,
      misereMs: misere.stats.elapsedMs,
      nodes: (first ?? normal.stats).nodes + misere.stats.nodes,
    };
    rows.push(row);
    onRow?.(row);
  }
  return rows;
}
