/**
 * The misère outcome search of whole positions for games searched move by move: a player who cannot
 * move wins. Sums do not nim-sum under misère play, so a position is searched whole, keyed by the
 * rules' canonical key; what makes it faster than the misère oracle is the general solver's order
 * (options whose largest component is smallest first, GameRules.size), the search in rounds of
 * growing budgets when asked (SearchOptions.rounds, as in solver.ts) and a transposition table
 * bounded by replacement instead of a refusal past a number of positions.
 */
import { InputError } from '../../errors.ts';
import type { GameRules } from '../../types.ts';
import { SearchStopped, type SearchOptions, type SearchStats } from './solver.ts';
import { TranspositionTable } from './table.ts';

/** Entries of each generation of the table by default: a few million positions fit in memory. */
export const MISERE_TABLE_ENTRIES = 2_000_000;

interface Option<P> {
  readonly position: P;
  readonly key: string;
  readonly size: number;
}

/** Thrown (one object, no trace taken per throw) when a round's budget is spent; caught by that round. */
const OUT_OF_BUDGET = new Error('the round of a misère search ran out of its budget');
const CHECK_EVERY = 1024;
const PROGRESS_EVERY = 65_536;

/** Misère outcomes of one game's positions; the table persists across calls. The table's `value` is 0 for a misère P-position, 1 for N. */
export class MisereSolver<P> {
  private readonly table: TranspositionTable;
  private readonly started = Date.now();
  private readonly deadline: number;
  private readonly firstBudget: number;
  private budgetEnd = Infinity;
  private nodeCount = 0;

  constructor(
    private readonly rules: GameRules<P>,
    private readonly options: SearchOptions = {},
  ) {
    this.table = new TranspositionTable(options.tableEntries ?? MISERE_TABLE_ENTRIES);
    this.deadline = options.timeLimitMs === undefined ? Infinity : this.started + options.timeLimitMs;
    // rounds only when asked: Sprouts' 7-spot misère start took 87,301 positions in rounds from 16
    // and 54,274 one option after another (docs/benchmarks.md)
    this.firstBudget = Math.max(0, Math.floor(options.rounds ?? 0));
  }

  get stats(): SearchStats {
    return {
      nodes: this.nodeCount,
      tableEntries: this.table.size,
      evicted: this.table.evicted,
      elapsedMs: Date.now() - this.started,
    };
  }

  /** True when the player to move loses under misère play. */
  isP(position: P): boolean {
    try {
      return this.search(position, this.rules.key(position));
    } catch (e) {
      if (e instanceof RangeError && /call stack/i.test(e.message))
        throw new InputError(
          `the game is too long for the misère search's recursion (more than a few thousand moves in a line of play) after ${this.nodeCount} positions`,
          'too-large',
        );
      throw e;
    }
  }

  /** Every move to a misère P-position, deduplicated as written, in generation order. */
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

  private search(position: P, key: string): boolean {
    const known = this.table.get(key);
    if (known !== undefined && known.value >= 0) return known.value === 0;
    this.nodeCount++;
    if (this.nodeCount > this.budgetEnd) throw OUT_OF_BUDGET;
    if (this.nodeCount % CHECK_EVERY === 0) this.checkLimits();
    const open: Option<P>[] = [];
    let any = false;
    for (const to of this.rules.moves(position)) {
      any = true;
      const option = this.optionOf(to);
      const seen = this.table.peek(option.key);
      // a move to a known P-position wins at once
      if (seen !== undefined && seen.value === 0) return this.settle(key, false);
      if (seen === undefined || seen.value < 0) open.push(option);
    }
    // no move: the opponent moved last, and loses
    if (!any) return this.settle(key, false);
    open.sort((a, b) => a.size - b.size);
    return this.settle(key, !this.someOptionIsP(open));
  }

  private settle(key: string, p: boolean): boolean {
    this.table.entry(key).value = p ? 0 : 1;
    return p;
  }

  private optionOf(position: P): Option<P> {
    const key = this.rules.key(position);
    const { size, components } = this.rules;
    let largest = 0;
    if (size === undefined) largest = key.length;
    else
      for (const part of components === undefined ? [position] : components(position))
        largest = Math.max(largest, size(part));
    return { position, key, size: largest };
  }

  /** True when some option is a misère P-position: in rounds of growing budgets, as GameSolver.inRounds. */
  private someOptionIsP(open: Option<P>[]): boolean {
    let budget = this.firstBudget;
    while (budget > 0 && open.length > 1 && this.nodeCount + budget < this.budgetEnd) {
      for (let i = 0; i < open.length && open.length > 1; ) {
        const outer = this.budgetEnd;
        const mine = this.nodeCount + budget;
        if (mine >= outer) break;
        this.budgetEnd = mine;
        try {
          const p = this.search(open[i].position, open[i].key);
          this.budgetEnd = outer;
          if (p) return true;
          open.splice(i, 1);
        } catch (e) {
          this.budgetEnd = outer;
          if (e !== OUT_OF_BUDGET || this.nodeCount > outer) throw e;
          i++;
        }
      }
      budget *= 4;
    }
    for (const option of open) if (this.search(option.position, option.key)) return true;
    return false;
  }

  private checkLimits(): void {
    if (this.options.signal?.aborted) throw new SearchStopped('cancelled', this.stats);
    if (Date.now() > this.deadline) throw new SearchStopped('time-limit', this.stats, this.options.timeLimitMs);
    if (this.options.onProgress && this.nodeCount % PROGRESS_EVERY === 0) this.options.onProgress(this.stats);
  }
}
