/**
 * The port through which operations get Grundy sequences: the engine itself (pure, in memory), or
 * an adapter (disk cache, worker threads, progress, cancellation) that returns the same values.
 */
import { grundySequence } from '../engine/solve/normal/grundy.ts';
import type { GrundySequence, HeapRuleset } from '../engine/types.ts';
import type { ProofStore } from './proofs.ts';

/**
 * Where a request for g(0..maxHeap) stands in a longer run: an operation that computes at doubling
 * lengths until a period is proved says the largest heap the run may reach (a progress bar can
 * then show the whole run instead of restarting at each doubling).
 */
export interface SequenceRun {
  /** The largest heap the run computes if no period is proved sooner. */
  readonly upTo: number;
}

/**
 * g(0..maxHeap) of a heap ruleset, from wherever the face gets it; with `proofs`, where the face
 * keeps proved periods between requests (operations consult it before proving one again).
 */
export type SequenceSource = ((ruleset: HeapRuleset, maxHeap: number, run?: SequenceRun) => Promise<GrundySequence>) & {
  readonly proofs?: ProofStore;
};

/** The engine's kernels, in this thread. */
export const engineSequences: SequenceSource = async (ruleset, maxHeap) => grundySequence(ruleset, maxHeap);
