/**
 * The general solver's library face: values, outcomes, winning moves and the perfect opponent for
 * any game given as GameRules (moves, optional components, a key), user-defined games included.
 */
import type { GameRules, Outcome } from '../../types.ts';
import { GameSolver, type SearchOptions } from './solver.ts';

export { GameSolver, SearchStopped, DEFAULT_TABLE_ENTRIES } from './solver.ts';
export type { SearchOptions, SearchStats } from './solver.ts';
export { TranspositionTable } from './table.ts';

export interface GameAnalysis<P> {
  readonly grundy: number;
  readonly outcome: Outcome;
  /** Every move to a P-position (empty from a P-position). */
  readonly winningMoves: P[];
}

/** Grundy value, outcome and every winning move of a position. */
export function analyzeGameRules<P>(rules: GameRules<P>, position: P, options?: SearchOptions): GameAnalysis<P> {
  const solver = new GameSolver(rules, options);
  const grundy = solver.grundy(position);
  return { grundy, outcome: grundy === 0 ? 'P' : 'N', winningMoves: grundy === 0 ? [] : solver.winningMoves(position) };
}

/**
 * The perfect opponent's move: a winning move from an N-position; from a P-position (every move
 * loses against perfect play) the first legal move. Null when there is no move.
 */
export function perfectMove<P>(rules: GameRules<P>, position: P, options?: SearchOptions): P | null {
  const solver = new GameSolver(rules, options);
  const winning = solver.winningMoves(position);
  if (winning.length > 0) return winning[0];
  for (const to of rules.moves(position)) return to;
  return null;
}
