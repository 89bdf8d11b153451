/** The vocabulary of nimber: rulesets, positions, outcomes, analyses. */

/** 'P': the previous player wins (a loss for the player to move); 'N': the next player wins. */
export const OUTCOMES = ['P', 'N'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** A position: heap (or pile) sizes, in the user's order. */
export type Position = readonly number[];

/** A Grundy sequence: entry n is the Grundy value of a single heap of size n. */
export type GrundySequence = Uint32Array;

/** Orders in which k-heap positions are counted. */
export const COUNT_ORDERS = ['sorted', 'ordered', 'distinct'] as const;
export type CountOrder = (typeof COUNT_ORDERS)[number];

/** Families of heap rulesets: games that are sums of independent heaps. */
export const HEAP_FAMILIES = ['nim', 'subtraction', 'takebreak', 'split'] as const;
export type HeapFamily = (typeof HEAP_FAMILIES)[number];

/**
 * A ruleset where a move changes exactly one heap (the game is a sum of heaps, so
 * Sprague–Grundy applies). `heapOptions(n)` lists what a heap of size n may become: each
 * option is the list of heaps replacing it (empty when nothing remains; zeros never listed).
 */
export interface HeapRulesetBase {
  readonly kind: 'heap';
  readonly family: HeapFamily;
  /** Canonical spec string: parseRuleset(spec) gives an equal ruleset. */
  readonly spec: string;
  /** A human name, e.g. "subtract a square". */
  readonly title: string;
  /** Largest heap size the engine accepts for this ruleset (documented maximum). */
  readonly maxHeap: number;
  heapOptions(n: number): Iterable<readonly number[]>;
}

/** Nim: remove any positive number of tokens from one heap. */
export interface NimRuleset extends HeapRulesetBase {
  readonly family: 'nim';
}

/** A set of positive integers, finite or infinite, listed up to a bound on demand. */
export interface SubtractionSet {
  /** Canonical text: '1,3,4' or a name such as 'squares'. */
  readonly text: string;
  /** True when the set is finite (then `members` lists it whole). */
  readonly finite: boolean;
  /** The members <= limit, ascending. */
  upTo(limit: number): Int32Array;
}

/** Subtraction game: remove s tokens from one heap, s in the set. */
export interface SubtractionRuleset extends HeapRulesetBase {
  readonly family: 'subtraction';
  readonly set: SubtractionSet;
}

/**
 * Take-and-break game given by a code d0.d1d2…: digit k says what may remain after removing k
 * tokens from one heap (bit 1: nothing, 2: one heap, 4: two heaps, 8: three heaps).
 */
export interface TakeBreakRuleset extends HeapRulesetBase {
  readonly family: 'takebreak';
  /** The code in canonical form, e.g. '0.77' or '4!.0'. */
  readonly code: string;
  /** digits[k] = d_k (0..15); ends at the last non-zero digit (empty when no move exists). */
  readonly digits: readonly number[];
  /** unequal[k]: after removing k, the heaps left must be pairwise unequal (the '!' rule). */
  readonly unequal: readonly boolean[];
}

/** Split games: a move splits one heap into smaller heaps under a rule ('distinct': two or more pairwise unequal parts). */
export interface SplitRuleset extends HeapRulesetBase {
  readonly family: 'split';
  readonly rule: 'distinct';
}

/** Every heap ruleset; later families extend this union. */
export type HeapRuleset = NimRuleset | SubtractionRuleset | TakeBreakRuleset | SplitRuleset;

/**
 * A ruleset whose moves may touch several piles at once (not a sum of games).
 * `piles` is the fixed number of piles when the ruleset fixes it.
 */
export interface CoupledRuleset {
  readonly kind: 'coupled';
  readonly family: string;
  readonly spec: string;
  readonly title: string;
  readonly piles?: number;
  readonly maxPile: number;
  /** True when permuting the piles does not change the game (the oracle then memoises sorted). */
  readonly symmetric?: boolean;
  /** Every position reachable in one move. */
  moves(position: Position): Iterable<number[]>;
}

export type Ruleset = HeapRuleset | CoupledRuleset;

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
