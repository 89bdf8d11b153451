/**
 * nimber's library. The top level names the verbs and the types to call them and read their
 * results: parse a ruleset, its Grundy sequence, analyze a position, count P-positions, find a
 * period, play, explain, the misère quotient, search your own game, verify a certificate. Everything
 * else sits in a namespace (`families`, `normal`, `misere`, `search`, `nimbers`, `service`,
 * `problems`, `types`), so the top level stays small enough to keep stable
 * (tests/package/exports.test.ts lists it name by name). Everything here is pure and runs in Node
 * and the browser. docs/library.md has a tour.
 * @packageDocumentation
 */

/**
 * Parse a ruleset spec (`nim`, `subtract:1,3,4`, `kayles`, `cram:4x5`, ...); `parseHeapSpec` refuses
 * all but heap games in one line. `families` has the other parsers (`tryParseRuleset`, `parseTupleSpec`,
 * `parseGameSpec`).
 */
export { parseRuleset, parseHeapSpec } from './engine/spec.ts';
/** Grundy values of single heaps 0..N by the family's fastest kernel (`normal` has the kernels). */
export { grundySequence } from './engine/solve/normal/grundy.ts';
/** Outcome, nim-sum and every winning move of a position under normal play (`misere.analyzeMisere` for misère play). */
export { analyze } from './engine/solve/normal/analyze.ts';
/** Exact bigint counts of P-positions over k heaps (or piles). */
export { count } from './engine/solve/normal/count.ts';
/** Smallest period, preperiod and saltus of a Grundy sequence, proved by the family's theorem or closed form where one applies. */
export { periodicity } from './engine/solve/normal/period.ts';
/** The perfect opponent: a winning move from an N-position, a prolonging move from a P-position (`normal.legalMoves` lists them all). */
export { chooseMove } from './engine/solve/normal/play.ts';
/** The reasoning worked out step by step (options and mex, the nim-sum in binary columns); `normal.formatExplanation` words it. */
export { explain } from './engine/solve/normal/explain.ts';
/** The misère quotient of a heap game (misère play's counterpart of the Grundy sequence). */
export { misereQuotient } from './engine/solve/misere/quotient.ts';
/** Your own game: its rules as GameRules (moves; optionally components and a key), solved and played by the general search. */
export { analyzeGameRules, perfectMove } from './engine/solve/search/index.ts';
/** Checks a certificate of a board's or graph's value from the rules alone. */
export { verifyCertificate } from './service/certificates.ts';
/** The single typed error for invalid input: one line a person understands. */
export { InputError } from './engine/errors.ts';

export type { Analysis, GameRules, HeapRuleset, Outcome, Ruleset } from './engine/types.ts';
export type { CountOptions } from './engine/solve/normal/count.ts';
export type { Periodicity } from './engine/solve/normal/period.ts';
export type { EngineMove } from './engine/solve/normal/play.ts';
export type { Explanation } from './engine/solve/normal/explain.ts';
export type { MisereQuotient } from './engine/solve/misere/quotient.ts';
export type { GameAnalysis } from './engine/solve/search/index.ts';
export type { VerifyReply } from './service/certificates.ts';

export * as families from './lib/families.ts';
export * as normal from './lib/normal.ts';
export * as misere from './lib/misere.ts';
export * as search from './lib/search.ts';
export * as nimbers from './lib/nimbers.ts';
export * as service from './lib/service.ts';
export * as problems from './lib/problems.ts';
export * as types from './lib/types.ts';
