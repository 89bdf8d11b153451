/**
 * Normal play (Sprague–Grundy theory) beyond the top level: periods and heaps of any size, counts
 * from histograms, the moves in words, explanations part by part, rare and common values.
 * @module
 */
export { grundyOfHeap } from '../engine/solve/normal/grundy.ts';
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
export { findMove } from '../engine/solve/normal/play.ts';
export { describeAnalysis } from '../engine/wording/normal.ts';
export { describeMove } from '../engine/wording/move.ts';
export { explainHeap, explainNimSum, explainRegion, mex } from '../engine/solve/normal/explain.ts';
export type { HeapExplanation, NimSumExplanation, RegionExplanation } from '../engine/solve/normal/explain.ts';
export { explainFarClosedForm, explainFarPeriod } from '../engine/solve/normal/explain-far.ts';
export type { FarExplanation, FarHeapExplanation } from '../engine/solve/normal/explain-far.ts';
/** Rare and common values (sparse space) of a Grundy sequence. */
export { rareAndCommon } from '../engine/solve/normal/rare.ts';
export type { RareCommon } from '../engine/solve/normal/rare.ts';
