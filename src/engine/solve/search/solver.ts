/**
 * The general solver: Grundy values, outcomes and winning moves of games whose positions are not
 * heaps (boards, graphs, user-defined games), from their GameRules alone.
 *
 * Three things make it fast, each of which can be switched off (the benchmarks measure what each buys):
 *  - decomposition: a position splits into independent components whose values nim-sum to its value,
 *    so each component is searched once, wherever it occurs;
 *  - a transposition table keyed by the canonical key (symmetries folded in), bounded in memory with
 *    generational replacement (table.ts);
 *  - pruning (Lemoine & Viennot's nimber search, the idea Beling & Rogalski refine): instead of the
 *    value of every option, the solver asks "is g(C) = k?" for k = 0, 1, ... . g(C) = k exactly when
 *    g(C) ≠ j for every j < k and no option has value k, so one option of value k is enough to answer
 *    no: the search stops at the first one, as an outcome search stops at the first winning move.
 *    "Is g(C1 + ... + Cm) = k?" folds the components already known into k, computes the values of all
 *    but the largest unknown one, and asks the question of the largest one alone. Every answer, yes
 *    or no, is kept in the table, so no question is searched twice.
 *
 * Where the rules ask (GameRules.rounds), the options of a question are searched in rounds of growing
 * budgets (inRounds), so a cheap option that answers is not kept waiting behind an expensive one.
 *
 * Cost: without pruning every position below the start is expanded once (times the table's misses);
 * with it, positions whose value is never needed in full are only refuted. Recursion depth is the
 * game's length times the values asked, so games are bounded by their families (a few hundred moves).
 */
import { InputError } from '../../errors.ts';
import type { GameRules } from '../../types.ts';
import { TranspositionTable, type Knowledge } from './table.ts';

/** Entries of the transposition table by default (a few hundred bytes each: ~0.5 GB at most, twice this in the worst case). */
export const DEFAULT_TABLE_ENTRIES = 1_000_000;

export interface SearchOptions {
  /** Ask "is g = k?" and stop at the first refutation (default true); false: mex over every option's value. */
  readonly prune?: boolean;
  /**
   * Search the options of a question in rounds of growing budgets, the first of this many positions
   * (default: the rules' `rounds`, else 0, one option after another); see GameSolver.inRounds.
   */
  readonly rounds?: number;
  /** Split positions into independent components (default true, when the rules have `components`). */
  readonly decompose?: boolean;
  /** Most entries kept in each generation of the transposition table (default DEFAULT_TABLE_ENTRIES). */
  readonly tableEntries?: number;
  /** Stop with a SearchStopped error once this many milliseconds have passed (default: no limit). */
  readonly timeLimitMs?: number;
  /** Stop with a SearchStopped error when this signal aborts. */
  readonly signal?: AbortSignal;
  /** Called every 65,536 positions expanded, with the statistics so far. */
  readonly onProgress?: (stats: SearchStats) => void;
}

export interface SearchStats {
  /** Positions expanded (their moves generated). */
  readonly nodes: number;
  /** Entries in the transposition table now, and dropped by replacement so far. */
  readonly tableEntries: number;
  readonly evicted: number;
  readonly elapsedMs: number;
}

/**
 * A search stopped by its time limit or its signal; the message says which and how far it got. An
 * InputError of kind 'too-large' (the position is too large for the time given), so faces answer
 * with one line (CLI exit 2) rather than a stack trace.
 */
export class SearchStopped extends InputError {
  constructor(
    readonly reason: 'time-limit' | 'cancelled',
    readonly stats: SearchStats,
    limitMs?: number,
    /** What was stopped and what stats.nodes counts (a certificate's writer counts facts). */
    words: { task: string; counted: string } = { task: 'the search', counted: 'positions' },
  ) {
    super(
      reason === 'time-limit'
        ? `${words.task} hit its time limit of ${((limitMs ?? 0) / 1000).toFixed(1)} s after ${stats.nodes} ${words.counted}; give it more time or a smaller position`
        : `${words.task} was cancelled after ${stats.nodes} ${words.counted}`,
      'too-large',
    );
  }
}

interface Part<P> {
  readonly position: P;
  readonly key: string;
  /** The rules' size of the component (GameRules.size), else its key's length. */
  readonly size: number;
}

const CHECK_EVERY = 1024;
/** Thrown (one object, no trace taken per throw) when a round's budget is spent; caught by that round. */
const OUT_OF_BUDGET = new Error('the round of a search ran out of its budget');
const PROGRESS_EVERY = 65_536;

/** A solver over one game's rules; its table persists across calls, so related positions share work. */
export class GameSolver<P> {
  private readonly table: TranspositionTable;
  private readonly prune: boolean;
  private readonly decompose: boolean;
  private readonly started = Date.now();
  private readonly deadline: number;
  private nodeCount = 0;
  /** The node count past which the innermost round (inRounds) stops; Infinity outside every round. */
  private budgetEnd = Infinity;
  /** The first round's budget in positions (0: options searched one after another). */
  private readonly firstBudget: number;

  constructor(
    private readonly rules: GameRules<P>,
    private readonly options: SearchOptions = {},
  ) {
    this.table = new TranspositionTable(options.tableEntries ?? DEFAULT_TABLE_ENTRIES);
    this.prune = options.prune ?? true;
    this.decompose = (options.decompose ?? true) && rules.components !== undefined;
    this.deadline = options.timeLimitMs === undefined ? Infinity : this.started + options.timeLimitMs;
    this.firstBudget = Math.max(0, Math.floor(options.rounds ?? rules.rounds ?? 0));
  }

  get stats(): SearchStats {
    return {
      nodes: this.nodeCount,
      tableEntries: this.table.size,
      evicted: this.table.evicted,
      elapsedMs: Date.now() - this.started,
    };
  }

  /** The Grundy value of a position: the nim-sum of its components' values. */
  grundy(position: P): number {
    return this.guarded(() => {
      let value = 0;
      for (const part of this.parts(position)) value ^= this.valueOf(part);
      return value;
    });
  }

  /** True when g(position) = k (cheaper than grundy() when the answer is no). */
  hasValue(position: P, k: number): boolean {
    return this.guarded(() => this.sumHasValue(this.parts(position), k));
  }

  /** The search recurses once per move of a line of play: a game too long for the stack is refused in words. */
  private guarded<T>(search: () => T): T {
    try {
      return search();
    } catch (e) {
      if (e instanceof RangeError && /call stack/i.test(e.message)) {
        throw new InputError(
          `the game is too long for the solver's recursion (more than a few thousand moves in a line of play) after ${this.nodeCount} positions`,
          'too-large',
        );
      }
      throw e;
    }
  }

  /** True when the player to move loses. */
  isP(position: P): boolean {
    return this.hasValue(position, 0);
  }

  /** Every move to a P-position, deduplicated as written, in generation order. */
  winningMoves(position: P): P[] {
    const out: P[] = [];
    const seen = new Set<string>();
    for (const to of this.rules.moves(position)) {
      const written = JSON.stringify(to);
      if (seen.has(written)) continue;
      seen.add(written);
      if (this.isP(to)) out.push(to);
    }
    return out;
  }

  private parts(position: P): Part<P>[] {
    const pieces = this.decompose ? this.rules.components!(position) : [position];
    const size = this.rules.size;
    const parts = pieces.map((p) => {
      const key = this.rules.key(p);
      return { position: p, key, size: size === undefined ? key.length : size(p) };
    });
    // values a theorem gives (GameRules.value) go into the table, so no search asks for them
    if (this.rules.value !== undefined)
      for (const part of parts) {
        const value = this.rules.value(part.position);
        if (value !== undefined) this.table.entry(part.key).value = value;
      }
    return parts;
  }

  private expand(part: Part<P>): P[] {
    this.nodeCount++;
    if (this.nodeCount > this.budgetEnd) throw OUT_OF_BUDGET;
    if (this.nodeCount % CHECK_EVERY === 0) this.checkLimits();
    return Array.from(this.rules.moves(part.position));
  }

  private checkLimits(): void {
    if (this.options.signal?.aborted) throw new SearchStopped('cancelled', this.stats);
    if (Date.now() > this.deadline) throw new SearchStopped('time-limit', this.stats, this.options.timeLimitMs);
    if (this.options.onProgress && this.nodeCount % PROGRESS_EVERY === 0) this.options.onProgress(this.stats);
  }

  /** The value of one component. */
  private valueOf(part: Part<P>): number {
    const known = this.table.entry(part.key);
    if (known.value >= 0) return known.value;
    if (!this.prune) return this.mexValue(part, known);
    for (let k = 0; ; k++) if (this.componentHasValue(part, k)) return k;
  }

  /** Plain search: the mex of every option's value. */
  private mexValue(part: Part<P>, known: Knowledge): number {
    const seen: boolean[] = [];
    for (const option of this.expand(part)) {
      let v = 0;
      for (const p of this.parts(option)) v ^= this.valueOf(p);
      seen[v] = true;
    }
    let mex = 0;
    while (seen[mex]) mex++;
    known.value = mex;
    return mex;
  }

  /** Is g(C1 + ... + Cm) = k? Known values are folded into k; all but the largest unknown component are valued. */
  private sumHasValue(parts: Part<P>[], k: number): boolean {
    const unknown: Part<P>[] = [];
    for (const part of parts) {
      const known = this.table.get(part.key);
      if (known !== undefined && known.value >= 0) k ^= known.value;
      else unknown.push(part);
    }
    if (unknown.length === 0) return k === 0;
    if (unknown.length > 1) {
      // the largest component is the one left to the yes/no search
      let largest = 0;
      for (let i = 1; i < unknown.length; i++) if (unknown[i].size > unknown[largest].size) largest = i;
      for (let i = 0; i < unknown.length; i++) if (i !== largest) k ^= this.valueOf(unknown[i]);
      return this.prune ? this.componentHasValue(unknown[largest], k) : this.valueOf(unknown[largest]) === k;
    }
    return this.prune ? this.componentHasValue(unknown[0], k) : this.valueOf(unknown[0]) === k;
  }

  /**
   * Is g(C) = k for one component C? One expansion settles every value from the proved lower bound
   * up to k in turn: g(C) = j exactly when no option has value j and every smaller value is refuted.
   */
  private componentHasValue(part: Part<P>, k: number): boolean {
    const known = this.table.entry(part.key);
    if (known.value >= 0) return known.value === k;
    if (k < known.atLeast || (k < 31 && known.notValues & (1 << k))) return false;
    const options = this.expand(part);
    // each option's components, computed when first needed (they cost more than the moves themselves)
    const parts: (Part<P>[] | undefined)[] = new Array(options.length);
    // a position with n options has a value of at most n
    if (k > options.length) {
      if (k < 31) known.notValues |= 1 << k;
      return false;
    }
    for (let j = known.atLeast; j <= k; j++) {
      const refuted = (j < 31 && (known.notValues & (1 << j)) !== 0) || this.someOptionHasValue(options, parts, j);
      if (!refuted) {
        known.value = j;
        return j === k;
      }
      if (j < 31) known.notValues |= 1 << j;
      known.atLeast = j + 1;
    }
    return false;
  }

  /**
   * True when some option has value k. Options whose components are at hand and that the table
   * decides are looked at first, so a search starts only when no known option answers.
   */
  private someOptionHasValue(options: P[], parts: (Part<P>[] | undefined)[], k: number): boolean {
    for (let i = 0; i < options.length; i++)
      if (parts[i] !== undefined && this.probe(parts[i]!, k) === true) return true;
    const open: Part<P>[][] = [];
    for (let i = 0; i < options.length; i++) {
      const components = (parts[i] ??= this.parts(options[i]));
      const probe = this.probe(components, k);
      if (probe === true) return true;
      if (probe === undefined) open.push(components);
    }
    // options whose largest component is smaller first: they are searched faster and often decide
    // (a stable sort: ties keep the order the rules list the moves in)
    open.sort((a, b) => largestSize(a) - largestSize(b));
    if (this.firstBudget > 0 && open.length > 1) return this.inRounds(open, k);
    for (const components of open) if (this.sumHasValue(components, k)) return true;
    return false;
  }

  /**
   * someOptionHasValue's options in rounds: each open option is searched until it answers or has
   * expanded `budget` positions, and the budget grows fourfold each round. One option with value k
   * ends the search, and of options that cost about the same (Sprouts' options of one land, tied
   * at the same lives) the one that answers yes is often far cheaper than the others are to answer
   * no. What a stopped search proved is kept in the table, so the next round starts from it; when
   * no option has value k, the rounds cost a re-expansion of what each stopped search had open.
   * The last open option is searched without a budget of its own, and a round that would outgrow
   * the budget of a round above it hands over to plain order within that budget.
   */
  private inRounds(open: Part<P>[][], k: number): boolean {
    let budget = this.firstBudget;
    while (open.length > 1 && this.nodeCount + budget < this.budgetEnd) {
      for (let i = 0; i < open.length && open.length > 1; ) {
        const outer = this.budgetEnd;
        const mine = this.nodeCount + budget;
        if (mine >= outer) break;
        this.budgetEnd = mine;
        try {
          const yes = this.sumHasValue(open[i], k);
          this.budgetEnd = outer;
          if (yes) return true;
          open.splice(i, 1);
        } catch (e) {
          this.budgetEnd = outer;
          // a stop that is not this round's own (a time limit, a round above running out) goes on up
          if (e !== OUT_OF_BUDGET || this.nodeCount > outer) throw e;
          i++;
        }
      }
      budget *= 4;
    }
    for (const components of open) if (this.sumHasValue(components, k)) return true;
    return false;
  }

  /** Is g(C1 + ... + Cm) = k, from the table alone? undefined when the table does not tell. */
  private probe(parts: Part<P>[], k: number): boolean | undefined {
    let unknown: Knowledge | null = null;
    for (const part of parts) {
      const known = this.table.peek(part.key);
      if (known === undefined) return undefined;
      if (known.value >= 0) k ^= known.value;
      else if (unknown === null) unknown = known;
      else return undefined;
    }
    if (unknown === null) return k === 0;
    if (k < unknown.atLeast || (k < 31 && unknown.notValues & (1 << k))) return false;
    return undefined;
  }
}

function largestSize(parts: readonly { size: number }[]): number {
  let n = 0;
  for (const p of parts) if (p.size > n) n = p.size;
  return n;
}
