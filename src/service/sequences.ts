/**
 * The port through which operations get Grundy sequences: the engine itself (pure, in memory), or
 * an adapter (disk cache, worker threads, progress, cancellation) that returns the same values.
 */
import { grundySequence } from '../engine/solve/normal/grundy.ts';
import type { GrundySequence, HeapRuleset } from '../engine/types.ts';

/** g(0..maxHeap) of a heap ruleset, from wherever the face gets it. */
export type SequenceSource = (ruleset: HeapRuleset, maxHeap: number) => Promise<GrundySequence>;

/** The engine's kernels, in this thread. */
export const engineSequences: SequenceSource = async (ruleset, maxHeap) => grundySequence(ruleset, maxHeap);
