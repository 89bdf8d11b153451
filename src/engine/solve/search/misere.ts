/**
 * The misère outcome search for games searched move by move: a player who cannot move wins. Sums do
 * not nim-sum under misère play, so a position is searched as a sum: its components too large to
 * value in full, and the misère canonical forms of the small ones (misere-canonical.ts), the way
 * Lemoine and Viennot searched misère Sprouts with reduced canonical trees. Small components that
 * differ but are equal under misère play in every sum become one id, so positions that differ only
 * there become one entry of the table, and a move inside a small component is a move of its
 * canonical form (far fewer than the component's own moves). Where the rules give no components or
 * no size, every position is one large component and the search is the plain one over whole
 * positions keyed by the rules' key.
 *
 * Otherwise the search is the general solver's: options whose largest component is smallest first
 * (GameRules.size), a known P-position among the options settles a position before any search, the
 * search in rounds of growing budgets when asked (SearchOptions.rounds, as in solver.ts) and a
 * transposition table bounded by replacement instead of a refusal past a number of positions.
 */
import type { GameRules } from '../../types.ts';
import { BudgetedSearch, type SearchOptions } from './budgeted.ts';
import { MisereGames, STAR_ONE, ZERO } from './misere-canonical.ts';

/** Entries of each generation of the table by default: a few million positions fit in memory. */
export const MISERE_TABLE_ENTRIES = 2_000_000;

/**
 * Components of at most this size (GameRules.size: lives, for Sprouts' lands) are replaced by their
 * misère canonical form by default. Measured on Sprouts' starts of 6 to 9 spots (docs/benchmarks.md).
 */
export const MISERE_SMALL_SIZE = 10;

export interface MisereSearchOptions extends SearchOptions {
  /** Components of at most this size are replaced by their misère canonical form (0: none); default MISERE_SMALL_SIZE. */
  readonly smallSize?: number;
}

/** A position as the search holds it: its large components (sorted by key) and the canonical forms of the rest. */
interface Sum<P> {
  readonly large: readonly P[];
  readonly largeKeys: readonly string[];
  /** Canonical ids, ascending, without 0, at most one *1 (*1 + *1 = 0 under misère play). */
  readonly small: readonly number[];
  readonly key: string;
  /** The order of the search: the largest large component's size first, then the total. */
  readonly order: number;
}

/** Misère outcomes of one game's positions; the table persists across calls. The table's `value` is 0 for a misère P-position, 1 for N. */
export class MisereSolver<P> extends BudgetedSearch<P> {
  /** The canonical forms of the small components met so far, and their sums. */
  readonly games = new MisereGames();
  private readonly smallSize: number;
  private readonly gameOfKey = new Map<string, number>();

  // rounds as the rules ask: with small lands canonical, Sprouts' 8-spot misère start takes 4,777
  // positions in rounds from 16 and 51,285 one option after another (docs/benchmarks.md)
  constructor(rules: GameRules<P>, options: MisereSearchOptions = {}) {
    super(rules, options, MISERE_TABLE_ENTRIES, Math.max(0, Math.floor(options.rounds ?? rules.rounds ?? 0)));
    const canonical = rules.size !== undefined && rules.components !== undefined && options.decompose !== false;
    this.smallSize = canonical ? (options.smallSize ?? MISERE_SMALL_SIZE) : -1;
  }

  /** True when the player to move loses under misère play. */
  isP(position: P): boolean {
    return this.guarded('the misère search', () => this.search(this.sumOf([], [], [], position)));
  }

  /** The misère canonical id of a small component (one with no move is 0). */
  gameOf(component: P): number {
    const key = this.rules.key(component);
    const known = this.gameOfKey.get(key);
    if (known !== undefined) return known;
    const options: number[] = [];
    for (const to of this.rules.moves(component)) {
      let sum = ZERO;
      for (const part of this.componentsOf(to)) sum = this.games.add(sum, this.gameOf(part));
      options.push(sum);
    }
    const game = this.games.construct(options);
    this.gameOfKey.set(key, game);
    return game;
  }

  private componentsOf(position: P): P[] {
    return this.rules.components === undefined || this.smallSize < 0 ? [position] : this.rules.components(position);
  }

  /** The outcome when it is known without a search: a sum of small components only, or the table's. */
  private known(sum: Sum<P>, refresh: boolean): boolean | undefined {
    if (sum.large.length === 0) {
      let total = ZERO;
      for (const g of sum.small) total = this.games.add(total, g);
      return this.games.isP(total);
    }
    const seen = refresh ? this.table.get(sum.key) : this.table.peek(sum.key);
    return seen === undefined || seen.value < 0 ? undefined : seen.value === 0;
  }

  private search(sum: Sum<P>): boolean {
    const known = this.known(sum, true);
    if (known !== undefined) return known;
    this.expanded();
    const open: Sum<P>[] = [];
    const seen = new Set<string>();
    let any = false;
    for (const option of this.optionsOf(sum)) {
      any = true;
      if (seen.has(option.key)) continue;
      seen.add(option.key);
      const p = this.known(option, false);
      // a move to a known P-position wins at once
      if (p === true) return this.settle(sum.key, false);
      if (p === undefined) open.push(option);
    }
    // no move: the opponent moved last, and loses
    if (!any) return this.settle(sum.key, false);
    open.sort((a, b) => a.order - b.order);
    return this.settle(sum.key, !this.someOption(open, (option) => this.search(option)));
  }

  private settle(key: string, p: boolean): boolean {
    this.table.entry(key).value = p ? 0 : 1;
    return p;
  }

  /** The sums one move away: a move in a large component, or in one small component's canonical form. */
  private *optionsOf(sum: Sum<P>): Generator<Sum<P>> {
    const { large, largeKeys, small } = sum;
    for (let i = 0; i < large.length; i++) {
      const restLarge = large.filter((_, j) => j !== i);
      const restKeys = largeKeys.filter((_, j) => j !== i);
      for (const to of this.rules.moves(large[i])) yield this.sumOf(restLarge, restKeys, small, to);
    }
    for (let i = 0; i < small.length; i++) {
      if (i > 0 && small[i] === small[i - 1]) continue;
      const rest = small.filter((_, j) => j !== i);
      for (const to of this.games.options(small[i])) yield this.normalized(large, largeKeys, [...rest, to]);
    }
  }

  /** The sum of large components, canonical ids, and a position split into its components. */
  private sumOf(large: readonly P[], largeKeys: readonly string[], small: readonly number[], position: P): Sum<P> {
    const l = [...large];
    const k = [...largeKeys];
    const s = [...small];
    for (const part of this.componentsOf(position)) {
      if (this.smallSize >= 0 && this.rules.size!(part) <= this.smallSize) s.push(this.gameOf(part));
      else {
        l.push(part);
        k.push(this.rules.key(part));
      }
    }
    return this.normalized(l, k, s);
  }

  private normalized(large: readonly P[], largeKeys: readonly string[], small: number[]): Sum<P> {
    const order = large
      .map((_, i) => i)
      .sort((a, b) => (largeKeys[a] < largeKeys[b] ? -1 : largeKeys[a] > largeKeys[b] ? 1 : 0));
    const l = order.map((i) => large[i]);
    const k = order.map((i) => largeKeys[i]);
    let ones = 0;
    const s: number[] = [];
    for (const g of small) {
      if (g === STAR_ONE) ones++;
      else if (g !== ZERO) s.push(g);
    }
    if (ones % 2 === 1) s.push(STAR_ONE);
    s.sort((a, b) => a - b);
    let largest = 0;
    let total = 0;
    if (this.rules.size === undefined) for (const key of k) largest = Math.max(largest, key.length);
    else
      for (const part of l) {
        const size = this.rules.size(part);
        largest = Math.max(largest, size);
        total += size;
      }
    for (const g of s) total += this.games.birthday(g);
    return {
      large: l,
      largeKeys: k,
      small: s,
      key: this.smallSize < 0 ? k.join('\n') : `${k.join('\n')}\n\n${s.join(',')}`,
      order: largest * 65536 + total,
    };
  }
}
