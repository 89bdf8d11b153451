/**
 * One progress bar over a run of sequence computations (doubling lengths until a period is proved):
 * the bar's total is the largest heap the run may reach and its value the heaps computed, never
 * less than what an earlier step of the same ruleset reached, so it never goes backwards; the note
 * names the step.
 */
import { grouped } from './io.ts';

export interface RunProgress {
  /** The bar's value, total and note for `done` of `total` heaps of a step computing g(0..maxHeap) of `spec`. */
  step(
    spec: string,
    maxHeap: number,
    upTo: number | undefined,
    done: number,
    total: number,
  ): { value: number; total: number; note: string | undefined };
  /** A step finished: later steps of the ruleset go on from the heaps it reached. */
  finish(spec: string, maxHeap: number): void;
}

export function runProgress(): RunProgress {
  const reached = new Map<string, number>();
  return {
    step(spec, maxHeap, upTo, done, total) {
      if (upTo === undefined || upTo <= maxHeap) return { value: done, total, note: undefined };
      const note = `to heap ${grouped(maxHeap)} of at most ${grouped(upTo)}, until a period is proved`;
      return { value: Math.max(reached.get(spec) ?? 0, done), total: upTo + 1, note };
    },
    finish(spec, maxHeap) {
      reached.set(spec, Math.max(reached.get(spec) ?? 0, maxHeap + 1));
    },
  };
}
