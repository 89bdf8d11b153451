/** Grundy sequences of heap rulesets: each family's own fastest kernel, behind one checked entry point. */
import { InputError, checkMax } from '../../errors.ts';
import { MAX_SEQUENCE } from '../../limits.ts';
import type { GrundySequence, HeapRuleset, TupleRuleset } from '../../types.ts';

/** The ruleset as a heap ruleset; an InputError for games whose piles move together. */
export function requireHeapRuleset(ruleset: TupleRuleset): HeapRuleset {
  if (ruleset.kind !== 'heap')
    throw new InputError(`'${ruleset.spec}' is not a heap game: Grundy values of single heaps do not describe it`);
  return ruleset;
}

/** Largest heap whose sequence the engine computes for this ruleset (the documented maximum). */
export function sequenceLimit(ruleset: HeapRuleset): number {
  return Math.min(MAX_SEQUENCE, ruleset.maxHeap);
}

/** Grundy values of single heaps 0..maxHeap, by the family's fastest kernel. */
export function grundySequence(ruleset: TupleRuleset, maxHeap: number): GrundySequence {
  const heap = requireHeapRuleset(ruleset);
  checkMax(maxHeap, 'heap size', sequenceLimit(heap));
  return heap.sequence(maxHeap);
}

/** Grundy value of one heap: by the family's closed form when it has one (heaps may be far beyond any sequence). */
export function grundyOfHeap(ruleset: HeapRuleset, heap: number, sequence?: GrundySequence): number {
  if (ruleset.grundyOf) return ruleset.grundyOf(heap);
  return (sequence ?? grundySequence(ruleset, heap))[heap];
}

/**
 * The value of every heap size a position needs: the closed form, or one sequence up to the
 * largest heap (computed once, or taken from `known`).
 */
export function heapValues(
  ruleset: HeapRuleset,
  heaps: readonly number[],
  known?: GrundySequence,
): (heap: number) => number {
  if (ruleset.grundyOf) return ruleset.grundyOf;
  const sequence = known ?? grundySequence(ruleset, Math.max(0, ...heaps));
  return (heap) => sequence[heap];
}
