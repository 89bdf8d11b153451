/**
 * The brute-force reference solvers, which know nothing of Sprague–Grundy theory: every fast path
 * is tested against them. Normal play and misère play, over any game's rules.
 * @module
 */
export {
  Oracle,
  oracleFor,
  oracleCount,
  heapMoves,
  gameRules,
  forEachOraclePPosition,
} from '../engine/solve/oracle/normal.ts';
export type { MoveGenerator } from '../engine/solve/oracle/normal.ts';
export { MisereOracle, misereOracleFor, misereOracleCount } from '../engine/solve/oracle/misere.ts';
