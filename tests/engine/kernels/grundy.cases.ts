/**
 * The shared case suite for Grundy-sequence kernels: every implementation of a kernel runs these
 * same cases (the hono pattern: one case file, many implementations).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oracleFor } from '../../../src/engine/solve/oracle.ts';
import { parseRuleset } from '../../../src/engine/spec.ts';
import type { HeapRuleset } from '../../../src/engine/types.ts';
import { SQUARES_GRUNDY_0_29, SQUARES_P_POSITIONS } from '../published.ts';

export type SequenceKernel = (ruleset: HeapRuleset, maxHeap: number) => Uint32Array;

const heap = (spec: string) => parseRuleset(spec) as HeapRuleset;

/** Random finite subtraction specs like 'subtract:2,5,7'. */
export const subtractionSpec = fc
  .uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 5 })
  .map((s) => `subtract:${s.join(',')}`);

export function runGrundyKernelCases(name: string, kernel: SequenceKernel, accepts: (r: HeapRuleset) => boolean = () => true) {
  describe(`Grundy kernel: ${name}`, () => {
    const applicable = (spec: string) => accepts(heap(spec));

    it.runIf(applicable('subtract:squares'))('subtract:squares matches the published values 0..29', () => {
      expect(Array.from(kernel(heap('subtract:squares'), 29))).toEqual(SQUARES_GRUNDY_0_29);
    });

    it.runIf(applicable('subtract:squares'))('subtract:squares P-positions match OEIS A030193', () => {
      const g = kernel(heap('subtract:squares'), 95);
      const zeros = Array.from(g.keys()).filter((n) => g[n] === 0);
      expect(zeros).toEqual(SQUARES_P_POSITIONS);
    });

    it.runIf(applicable('subtract:squares'))('subtract:squares reaches 74 as its largest value up to 1e5 (PROBLEMS.md)', () => {
      const g = kernel(heap('subtract:squares'), 100_000);
      expect(g.reduce((a, b) => Math.max(a, b), 0)).toBe(74);
    });

    it.runIf(applicable('subtract:1,2,3'))('subtract:1,2,3 is n mod 4', () => {
      expect(Array.from(kernel(heap('subtract:1,2,3'), 40))).toEqual(Array.from({ length: 41 }, (_, n) => n % 4));
    });

    it.runIf(applicable('nim'))('nim values are the heap sizes', () => {
      expect(Array.from(kernel(heap('nim'), 50))).toEqual(Array.from({ length: 51 }, (_, n) => n));
    });

    it.runIf(applicable('subtract:1,3,4'))('random subtraction sets: g(a) = g(b) exactly when (a, b) is a P-position of the oracle', () => {
      fc.assert(
        fc.property(subtractionSpec, fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 25 }), (spec, a, b) => {
          const r = heap(spec);
          const g = kernel(r, 25);
          expect(g[a] === g[b]).toBe(oracleFor(r).isP([a, b]));
        }),
        { numRuns: 150 },
      );
    });

    it.runIf(applicable('subtract:primes'))('every named set: single-heap P-positions agree with the oracle', () => {
      for (const set of ['squares', 'cubes', 'primes', 'powers-of-2', 'fibonacci', 'triangular']) {
        const r = heap(`subtract:${set}`);
        const g = kernel(r, 60);
        const oracle = oracleFor(r);
        for (let n = 0; n <= 60; n++) expect(g[n] === 0, `${set} n=${n}`).toBe(oracle.isP([n]));
      }
    });
  });
}
