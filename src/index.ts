/**
 * nimber's library. The top level names what most callers need: parse a ruleset, its Grundy
 * sequence, analyze a position, count P-positions, find a period, play, explain, the misère quotient,
 * search your own game, verify a certificate, and their types. Everything else sits in a namespace
 * (`families`, `kernels`, `normal`, `misere`, `search`, `oracle`, `nimbers`, `service`, `formats`,
 * `problems`, `types`), so the top level stays small enough to keep stable. Everything here is pure
 * and runs in Node and the browser. docs/library.md has a tour.
 * @packageDocumentation
 */

/** Parse a ruleset spec (`nim`, `subtract:1,3,4`, `kayles`, `cram:4x5`, ...); the narrower parsers refuse the wrong kind in one line. */
export { parseRuleset, tryParseRuleset, parseHeapSpec, parseTupleSpec, parseGameSpec } from './engine/spec.ts';
/** Grundy values of single heaps 0..N by the family's fastest kernel. */
export { grundySequence } from './engine/solve/normal/grundy.ts';
/** Outcome, nim-sum and every winning move of a position under normal play. */
export { analyze } from './engine/solve/normal/analyze.ts';
/** Exact bigint counts of P-positions over k heaps (or piles). */
export { count } from './engine/solve/normal/count.ts';
/** Smallest period, preperiod and saltus of a Grundy sequence, proved by the family's theorem or closed form where one applies. */
export { periodicity } from './engine/solve/normal/period.ts';
/** The perfect opponent: a winning move from an N-position, a prolonging move from a P-position. */
export { chooseMove, legalMoves } from './engine/solve/normal/play.ts';
/** The reasoning worked out step by step (options and mex, the nim-sum in binary columns), and in words. */
export { explain } from './engine/solve/normal/explain.ts';
export { formatExplanation } from './engine/wording/explanation.ts';
/** Misère play: analysis by genus, quotient or search, and the misère quotient of a heap game. */
export { analyzeMisere } from './engine/solve/misere/index.ts';
export { misereQuotient } from './engine/solve/misere/quotient.ts';
/** Your own game: its rules as GameRules (moves; optionally components and a key), solved by the general search. */
export { analyzeGameRules, perfectMove } from './engine/solve/search/index.ts';
export { defineGame } from './engine/define.ts';
/** Checks a certificate of a board's or graph's value from the rules alone. */
export { verifyCertificate } from './service/certificates.ts';
/** The single typed error for invalid input. */
export { InputError, isInputError } from './engine/errors.ts';

export type {
  Analysis,
  Convention,
  CountOrder,
  CoupledRuleset,
  GameRules,
  GameRuleset,
  GrundySequence,
  HeapRuleset,
  Outcome,
  Position,
  Ruleset,
  TupleRuleset,
  WinningMove,
} from './engine/types.ts';
export type { CountOptions } from './engine/solve/normal/count.ts';
export type { Periodicity } from './engine/solve/normal/period.ts';
export type { EngineMove } from './engine/solve/normal/play.ts';
export type { Explanation } from './engine/solve/normal/explain.ts';
export type { MisereAnalysis } from './engine/solve/misere/index.ts';
export type { MisereQuotient } from './engine/solve/misere/quotient.ts';
export type { GameAnalysis, SearchOptions } from './engine/solve/search/index.ts';
export type { VerifyReply } from './service/certificates.ts';
export type { InputErrorKind } from './engine/errors.ts';

export * as families from './lib/families.ts';
export * as kernels from './lib/kernels.ts';
export * as normal from './lib/normal.ts';
export * as misere from './lib/misere.ts';
export * as search from './lib/search.ts';
export * as oracle from './lib/oracle.ts';
export * as nimbers from './lib/nimbers.ts';
export * as service from './lib/service.ts';
export * as formats from './lib/formats.ts';
export * as problems from './lib/problems.ts';
export * as types from './lib/types.ts';
