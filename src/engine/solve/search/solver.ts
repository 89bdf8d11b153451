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
 * budgets (BudgetedSearch.someOption), so a cheap option that answers is not kept waiting behind an expensive one.
 *
 * Cost: without pruning every position below the start is expanded once (times the table's misses);
 * with it, positions whose value is never needed in full are only refuted. Recursion depth is the
 * game's length times the values asked, so games are bounded by their families (a few hundred moves).
 */
import type { GameRules } from '../../types.ts';
import { BudgetedSearch, type SearchOptions } from './budgeted.ts';
import type { Knowledge } from './table.ts';

export { SearchStopped, type SearchOptions, type SearchStats } from './budgeted.ts';

/** Entries of the transposition table by default (a few hundred bytes each: ~0.5 GB at most, twice this in the worst case). */
export const DEFAULT_TABLE_ENTRIES = 1_000_000;

interface Part<P> {
  readonly position: P;
  readonly key: string;
  /** The rules' size of the component (GameRules.size), else its key's length. */
  readonly size: number;
}

/** A solver over one game's rules; its table persists across calls, so related positions share work. */
export class GameSolver<P> extends BudgetedSearch<P> {
  private readonly prune: boolean;
  private readonly decompose: boolean;

  constructor(rules: GameRules<P>, options: SearchOptions = {}) {
    super(rules, options, DEFAULT_TABLE_ENTRIES, Math.max(0, Math.floor(options.rounds ?? rules.rounds ?? 0)));
    this.prune = options.prune ?? true;
    this.decompose = (options.decompose ?? true) && rules.components !== undefined;
  }

  /** The Grundy value of a position: the nim-sum of its components' values. */
  grundy(position: P): number {
    return this.guarded('the solver', () => {
      let value = 0;
      for (const part of this.parts(position)) value ^= this.componentValue(part);
      return value;
    });
  }

  /** True when g(position) = k (cheaper than grundy() when the answer is no). */
  hasValue(position: P, k: number): boolean {
    return this.guarded('the solver', () => this.sumHasValue(this.parts(position), k));
  }

  /** True when the player to move loses. */
  isP(position: P): boolean {
    return this.hasValue(position, 0);
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
    this.expanded();
    return Array.from(this.rules.moves(part.position));
  }

  /** The value of one component. */
  private componentValue(part: Part<P>): number {
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
      for (const p of this.parts(option)) v ^= this.componentValue(p);
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
      for (let i = 0; i < unknown.length; i++) if (i !== largest) k ^= this.componentValue(unknown[i]);
      return this.prune ? this.componentHasValue(unknown[largest], k) : this.componentValue(unknown[largest]) === k;
    }
    return this.prune ? this.componentHasValue(unknown[0], k) : this.componentValue(unknown[0]) === k;
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
    return this.someOption(open, (components) => this.sumHasValue(components, k));
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
