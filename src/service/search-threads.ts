/**
 * The helper threads the fast cores search with in this process, and how large a table each search
 * may take: the face sets them once (the CLI: worker threads, as many as --threads or the cores,
 * and tables up to MAX_GRID_TABLE_BITS), and every search the service makes may use them. Unset
 * (the HTTP API, the page, the library): every search runs on its calling thread, with the core's
 * default table at most (many searches may run at once there).
 */
import { MAX_GRID_TABLE_BITS } from '../engine/solve/grid/index.ts';
import type { SearchThreads } from '../engine/types.ts';

let threads: SearchThreads | undefined;
let tableBits: number | undefined;

/** The largest table a face may let one search take (2^bits entries, about 1.3 GiB). */
export const LARGEST_SEARCH_TABLE_BITS = MAX_GRID_TABLE_BITS;

/** Sets (or, with undefined, removes) the largest table every later search may take, as 2^bits entries. */
export function useSearchTableBits(bits: number | undefined): void {
  tableBits = bits;
}

/** The largest table the face lets a search take, if it set one. */
export function searchTableBits(): number | undefined {
  return tableBits;
}

/** Sets (or, with undefined, removes) the threads every later search may use. */
export function useSearchThreads(next: SearchThreads | undefined): void {
  threads = next;
}

/** The threads the face set, if any. */
export function searchThreads(): SearchThreads | undefined {
  return threads;
}
