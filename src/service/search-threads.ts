/**
 * The helper threads the fast cores search with in this process: the face sets them once (the
 * CLI: worker threads, as many as --threads or the cores), and every search the service makes may
 * use them. Unset (the HTTP API, the page, the library): every search runs on its calling thread.
 */
import type { SearchThreads } from '../engine/types.ts';

let threads: SearchThreads | undefined;

/** Sets (or, with undefined, removes) the threads every later search may use. */
export function useSearchThreads(next: SearchThreads | undefined): void {
  threads = next;
}

/** The threads the face set, if any. */
export function searchThreads(): SearchThreads | undefined {
  return threads;
}
