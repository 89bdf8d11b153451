/** Every Grundy kernel runs the shared case suite (grundy.cases.ts); a kernel skips what it cannot compute, with the reason. */
import { afterAll } from 'vitest';
import { computeSequence } from '../../../src/adapters/sequence-source.ts';
import { SubtractionPool, parallelSubtraction } from '../../../src/adapters/parallel/subtraction.ts';
import type { SubtractionRuleset } from '../../../src/engine/families/subtraction/index.ts';
import { subtractionSequence } from '../../../src/engine/families/subtraction/kernel.ts';
import { WasmSubtraction, wasmSubtractionSequence } from '../../../src/engine/families/subtraction/wasm.ts';
import type { TakeBreakRuleset } from '../../../src/engine/families/takebreak/index.ts';
import { fastTakeBreakSequence } from '../../../src/engine/families/takebreak/kernel.ts';
import { takeBreakComputation, takeBreakDenseSequence, takeBreakSequence } from '../../../src/engine/families/takebreak/sparse.ts';
import { wasmTakeBreakComputation, wasmTakeBreakSequence } from '../../../src/engine/families/takebreak/wasm.ts';
import { splitDistinctSequence } from '../../../src/engine/families/split/knapsack.ts';
import { mexSequence } from '../../../src/engine/kernels/mex.ts';
import { grundySequence } from '../../../src/engine/solve/grundy.ts';
import type { HeapRuleset } from '../../../src/engine/types.ts';
import { runGrundyKernelCases, type KernelScope } from './grundy.cases.ts';

const subtractionOnly: KernelScope = { handles: (r) => r.subtractionSet !== undefined, reason: 'the subtraction kernels take a subtraction set' };
const takeBreakOnly: KernelScope = { handles: (r) => r.family === 'takebreak', reason: 'the take-and-break kernels take a code' };
const only = (family: string): KernelScope => ({ handles: (r) => r.family === family, reason: `this kernel computes ${family} only` });
const moves = (r: HeapRuleset, n: number) => (r as SubtractionRuleset).set.upTo(n);
const code = (r: HeapRuleset) => r as TakeBreakRuleset;

/** Runs a resumable computation in small steps (many chunk edges), optionally seeded with the first third. */
function stepwise(make: (capacity: number) => { length: number; extendTo(n: number): void; seed(p: ArrayLike<number>): void; values(): ArrayLike<number> }, seedFrom?: ArrayLike<number>) {
  return (n: number) => {
    const run = make(n + 1);
    if (seedFrom) run.seed(Array.from(seedFrom).slice(0, Math.floor((n + 1) / 3)));
    while (run.length < n + 1) run.extendTo(Math.min(n + 1, run.length + 17));
    return run.values();
  };
}

// The general ones: every ruleset.
runGrundyKernelCases('generic mex', mexSequence);
runGrundyKernelCases('dispatch (grundySequence: the family kernel)', grundySequence);
runGrundyKernelCases('sequence source adapter, one thread, no cache', (r, n) => computeSequence(r, n, { cache: null, threads: 1 }));

// Subtraction: TypeScript reference, WebAssembly (one call; tiny blocks and chunks), parallel.
runGrundyKernelCases('subtraction TypeScript reference', (r, n) => subtractionSequence((r as SubtractionRuleset).set, n), subtractionOnly);
runGrundyKernelCases('subtraction WebAssembly', (r, n) => wasmSubtractionSequence(moves(r, n), n), subtractionOnly);
runGrundyKernelCases('subtraction WebAssembly, blocks of 8, chunks of 37', (r, n) => {
  const run = new WasmSubtraction(moves(r, n), n + 1, { block: 8 });
  run.extendTo(n + 1, 37);
  return run.values();
}, subtractionOnly);
const pools = new Map<number, SubtractionPool>();
afterAll(async () => {
  for (const pool of pools.values()) await pool.destroy();
});
for (const threads of [1, 2, 3, 8]) {
  // 8 threads on 2 cores: oversubscribed on purpose (the barriers must hold when threads wait for a core).
  const pool = () => {
    if (threads < 2) return undefined;
    if (!pools.has(threads)) pools.set(threads, new SubtractionPool(threads));
    return pools.get(threads);
  };
  runGrundyKernelCases(`subtraction parallel, ${threads} thread${threads > 1 ? 's' : ''}`, (r, n) => parallelSubtraction(moves(r, n), n, { threads, pool: pool(), serialHead: 0, block: 128 }), subtractionOnly);
}

// Take-and-break: the TypeScript sparse-space and dense kernels, WebAssembly (one call, stepwise, seeded).
runGrundyKernelCases('take-and-break TypeScript sparse', (r, n) => takeBreakSequence(code(r), n), takeBreakOnly);
runGrundyKernelCases('take-and-break TypeScript dense', (r, n) => takeBreakDenseSequence(code(r), n), takeBreakOnly);
runGrundyKernelCases('take-and-break TypeScript, stepwise and seeded', (r, n) => stepwise((c) => takeBreakComputation(code(r), c), mexSequence(r, n))(n), takeBreakOnly);
runGrundyKernelCases('take-and-break WebAssembly', (r, n) => wasmTakeBreakSequence(code(r), n), takeBreakOnly);
runGrundyKernelCases('take-and-break WebAssembly, stepwise', (r, n) => stepwise((c) => wasmTakeBreakComputation(code(r), c))(n), takeBreakOnly);
runGrundyKernelCases('take-and-break WebAssembly, stepwise and seeded', (r, n) => stepwise((c) => wasmTakeBreakComputation(code(r), c), mexSequence(r, n))(n), takeBreakOnly);
runGrundyKernelCases('take-and-break fastest here', (r, n) => fastTakeBreakSequence(code(r), n), takeBreakOnly);

// One-family kernels.
runGrundyKernelCases('split:distinct XOR-set knapsack', (_r, n) => splitDistinctSequence(n), only('split'));
runGrundyKernelCases("Lasker's Nim closed form", (r, n) => r.sequence(n), only('lasker'));
runGrundyKernelCases('Nim closed form', (r, n) => r.sequence(n), only('nim'));
