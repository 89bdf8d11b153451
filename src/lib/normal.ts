/**
 * Normal play (Sprague–Grundy theory) beyond the top level: the kernels behind grundySequence,
 * periods and heaps of any size, counts from histograms, every legal move, the moves in words,
 * explanations part by part and in words, rare and common values.
 * @module
 */
export { grundyOfHeap, requireHeapRuleset } from '../engine/solve/normal/grundy.ts';
/**
 * The Grundy-sequence kernels, for callers that drive one directly: the generic mex, subtraction
 * (TypeScript and WebAssembly), take-and-break (sparse space, resumable runs), split:distinct
 * (XOR-set knapsack) and the Stone Game's triple solver in WebAssembly.
 */
export { mexSequence } from '../engine/kernels/mex.ts';
export {
  subtractionSequence,
  extendSubtraction,
  fastSubtractionSequence,
} from '../engine/families/subtraction/kernel.ts';
export { WasmSubtraction, wasmSubtractionSequence } from '../engine/families/subtraction/wasm.ts';
export type { SubtractionExports, SubtractionLayout } from '../engine/families/subtraction/wasm.ts';
export {
  takeBreakSequence,
  takeBreakDenseSequence,
  takeBreakRun,
  takeBreakComputation,
  TakeBreakComputation,
} from '../engine/families/takebreak/sparse.ts';
export type {
  SparseSplit,
  TakeBreakOptions,
  TakeBreakRun,
  TakeBreakSteps,
} from '../engine/families/takebreak/sparse.ts';
/** Resumable take-and-break runs (extendTo / seed) on the fastest kernel: WebAssembly where the runtime has it. */
export { fastTakeBreakComputation, fastTakeBreakSequence } from '../engine/families/takebreak/kernel.ts';
export { splitDistinctSequence } from '../engine/families/split/knapsack.ts';
export { solveTriplesWasm } from '../engine/families/equal-removal/triples-wasm.ts';
export type { SolveSummary, TripleSolveOptions, TripleVisitor } from '../engine/families/equal-removal/triples.ts';
export { smallestPeriod, certificationLength } from '../engine/solve/normal/period.ts';
export type { PeriodOptions } from '../engine/solve/normal/period.ts';
/** Heap values of any size (bigint) from a proved period: values, windows, histograms; far analyses and bigint counts (exact or modulo m). */
export { HeapValues, provePeriod, fillFromPeriod } from '../engine/solve/normal/periodic.ts';
export { analyzeFar, MAX_FAR_MOVES } from '../engine/solve/normal/analyze-far.ts';
export type { FarAnalysis } from '../engine/solve/normal/analyze-far.ts';
export { countFromBigHistogram, MAX_MOD_HEAPS } from '../engine/solve/normal/count-big.ts';
export {
  countPositions,
  countFromHistogram,
  countFromSequence,
  grundyHistogram,
  forEachCoupledPPosition,
} from '../engine/solve/normal/count.ts';
/** Every legal move of a position, and the move that leads to a given position. */
export { findMove, legalMoves } from '../engine/solve/normal/play.ts';
export { describeAnalysis } from '../engine/wording/normal.ts';
export { describeMove } from '../engine/wording/move.ts';
/** An explanation in words: the text `nimber explain` prints. */
export { formatExplanation } from '../engine/wording/explanation.ts';
export { explainHeap, explainNimSum, explainRegion, mex } from '../engine/solve/normal/explain.ts';
export type { HeapExplanation, NimSumExplanation, RegionExplanation } from '../engine/solve/normal/explain.ts';
export { explainFarClosedForm, explainFarPeriod } from '../engine/solve/normal/explain-far.ts';
export type { FarExplanation, FarHeapExplanation } from '../engine/solve/normal/explain-far.ts';
/** Rare and common values (sparse space) of a Grundy sequence. */
export { rareAndCommon } from '../engine/solve/normal/rare.ts';
export type { RareCommon } from '../engine/solve/normal/rare.ts';
