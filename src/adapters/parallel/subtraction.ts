/**
 * Parallel subtraction kernel: the WebAssembly kernel over one shared memory, the calling thread
 * plus piscina worker threads. The calling thread fills the first heaps alone while the workers
 * start, then becomes the pipeline's resolver: positions go in blocks of `block`; the options of
 * a block through long moves lie in blocks already finished, so helper workers mark them ahead of
 * time while the resolver marks the short ones and resolves the blocks in order (see
 * subtraction-worker.ts). No thread waits for the workers to boot, and a started worker costs no
 * core that the fill could use.
 * Cancellable (AbortSignal: stops between blocks, nothing is returned) and observable (onProgress).
 */
import { Piscina } from 'piscina';
import { DEFAULT_THREADS, abortError } from './common.ts';
import { WasmSubtraction, subtractionModule, WASM_BLOCK } from '../../engine/families/subtraction/wasm.ts';
import { CTL, STRIDE_MARGIN, SubtractionResolver, type PipelineShape, type SubtractionTask } from './subtraction-worker.ts';

export { DEFAULT_THREADS, abortError } from './common.ts';

const DEFAULT_BLOCK = 8192;
/** Blocks a helper may run ahead of the resolver (ring slots per helper). */
const LAG = 3;
/** Widest mark row of the parallel buffers (values up to ~2000; beyond, the rest runs on one thread). */
const ROW_CAP = 2048;
/** The fewest heaps filled alone before the pipeline starts (the first blocks have few long moves). */
const MIN_HEAD = 1 << 16;
/** Heaps per call while the calling thread fills alone (it checks for started workers between calls). */
const HEAD_CHUNK = 1 << 14;
/** Blocks the resolver finishes between two turns of the event loop (progress, Ctrl-C). */
const BLOCKS_PER_TURN = 4;

// Plain JavaScript transpiled from subtraction-worker.ts by the build: no TypeScript loader in the workers.
const workerFile = new URL('./subtraction-worker.generated.mjs', import.meta.url).href;

export interface ParallelOptions {
  /** Threads in all: the calling thread and threads - 1 workers (default: the machine's cores). */
  threads?: number;
  /** Positions per pipeline block (default 8192). */
  block?: number;
  /** Blocks a helper may run ahead of the resolver. */
  lag?: number;
  /** A known prefix g(0..prefix.length-1) to extend instead of starting from heap 0. */
  prefix?: ArrayLike<number>;
  signal?: AbortSignal;
  /** Called now and then with the number of heaps done out of `total`. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Heaps filled on the calling thread before the pipeline starts. Default: as many as it fills
   * while the workers start, at least 65536. When given, the pipeline starts exactly there and
   * waits for the workers (tests use 0).
   */
  serialHead?: number;
  /** A pool to run on (kept by the caller across calls); default: one started and ended per call. */
  pool?: SubtractionPool;
  /** Tuning (tests use small values to force the fallbacks): widest mark row, and stride margin. */
  rowCap?: number;
  strideMargin?: number;
}

/** Worker threads for the parallel kernel (threads - 1 helpers); starting one costs a module load, so callers may keep one. */
export class SubtractionPool {
  readonly piscina: Piscina<SubtractionTask, number>;
  constructor(readonly threads: number = DEFAULT_THREADS) {
    if (threads < 2) throw new RangeError('a subtraction pool needs at least 2 threads (the caller and a worker)');
    this.piscina = new Piscina<SubtractionTask, number>({
      filename: workerFile,
      minThreads: threads - 1,
      maxThreads: threads - 1,
      concurrentTasksPerWorker: 1,
      idleTimeout: 60_000,
      execArgv: [],
    });
  }
  /** Ends every worker. */
  destroy(): Promise<void> {
    return this.piscina.destroy();
  }
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * g(0..maxHeap) for the subtraction game with these moves (ascending, each <= maxHeap, fewer than
 * WASM_MAX_MOVES), as u16 values. Resolves to the same values as the single-thread kernels.
 */
export async function parallelSubtraction(moves: Int32Array, maxHeap: number, options: ParallelOptions = {}): Promise<Uint16Array> {
  const threads = Math.min(CTL.MAX_THREADS, options.pool?.threads ?? Math.max(1, options.threads ?? DEFAULT_THREADS));
  const block = Math.max(options.block ?? DEFAULT_BLOCK, WASM_BLOCK);
  const lag = Math.min(CTL.MAX_LAG, Math.max(1, options.lag ?? LAG));
  const total = maxHeap + 1;
  const signal = options.signal;
  const progress = options.onProgress;
  if (signal?.aborted) throw abortError();
  const run = new WasmSubtraction(moves, total, { shared: true, buffers: 1 + (threads - 1) * lag, block, rowCap: options.rowCap ?? ROW_CAP });
  if (options.prefix) run.seed(options.prefix);
  const fixedHead = options.serialHead !== undefined;
  const head = Math.min(total, Math.max(run.length, options.serialHead ?? MIN_HEAD));
  // Workers boot (on the other cores) while this thread fills the first heaps.
  const pool = threads > 1 && head < total ? (options.pool ?? new SubtractionPool(threads)) : null;
  try {
    if (pool) {
      const shape: PipelineShape = { layout: run.layout, to: total, lag, sub: WASM_BLOCK, threads };
      const control = new SharedArrayBuffer(CTL.SIZE * 4);
      const resolver = new SubtractionResolver(shape, run.kernel, run.memory, control, options.strideMargin ?? STRIDE_MARGIN);
      const module = subtractionModule(true);
      const tasks: Promise<number>[] = [];
      for (let thread = 1; thread < threads; thread++) {
        tasks.push(pool.piscina.run({ ...shape, module, memory: run.memory, control, thread }));
      }
      // Helpers that fail before they start must not leave this thread waiting for them.
      const failed = Promise.all(tasks).then(() => undefined);
      failed.catch(() => resolver.stop());
      try {
        // Alone until the head is done and every worker has started (or, with a fixed head, exactly the head).
        while (run.length < total) {
          if (run.length >= head && (fixedHead || resolver.ready() === threads - 1)) break;
          run.extendTo(Math.min(fixedHead ? head : total, run.length + HEAD_CHUNK));
          progress?.(run.length, total);
          await turn();
          if (signal?.aborted) throw abortError();
        }
        if (fixedHead) while (resolver.ready() < threads - 1) await Promise.race([new Promise((r) => setTimeout(r, 1)), failed]);
        resolver.start(run.length, run.top);
        for (let more = run.length < total; more; ) {
          for (let i = 0; more && i < BLOCKS_PER_TURN; i++) more = resolver.step();
          run.length = resolver.length;
          run.top = resolver.top;
          progress?.(run.length, total);
          await turn();
          if (signal?.aborted) throw abortError();
        }
      } finally {
        resolver.stop();
        await Promise.allSettled(tasks);
      }
      await failed;
    }
  } finally {
    // A pool of this call's own ends in the background: the helpers have returned, and the values
    // need not wait for their threads to exit (the process still does).
    if (pool && pool !== options.pool) void pool.destroy().catch(() => undefined);
  }
  // One thread, or values wider than the parallel mark rows: the rest on this thread.
  while (run.length < total) {
    run.extendTo(Math.min(total, run.length + WASM_BLOCK * 512));
    progress?.(run.length, total);
    if (signal?.aborted) throw abortError();
    await turn();
  }
  progress?.(total, total);
  return run.values().slice();
}
