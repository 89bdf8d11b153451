// The shared case suite of the subtraction kernels: every implementation (TS reference, wasm, parallel) runs these.
import { parseRuleset } from '../../../../src/engine/spec.ts';
import type { SubtractionRuleset } from '../../../../src/engine/families/subtraction/index.ts';

export interface KernelCase {
  readonly spec: string;
  /** Largest heap. */
  readonly n: number;
}

/** Named and finite sets at sizes that cross block edges, value widenings (stride steps) and chunk edges. */
export const KERNEL_CASES: readonly KernelCase[] = [
  { spec: 'subtract:squares', n: 0 },
  { spec: 'subtract:squares', n: 1 },
  { spec: 'subtract:squares', n: 127 },
  { spec: 'subtract:squares', n: 128 },
  { spec: 'subtract:squares', n: 129 },
  { spec: 'subtract:squares', n: 20_000 },
  { spec: 'subtract:squares', n: 70_001 },
  { spec: 'subtract:cubes', n: 50_000 },
  { spec: 'subtract:primes', n: 20_000 },
  { spec: 'subtract:fibonacci', n: 30_000 },
  { spec: 'subtract:powers-of-2', n: 30_000 },
  { spec: 'subtract:triangular', n: 30_000 },
  { spec: 'subtract:1,3,4', n: 10_000 },
  { spec: 'subtract:1', n: 300 },
  { spec: 'subtract:2,5,7,11', n: 5_000 },
  { spec: 'subtract:300,1000', n: 9_000 },
  {
    spec: 'subtract:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40',
    n: 3_000,
  },
];

export function movesOf(spec: string, n: number): Int32Array {
  return (parseRuleset(spec) as SubtractionRuleset).subtractionSet.upTo(n);
}

export function setOf(spec: string) {
  return (parseRuleset(spec) as SubtractionRuleset).subtractionSet;
}

/** First index where two sequences differ, or -1. */
export function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}
