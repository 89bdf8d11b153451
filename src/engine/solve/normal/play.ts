/**
 * The perfect opponent: legal moves of a position and the engine's choice of move.
 *
 * From an N-position the engine plays a winning move (it never errs). From a P-position every move
 * loses against perfect play, so it plays the move that prolongs the game most simply: the one that
 * removes the fewest tokens, ties broken by the largest Grundy value (nim-sum) left to the
 * opponent — a bigger nim-sum offers more tempting wrong answers. Works for every ruleset through
 * analyze() and the move generators, heap and coupled alike.
 */
import { analyze, optionsWithValue } from './analyze.ts';
import { InputError } from '../../errors.ts';
import { heapValues } from './grundy.ts';
import { gameRules } from '../oracle/normal.ts';
import { applyHeapOption, validateHeaps } from '../../position.ts';
import type { HeapRuleset, Outcome, Position, TupleRuleset } from '../../types.ts';

/** Most options examined when choosing or checking a move (split games have exponentially many). */
export const MOVE_SCAN_BUDGET = 200_000;

/** The engine's reply to a position. */
export interface EngineMove {
  /** The position the engine moved from (validated). */
  readonly from: number[];
  /** The position after the engine's move; null when there is no move (the engine has lost). */
  readonly to: number[] | null;
  /** Outcome of `from` for the player to move, i.e. the engine: 'N' means it wins with perfect play. */
  readonly outcome: Outcome;
}

/** Validates a position for a ruleset (sizes, and the pile count when the ruleset fixes it). */
export function validatePosition(ruleset: TupleRuleset, position: Position): number[] {
  if (ruleset.kind === 'heap') return validateHeaps(position, ruleset.maxHeap);
  if (ruleset.piles !== undefined && position.length !== ruleset.piles) {
    throw new InputError(`${ruleset.spec} is played on ${ruleset.piles} piles, got ${position.length}`);
  }
  return validateHeaps(position, ruleset.maxPile, 'pile');
}

/**
 * Every position reachable in one move, deduplicated, in generation order: at most `limit` of them
 * after skipping the first `offset` (a page of the list; `truncated` when more follow).
 */
export function legalMoves(
  ruleset: TupleRuleset,
  position: Position,
  limit = 1000,
  offset = 0,
): { moves: number[][]; truncated: boolean } {
  const from = validatePosition(ruleset, position);
  const moves: number[][] = [];
  const seen = new Set<string>();
  for (const to of gameRules(ruleset).moves(from)) {
    const key = to.join(',');
    if (seen.has(key)) continue;
    if (moves.length === limit) return { moves, truncated: true };
    seen.add(key);
    if (seen.size > offset) moves.push(to);
  }
  return { moves, truncated: false };
}

/**
 * The legal move from `from` that reaches `to`, in the engine's canonical shape, or null when no
 * legal move does. For heap rulesets positions equal as multisets of non-empty heaps match (heaps
 * are independent, so their order does not matter).
 */
export function findMove(ruleset: TupleRuleset, position: Position, target: Position): number[] | null {
  const from = validatePosition(ruleset, position);
  const to = target.map((h) => h);
  if (to.some((h) => !Number.isSafeInteger(h) || h < 0)) return null;
  if (to.length === from.length && to.every((h, i) => h === from[i])) return null; // a move changes something
  // Heaps too large to list (Nim's, Lasker's): heap i replaced in place by parts, by the family's closed-form test.
  // A shape that fits but is no option is no move (heaps in another order are not looked for here).
  if (ruleset.kind === 'heap' && ruleset.isOption && to.length >= from.length) {
    const k = to.length - from.length + 1;
    let fits = false;
    for (let i = 0; i < from.length; i++) {
      if (!from.every((h, j) => (j < i ? to[j] === h : j > i ? to[j + k - 1] === h : true))) continue;
      const parts = to.slice(i, i + k).filter((p) => p > 0);
      if (parts.length !== k && !(k === 1 && parts.length === 0)) continue;
      if (ruleset.isOption(from[i], parts)) return to;
      fits = true;
    }
    if (fits) return null;
  }
  if (ruleset.kind === 'heap' && to.length === from.length) {
    const changed = from.map((h, i) => (to[i] !== h ? i : -1)).filter((i) => i >= 0);
    if (changed.length === 1) {
      const i = changed[0];
      let scanned = 0;
      for (const option of ruleset.heapOptions(from[i])) {
        if ((option.length === 0 && to[i] === 0) || (option.length === 1 && option[0] === to[i])) return to;
        if (++scanned >= MOVE_SCAN_BUDGET) break;
      }
    }
  }
  const rules = gameRules(ruleset);
  const wanted = rules.key(to);
  let scanned = 0;
  for (const move of rules.moves(from)) {
    if (rules.key(move) === wanted) return move;
    if (++scanned >= MOVE_SCAN_BUDGET) {
      throw new InputError(
        `this position has more than ${MOVE_SCAN_BUDGET} moves: too many to check a move`,
        'too-large',
      );
    }
  }
  return null;
}

/** The perfect opponent's move from a position (see the file comment for how it chooses). */
export function chooseMove(ruleset: TupleRuleset, position: Position): EngineMove {
  const from = validatePosition(ruleset, position);
  if (ruleset.kind === 'heap') {
    const valueOfHeap = heapValues(ruleset, from);
    let nimSum = 0;
    for (const h of from) nimSum = (nimSum ^ valueOfHeap(h)) >>> 0;
    if (nimSum === 0) return { from, to: delayingHeapMove(ruleset, from, valueOfHeap), outcome: 'P' };
    return { from, to: winningHeapMove(ruleset, from, valueOfHeap, nimSum), outcome: 'N' };
  }
  // Coupled rulesets: their solver or the oracle.
  const analysis = analyze(ruleset, from);
  if (analysis.outcome === 'N') {
    // Any winning move wins; the one removing fewest tokens makes for the longer, more instructive game.
    let best = analysis.winningMoves[0].to;
    for (const { to } of analysis.winningMoves) if (removed(from, to) < removed(from, best)) best = to;
    return { from, to: best, outcome: 'N' };
  }
  return { from, to: delayingMove(ruleset, from), outcome: 'P' };
}

/**
 * A winning move of a heap ruleset from an N-position: heap i must become options whose values
 * XOR to g_i XOR nimSum. Unlike analyze(), which lists every winning move, this needs only one,
 * so it stops looking for one that removes fewer tokens once MOVE_SCAN_BUDGET options are seen
 * (split games have exponentially many options); it never stops before it has found one.
 */
function winningHeapMove(
  ruleset: HeapRuleset,
  from: number[],
  valueOfHeap: (heap: number) => number,
  nimSum: number,
): number[] {
  let best: number[] | null = null;
  let bestRemoved = Infinity;
  let scanned = 0;
  for (let i = 0; i < from.length; i++) {
    const target = (valueOfHeap(from[i]) ^ nimSum) >>> 0;
    for (const parts of optionsWithValue(ruleset, from[i], target, valueOfHeap)) {
      scanned++;
      const to = applyHeapOption(from, i, parts);
      const r = removed(from, to);
      if (r < bestRemoved) {
        best = to;
        bestRemoved = r;
      }
      if (best !== null && scanned >= MOVE_SCAN_BUDGET) return best;
    }
  }
  if (best === null)
    throw new Error(`internal: no winning move from the N-position ${from.join(' ')} of ${ruleset.spec}`);
  return best;
}

/**
 * From a P-position of a heap ruleset: fewest tokens removed, then largest nim-sum left; null when
 * there is no move. Each heap's options are scanned up to its share of MOVE_SCAN_BUDGET (families
 * list a heap's options with the smallest removal first), so every heap is considered even when
 * one heap has very many options (Nim's huge heaps, split games).
 */
function delayingHeapMove(
  ruleset: HeapRuleset,
  from: number[],
  valueOfHeap: (heap: number) => number,
): number[] | null {
  let total = 0;
  for (const h of from) total = (total ^ valueOfHeap(h)) >>> 0;
  const share = Math.max(1, Math.floor(MOVE_SCAN_BUDGET / from.length));
  let best: number[] | null = null;
  let bestRemoved = Infinity;
  let bestSum = -1;
  for (let i = 0; i < from.length; i++) {
    let scanned = 0;
    for (const parts of ruleset.heapOptions(from[i])) {
      let rest = 0;
      for (const p of parts) rest += p;
      const r = from[i] - rest;
      let sum = (total ^ valueOfHeap(from[i])) >>> 0;
      for (const p of parts) sum = (sum ^ valueOfHeap(p)) >>> 0;
      if (r < bestRemoved || (r === bestRemoved && sum > bestSum)) {
        best = applyHeapOption(from, i, parts);
        bestRemoved = r;
        bestSum = sum;
      }
      if (++scanned >= share) break;
    }
  }
  return best;
}

/** From a P-position of a coupled ruleset: fewest tokens removed; null when there is no move. */
function delayingMove(ruleset: TupleRuleset, from: number[]): number[] | null {
  let best: number[] | null = null;
  let bestRemoved = Infinity;
  let scanned = 0;
  for (const to of gameRules(ruleset).moves(from)) {
    const r = removed(from, to);
    if (r < bestRemoved) {
      best = to;
      bestRemoved = r;
    }
    // Enough looked at: the best found so far still loses no faster than any other move.
    if (++scanned >= MOVE_SCAN_BUDGET) break;
  }
  return best;
}

function removed(from: readonly number[], to: readonly number[]): number {
  let d = 0;
  for (const h of from) d += h;
  for (const h of to) d -= h;
  return d;
}
