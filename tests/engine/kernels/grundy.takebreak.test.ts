/**
 * The take-and-break kernels on the shared Grundy-kernel cases: the TypeScript sparse-space and
 * dense kernels, the WebAssembly kernel (one call, in small steps through extendTo, from a seeded
 * prefix) and the family's dispatch between them. The sparse runs choose their split from heap 8 on
 * (densePrefix 8; by default the first choice is at heap 1024), so the sparse path runs on these
 * small cases too.
 */
import type { TakeBreakRuleset } from '../../../src/engine/families/takebreak/index.ts';
import { fastTakeBreakSequence } from '../../../src/engine/families/takebreak/kernel.ts';
import { takeBreakDenseSequence, takeBreakSequence } from '../../../src/engine/families/takebreak/sparse.ts';
import { wasmTakeBreakComputation, wasmTakeBreakSequence } from '../../../src/engine/families/takebreak/wasm.ts';
import type { HeapRuleset } from '../../../src/engine/types.ts';
import { runGrundyKernelCases } from './grundy.cases.ts';

// The kernels take a code d0.d1d2…; subtraction sets, nim, Lasker's Nim and split:distinct are written otherwise.
const families = ['takebreak'] as const;
const code = (r: HeapRuleset) => r as TakeBreakRuleset;
const sparse = { densePrefix: 8 };

runGrundyKernelCases({
  name: 'take-and-break, TypeScript sparse space (split from heap 8)',
  kernel: (r, n) => takeBreakSequence(code(r), n, sparse),
  families,
});
runGrundyKernelCases({
  name: 'take-and-break, TypeScript dense',
  kernel: (r, n) => takeBreakDenseSequence(code(r), n),
  families,
});
runGrundyKernelCases({
  name: 'take-and-break, WebAssembly in one call (split from heap 8)',
  kernel: (r, n) => wasmTakeBreakSequence(code(r), n, sparse),
  families,
});
runGrundyKernelCases({
  name: 'take-and-break, WebAssembly in one call, default options',
  kernel: (r, n) => wasmTakeBreakSequence(code(r), n),
  families,
});

runGrundyKernelCases({
  name: 'take-and-break, WebAssembly in steps of 7 heaps from room for 10 (split from heap 8)',
  kernel: (r, n) => {
    const run = wasmTakeBreakComputation(code(r), 10, sparse); // grows as it goes
    while (run.length < n + 1) run.extendTo(Math.min(n + 1, run.length + 7));
    return Uint32Array.from(run.values());
  },
  families,
});

runGrundyKernelCases({
  name: 'take-and-break, WebAssembly extending a seeded prefix (the first half, from the TypeScript dense kernel; split from heap 8)',
  kernel: (r, n) => {
    const run = wasmTakeBreakComputation(code(r), n + 1, sparse);
    run.seed(takeBreakDenseSequence(code(r), n).subarray(0, Math.floor((n + 1) / 2)));
    run.extendTo(n + 1);
    return Uint32Array.from(run.values());
  },
  families,
});

runGrundyKernelCases({
  name: 'take-and-break, fastest here (fastTakeBreakSequence: TypeScript below 4096 heaps)',
  kernel: (r, n) => fastTakeBreakSequence(code(r), n),
  families,
});
