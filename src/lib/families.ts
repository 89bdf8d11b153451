/**
 * The families of the spec language, each as its ruleset object, parser and position helpers; the
 * spec parsers beside the top level's, the registry, what a ruleset can do (capabilities), and the
 * helpers that define a new family or game.
 * @module
 */
export { FAMILIES, ALIASES } from '../engine/registry.ts';
/** `tryParseRuleset` answers `{ ok: false, error }` instead of throwing; the narrower parsers refuse the wrong kind in one line. */
export { tryParseRuleset, parseTupleSpec, parseGameSpec, specHelp } from '../engine/spec.ts';
export {
  CAPABILITIES,
  capabilitiesOf,
  hasCapability,
  requireCapability,
  describeKind,
} from '../engine/capabilities.ts';
export type { Capability } from '../engine/capabilities.ts';
export { defineGame, defineHeapGame } from '../engine/define.ts';
export type { GameDefinition, HeapDefinition, NotationDefinition } from '../engine/define.ts';
export type { GameAccelerators, GameNotation } from '../engine/types.ts';
/** Heap games: nim, subtraction games, Lasker's Nim, take-and-break codes, split:distinct. */
export { nim } from '../engine/families/nim/index.ts';
export { parseSubtraction, subtraction, NAMED_SETS } from '../engine/families/subtraction/index.ts';
export type { SubtractionRuleset } from '../engine/families/subtraction/index.ts';
export { lasker, laskerValue } from '../engine/families/lasker/index.ts';
export { parseTakeBreak, takeBreak } from '../engine/families/takebreak/index.ts';
export type { TakeBreakRuleset } from '../engine/families/takebreak/index.ts';
export { splitDistinct, distinctSplits } from '../engine/families/split/index.ts';
export type { SplitRuleset } from '../engine/families/split/index.ts';
/**
 * Equal removal (Wythoff's game on 2 piles, PE260's Stone Game on 3): P-positions up to a bound from
 * the bit-table solvers, PE260 sums, counts and listings, Beatty's formula for Wythoff.
 */
export {
  equalRemoval,
  parseEqualRemoval,
  MAX_TRIPLE_PILE,
  MAX_PAIR_PILE,
  MAX_EQUAL_REMOVAL_PILES,
} from '../engine/families/equal-removal/index.ts';
export type { EqualRemovalRuleset } from '../engine/families/equal-removal/index.ts';
export {
  equalRemovalPPositions,
  stoneGame,
  countCoupled,
  equalRemovalWinningMoves,
} from '../engine/families/equal-removal/solver.ts';
export type {
  PPositionOptions,
  PPositionSummary,
  ProgressCallback,
} from '../engine/families/equal-removal/solver.ts';
export { lexicographicScan } from '../engine/families/equal-removal/baseline.ts';
export { wythoffPair } from '../engine/families/equal-removal/wythoff.ts';
/** Games on boards and graphs: Cram, Chomp, Node Kayles, Arc Kayles. */
export { cram, parseBoard, formatBoard, cramKey } from '../engine/families/cram/index.ts';
export type { Board, CramRuleset } from '../engine/families/cram/index.ts';
export { chomp, parseChomp, chompKey } from '../engine/families/chomp/index.ts';
export type { ChompPosition, ChompRuleset } from '../engine/families/chomp/index.ts';
export {
  nodeKayles,
  parseGraph,
  formatGraph,
  graphKey,
  graphFromEdges,
} from '../engine/families/node-kayles/index.ts';
export type { Graph, NodeKaylesRuleset } from '../engine/families/node-kayles/index.ts';
export { arcKayles } from '../engine/families/arc-kayles/index.ts';
export type { ArcKaylesRuleset } from '../engine/families/arc-kayles/index.ts';
