/** Grundy sequences of heap rulesets: picks the fastest kernel for the ruleset's family. */
import { checkMax } from '../errors.ts';
import { MAX_SEQUENCE } from '../limits.ts';
import type { GrundySequence, HeapRuleset, TakeBreakRuleset } from '../types.ts';
import { takeBreakWasmAvailable, wasmTakeBreakComputation } from '../families/takebreak/wasm.ts';
import { mexSequence } from '../kernels/mex.ts';
import { fastSubtractionSequence } from '../families/subtraction/kernel.ts';
import { takeBreakComputation, type TakeBreakComputation } from '../families/takebreak/sparse.ts';
import { splitDistinctSequence } from '../families/split/knapsack.ts';

/** Grundy values of single heaps 0..maxHeap. */
export function grundySequence(ruleset: HeapRuleset, maxHeap: number): GrundySequence {
  checkMax(maxHeap, 'heap size', Math.min(MAX_SEQUENCE, ruleset.maxHeap));
  switch (ruleset.family) {
    case 'nim': {
      const g = new Uint32Array(maxHeap + 1);
      for (let n = 0; n <= maxHeap; n++) g[n] = n;
      return g;
    }
    case 'subtraction':
      return fastSubtractionSequence(ruleset.set, maxHeap);
    case 'takebreak':
      return fastTakeBreakSequence(ruleset, maxHeap);
    case 'split':
      return splitDistinctSequence(maxHeap);
    default:
      return mexSequence(ruleset, maxHeap);
  }
}

/** Below this many heaps the TypeScript kernel is as fast, and no WebAssembly memory is made. */
const TAKEBREAK_WASM_MIN_HEAPS = 4096;

/**
 * A resumable take-and-break computation (extendTo / seed) on the fastest kernel here: WebAssembly
 * when the runtime has it, else the TypeScript kernel (same values, same splits).
 */
export function fastTakeBreakComputation(ruleset: TakeBreakRuleset, capacity: number): TakeBreakComputation {
  const wasm = capacity >= TAKEBREAK_WASM_MIN_HEAPS && takeBreakWasmAvailable();
  return wasm ? wasmTakeBreakComputation(ruleset, capacity) : takeBreakComputation(ruleset, capacity);
}

/** g(0..maxHeap) of a take-and-break code by the fastest kernel here. */
export function fastTakeBreakSequence(ruleset: TakeBreakRuleset, maxHeap: number): GrundySequence {
  const computation = fastTakeBreakComputation(ruleset, maxHeap + 1);
  computation.extendTo(maxHeap + 1);
  return computation.values();
}

/** Grundy value of one heap (Nim heaps may be far beyond any sequence we would store). */
export function grundyOfHeap(ruleset: HeapRuleset, heap: number, sequence?: GrundySequence): number {
  if (ruleset.family === 'nim') return heap;
  return (sequence ?? grundySequence(ruleset, heap))[heap];
}

export { mexSequence } from '../kernels/mex.ts';
export { takeBreakSequence, takeBreakDenseSequence, takeBreakRun } from '../families/takebreak/sparse.ts';
export { splitDistinctSequence } from '../families/split/knapsack.ts';
export { subtractionSequence, extendSubtraction, fastSubtractionSequence } from '../families/subtraction/kernel.ts';
