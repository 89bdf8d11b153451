/**
 * The sequence source of the faces (CLI, server worker): the engine's kernels composed with the
 * disk cache, worker threads, progress and cancellation. Same values as the engine's
 * grundySequence, which stays pure; this adapter only decides where the values come from.
 */
import { checkMax } from '../engine/errors.ts';
import { grundySequence, sequenceLimit } from '../engine/solve/normal/grundy.ts';
import type { GrundySequence, HeapRuleset, SequenceComputation } from '../engine/types.ts';
import { wasmAvailable } from '../engine/kernels/wasm.ts';
import type { SequenceCache } from './disk-cache.ts';
import { DEFAULT_THREADS, abortError } from './parallel/common.ts';
import { SERIAL_HEAD, chooseThreads } from './parallel/cost-model.ts';

export interface SequenceOptions {
  /** Where sequences are cached; null or absent: no cache. */
  cache?: SequenceCache | null;
  /** Shortest sequence worth caching (default 65536 heaps: smaller ones take milliseconds). */
  minCacheLength?: number;
  /**
   * At most this many threads for long subtraction sequences (default: the machine's cores; 1 =
   * no workers). The count used is the cost model's (parallel/cost-model.ts): the fewest threads,
   * up to this limit and the cores, predicted within 5% of the fastest for this N.
   */
  threads?: number;
  signal?: AbortSignal;
  /** `note`: how the kernel runs now, when it should be said (e.g. a dense O(n²) fallback). */
  onProgress?: (done: number, total: number, note?: string) => void;
}

/** Below this many new heaps (or with few moves) starting workers costs more than it saves. */
export const PARALLEL_MIN_HEAPS = 500_000;
export const PARALLEL_MIN_MOVES = 256;
const DEFAULT_MIN_CACHE = 1 << 16;
/**
 * Longest sequence written to the disk cache: heaps 0..2^22 (8 MiB at 16 bits), the largest
 * take-and-break sequence before such codes reached 2^27 heaps. Longer entries (a quarter to half a
 * gigabyte at 2^27) would fill a cache directory faster than they save time, and they would let a
 * budgeted proof search (service/heap-values.ts) climb one doubling further on every run: a cache
 * hit costs nothing, so its step time predicts nothing about the next doubling.
 */
export const MAX_CACHE_LENGTH = (1 << 22) + 1;

const yieldToEvents = () => new Promise<void>((resolve) => setImmediate(resolve));

/** g(0..maxHeap) of a heap ruleset, through the cache and the fastest kernel available. */
export async function computeSequence(
  ruleset: HeapRuleset,
  maxHeap: number,
  options: SequenceOptions = {},
): Promise<GrundySequence> {
  checkMax(maxHeap, 'heap size', sequenceLimit(ruleset));
  const total = maxHeap + 1;
  // A closed form costs less than reading a cache entry.
  if (ruleset.grundyOf) return grundySequence(ruleset, maxHeap);
  const cache = options.cache ?? null;
  const cached = cache?.read(ruleset.spec) ?? null;
  if (cached && cached.length >= total) return Uint32Array.from(cached.subarray(0, total));
  const signal = options.signal;
  if (signal?.aborted) throw abortError();

  let values: ArrayLike<number>;
  const start = cached?.length ?? 0;
  const limit = options.threads ?? DEFAULT_THREADS;
  const moves = ruleset.subtractionSet?.upTo(maxHeap);
  const computation = ruleset.computation?.(total) ?? null;
  const parallel =
    moves &&
    computation &&
    limit > 1 &&
    total - start >= PARALLEL_MIN_HEAPS &&
    moves.length >= PARALLEL_MIN_MOVES &&
    wasmAvailable(true);
  // The heaps the calling thread fills alone anyway are left out of the comparison.
  const threads = parallel
    ? chooseThreads(moves, Math.min(total, Math.max(start, SERIAL_HEAD)), total, DEFAULT_THREADS, limit)
    : 1;
  if (moves && threads > 1) {
    // Loaded only here: commands that never go parallel skip piscina's load time, and their
    // typed-array kernels run in a process without it (the sparse take-and-break kernel measured
    // up to 10% slower after piscina was loaded, 20% after any ArrayBuffer was detached).
    const { parallelSubtraction } = await import('./parallel/subtraction.ts');
    values = await parallelSubtraction(moves, maxHeap, {
      threads,
      prefix: cached ?? undefined,
      signal,
      onProgress: options.onProgress,
    });
  } else if (computation) {
    values = await computeInChunks(computation, total, cached, options);
  } else {
    // Families without a stepwise kernel here: the engine's kernel in one call.
    // A cached prefix cannot seed it, but a longer cached entry was already used above.
    values = grundySequence(ruleset, maxHeap);
  }
  if (signal?.aborted) throw abortError();
  if (cache && total >= (options.minCacheLength ?? DEFAULT_MIN_CACHE) && total <= MAX_CACHE_LENGTH)
    cache.write(ruleset.spec, values);
  return values instanceof Uint32Array ? values : Uint32Array.from(values);
}

/** Wall time a chunk aims at: progress moves and Ctrl-C is felt within it. */
const CHUNK_MS = 100;

/**
 * A sequence in chunks (a kernel's cost per heap ranges from O(1) to O(n^2), so chunks are sized
 * by time): progress after each, and between chunks the event loop runs, so an abort stops it
 * before anything is cached. A cached prefix seeds the kernel instead of heap 0.
 */
async function computeInChunks(
  run: SequenceComputation,
  total: number,
  cached: ArrayLike<number> | null,
  options: SequenceOptions,
): Promise<ArrayLike<number>> {
  const signal = options.signal;
  if (cached) run.seed(cached);
  let heaps = 1024;
  while (run.length < total) {
    const t0 = performance.now();
    const from = run.length;
    run.extendTo(Math.min(total, from + heaps));
    const ms = performance.now() - t0;
    heaps = Math.max(64, Math.min(1 << 20, Math.round(((run.length - from) * CHUNK_MS) / Math.max(ms, 1))));
    options.onProgress?.(run.length, total, run.note ?? undefined);
    if (run.length < total && (options.onProgress || signal)) {
      await yieldToEvents(); // lets Ctrl-C and timers run between chunks
      if (signal?.aborted) throw abortError();
    }
  }
  return run.values();
}
