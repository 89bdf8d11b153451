/**
 * nimber's public library API. Everything here is pure and runs in Node and the browser.
 * @packageDocumentation
 */

/** Parse a ruleset spec string (`nim`, `subtract:1,3,4`, `subtract:squares`, ...) into a Ruleset. */
export { parseRuleset, tryParseRuleset, specHelp } from './engine/spec.ts';
/** Grundy values of single heaps 0..N, choosing the fastest kernel for the ruleset. */
export { grundySequence, mexSequence, subtractionSequence } from './engine/solve/grundy.ts';
/** Take-and-break codes (octal/hex, '!') and split:distinct: rulesets and their kernels (sparse space; XOR-set knapsack). */
export { parseTakeBreak, takeBreak } from './engine/families/takebreak/index.ts';
export { splitDistinct, distinctSplits } from './engine/families/split/index.ts';
export { takeBreakSequence, takeBreakDenseSequence, takeBreakRun, takeBreakComputation, TakeBreakComputation } from './engine/families/takebreak/sparse.ts';
export type { SparseSplit, TakeBreakOptions, TakeBreakRun } from './engine/families/takebreak/sparse.ts';
/** Resumable take-and-break runs (extendTo / seed) on the fastest kernel: WebAssembly where the runtime has it. */
export { fastTakeBreakComputation } from './engine/solve/grundy.ts';
/** The WebAssembly kernels' hosts (global WebAssembly API only), for callers that drive them in chunks. */
export { WasmSubtraction, wasmSubtractionSequence } from './engine/families/subtraction/wasm.ts';
export { solveTriplesWasm } from './engine/families/equal-removal/triples-wasm.ts';
export { splitDistinctSequence } from './engine/families/split/knapsack.ts';
/** Smallest period, preperiod and saltus of a Grundy sequence, proved by the periodicity theorem where it applies. */
export { periodicity, smallestPeriod, certificationLength } from './engine/solve/period.ts';
export type { Periodicity, ObservedPeriod, PeriodOptions } from './engine/solve/period.ts';
/** Outcome, nim-sum and every winning move of a position. */
export { analyze } from './engine/solve/analyze.ts';
/** Exact bigint counts of P-positions over k heaps. */
export { count, countPositions, countFromHistogram, countFromSequence, grundyHistogram } from './engine/solve/count.ts';
/** The brute-force reference solver. */
export { Oracle, oracleFor, oracleCount, heapMoves } from './engine/solve/oracle.ts';
/** The side problems' kernels: Circle Summation (all starts, mod 1e9+7) and Equations (divisors of (N!)^2 mod 1000007). */
export { circleSummation, circleSummationByMatrix, simulateCircleSummation, CIRCLE_MODULUS } from './problems/math/circle-summation.ts';
export { equationsCount, equationsCountByTrialDivision, divisorCountOfFactorialSquare, EQUATIONS_MODULUS } from './problems/math/equations.ts';
/**
 * Equal removal (Wythoff's game on 2 piles, PE260's Stone Game on 3): P-positions up to a bound from
 * the bit-table solvers, PE260 sums, counts and listings, Beatty's formula for Wythoff.
 */
export { equalRemoval, parseEqualRemoval, MAX_TRIPLE_PILE, MAX_PAIR_PILE, MAX_EQUAL_REMOVAL_PILES } from './engine/families/equal-removal/index.ts';
export type { EqualRemovalRuleset } from './engine/families/equal-removal/index.ts';
export { equalRemovalPPositions, stoneGame, forEachCoupledPPosition, countCoupled, equalRemovalWinningMoves } from './engine/families/equal-removal/solver.ts';
export type { PositionVisitor, PPositionOptions, PPositionSummary, ProgressCallback } from './engine/families/equal-removal/solver.ts';
export { lexicographicScan } from './engine/families/equal-removal/baseline.ts';
export { wythoffPair } from './engine/families/equal-removal/wythoff.ts';
/** The perfect opponent: a winning move from an N-position, a prolonging move from a P-position. */
export { chooseMove, legalMoves, findMove } from './engine/solve/play.ts';
/** The single typed error for invalid input. */
export { InputError, isInputError } from './engine/errors.ts';
export { MAX_SEQUENCE, MAX_NIM_HEAP, MAX_HEAPS } from './engine/limits.ts';
/** The problem catalog. */
export { PROBLEMS, findProblem, solveText } from './problems/index.ts';
export type * from './engine/types.ts';
export type { Problem } from './problems/types.ts';
