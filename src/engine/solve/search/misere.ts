/**
 * The misère outcome search of whole positions for games searched move by move: a player who cannot
 * move wins. Sums do not nim-sum under misère play, so a position is searched whole, keyed by the
 * rules' canonical key; what makes it faster than the misère oracle is the general solver's order
 * (options whose largest component is smallest first, GameRules.size), the search in rounds of
 * growing budgets when asked (SearchOptions.rounds, as in solver.ts) and a transposition table
 * bounded by replacement instead of a refusal past a number of positions.
 */
import type { GameRules } from '../../types.ts';
import { BudgetedSearch, type SearchOptions } from './budgeted.ts';

/** Entries of each generation of the table by default: a few million positions fit in memory. */
export const MISERE_TABLE_ENTRIES = 2_000_000;

interface Option<P> {
  readonly position: P;
  readonly key: string;
  readonly size: number;
}

/** Misère outcomes of one game's positions; the table persists across calls. The table's `value` is 0 for a misère P-position, 1 for N. */
export class MisereSolver<P> extends BudgetedSearch<P> {
  // rounds only when asked: Sprouts' 7-spot misère start took 87,301 positions in rounds from 16
  // and 54,274 one option after another (docs/benchmarks.md)
  constructor(rules: GameRules<P>, options: SearchOptions = {}) {
    super(rules, options, MISERE_TABLE_ENTRIES, Math.max(0, Math.floor(options.rounds ?? 0)));
  }

  /** True when the player to move loses under misère play. */
  isP(position: P): boolean {
    return this.guarded('the misère search', () => this.search(position, this.rules.key(position)));
  }

  private search(position: P, key: string): boolean {
    const known = this.table.get(key);
    if (known !== undefined && known.value >= 0) return known.value === 0;
    this.expanded();
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
    return this.settle(key, !this.someOption(open, (option) => this.search(option.position, option.key)));
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
}
