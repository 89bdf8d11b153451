/**
 * The perfect opponent: legal moves of a position and the engine's choice of move.
 *
 * From an N-position the engine plays a winning move (it never errs). From a P-position every move
 * loses against perfect play, so it plays the move that prolongs the game most simply: the one that
 * removes the fewest tokens, ties broken by the largest Grundy value (nim-sum) left to the
 * opponent — a bigger nim-sum offers more tempting wrong answers. Works for every ruleset through
 * analyze() and the move generators, heap and coupled alike.
 */
import { analyze } from './analyze.ts';
import { InputError } from '../errors.ts';
import { grundySequence } from './grundy.ts';
import { heapMoves } from './oracle.ts';
import { applyHeapOption, heapMultisetKey, validateHeaps } from '../position.ts';
import type { GrundySequence, HeapRuleset, Outcome, Position, Ruleset } from '../types.ts';

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
export function validatePosition(ruleset: Ruleset, position: Position): number[] {
  if (ruleset.kind === 'heap') return validateHeaps(position, ruleset.maxHeap);
  if (ruleset.piles !== undefined && position.length !== ruleset.piles) {
    throw new InputError(`${ruleset.spec} is played on ${ruleset.piles} piles, got ${position.length}`);
  }
  return validateHeaps(position, ruleset.maxPile, 'pile');
}

/** Every position reachable in one move, deduplicated, in generation order, at most `limit` of them. */
export function legalMoves(ruleset: Ruleset, position: Position, limit = 1000): { moves: number[][]; truncated: boolean } {
  const from = validatePosition(ruleset, position);
  const moves: number[][] = [];
  const seen = new Set<string>();
  for (const to of movesOf(ruleset)(from)) {
    const key = to.join(',');
    if (seen.has(key)) continue;
    if (moves.length === limit) return { moves, truncated: true };
    seen.add(key);
    moves.push(to);
  }
  return { moves, truncated: false };
}

/**
 * The legal move from `from` that reaches `to`, in the engine's canonical shape, or null when no
 * legal move does. For heap rulesets positions equal as multisets of non-empty heaps match (heaps
 * are independent, so their order does not matter).
 */
export function findMove(ruleset: Ruleset, position: Position, target: Position): number[] | null {
  const from = validatePosition(ruleset, position);
  const to = target.map((h) => h);
  if (to.some((h) => !Number.isSafeInteger(h) || h < 0)) return null;
  if (to.length === from.length && to.every((h, i) => h === from[i])) return null; // a move changes something
  if (ruleset.kind === 'heap' && to.length === from.length) {
    const changed = from.map((h, i) => (to[i] !== h ? i : -1)).filter((i) => i >= 0);
    if (changed.length === 1) {
      const i = changed[0];
      // Nim heaps can be huge: any smaller size is an option, no need to list them.
      if (ruleset.family === 'nim') return to[i] < from[i] ? to : null;
      let scanned = 0;
      for (const parts of ruleset.heapOptions(from[i])) {
        if ((parts.length === 0 && to[i] === 0) || (parts.length === 1 && parts[0] === to[i])) return to;
        if (++scanned >= MOVE_SCAN_BUDGET) break;
      }
    }
  }
  const wanted = keyOf(ruleset, to);
  let scanned = 0;
  for (const move of movesOf(ruleset)(from)) {
    if (keyOf(ruleset, move) === wanted) return move;
    if (++scanned >= MOVE_SCAN_BUDGET) {
      throw new InputError(`this position has more than ${MOVE_SCAN_BUDGET} moves: too many to check a move`, 'too-large');
    }
  }
  return null;
}

/** The perfect opponent's move from a position (see the file comment for how it chooses). */
export function chooseMove(ruleset: Ruleset, position: Position): EngineMove {
  const from = validatePosition(ruleset, position);
  if (ruleset.kind === 'heap' && ruleset.family !== 'nim') {
    const sequence = grundySequence(ruleset, Math.max(0, ...from));
    let nimSum = 0;
    for (const h of from) nimSum = (nimSum ^ sequence[h]) >>> 0;
    if (nimSum === 0) return { from, to: delayingMove(ruleset, from, sequence), outcome: 'P' };
    return { from, to: winningHeapMove(ruleset, from, sequence, nimSum), outcome: 'N' };
  }
  // Nim (winning moves in O(heaps)) and coupled rulesets (their solver or the oracle).
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
function winningHeapMove(ruleset: HeapRuleset, from: number[], sequence: GrundySequence, nimSum: number): number[] {
  let best: number[] | null = null;
  let bestRemoved = Infinity;
  let scanned = 0;
  for (let i = 0; i < from.length; i++) {
    const target = (sequence[from[i]] ^ nimSum) >>> 0;
    for (const parts of ruleset.heapOptions(from[i])) {
      scanned++;
      let x = 0;
      for (const p of parts) x ^= sequence[p];
      if (x >>> 0 === target) {
        const to = applyHeapOption(from, i, parts);
        const r = removed(from, to);
        if (r < bestRemoved) {
          best = to;
          bestRemoved = r;
        }
      }
      if (best !== null && scanned >= MOVE_SCAN_BUDGET) return best;
    }
  }
  if (best === null) throw new Error(`internal: no winning move from the N-position ${from.join(' ')} of ${ruleset.spec}`);
  return best;
}

/** From a P-position: fewest tokens removed, then largest nim-sum left; null when there is no move. */
function delayingMove(ruleset: Ruleset, from: number[], known?: GrundySequence): number[] | null {
  if (ruleset.kind === 'heap' && ruleset.family === 'nim') {
    // Taking one token is the smallest removal; among heaps, leave the largest nim-sum h XOR (h-1).
    let best = -1;
    for (let i = 0; i < from.length; i++) {
      if (from[i] > 0 && (best < 0 || (from[i] ^ (from[i] - 1)) >>> 0 > (from[best] ^ (from[best] - 1)) >>> 0)) best = i;
    }
    return best < 0 ? null : from.map((h, i) => (i === best ? h - 1 : h));
  }
  let sequence = known;
  if (ruleset.kind === 'heap' && !sequence) sequence = grundySequence(ruleset, Math.max(0, ...from));
  const nimSum = (p: readonly number[]) => (sequence ? p.reduce((x, h) => (x ^ sequence![h]) >>> 0, 0) : 0);
  let best: number[] | null = null;
  let bestRemoved = Infinity;
  let bestSum = -1;
  let scanned = 0;
  for (const to of movesOf(ruleset)(from)) {
    const r = removed(from, to);
    if (r < bestRemoved || (r === bestRemoved && nimSum(to) > bestSum)) {
      best = to;
      bestRemoved = r;
      bestSum = nimSum(to);
    }
    // Enough looked at: the best found so far still loses no faster than any other move.
    if (++scanned >= MOVE_SCAN_BUDGET) break;
  }
  return best;
}

function movesOf(ruleset: Ruleset): (p: Position) => Iterable<number[]> {
  return ruleset.kind === 'heap' ? heapMoves(ruleset) : (p) => ruleset.moves(p);
}

function keyOf(ruleset: Ruleset, p: Position): string {
  if (ruleset.kind === 'heap') return heapMultisetKey(p);
  return ruleset.symmetric ? [...p].sort((a, b) => a - b).join(',') : p.join(',');
}

function removed(from: readonly number[], to: readonly number[]): number {
  let d = 0;
  for (const h of from) d += h;
  for (const h of to) d -= h;
  return d;
}
