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
 *
 * The table's keys name large components by numbers given in order of first sight (landIds), not
 * by their texts: a Sprouts land's canonical text, about a hundred characters, was repeated in the
 * key of every sum it was met in, and the keys of a search of millions of sums are most of its memory.
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

/**
 * Large components' keys numbered at a time (LAND_NUMBERS keys of up to about 100 characters: a
 * few hundred megabytes at most); past it the numbering starts again with numbers not given before.
 */
export const LAND_NUMBERS = 1 << 22;

export interface MisereSearchOptions extends SearchOptions {
  /** Components of at most this size are replaced by their misère canonical form (0: none); default MISERE_SMALL_SIZE. */
  readonly smallSize?: number;
  /** Large components numbered before the numbering starts again (landIds); default LAND_NUMBERS. */
  readonly landNumbers?: number;
}

/** Components as the search holds them: the large ones with their keys and sizes, and the canonical ids of the rest. */
interface Parts<P> {
  readonly large: readonly P[];
  readonly largeKeys: readonly string[];
  /** Each large component's number (landId); -1 where whole positions are searched. */
  readonly largeIds: readonly number[];
  readonly largeSizes: readonly number[];
  readonly small: readonly number[];
}

/** A position as the search holds it: its large components sorted by number, canonical ids normalized, and its key. */
interface Sum<P> extends Parts<P> {
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
  /**
   * Large components' keys to their numbers, which the table's keys are written with (a few digits
   * instead of a Sprouts land's text, repeated in every sum the land is met in). Numbers are never
   * given twice: past LAND_NUMBERS the map starts again, and a component met again gets a new
   * number, so the table's older entries for it are only missed, never confused with another's.
   */
  private readonly landIds = new Map<string, number>();
  private nextLandId = 0;
  private readonly landNumbers: number;

  // rounds as the rules ask: with small lands canonical, Sprouts' 8-spot misère start takes 4,777
  // positions in rounds from 16 and 51,285 one option after another (docs/benchmarks.md)
  constructor(rules: GameRules<P>, options: MisereSearchOptions = {}) {
    super(rules, options, MISERE_TABLE_ENTRIES, Math.max(0, Math.floor(options.rounds ?? rules.rounds ?? 0)));
    const canonical = rules.size !== undefined && rules.components !== undefined && options.decompose !== false;
    this.smallSize = canonical ? (options.smallSize ?? MISERE_SMALL_SIZE) : -1;
    this.landNumbers = Math.max(1, options.landNumbers ?? LAND_NUMBERS);
  }

  /** True when the player to move loses under misère play. */
  isP(position: P): boolean {
    return this.guarded('the misère search', () => {
      const { large, largeKeys, largeIds, largeSizes, small } = this.partsOf(position);
      return this.search(this.normalized(large, largeKeys, largeIds, largeSizes, small));
    });
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

  /** A position split into its components: the large ones keyed and numbered, the small ones valued. */
  private partsOf(position: P): Parts<P> {
    const large: P[] = [];
    const largeKeys: string[] = [];
    const largeIds: number[] = [];
    const largeSizes: number[] = [];
    const small: number[] = [];
    for (const part of this.componentsOf(position)) {
      const size = this.rules.size === undefined ? 0 : this.rules.size(part);
      if (this.smallSize >= 0 && size <= this.smallSize) small.push(this.gameOf(part));
      else {
        const key = this.rules.key(part);
        large.push(part);
        largeKeys.push(key);
        largeIds.push(this.smallSize < 0 ? -1 : this.landId(key));
        largeSizes.push(size);
      }
    }
    return { large, largeKeys, largeIds, largeSizes, small };
  }

  /** The number of a large component's key (see landIds). */
  private landId(key: string): number {
    let id = this.landIds.get(key);
    if (id === undefined) {
      if (this.landIds.size >= this.landNumbers) this.landIds.clear();
      id = this.nextLandId++;
      this.landIds.set(key, id);
    }
    return id;
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
    const { large, largeKeys, largeIds, largeSizes, small } = sum;
    for (let i = 0; i < large.length; i++) {
      // split one by one as the search reaches them: one known P-position ends the listing, and the
      // small lands of the options after it, whose canonical forms cost a play of each to the end, are
      // never valued
      for (const result of this.rules.moves(large[i])) {
        const to = this.partsOf(result);
        const l: P[] = [];
        const k: string[] = [];
        const d: number[] = [];
        const z: number[] = [];
        for (let j = 0; j < large.length; j++)
          if (j !== i) {
            l.push(large[j]);
            k.push(largeKeys[j]);
            d.push(largeIds[j]);
            z.push(largeSizes[j]);
          }
        for (let j = 0; j < to.large.length; j++) {
          l.push(to.large[j]);
          k.push(to.largeKeys[j]);
          d.push(to.largeIds[j]);
          z.push(to.largeSizes[j]);
        }
        yield this.normalized(l, k, d, z, to.small.length === 0 ? small : small.concat(to.small));
      }
    }
    for (let i = 0; i < small.length; i++) {
      if (i > 0 && small[i] === small[i - 1]) continue;
      const rest = small.filter((_, j) => j !== i);
      for (const to of this.games.options(small[i]))
        yield this.normalized(large, largeKeys, largeIds, largeSizes, [...rest, to]);
    }
  }

  /** The sum of these components: the large ones sorted by number (by key for whole positions), the small ones' ids normalized. */
  private normalized(
    large: readonly P[],
    largeKeys: readonly string[],
    largeIds: readonly number[],
    largeSizes: readonly number[],
    small: readonly number[],
  ): Sum<P> {
    let l = large;
    let k = largeKeys;
    let d = largeIds;
    let z = largeSizes;
    if (large.length > 1) {
      const order = large
        .map((_, i) => i)
        .sort((a, b) =>
          this.smallSize >= 0
            ? largeIds[a] - largeIds[b]
            : largeKeys[a] < largeKeys[b]
              ? -1
              : largeKeys[a] > largeKeys[b]
                ? 1
                : 0,
        );
      l = order.map((i) => large[i]);
      k = order.map((i) => largeKeys[i]);
      d = order.map((i) => largeIds[i]);
      z = order.map((i) => largeSizes[i]);
    }
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
      for (const size of z) {
        largest = Math.max(largest, size);
        total += size;
      }
    for (const g of s) total += this.games.birthday(g);
    return {
      large: l,
      largeKeys: k,
      largeIds: d,
      largeSizes: z,
      small: s,
      key: this.smallSize < 0 ? k.join('\n') : `${d.join(',')}|${s.join(',')}`,
      order: largest * 65536 + total,
    };
  }
}
