/**
 * The requests every face sends to the service: one type per operation, naming the ruleset (a spec,
 * or a parsed ruleset for library callers), the position, the convention and the limits. A face
 * reads text into one of these and never decides how it is answered.
 */
import { InputError, parseBigNatural } from '../engine/errors.ts';
import { parseRuleset } from '../engine/spec.ts';
import type {
  Convention,
  CountOrder,
  PositionVisitor,
  Ruleset,
  SearchProgress,
  StopSignal,
  TableKeeper,
} from '../engine/types.ts';
import { CONVENTIONS } from '../engine/types.ts';

/** A ruleset as a request names it: its spec, or the ruleset itself. */
export type RulesetRef = string | Ruleset;

/**
 * A position as the user gave it: heap (or pile) sizes, as numbers, bigints or the user's words; or
 * the text of a position of a game on a board or graph. Which one a ruleset takes is the service's
 * business: the face passes on what it was given.
 */
export interface PositionInput {
  readonly heaps?: readonly (number | bigint | string)[];
  readonly board?: string;
}

/** How long an operation may work. */
export interface Limits {
  /** Milliseconds a search over positions may take (boards and graphs). */
  readonly timeLimitMs?: number;
  /** Milliseconds spent looking for a proved period when heaps beyond the computed maximum are asked for. */
  readonly budgetMs?: number;
  /** Stops a search when it aborts. */
  readonly signal?: StopSignal;
  /** Hears a long search's progress (positions, table entries, time) every 65,536 positions or so. */
  readonly onProgress?: (stats: SearchProgress) => void;
  /** Keep the search's table so that a killed or stopped search resumes (boards and graphs, the grid core). */
  readonly resume?: SearchResume;
}

/**
 * Where a long search keeps its table (a file, through an adapter) and how often it saves it; a
 * later search given the same keeper starts from the facts saved.
 */
export interface SearchResume {
  readonly keeper: TableKeeper;
  /** Milliseconds of search between saves (default 30 s); the table is saved too when the search ends or stops. */
  readonly saveEveryMs?: number;
}

/** Analysis of one position: value, outcome, every winning move. */
export interface AnalyzeRequest {
  readonly ruleset: RulesetRef;
  readonly position: PositionInput;
  readonly convention?: Convention;
  readonly limits?: Limits;
  /** Every winning move of a searched game, which lists the first one found without it (GameAnalysisReply.allMoves). */
  readonly allMoves?: boolean;
}

/** The perfect opponent's move from a position. */
export type MoveRequest = AnalyzeRequest;

/**
 * The positions one move away: at most `limit` of them after the first `offset`, and no more than
 * `maxSize` numbers (heap positions) or characters (positions written as text) in all.
 */
export interface OptionsRequest {
  readonly ruleset: RulesetRef;
  readonly position: PositionInput;
  readonly limit: number;
  readonly offset?: number;
  readonly maxSize?: number;
}

/** The number of P-positions among `heapCount` heaps (piles) of sizes min..max, exact or modulo `modulus`. */
export interface CountRequest {
  readonly ruleset: RulesetRef;
  /** Absent: the ruleset's own number of piles, else 3. */
  readonly heapCount?: number;
  readonly max: number | bigint;
  readonly min?: number | bigint;
  readonly modulus?: number | bigint;
  readonly order: CountOrder;
  readonly convention?: Convention;
  /** Each P-position, for rulesets that list them (piles that move together); false stops. */
  readonly visit?: PositionVisitor;
  readonly onProgress?: (done: number, total: number) => void;
  readonly limits?: Limits;
}

/** The ruleset a request names. */
export function rulesetOf(ref: RulesetRef): Ruleset {
  return typeof ref === 'string' ? parseRuleset(ref) : ref;
}

/** The convention a request names (normal play when absent). */
export function conventionOf(convention: Convention | undefined): Convention {
  const c = convention ?? 'normal';
  if (!CONVENTIONS.includes(c))
    throw new InputError(`convention must be one of ${CONVENTIONS.join(', ')}, got '${String(c)}'`);
  return c;
}

/** Heap sizes from a request: numbers and bigints as they are, the user's words parsed (errors name the heap). */
export function heapSizes(heaps: readonly (number | bigint | string)[], what = 'heap'): (number | bigint)[] {
  if (heaps.length === 0) throw new InputError(`give at least one ${what} size`);
  return heaps.map((h, i) => (typeof h === 'string' ? parseBigNatural(h, `${what} ${i + 1}`) : h));
}
