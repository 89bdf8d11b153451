/**
 * The parallel subtraction kernel on the shared Grundy-kernel cases: 1, 2, 3 and 8 threads (8 is
 * oversubscribed on small machines), and 2 threads extending a prefix. No serial head and the
 * smallest block (128 heaps), so the worker pipeline runs even on these small sequences.
 */
import { afterAll } from 'vitest';
import {
  SubtractionPool,
  parallelSubtraction,
  type ParallelOptions,
} from '../../../src/adapters/parallel/subtraction.ts';
import { subtractionSequence } from '../../../src/engine/families/subtraction/kernel.ts';
import type { HeapRuleset } from '../../../src/engine/types.ts';
import { runGrundyKernelCases, type GrundyKernel } from './grundy.cases.ts';

// Subtraction kernels take a subtraction set: a take-and-break code may split a heap, nim lists no set
// (g(n) = n is its own rule), Lasker's Nim and split:distinct split heaps.
const families = ['subtraction'] as const;

// One pool per thread count for the whole file (starting workers is the slow part), ended after it.
const pools = new Map<number, SubtractionPool>();
const poolOf = (threads: number) =>
  pools.get(threads) ?? pools.set(threads, new SubtractionPool(threads)).get(threads)!;
afterAll(async () => {
  await Promise.all([...pools.values()].map((pool) => pool.destroy()));
});

const parallel =
  (threads: number, options: (r: HeapRuleset, maxHeap: number) => ParallelOptions = () => ({})): GrundyKernel =>
  async (r, n) => {
    const on = threads === 1 ? { threads: 1 } : { pool: poolOf(threads) };
    const values = await parallelSubtraction(r.subtractionSet!.upTo(n), n, {
      ...on,
      serialHead: 0,
      block: 128,
      ...options(r, n),
    });
    return Uint32Array.from(values);
  };

for (const threads of [1, 2, 3, 8])
  runGrundyKernelCases({
    name: `subtraction, parallel on ${threads} thread${threads > 1 ? 's' : ''}`,
    kernel: parallel(threads),
    families,
  });

runGrundyKernelCases({
  name: 'subtraction, parallel on 2 threads extending a prefix (the first half, from the TypeScript reference)',
  kernel: parallel(2, (r, n) => ({
    prefix: subtractionSequence(r.subtractionSet!, n).subarray(0, Math.floor((n + 1) / 2)),
  })),
  families,
});
