/** What the parallel layer shares without loading the worker pool (piscina stays unloaded until used). */
import os from 'node:os';

/** The cores present: the most threads the parallel kernel uses (the cost model may choose fewer). */
export const DEFAULT_THREADS = Math.max(1, os.availableParallelism?.() ?? os.cpus().length);

/** The error thrown when a computation was cancelled. */
export function abortError(): Error {
  return new DOMException('the computation was cancelled', 'AbortError');
}
