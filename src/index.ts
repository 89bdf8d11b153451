/**
 * nimber's public library API. Everything here is pure and runs in Node and the browser.
 * @packageDocumentation
 */

/** Parse a ruleset spec string (`nim`, `subtract:1,3,4`, `kayles`, `lasker`, ...) into a Ruleset. */
export { parseRuleset, tryParseRuleset, specHelp } from './engine/spec.ts';
/** The families of the spec language (one folder each) and their aliases. */
export { FAMILIES, ALIASES } from './engine/registry.ts';
/** Grundy values of single heaps 0..N by the family's fastest kernel; one heap's value (closed forms where a family has one). */
export { grundySequence, grundyOfHeap, requireHeapRuleset } from './engine/solve/normal/grundy.ts';
/** The generic kernel: the mex over every option, for any heap ruleset (the reference of every fast path). */
export { mexSequence } from './engine/kernels/mex.ts';
/** Nim, subtraction games and Lasker's Nim. */
export { nim } from './engine/families/nim/index.ts';
export { parseSubtraction, subtraction, NAMED_SETS } from './engine/families/subtraction/index.ts';
export type { SubtractionRuleset } from './engine/families/subtraction/index.ts';
export {
  subtractionSequence,
  extendSubtraction,
  fastSubtractionSequence,
} from './engine/families/subtraction/kernel.ts';
export { lasker, laskerValue } from './engine/families/lasker/index.ts';
/** Take-and-break codes (octal/hex, '!') and split:distinct: rulesets and their kernels (sparse space; XOR-set knapsack). */
export { parseTakeBreak, takeBreak } from './engine/families/takebreak/index.ts';
export type { TakeBreakRuleset } from './engine/families/takebreak/index.ts';
export { splitDistinct, distinctSplits } from './engine/families/split/index.ts';
export type { SplitRuleset } from './engine/families/split/index.ts';
export {
  takeBreakSequence,
  takeBreakDenseSequence,
  takeBreakRun,
  takeBreakComputation,
  TakeBreakComputation,
} from './engine/families/takebreak/sparse.ts';
export type {
  SparseSplit,
  TakeBreakOptions,
  TakeBreakRun,
  TakeBreakSteps,
} from './engine/families/takebreak/sparse.ts';
/** Resumable take-and-break runs (extendTo / seed) on the fastest kernel: WebAssembly where the runtime has it. */
export { fastTakeBreakComputation, fastTakeBreakSequence } from './engine/families/takebreak/kernel.ts';
/** The WebAssembly kernels' hosts (global WebAssembly API only), for callers that drive them in chunks. */
export { WasmSubtraction, wasmSubtractionSequence } from './engine/families/subtraction/wasm.ts';
export type { SubtractionExports, SubtractionLayout } from './engine/families/subtraction/wasm.ts';
export { solveTriplesWasm } from './engine/families/equal-removal/triples-wasm.ts';
export type { SolveSummary, TripleSolveOptions, TripleVisitor } from './engine/families/equal-removal/triples.ts';
export { splitDistinctSequence } from './engine/families/split/knapsack.ts';
/** Smallest period, preperiod and saltus of a Grundy sequence, proved by the family's theorem or closed form where one applies. */
export { periodicity, smallestPeriod, certificationLength } from './engine/solve/normal/period.ts';
export type { Periodicity, PeriodOptions } from './engine/solve/normal/period.ts';
/** Heap values of any size (bigint) from a proved period: values, windows, histograms; far analyses and bigint counts (exact or modulo m). */
export { HeapValues, provePeriod, fillFromPeriod } from './engine/solve/normal/periodic.ts';
export { analyzeFar, MAX_FAR_MOVES } from './engine/solve/normal/analyze-far.ts';
export type { FarAnalysis } from './engine/solve/normal/analyze-far.ts';
export { countFromBigHistogram, MAX_MOD_HEAPS } from './engine/solve/normal/count-big.ts';
export { heapValuesUpTo } from './service/heap-values.ts';
export { grundyWindow, analyzeLargeHeaps, countLargeHeaps, withKnownValues } from './service/large-heaps.ts';
export { valuesWindow, type ValuesWindow } from './service/grundy-window.ts';
/**
 * Nim arithmetic, the field of nimbers on bigints of any size: sum, product, square, square root,
 * inverse, division and power; 64-bit products in batches (WebAssembly where the runtime has it);
 * the operations by name with their limits, and one product worked out step by step.
 */
export {
  nimSum,
  nimProduct,
  nimProductSmall,
  nimProductArray,
  nimSquare,
  nimSqrt,
  nimInverse,
  nimDivide,
  nimPower,
  fieldBits,
} from './engine/kernels/nim-arithmetic.ts';
export {
  nimArithmetic,
  explainProduct,
  nimProductTable,
  NIM_OPERATIONS,
  MAX_NIM_BITS,
  MAX_NIM_POWER_BITS,
} from './service/nim-arithmetic.ts';
export type { NimRequest, NimReply, ProductExplanation, ProductStep } from './service/nim-arithmetic.ts';
/** The number forms every face accepts (digits, 1_000_000, 1e6), as the CLI, the API and the page parse them. */
export { parseNatural, parseBigNatural, MAX_HEAP_DIGITS } from './engine/errors.ts';
/** Outcome, nim-sum and every winning move of a position. */
export { analyze } from './engine/solve/normal/analyze.ts';
/** Exact bigint counts of P-positions over k heaps (or piles). */
export {
  count,
  countPositions,
  countFromHistogram,
  countFromSequence,
  grundyHistogram,
  forEachCoupledPPosition,
} from './engine/solve/normal/count.ts';
export type { CountOptions } from './engine/solve/normal/count.ts';
/** The brute-force reference solver, over any game's rules. */
export {
  Oracle,
  oracleFor,
  oracleCount,
  heapMoves,
  gameRules,
  forEachOraclePPosition,
} from './engine/solve/oracle/normal.ts';
export type { MoveGenerator } from './engine/solve/oracle/normal.ts';
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
} from './engine/families/equal-removal/index.ts';
export type { EqualRemovalRuleset } from './engine/families/equal-removal/index.ts';
export {
  equalRemovalPPositions,
  stoneGame,
  countCoupled,
  equalRemovalWinningMoves,
} from './engine/families/equal-removal/solver.ts';
export type { PPositionOptions, PPositionSummary, ProgressCallback } from './engine/families/equal-removal/solver.ts';
export { lexicographicScan } from './engine/families/equal-removal/baseline.ts';
export { wythoffPair } from './engine/families/equal-removal/wythoff.ts';
/** The perfect opponent: a winning move from an N-position, a prolonging move from a P-position. */
export { chooseMove, legalMoves, findMove } from './engine/solve/normal/play.ts';
export type { EngineMove } from './engine/solve/normal/play.ts';
/** Moves and analyses in words. */
export { describeAnalysis } from './engine/wording/normal.ts';
export { describeMove } from './engine/wording/move.ts';
/**
 * Games on boards and graphs, and your own games: the general solver (components, transposition
 * table, pruning, time limits), its library face, and the Cram, Chomp and Node Kayles families.
 */
export {
  GameSolver,
  SearchStopped,
  DEFAULT_TABLE_ENTRIES,
  TranspositionTable,
  analyzeGameRules,
  perfectMove,
} from './engine/solve/search/index.ts';
export type { SearchOptions, SearchStats, GameAnalysis } from './engine/solve/search/index.ts';
export { parseGameSpec, parseHeapSpec, parseTupleSpec } from './engine/spec.ts';
/** What a ruleset can do, and the helpers that fill a new family's defaults. */
export { CAPABILITIES, capabilitiesOf, hasCapability, requireCapability, describeKind } from './engine/capabilities.ts';
export type { Capability } from './engine/capabilities.ts';
export { defineGame, defineHeapGame } from './engine/define.ts';
export type { GameDefinition, HeapDefinition } from './engine/define.ts';
export { cram, parseBoard, formatBoard, cramKey } from './engine/families/cram/index.ts';
export type { Board, CramRuleset } from './engine/families/cram/index.ts';
export { chomp, parseChomp, chompKey } from './engine/families/chomp/index.ts';
export type { ChompPosition, ChompRuleset } from './engine/families/chomp/index.ts';
export { nodeKayles, parseGraph, formatGraph, graphKey, graphFromEdges } from './engine/families/node-kayles/index.ts';
export type { Graph, NodeKaylesRuleset } from './engine/families/node-kayles/index.ts';
export { arcKayles } from './engine/families/arc-kayles/index.ts';
export type { ArcKaylesRuleset } from './engine/families/arc-kayles/index.ts';
export { analyzeGame, gameMove } from './service/games.ts';
export type { GameAnalysisReply } from './service/games.ts';
export { gameTable } from './service/board-table.ts';
export type { TableCell } from './service/board-table.ts';
/** Certificates of board and graph values: written with an analysis, re-checked from the rules alone. */
export { certifiedAnalysis, verifyCertificate } from './service/certificates.ts';
export type { VerifyReply, CertificateSummary } from './service/certificates.ts';
export { buildCertificate, checkCertificate } from './engine/certificate/index.ts';
export type { CheckableGame, CheckedCertificate } from './engine/certificate/index.ts';
/** The single typed error for invalid input. */
export { InputError, isInputError } from './engine/errors.ts';
export type { InputErrorKind } from './engine/errors.ts';
export { MAX_SEQUENCE, MAX_NIM_HEAP, MAX_HEAPS } from './engine/limits.ts';
/** The operations every face shares, with Grundy sequences through a port (engineSequences: in this thread). */
export * as service from './service/operations.ts';
/** One request per operation, for every ruleset and both conventions: the service chooses the method and reports it. */
export { analyzePosition, engineMove, verifiedAnalysis } from './service/analyze.ts';
export { countPositions as countRequest, verifiedCount } from './service/count.ts';
export { openPlay } from './service/play.ts';
export type { PlaySession, PlayMove } from './service/play.ts';
export type { AnalyzeRequest, CountRequest, MoveRequest, PositionInput, Limits } from './service/requests.ts';
export { engineSequences } from './service/sequences.ts';
export type { SequenceSource } from './service/sequences.ts';
export type * from './service/replies.ts';
/** The problem catalog, and the side problems' math (Circle Summation mod 1e9+7; Equations: divisors of (N!)^2 mod 1000007). */
export { PROBLEMS, findProblem, solveText } from './problems/index.ts';
export {
  circleSummation,
  circleSummationByMatrix,
  simulateCircleSummation,
  CIRCLE_MODULUS,
} from './problems/math/circle-summation.ts';
export {
  equationsCount,
  equationsCountByTrialDivision,
  divisorCountOfFactorialSquare,
  EQUATIONS_MODULUS,
} from './problems/math/equations.ts';
export type * from './engine/types.ts';
export type { Problem } from './problems/types.ts';
/** Misère play (the last player to move loses): analysis by genus, quotient or search; the misère quotient; the misère oracle. */
export {
  analyzeMisere,
  chooseMisereMove,
  countMisere,
  countFromQuotient,
  MISERE_METHODS,
} from './engine/solve/misere/index.ts';
export type { MisereAnalysis, MisereMethod, MisereOptions } from './engine/solve/misere/index.ts';
export { misereQuotient, elementOf } from './engine/solve/misere/quotient.ts';
export type { MisereQuotient, QuotientGenerator } from './engine/solve/misere/quotient.ts';
/** Solved quotients (the pretending function proved periodic: heaps of any size) and complete presentations. */
export { analyzeSolvedMisere, misereSolution, solveMisereQuotient } from './engine/solve/misere/solved.ts';
export type { MisereSolution, SolvedMisereAnalysis, SolvedQuotient } from './engine/solve/misere/solved.ts';
export { presentMonoid } from './engine/solve/misere/presentation.ts';
export type { Presentation, RewriteRule } from './engine/solve/misere/presentation.ts';
export { heapGenera, genusBySearch, genusText, MisereGrundySearch } from './engine/solve/misere/genus.ts';
export type { HeapGenus, TameType } from './engine/solve/misere/genus.ts';
export { MisereOracle, misereOracleFor, misereOracleCount } from './engine/solve/oracle/misere.ts';
export { CONVENTIONS } from './engine/types.ts';
export type { Convention } from './engine/types.ts';
/** Explanations worked out step by step (options and mex, the nim-sum in binary columns, backward induction), as `nimber explain` prints them. */
export {
  explain,
  explainHeap,
  explainNimSum,
  explainRegion,
  mex,
} from './engine/solve/normal/explain.ts';
export { explainFarClosedForm, explainFarPeriod } from './engine/solve/normal/explain-far.ts';
export type { FarExplanation, FarHeapExplanation } from './engine/solve/normal/explain-far.ts';
export { formatExplanation } from './engine/wording/explanation.ts';
export type {
  Explanation,
  HeapExplanation,
  NimSumExplanation,
  RegionExplanation,
} from './engine/solve/normal/explain.ts';
/** Rare and common values (sparse space) of a Grundy sequence. */
export { rareAndCommon } from './engine/solve/normal/rare.ts';
export type { RareCommon } from './engine/solve/normal/rare.ts';
/** Export formats of sequences and P-positions (CSV, JSON, OEIS b-file), and known OEIS sequences. */
export {
  formatSequence,
  sequenceCsv,
  sequenceBfile,
  sequenceJson,
  pPositionsCsv,
  pPositionsJson,
  SEQUENCE_FORMATS,
} from './service/export.ts';
export type { SequenceFormat } from './service/export.ts';
export { knownSequence, oeisUrl } from './service/oeis.ts';
