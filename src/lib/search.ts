/**
 * The search over positions for games on boards and graphs and your own games: the general solver
 * (components, transposition table, pruning, time limits), board analyses and tables, certificates
 * of values, written with an analysis and re-checked from the rules alone, and the oracle.
 * @module
 */
export {
  GameSolver,
  SearchStopped,
  DEFAULT_TABLE_ENTRIES,
  TranspositionTable,
} from '../engine/solve/search/index.ts';
export type { SearchOptions, SearchStats } from '../engine/solve/search/index.ts';
export { analyzeGame, gameMove } from '../service/games.ts';
export type { GameAnalysisReply } from '../service/games.ts';
export { gameTable } from '../service/board-table.ts';
export type { TableCell } from '../service/board-table.ts';
export { certifiedAnalysis } from '../service/certificates.ts';
export type { CertificateSummary } from '../service/certificates.ts';
export { buildCertificate, checkCertificate } from '../engine/certificate/index.ts';
/**
 * Your own game from a rules module's export (the CLI's --rules, the page's Your game tab): the
 * ruleset with every user function guarded, and the checker of its key, components, moves and text.
 */
export { userRuleset, USER_RULES_FAMILY, MAX_USER_MOVES } from '../engine/user-rules.ts';
export type { RulesDefinition, RulesWatch, UserRuleset } from '../engine/user-rules.ts';
export { checkRules } from '../engine/check-rules.ts';
export type { CheckRulesOptions, RulesCheck } from '../engine/check-rules.ts';
export type { CheckableGame, CheckedCertificate } from '../engine/certificate/index.ts';
/**
 * The oracle: brute-force reference solvers that know nothing of Sprague–Grundy theory, a plain
 * search over every position of any game's rules; every fast path is tested against them. Normal
 * play and misère play.
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
