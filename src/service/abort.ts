/** A face's stop signal as the AbortSignal a batch's executor (threads, a queue) stops on. */
import type { StopSignal } from '../engine/types.ts';

/**
 * An executor stops on an AbortSignal; a face's stop signal that is only `{ aborted }` (a flag in
 * shared memory) is heard when the batch calls `heard()`, after each row or board it receives, so the
 * work already sent to the executor runs on.
 */
export function abortSignalOf(stop: StopSignal | undefined): { signal?: AbortSignal; heard: () => void } {
  if (stop === undefined) return { heard: () => {} };
  if (stop instanceof AbortSignal) return { signal: stop, heard: () => {} };
  const controller = new AbortController();
  if (stop.aborted) controller.abort();
  return {
    signal: controller.signal,
    heard: () => {
      if (stop.aborted && !controller.signal.aborted) controller.abort();
    },
  };
}
