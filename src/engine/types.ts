/**
 * The vocabulary of nimber: families, rulesets, positions, outcomes, analyses. A family (one folder
 * under families/, one line in registry.ts) parses its specs into rulesets; a ruleset carries
 * everything the rest of the code asks of it, so nothing outside a family's folder switches on
 * its name.
 */

/** 'P': the previous player wins (a loss for the player to move); 'N': the next player wins. */
export const OUTCOMES = ['P', 'N'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Play conventions: 'normal' (the player who cannot move loses) or 'misere' (the player who makes the last move loses). */
export const CONVENTIONS = ['normal', 'misere'] as const;
export type Convention = (typeof CONVENTIONS)[number];

/** A position of a heap or pile game: heap (or pile) sizes, in the user's order. */
export type Position = readonly number[];

/** A Grundy sequence: entry n is the Grundy value of a single heap of size n. */
export type GrundySequence = Uint32Array;

/** Orders in which k-heap positions are counted. */
export const COUNT_ORDERS = ['sorted', 'ordered', 'distinct'] as const;
export type CountOrder = (typeof COUNT_ORDERS)[number];

/**
 * Kinds of rulesets, by the shape of their positions: sums of independent heaps ('heap'), piles that
 * one move may change together ('coupled'), or positions of any other type searched move by move
 * (boards, graphs: 'game'), all won by the last move (or lost, under misère play); or games decided
 * by a result at their end, a win, a draw or a loss ('result': Quarto, won by making a line and drawn
 * on a full board). The service layer reads a ruleset's capabilities (capabilities.ts), not its
 * kind, to choose how to answer.
 */
export const RULESET_KINDS = ['heap', 'coupled', 'game', 'result'] as const;
export type RulesetKind = (typeof RULESET_KINDS)[number];

/**
 * The rules of a game over positions of any type P (heaps, piles, and later boards or graphs): what
 * the brute-force oracle and a general solver need.
 */
export interface GameRules<P> {
  /** Every position reachable in one move. */
  moves(position: P): Iterable<P>;
  /** Independent parts whose Grundy values nim-sum to the position's (absent: the position is one part). */
  components?(position: P): P[];
  /** Canonical key: equal for positions that are the same game (order, empty parts and symmetries folded in). */
  key(position: P): string;
  /**
   * How many moves the position has, as many as `moves` yields, without making them (absent: they
   * are made and counted). A certificate's prover weighs every component it meets by this count.
   */
  moveCount?(position: P): number;
  /**
   * The normal-play Grundy value when a theorem gives it without a search (e.g. a coin-turning row:
   * the nim-sum of its heads' values); undefined where the search must find it. The general solver
   * takes it for a component instead of searching; misère play ignores it.
   */
  value?(position: P): number | undefined;
  /**
   * A component's size for the general solver's order (absent: its key's length): options whose
   * largest component is smallest are searched first, and of a sum the largest component is the one
   * left to the yes/no question. A measure closer to the work a component costs orders better.
   */
  size?(component: P): number;
  /**
   * The general solver's first budget, in positions, for searching a question's options in rounds
   * (absent: one option after another). Worth it where many options tie in size and their costs
   * differ by orders of magnitude, as Sprouts' options do.
   */
  readonly rounds?: number;
  /**
   * Under misère play, search whole positions with the misère search of solve/search/misere.ts
   * (options ordered by size, a table bounded by replacement) rather than the misère oracle, which
   * refuses past 2,000,000 positions. Absent: the oracle.
   */
  readonly misereTable?: boolean;
}

/**
 * A Grundy sequence computed in steps (progress, cancellation, extending a cached prefix): the
 * values after extendTo(a) then extendTo(b) equal those of one extendTo(b).
 */
export interface SequenceComputation {
  /** Heaps 0..length-1 are computed. */
  readonly length: number;
  /** Computes heaps up to length - 1 (at most the capacity the computation was made for). */
  extendTo(length: number): void;
  /** Starts from known values g(0..prefix.length-1) instead of heap 0 (only before extendTo). */
  seed(prefix: ArrayLike<number>): void;
  /** g(0..length-1) (a view or a copy, in the kernel's own width). */
  values(): Uint32Array | Uint16Array;
  /** How the kernel runs now, when a progress line should say so (e.g. a quadratic fallback); null otherwise. */
  readonly note?: string | null;
}

/** An (arithmetic) periodicity: g(n + period) = g(n) + saltus for every n >= preperiod. */
export interface ObservedPeriod {
  readonly period: number;
  readonly preperiod: number;
  readonly saltus: number;
}

/** What every ruleset says about itself. */
interface RulesetBase {
  readonly kind: RulesetKind;
  /** The family's name (as in the registry); for display, the API and the page's views (src/views/), never for dispatch in the engine. */
  readonly family: string;
  /** Canonical spec string: parseRuleset(spec) gives an equal ruleset. */
  readonly spec: string;
  /** A human name, e.g. "subtract a square". */
  readonly title: string;
  /** What kind of game it is, in a few words for messages (e.g. "a game on a board"); absent: the kind's default. */
  readonly what?: string;
}

/**
 * A ruleset where a move changes exactly one heap (the game is a sum of heaps, so Sprague–Grundy
 * applies). Required members are what every face needs; optional ones are closed forms and
 * capabilities that faster paths use when a family has them.
 */
export interface HeapRuleset extends RulesetBase {
  readonly kind: 'heap';
  /** Largest heap size the engine accepts for this ruleset (documented maximum). */
  readonly maxHeap: number;
  /** What a heap of size n may become: each option is the list of heaps replacing it (empty when nothing remains; zeros never listed). */
  heapOptions(n: number): Iterable<readonly number[]>;
  /** g(0..maxHeap) by the family's fastest kernel here (maxHeap already checked by the caller). */
  sequence(maxHeap: number): GrundySequence;
  /** A resumable computation of the same values where the family's kernel runs in steps here (null: one call to `sequence`). */
  computation?(capacity: number): SequenceComputation | null;
  /** Closed form of one heap's value: no sequence needed, so heaps may be far beyond any sequence. */
  grundyOf?(heap: number): number;
  /** Closed form of the options of `heap` whose value is `value` (winning moves without listing every option). */
  optionsWithValue?(heap: number, value: number): Iterable<readonly number[]>;
  /**
   * Options of a heap of any size (bigint) whose free part (the smaller heap of a split, any
   * removal) is below `horizon`, lazily, removals interleaved: with a proved period these show
   * every value an option can have (analysis of heaps far beyond any sequence). `complete`: these
   * are all the heap's options.
   */
  farOptions?(
    heap: bigint,
    horizon: number,
  ): { readonly options: Iterable<readonly bigint[]>; readonly complete: boolean };
  /** Closed-form test that `parts` is an option of `heap` (for heaps too large to list). */
  isOption?(heap: number, parts: readonly number[]): boolean;
  /** Closed forms over heaps of any size, for families whose values grow with the heap (Nim, Lasker's Nim). */
  readonly bigClosedForm?: BigClosedForm;
  /** Set when heap n is the Nim heap *n itself: misère sums follow Bouton's rule for heaps of any size. */
  readonly nimHeaps?: true;
  /** Set when every option of n is a single heap n - s (or nothing) for s in this set: the subtraction kernels apply. */
  readonly subtractionSet?: SubtractionSet;
  /** A periodicity proved by a closed form, valid for every heap. */
  readonly provedPeriod?: ObservedPeriod;
  /**
   * The computed length that proves a plain period (saltus 0) with this preperiod and period, by a
   * periodicity theorem for the family (absent: no theorem applies).
   */
  certificationLength?(preperiod: number, period: number): number;
  /** Estimated kernel steps for heaps 0..maxHeap (the page computes cheap ones itself); Infinity: never in the page. */
  workEstimate(maxHeap: number): number;
  /** The kernel that computes heaps 0..maxHeap here, in words (e.g. "the WebAssembly subtraction kernel"). */
  kernelName(maxHeap: number): string;
}

/** A set of positive integers, finite or infinite, listed up to a bound on demand. */
/** A family's closed forms over bigint heaps: values past 2^32 and winning moves of heaps of any size. */
export interface BigClosedForm {
  /** g(heap), exactly. */
  grundyOf(heap: bigint): bigint;
  /** Options of `heap` of value `value`, lazily; `complete` false when the list may miss some (a bounded scan). */
  optionsWithValue(
    heap: bigint,
    value: bigint,
  ): { readonly options: Iterable<readonly bigint[]>; readonly complete: boolean };
}

export interface SubtractionSet {
  /** Canonical text: '1,3,4' or a name such as 'squares'. */
  readonly text: string;
  /** True when the set is finite (then `upTo` of a large bound lists it whole). */
  readonly finite: boolean;
  /** The members <= limit, ascending. */
  upTo(limit: number): Int32Array;
}

/** What a listing or count of P-positions of a coupled ruleset covers. */
export interface PileQuery {
  /** Number of piles (must match the ruleset's when it fixes one). */
  readonly pileCount: number;
  /** Each pile ranges over 0..max. */
  readonly max: number;
  readonly order?: CountOrder;
  readonly onProgress?: (done: number, total: number) => void;
}

/** Called with each P-position (the array may be reused: copy it to keep it); false stops the listing. */
export type PositionVisitor = (position: readonly number[]) => boolean | undefined;

/**
 * A ruleset whose moves may touch several piles at once (not a sum of games). `piles` is the
 * fixed number of piles when the ruleset fixes it.
 */
export interface CoupledRuleset extends RulesetBase {
  readonly kind: 'coupled';
  readonly piles?: number;
  readonly maxPile: number;
  /** True when permuting the piles does not change the game (the oracle then memoises sorted). */
  readonly symmetric?: boolean;
  /** Every position reachable in one move. */
  moves(position: Position): Iterable<number[]>;
  /** Every winning move by the family's own solver (absent: the oracle's backward induction). */
  winningMoves?(position: Position): WinningMove[];
  /** Visits the P-positions of a query by the family's own solver and returns their number (absent: the oracle classifies every tuple). */
  forEachPPosition?(query: PileQuery, visit?: PositionVisitor): bigint;
  /** Largest pile for which the oracle cross-checks a count of this many piles quickly (--verify). */
  verifyMaxPile?(pileCount: number): number;
}

/** Rulesets whose positions are lists of numbers: heap sizes or pile sizes. */
export type TupleRuleset = HeapRuleset | CoupledRuleset;

/** Every ruleset of the spec language: the registry's families parse specs into these. */
export type Ruleset = HeapRuleset | CoupledRuleset | GameRuleset | ResultRuleset;

/**
 * A family of rulesets, whatever their positions (heaps, piles, boards, graphs): one folder under
 * families/, one line in registry.ts.
 */
export interface Family {
  /** The word before ':' in a spec. */
  readonly name: string;
  /** One line of help: the syntax and what it means. */
  readonly help: string;
  /** Whether the family takes arguments after ':' (required), never, or optionally. */
  readonly args: 'required' | 'none' | 'optional';
  /** Names that stand for a full spec of this family, e.g. kayles = takebreak:0.77. */
  readonly aliases?: readonly (readonly [alias: string, spec: string])[];
  /** Builds the ruleset from the text after ':' (empty when there is none); throws InputError. */
  parse(args: string): Ruleset;
  /**
   * A small instance: a spec and a position of it (heap or pile sizes, or a position's text; neither
   * for a spec that names its start). Help, the page's first view and the tests that run every
   * family through every face use it.
   */
  readonly example: FamilyExample;
  /** Published Grundy sequences of this family's rulesets (OEIS), by canonical spec: checked against their values in the tests. */
  readonly sequences?: readonly (readonly [spec: string, entry: PublishedSequence])[];
}

/** An OEIS entry. */
export interface PublishedSequence {
  /** The A-number, e.g. A002186. */
  readonly id: string;
  readonly name: string;
  /** The heap whose value is the entry's first term (the entry's offset); absent: heap 0. */
  readonly firstHeap?: number;
}

export interface FamilyExample {
  readonly spec: string;
  readonly heaps?: readonly number[];
  readonly board?: string;
}

/** One winning move: the whole resulting position. */
export interface WinningMove {
  readonly to: number[];
}

/** The analysis of one position. */
export interface Analysis {
  readonly ruleset: string;
  readonly heaps: number[];
  /** Grundy value of each heap (heap rulesets only; null for coupled games). */
  readonly grundy: number[] | null;
  /** Nim-sum of the heaps' Grundy values (heap rulesets only). */
  readonly nimSum: number | null;
  readonly outcome: Outcome;
  readonly winningMoves: WinningMove[];
}

/**
 * A ruleset whose positions are boards, graphs or any other values (not heaps): the general solver
 * (solve/search/) answers from its GameRules. P is the family's own position type; faces hold it
 * opaque and go through the text format. A family states three separate pieces: its rules (these
 * members), its notation (text in and out, move words) and its accelerators (theorems and fast
 * cores); what the page draws is a fourth, kept outside the engine (src/views/).
 */
export interface GameRuleset<P = unknown> extends GameRules<P>, RulesetBase {
  readonly kind: 'game';
  /** The start position the spec names (e.g. the empty board of cram:4x5), or null when it names none. */
  readonly start: P | null;
  /** The start position of an R x C board (families played on rectangles; absent otherwise): what `nimber table` varies. */
  rectangle?(rows: number, cols: number): P;
  /**
   * The largest boards `rectangle` gives a table (what the family's board and fast core take),
   * checked before any board is searched; absent: sides up to the service's default (30).
   */
  readonly rectangleLimit?: RectangleLimit;
  /** Start positions sized by one number (families whose `nimber table` varies one size, e.g. spots); absent otherwise. */
  readonly sized?: SizedStarts<P>;
  /** How positions and moves are written: what the faces read and print. */
  readonly notation: GameNotation<P>;
  /** Faster ways to an answer than the general solver ({} when the family has none). */
  readonly accelerators: GameAccelerators<P>;
}

/** The largest R x C boards of a family's tables: each board within all three bounds. */
export interface RectangleLimit {
  /** Most cells on the shorter side. */
  readonly shortSide: number;
  /** Most cells on the longer side. */
  readonly longSide: number;
  /** Most cells of a board; absent: shortSide x longSide. */
  readonly cells?: number;
}

/**
 * A game's notation: positions as text in and out, and moves in words. The faces read and print
 * positions only through it; the general solver never reads it (positions are values to it).
 */
export interface GameNotation<P> {
  /** The position text format in one line (for help and error messages). */
  readonly positionFormat: string;
  /**
   * How a spec of this family names a start position, in its own grammar with an example that
   * parses (e.g. "a board size (e.g. cram:4x5)"), for the hint when none is named; absent when no
   * spec of the family names one (coin rows: every position is given).
   */
  readonly startHint?: string;
  /**
   * Reads a position; throws InputError naming the line and column of what is wrong. When the spec
   * names a start (cram:4x5), only positions of that start are read (a 4 x 5 board), so a reply's
   * title never names another game than the one analysed.
   */
  parsePosition(text: string): P;
  /** The position as one line of text that parsePosition reads back. */
  formatPosition(position: P): string;
  /** A move in words, e.g. "vertical domino on b2-b3". */
  describeMove(from: P, to: P): string;
}

/**
 * A game's accelerators: what answers faster than the general solver for the positions they take.
 * Every member is optional; the service chooses among those present and says which answered.
 */
export interface GameAccelerators<P> {
  /**
   * What a theorem says of a position before any search (under normal play), or null when none
   * applies: the service answers from it and says so.
   */
  theorem?(position: P): TheoremVerdict | null;
  /**
   * A search core faster than the general solver (bitboards, exact keys) for the positions it
   * `accepts`; the service uses it for those under normal play. Absent: the general solver only.
   */
  fastSearch?(limits: SearchLimits): PositionSearch<P>;
  /**
   * The family's own outcome-first search under normal play (Sprouts' land search): the outcome and
   * one winning move, the value and every winning move only when asked. Where present the service
   * answers normal-play analyses from it. Absent: the fast core or the general solver.
   */
  outcomeFirst?(position: P, request: OutcomeFirstRequest): OutcomeFirstAnalysis<P>;
}

/** What an outcome-first analysis is asked (GameAccelerators.outcomeFirst). */
export interface OutcomeFirstRequest {
  /** Also the Grundy value: true; 'cheap' for the value only when a small search finds it; false (default): none. */
  readonly grundy?: boolean | 'cheap';
  /** Every winning move, not only the first one found. */
  readonly allMoves?: boolean;
  readonly timeLimitMs?: number;
  readonly signal?: StopSignal;
  /** Where the search keeps what it proved of components between runs (the face's cache; none: memory only). */
  readonly store?: EndgameStore;
  /** Hears the search's progress, at most a few times a second (a long search tells it is alive). */
  readonly onProgress?: (stats: SearchProgress) => void;
}

/** The answer of an outcome-first analysis. */
export interface OutcomeFirstAnalysis<P> {
  readonly outcome: Outcome;
  /** The Grundy value, or null when it was not asked for and not cheap. */
  readonly grundy: number | null;
  /** Moves to P-positions: every one when `allMoves` is true, else the first one found (none from a P-position). */
  readonly winningMoves: readonly P[];
  readonly allMoves: boolean;
  /** Positions the search settled by searching, and its time. */
  readonly nodes: number;
  readonly elapsedMs: number;
}

/** A theorem's verdict on a position: its outcome, its value when the theorem gives it, and the theorem in words. */
export interface TheoremVerdict {
  readonly outcome: Outcome;
  /** The Grundy value, or null when the theorem proves only the outcome. */
  readonly grundy: number | null;
  readonly reason: string;
}

/**
 * What a search reads of a request to stop: an AbortSignal, or a flag in shared memory that another
 * thread sets (a search is synchronous: no signal handler or event of its own thread runs before it
 * returns, so a Ctrl-C that must reach it comes from a thread it does not hold).
 */
export interface StopSignal {
  readonly aborted: boolean;
}

/** How long a search may run, and what it reports while it runs. */
export interface SearchLimits {
  readonly timeLimitMs?: number;
  readonly signal?: StopSignal;
  readonly onProgress?: (stats: SearchProgress) => void;
  /** Where a fast core keeps its endgame database between runs (none: it searches without one). */
  readonly endgame?: EndgameStore;
  /** Worker threads a fast core may search with (none: it searches on the calling thread alone). */
  readonly threads?: SearchThreads;
  /** Where a fast core's table is kept so a killed search resumes: loaded when the core starts (none: a fresh table). */
  readonly resume?: TableKeeper;
  /**
   * The largest transposition table a fast core may size for itself, as 2^bits entries (none: the
   * core's default, 2^22, which the HTTP API and the page keep: they run many searches at once). A
   * face running one long search on the user's machine raises it (the CLI).
   */
  readonly maxTableBits?: number;
}

/**
 * Where one search keeps its transposition table between runs (a file, through an adapter): the
 * core loads the words when it starts and saves them when asked (PositionSearch.saveTable).
 */
export interface TableKeeper {
  /** The words saved, or null when none are. */
  load(): Int32Array | null;
  save(words: Int32Array): void;
  /** Where the table is kept, for messages (a file name). */
  describe(): string;
}

/**
 * Helper threads for a fast core's search: the face passes an adapter in (worker threads); the
 * engine starts none itself. The calling thread searches too: `threads` counts it.
 */
export interface SearchThreads {
  /** Threads worth using (the caller's included) for a search from a position of `cells` cells: 1 for none. */
  threadsFor(cells: number): number;
  /** Makes sure `setup.threads - 1` helper threads run the core's helper loop on `setup` (starting them when none do). */
  engage(setup: HelperSetup): void;
  /** The caller is done for now: the helpers may end once its synchronous work is over, unless engaged again. */
  release(setup: HelperSetup): void;
}

/** What a helper thread gets: plain data and shared memory only (it crosses to another thread). */
export interface HelperSetup {
  /** The name of the core's rules (the grid core: GridRules.name), by which the helper finds them. */
  readonly rules: string;
  /** Computing threads, the caller's included. */
  readonly threads: number;
  /** The shared transposition table (solve/grid/shared-table.ts). */
  readonly table: { readonly bits: number; readonly words: Int32Array; readonly guards: Int32Array };
  /** Jobs and answers (solve/grid/threads.ts). */
  readonly control: Int32Array;
  /** The endgame database's words, or null. */
  readonly database: Int32Array | null;
}

/**
 * Where endgame databases (words of nimbers of small components) are kept between runs: the
 * service passes one in (a disk cache); the engine never touches files.
 */
export interface EndgameStore {
  /** The words saved under `name`, or null when none are. */
  load(name: string): Int32Array | null;
  save(name: string, words: Int32Array): void;
  /** Where `name` is kept, for messages (a file name). */
  describe(name: string): string;
}

/** How far a search has got: positions expanded, table entries (and those dropped), time. */
export interface SearchProgress {
  readonly nodes: number;
  readonly tableEntries: number;
  readonly evicted: number;
  readonly elapsedMs: number;
  /** Where a search that goes over the root's moves in turn is (a result game's solver): in place of the table. */
  readonly rootMoves?: { readonly done: number; readonly of: number };
}

/**
 * The kinds of fast core, as a reply names its method: the grid core searches boards and graphs as
 * bitboards from the position down; a table core values every position below a frame bottom-up in
 * one typed array (Chomp's diagrams); the land search asks outcomes of lands beside nim heaps
 * (Sprouts).
 */
export type FastCoreMethod = 'grid core' | 'table core' | 'land search';

/** A normal-play search over one game's positions; its table persists across calls. */
export interface PositionSearch<P> {
  /** The core, in words (e.g. "the grid core"), for the reply's method. */
  readonly name: string;
  /** The kind of core, for the reply's method. */
  readonly method: FastCoreMethod;
  /** True when the core takes this position (e.g. boards up to its size limits). */
  accepts(position: P): boolean;
  grundy(position: P): number;
  /** True when the player to move loses; absent: grundy(position) === 0 (a core that decides outcomes first offers it). */
  isP?(position: P): boolean;
  /** True when the position's value is k (cheaper than grundy when the answer is no; certificates ask it). */
  hasValue?(position: P, k: number): boolean;
  /** Whether the position's value is k from what the core already proved, without searching; undefined when it does not know. */
  knownHasValue?(position: P, k: number): boolean | undefined;
  /** The position's value when the core proved it already, without searching; undefined when it has not. */
  knownGrundy?(position: P): number | undefined;
  /** The moves to P-positions in the order of the ruleset's moves: every one, or the first `limit`. */
  winningMoves(position: P, limit?: number): P[];
  readonly stats: SearchProgress;
  /** Saves the table to the limits' `resume` keeper; the number of entries saved (0 and nothing saved: no keeper, or nothing searched yet). */
  saveTable?(): number;
}

/** Start positions sized by one number n = 1..max; `name` is the size's word (plural), e.g. "spots". */
export interface SizedStarts<P> {
  readonly name: string;
  readonly max: number;
  start(n: number): P;
}

/** The result of a game decided at its end, for the player to move, with perfect play on both sides. */
export const GAME_RESULTS = ['win', 'draw', 'loss'] as const;
export type GameResult = (typeof GAME_RESULTS)[number];

/**
 * A ruleset whose games end in a result, a win, a draw or a loss (Quarto: won by making a line,
 * drawn on a full board), rather than by the last move: no Grundy values, no misère play. Both
 * players have the same moves. P is the family's position type and M its move type; faces hold both
 * opaque and go through the notation. The family's own solver answers (the service has no general
 * one for this kind).
 */
export interface ResultRuleset<P = unknown, M = unknown> extends RulesetBase {
  readonly kind: 'result';
  /** The start position (e.g. Quarto's empty board). */
  readonly start: P;
  /** The legal moves (none when the game is over). */
  moves(position: P): readonly M[];
  /** Plays a legal move: the next position (the opponent to move), whether the mover won, whether the game is over. */
  play(position: P, move: M): ResultStep<P>;
  /** The legal moves that win at once (end the game with the mover's win); quick, without a search. */
  winsAtOnce(position: P): readonly M[];
  /** Why a move is not legal at the position, in words (e.g. "b3 is taken (piece 5)"); null when it is legal. */
  refuseMove(position: P, move: M): string | null;
  /** The result for the player to move of a position where the game is over (a loss: the last move won; a draw), else null. */
  ended(position: P): GameResult | null;
  /** The family's solver: the result with perfect play, the best moves, or the best move found so far when stopped. */
  solve(position: P, limits: ResultSearchLimits): ResultSolution<M>;
  /** What is known of a position beyond the solver's search (symmetry, a published result), in words; null when nothing is. */
  known?(position: P): string | null;
  /**
   * True when every legal move leads to the same position up to the game's symmetries (Quarto's
   * start: every first give): any move is as good as the others, known without a search.
   */
  movesAlike?(position: P): boolean;
  readonly notation: ResultNotation<P, M>;
}

/** What a move of a result game leads to. */
export interface ResultStep<P> {
  readonly position: P;
  /** The mover has won with this move. */
  readonly won: boolean;
  /** The game is over (won, or drawn). */
  readonly over: boolean;
}

/** How long a result game's solver may run, and what it is asked for beyond the result. */
export interface ResultSearchLimits {
  readonly timeLimitMs?: number;
  readonly signal?: StopSignal;
  /** Every best move, not only one (each drawing move costs a full proof). */
  readonly allBestMoves?: boolean;
  /** Hears the search's progress, at most a few times a second (after a root move). */
  readonly onProgress?: (stats: SearchProgress) => void;
}

/** A result game's solution for the player to move. */
export interface ResultSolution<M> {
  /** False when the solver stopped (time limit, signal) before proving the result. */
  readonly proved: boolean;
  /** The result with perfect play; undefined when not proved. */
  readonly result?: GameResult;
  /** Turns to the end with perfect play (the winner wins fastest, the loser loses slowest), counting the mover's own; undefined when not proved. */
  readonly turns?: number;
  /** The best moves (one unless asked for all); when not proved, the best found so far. */
  readonly bestMoves: readonly M[];
  /** Whether bestMoves are every best move (asked for, and listed within the limits). */
  readonly allBestMoves: boolean;
  readonly nodes: number;
  readonly elapsedMs: number;
}

/** A result game's text: positions in and out, moves in short form and in words. */
export interface ResultNotation<P, M> {
  /** The position text format in one line (for help and error messages). */
  readonly positionFormat: string;
  /** How a move is typed, in one line (for help and error messages). */
  readonly moveFormat: string;
  /** Reads a position; throws InputError naming the place of what is wrong. */
  parsePosition(text: string): P;
  /** The position as one line of text that parsePosition reads back. */
  formatPosition(position: P): string;
  /** The position drawn for a person in lines of text (a terminal), which parsePosition also reads. */
  drawPosition(position: P): string;
  /** A move in short form, e.g. Quarto's "b3+0". */
  moveText(move: M): string;
  /** A move in words, e.g. "place tall dark square hollow on b3, give short light round solid". */
  moveWords(position: P, move: M): string;
  /** Reads a typed move (short form or words); undefined when the text is not a move's. */
  parseMove(position: P, text: string): M | undefined;
  /** A number of turns in the game's word, e.g. "3 placements". */
  turns(count: number): string;
}
