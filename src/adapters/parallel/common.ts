/** What the parallel layer shares without loading the worker pool (piscina stays unloaded until used). */
import os from 'node:os';

/** Worker threads by default: the machine's cores. */
export const DEFAULT_THREADS = Math.max(1, os.availableParallelism?.() ?? os.cpus().length);

/** The error thrown when a computation was cancelled. */
export function abortError(): Error {
  return new DOMException('the computation was cancelled', 'AbortError');
}
