/** Runs the shared Grundy-kernel cases against every TypeScript kernel, and the kernels against each other. */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { grundySequence } from '../../../src/engine/solve/grundy.ts';
import { mexSequence } from '../../../src/engine/kernels/mex.ts';
import { subtractionSequence } from '../../../src/engine/families/subtraction/kernel.ts';
import type { SubtractionRuleset } from '../../../src/engine/families/subtraction/index.ts';
import { parseRuleset } from '../../../src/engine/spec.ts';
import type { HeapRuleset } from '../../../src/engine/types.ts';
import { runGrundyKernelCases, subtractionSpec } from './grundy.cases.ts';

runGrundyKernelCases('generic mex', mexSequence);
runGrundyKernelCases('subtraction fast path', (r, n) => subtractionSequence((r as SubtractionRuleset).set, n), (r) => r.subtractionSet !== undefined);
runGrundyKernelCases('dispatch (grundySequence)', grundySequence);

it('subtraction fast path == generic mex on random sets up to 300', () => {
  fc.assert(
    fc.property(subtractionSpec, (spec) => {
      const r = parseRuleset(spec) as SubtractionRuleset;
      expect(subtractionSequence(r.set, 300)).toEqual(mexSequence(r, 300));
    }),
    { numRuns: 100 },
  );
});

it('named sets: fast path == generic mex up to 2000', () => {
  for (const set of ['squares', 'cubes', 'primes', 'powers-of-2', 'fibonacci', 'triangular']) {
    const r = parseRuleset(`subtract:${set}`) as SubtractionRuleset;
    expect(subtractionSequence(r.set, 2000), set).toEqual(mexSequence(r, 2000));
  }
});
