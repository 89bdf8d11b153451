/**
 * The Grundy-sequence kernels behind grundySequence, for callers that drive one directly: the
 * generic mex, subtraction (TypeScript and WebAssembly), take-and-break (sparse space, resumable
 * runs), split:distinct (XOR-set knapsack) and the Stone Game's triple solver in WebAssembly.
 * @module
 */
export { requireHeapRuleset } from '../engine/solve/normal/grundy.ts';
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
