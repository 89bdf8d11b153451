/** Grundy sequences of heap rulesets: picks the fastest kernel for the ruleset's family. */
import { checkMax } from '../errors.ts';
import { MAX_SEQUENCE } from '../limits.ts';
import type { GrundySequence, HeapRuleset } from '../types.ts';
import { mexSequence } from './mex.ts';
import { fastSubtractionSequence } from './subtraction.ts';
import { takeBreakSequence } from './sparse.ts';
import { splitDistinctSequence } from './split.ts';

/** Grundy values of single heaps 0..maxHeap. */
export function grundySequence(ruleset: HeapRuleset, maxHeap: number): GrundySequence {
  checkMax(maxHeap, 'heap size', Math.min(MAX_SEQUENCE, ruleset.maxHeap));
  switch (ruleset.family) {
    case 'nim': {
      const g = new Uint32Array(maxHeap + 1);
      for (let n = 0; n <= maxHeap; n++) g[n] = n;
      return g;
    }
    case 'subtraction':
      return fastSubtractionSequence(ruleset.set, maxHeap);
    case 'takebreak':
      return takeBreakSequence(ruleset, maxHeap);
    case 'split':
      return splitDistinctSequence(maxHeap);
    default:
      return mexSequence(ruleset, maxHeap);
  }
}

/** Grundy value of one heap (Nim heaps may be far beyond any sequence we would store). */
export function grundyOfHeap(ruleset: HeapRuleset, heap: number, sequence?: GrundySequence): number {
  if (ruleset.family === 'nim') return heap;
  return (sequence ?? grundySequence(ruleset, heap))[heap];
}

export { mexSequence } from './mex.ts';
export { takeBreakSequence, takeBreakDenseSequence, takeBreakRun } from './sparse.ts';
export { splitDistinctSequence } from './split.ts';
export { subtractionSequence, extendSubtraction, fastSubtractionSequence } from './subtraction.ts';
