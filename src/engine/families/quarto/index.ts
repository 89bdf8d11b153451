/**
 * Quarto, the engine part: what the faces and the service need, and nothing else. Rules and
 * notation (rules.ts, notation.ts), the solver's entry (solve.ts) and the opening proof's checker
 * (proof.ts); the search core (solver.ts) and the symmetry group (symmetry.ts) stay inside.
 */
export {
  NONE,
  QUARTO_VARIANTS,
  isOver,
  piecesToGive,
  placedCount,
  playQuarto,
  quartoMoves,
  quartoStart,
  standingLine,
  type QuartoMove,
  type QuartoPosition,
  type QuartoStep,
  type QuartoVariant,
} from './rules.ts';
export {
  formatQuartoBoard,
  formatQuartoBoardReadable,
  moveText,
  moveWords,
  parseMoveText,
  parseQuartoBoard,
  pieceWords,
  squareCell,
  squareName,
} from './notation.ts';
export { solveQuarto, type QuartoOutcome, type QuartoSolution, type QuartoSolveOptions } from './solve.ts';
export { QuartoSearch } from './solver.ts';
export {
  checkQuartoProof,
  QUARTO_PROOF_FORMAT,
  type ProofCheck,
  type ProofEdge,
  type ProofNode,
  type QuartoProof,
} from './proof.ts';
export { quarto, quartoFamily, quartoMoveRefusal, type QuartoRuleset } from './family.ts';
