/** The fastest take-and-break kernel here: WebAssembly where the runtime has it (with SIMD), else the TypeScript sparse-space kernel. */
import type { GrundySequence } from '../../types.ts';
import type { TakeBreakRuleset } from './index.ts';
import { takeBreakComputation, type TakeBreakComputation } from './sparse.ts';
import { takeBreakWasmAvailable, wasmTakeBreakComputation } from './wasm.ts';

/** Below this many heaps the TypeScript kernel is as fast, and no WebAssembly memory is made. */
const TAKEBREAK_WASM_MIN_HEAPS = 4096;

/**
 * A resumable take-and-break computation (extendTo / seed) on the fastest kernel here: WebAssembly
 * when the runtime has it, else the TypeScript kernel (same values, same splits). A resumable
 * computation may be extended far past its first capacity (the census doubles from 1024 heaps),
 * so it takes the WebAssembly kernel whatever the capacity.
 */
export function fastTakeBreakComputation(ruleset: TakeBreakRuleset, capacity: number): TakeBreakComputation {
  return takeBreakWasmAvailable()
    ? wasmTakeBreakComputation(ruleset, capacity)
    : takeBreakComputation(ruleset, capacity);
}

/** g(0..maxHeap) of a take-and-break code by the fastest kernel here (32-bit values). */
export function fastTakeBreakSequence(ruleset: TakeBreakRuleset, maxHeap: number): GrundySequence {
  const computation =
    maxHeap + 1 >= TAKEBREAK_WASM_MIN_HEAPS && takeBreakWasmAvailable()
      ? wasmTakeBreakComputation(ruleset, maxHeap + 1)
      : takeBreakComputation(ruleset, maxHeap + 1);
  computation.extendTo(maxHeap + 1);
  const values = computation.values();
  return values instanceof Uint32Array ? values : Uint32Array.from(values);
}
