/**
 * What the searches of games played move by move share (the general solver, solver.ts, and the
 * misère search, misere.ts): their options and statistics, the stop by time limit or signal, the
 * progress report, the refusal in words of a game too long for the recursion, winning moves from
 * an outcome, and the search of a question's options in rounds of growing budgets.
 */
import { InputError } from '../../errors.ts';
import type { GameRules, StopSignal } from '../../types.ts';
import { TranspositionTable } from './table.ts';

export interface SearchOptions {
  /** Ask "is g = k?" and stop at the first refutation (default true); false: mex over every option's value. */
  readonly prune?: boolean;
  /**
   * Search the options of a question in rounds of growing budgets, the first of this many positions
   * (default: the rules' `rounds`, else 0, one option after another); see BudgetedSearch.inRounds.
   */
  readonly rounds?: number;
  /** Split positions into independent components (default true, when the rules have `components`). */
  readonly decompose?: boolean;
  /** Most entries kept in each generation of the transposition table (default: the search's own). */
  readonly tableEntries?: number;
  /** Stop with a SearchStopped error once this many milliseconds have passed (default: no limit). */
  readonly timeLimitMs?: number;
  /** Stop with a SearchStopped error when this signal aborts. */
  readonly signal?: StopSignal;
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

/**
 * Positions between two looks at the clock and the signal: a Sprouts position can take half a
 * millisecond to expand, so 1,024 of them overran a time limit by half a second; a look costs
 * tens of nanoseconds.
 */
const CHECK_EVERY = 128;
const PROGRESS_EVERY = 65_536;
/** Thrown (one object, no trace taken per throw) when a round's budget is spent; caught by that round. */
const OUT_OF_BUDGET = new Error('the round of a search ran out of its budget');

/** A search over one game's rules whose table persists across calls, so related positions share work. */
export abstract class BudgetedSearch<P> {
  protected readonly table: TranspositionTable;
  private readonly started = Date.now();
  private readonly deadline: number;
  private nodeCount = 0;
  /** The node count past which the innermost round (inRounds) stops; Infinity outside every round. */
  private budgetEnd = Infinity;

  constructor(
    protected readonly rules: GameRules<P>,
    protected readonly options: SearchOptions,
    defaultTableEntries: number,
    /** The first round's budget in positions (0: options searched one after another). */
    protected readonly firstBudget: number,
  ) {
    this.table = new TranspositionTable(options.tableEntries ?? defaultTableEntries);
    this.deadline = options.timeLimitMs === undefined ? Infinity : this.started + options.timeLimitMs;
  }

  get stats(): SearchStats {
    return {
      nodes: this.nodeCount,
      tableEntries: this.table.size,
      evicted: this.table.evicted,
      elapsedMs: Date.now() - this.started,
    };
  }

  /** True when the player to move loses. */
  abstract isP(position: P): boolean;

  /** The moves to P-positions, deduplicated as written, in generation order: every one, or the first `limit`. */
  winningMoves(position: P, limit = Number.POSITIVE_INFINITY): P[] {
    const out: P[] = [];
    const seen = new Set<string>();
    for (const to of this.rules.moves(position)) {
      if (out.length >= limit) break;
      const written = JSON.stringify(to);
      if (seen.has(written)) continue;
      seen.add(written);
      if (this.isP(to)) out.push(to);
    }
    return out;
  }

  /** The search recurses once per move of a line of play: a game too long for the stack is refused in words. */
  protected guarded<T>(searcher: string, search: () => T): T {
    try {
      return search();
    } catch (e) {
      if (e instanceof RangeError && /call stack/i.test(e.message))
        throw new InputError(
          `the game is too long for ${searcher}'s recursion (more than a few thousand moves in a line of play) after ${this.nodeCount} positions`,
          'too-large',
        );
      throw e;
    }
  }

  /** Counts one position expanded: past the round's budget, the time limit or the signal, the search stops here. */
  protected expanded(): void {
    this.nodeCount++;
    if (this.nodeCount > this.budgetEnd) throw OUT_OF_BUDGET;
    if (this.nodeCount % CHECK_EVERY === 0) {
      if (this.options.signal?.aborted) throw new SearchStopped('cancelled', this.stats);
      if (Date.now() > this.deadline) throw new SearchStopped('time-limit', this.stats, this.options.timeLimitMs);
      if (this.options.onProgress && this.nodeCount % PROGRESS_EVERY === 0) this.options.onProgress(this.stats);
    }
  }

  /**
   * Is `yes` true of some open option? In rounds when the search has a first budget: each open
   * option is searched until it answers or has expanded `budget` positions, and the budget grows
   * fourfold each round. One option that answers yes ends the search, and of options that cost
   * about the same (Sprouts' options of one land, tied at the same lives) the one that answers yes
   * is often far cheaper than the others are to answer no. What a stopped search proved is kept in
   * the table, so the next round starts from it; when no option answers yes, the rounds cost a
   * re-expansion of what each stopped search had open. The last open option is searched without a
   * budget of its own, and a round that would outgrow the budget of a round above it hands over to
   * plain order within that budget. `open` is consumed.
   */
  protected someOption<T>(open: T[], yes: (option: T) => boolean): boolean {
    let budget = this.firstBudget;
    while (budget > 0 && open.length > 1 && this.nodeCount + budget < this.budgetEnd) {
      for (let i = 0; i < open.length && open.length > 1; ) {
        const outer = this.budgetEnd;
        const mine = this.nodeCount + budget;
        if (mine >= outer) break;
        this.budgetEnd = mine;
        try {
          const answer = yes(open[i]);
          this.budgetEnd = outer;
          if (answer) return true;
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
    for (const option of open) if (yes(option)) return true;
    return false;
  }
}
