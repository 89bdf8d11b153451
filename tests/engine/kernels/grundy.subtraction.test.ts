/** The single-thread subtraction kernels on the shared Grundy-kernel cases: the TypeScript reference, the WebAssembly kernel in one call, in small chunks and from a seeded prefix, and the family's dispatch between them. */
import { fastSubtractionSequence, subtractionSequence } from '../../../src/engine/families/subtraction/kernel.ts';
import { WasmSubtraction, wasmSubtractionSequence } from '../../../src/engine/families/subtraction/wasm.ts';
import type { HeapRuleset } from '../../../src/engine/types.ts';
import { runGrundyKernelCases } from './grundy.cases.ts';

// Subtraction kernels take a subtraction set: a take-and-break code may split a heap, nim lists no set
// (g(n) = n is its own rule), Lasker's Nim and split:distinct split heaps.
const families = ['subtraction'] as const;

const setOf = (r: HeapRuleset) => r.subtractionSet!;
const movesOf = (r: HeapRuleset, maxHeap: number) => setOf(r).upTo(maxHeap);

runGrundyKernelCases({
  name: 'subtraction, TypeScript reference',
  kernel: (r, n) => subtractionSequence(setOf(r), n),
  families,
});
runGrundyKernelCases({
  name: 'subtraction, fastest here (fastSubtractionSequence)',
  kernel: (r, n) => fastSubtractionSequence(setOf(r), n),
  families,
});
runGrundyKernelCases({
  name: 'subtraction, WebAssembly in one call',
  kernel: (r, n) => wasmSubtractionSequence(movesOf(r, n), n),
  families,
});

runGrundyKernelCases({
  name: 'subtraction, WebAssembly in steps of 37 heaps, blocks of 8',
  kernel: (r, n) => {
    const run = new WasmSubtraction(movesOf(r, n), n + 1, { block: 8 });
    while (run.length < n + 1) run.extendTo(Math.min(n + 1, run.length + 37), 37);
    return run.toSequence();
  },
  families,
});

runGrundyKernelCases({
  name: 'subtraction, WebAssembly extending a seeded prefix (the first half, from the TypeScript reference)',
  kernel: (r, n) => {
    const run = new WasmSubtraction(movesOf(r, n), n + 1);
    run.seed(subtractionSequence(setOf(r), n).subarray(0, Math.floor((n + 1) / 2)));
    run.extendTo(n + 1);
    return run.toSequence();
  },
  families,
});
