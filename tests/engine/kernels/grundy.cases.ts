/**
 * The shared case suite of every Grundy-sequence kernel (the hono pattern: one case file, every
 * implementation runs it). Each case compares against an independent reference: a published
 * sequence (OEIS, Winning Ways, PROBLEMS.md) or the generic mex, which only lists options. A kernel
 * that cannot compute a ruleset skips its cases and says why.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mexSequence } from '../../../src/engine/kernels/mex.ts';
import { oracleFor } from '../../../src/engine/solve/oracle.ts';
import { parseRuleset } from '../../../src/engine/spec.ts';
import type { HeapRuleset } from '../../../src/engine/types.ts';
import { anyCode } from '../families/takebreak/arbitraries.ts';
import { DAWSONS_KAYLES_0_40, GRUNDYS_GAME_0_104, KAYLES_0_83, LASKER_0_20, SQUARES_GRUNDY_0_29, SQUARES_P_POSITIONS } from '../published.ts';

/** A kernel: g(0..maxHeap) of a heap ruleset, synchronously or not. */
export type SequenceKernel = (ruleset: HeapRuleset, maxHeap: number) => ArrayLike<number> | Promise<ArrayLike<number>>;

/** Rulesets a kernel cannot compute, and why (shown in the skipped test's name). */
export interface KernelScope {
  readonly handles: (ruleset: HeapRuleset) => boolean;
  readonly reason: string;
}

const heap = (spec: string) => parseRuleset(spec) as HeapRuleset;
const values = async (kernel: SequenceKernel, spec: string, maxHeap: number) => Array.from(await kernel(heap(spec), maxHeap));
const upTo = (n: number, f: (n: number) => number) => Array.from({ length: n + 1 }, (_, i) => f(i));

/** Random finite subtraction specs like 'subtract:2,5,7'. */
export const subtractionSpec = fc
  .uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 5 })
  .map((s) => `subtract:${s.join(',')}`);

interface KernelCase {
  readonly title: string;
  readonly spec: string;
  readonly run: (kernel: SequenceKernel) => Promise<void>;
}

const CASES: readonly KernelCase[] = [
  {
    title: 'subtract:squares 0..29 (PROBLEMS.md) and its P-positions to 95 (OEIS A030193)',
    spec: 'subtract:squares',
    async run(kernel) {
      expect(await values(kernel, 'subtract:squares', 29)).toEqual(SQUARES_GRUNDY_0_29);
      const g = await values(kernel, 'subtract:squares', 95);
      expect(g.flatMap((v, n) => (v === 0 ? [n] : []))).toEqual(SQUARES_P_POSITIONS);
    },
  },
  {
    title: 'subtract:squares reaches 74 as its largest value up to 1e5 (PROBLEMS.md)',
    spec: 'subtract:squares',
    run: async (kernel) => expect((await values(kernel, 'subtract:squares', 100_000)).reduce((a, b) => Math.max(a, b), 0)).toBe(74),
  },
  {
    title: 'subtract:1,2,3 is n mod 4',
    spec: 'subtract:1,2,3',
    run: async (kernel) => expect(await values(kernel, 'subtract:1,2,3', 40)).toEqual(upTo(40, (n) => n % 4)),
  },
  {
    title: 'every named set: single-heap P-positions agree with the oracle to 60',
    spec: 'subtract:primes',
    async run(kernel) {
      for (const set of ['squares', 'cubes', 'primes', 'powers-of-2', 'fibonacci', 'triangular']) {
        const g = await values(kernel, `subtract:${set}`, 60);
        const oracle = oracleFor(heap(`subtract:${set}`));
        for (let n = 0; n <= 60; n++) expect(g[n] === 0, `${set} n=${n}`).toBe(oracle.isP([n]));
      }
    },
  },
  {
    title: 'random finite subtraction sets equal the generic mex to 60 (property)',
    spec: 'subtract:1,3,4',
    async run(kernel) {
      await fc.assert(
        fc.asyncProperty(subtractionSpec, async (spec) => {
          expect(await values(kernel, spec, 60)).toEqual(Array.from(mexSequence(heap(spec), 60)));
        }),
        { numRuns: 40 },
      );
    },
  },
  { title: 'nim is the heap size', spec: 'nim', run: async (kernel) => expect(await values(kernel, 'nim', 50)).toEqual(upTo(50, (n) => n)) },
  {
    title: 'Kayles 0..83 (OEIS A002186)',
    spec: 'kayles',
    run: async (kernel) => expect(await values(kernel, 'kayles', 83)).toEqual(KAYLES_0_83),
  },
  {
    title: "Dawson's Kayles 0..40 (OEIS A002187 shifted by one)",
    spec: 'dawsons-kayles',
    run: async (kernel) => expect(await values(kernel, 'dawsons-kayles', 40)).toEqual(DAWSONS_KAYLES_0_40),
  },
  {
    title: "Grundy's game 0..104 (OEIS A002188)",
    spec: 'grundys-game',
    run: async (kernel) => expect(await values(kernel, 'grundys-game', 104)).toEqual(GRUNDYS_GAME_0_104),
  },
  {
    title: 'random take-and-break codes (octal, hex, !) equal the generic mex to 60 (property)',
    spec: 'takebreak:0.77',
    async run(kernel) {
      await fc.assert(
        fc.asyncProperty(anyCode, async (code) => {
          const r = heap(`takebreak:${code}`);
          const n = Math.min(60, r.maxHeap);
          expect(await values(kernel, r.spec, n), code).toEqual(Array.from(mexSequence(r, n)));
        }),
        { numRuns: 40 },
      );
    },
  },
  {
    title: 'split:distinct equals the generic mex to 40',
    spec: 'split:distinct',
    run: async (kernel) => expect(await values(kernel, 'split:distinct', 40)).toEqual(Array.from(mexSequence(heap('split:distinct'), 40))),
  },
  {
    title: "Lasker's Nim 0..20 (Winning Ways, ch. 4) and the generic mex to 120",
    spec: 'lasker',
    async run(kernel) {
      expect(await values(kernel, 'lasker', 20)).toEqual(LASKER_0_20);
      expect(await values(kernel, 'lasker', 120)).toEqual(Array.from(mexSequence(heap('lasker'), 120)));
    },
  },
];

/** Runs every case against `kernel`; cases outside its scope are skipped with the scope's reason. */
export function runGrundyKernelCases(name: string, kernel: SequenceKernel, scope?: KernelScope): void {
  describe(`Grundy kernel: ${name}`, () => {
    for (const c of CASES) {
      if (scope && !scope.handles(heap(c.spec))) it.skip(`${c.title} (skipped: ${scope.reason})`, () => {});
      else it(c.title, () => c.run(kernel));
    }
  });
}
