/** The fastest take-and-break kernel here: WebAssembly where the runtime has it (with SIMD), else the TypeScript sparse-space kernel. */
import type { GrundySequence } from '../../types.ts';
import type { TakeBreakRuleset } from './index.ts';
import { takeBreakComputation, type TakeBreakComputation } from './sparse.ts';
import { takeBreakWasmAvailable, wasmTakeBreakComputation } from './wasm.ts';

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
