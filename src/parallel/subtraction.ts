/**
 * Parallel subtraction kernel: the WebAssembly kernel over one shared memory, driven by piscina
 * worker threads. Positions go in blocks of `block`; the options of a block through long moves
 * lie in blocks already finished, so helper workers mark them ahead of time while worker 0 marks
 * the short ones and resolves the blocks in order (a pipeline; see subtraction-worker.ts).
 * Cancellable (AbortSignal: workers stop at the next block, nothing is returned) and observable
 * (onProgress polls the shared count of finished heaps).
 */
import { Piscina } from 'piscina';
import { DEFAULT_THREADS, abortError } from './common.ts';
import { WasmSubtraction, subtractionModule, WASM_BLOCK } from '../engine/wasm/subtraction.ts';
import { CTL, STRIDE_MARGIN, type SubtractionTask } from './subtraction-worker.ts';

export { DEFAULT_THREADS, abortError } from './common.ts';

const DEFAULT_BLOCK = 8192;
/** Blocks a helper may run ahead of the resolver (ring slots per helper). */
const LAG = 3;
/** Widest mark row of the parallel buffers (values up to ~2000; beyond, the rest runs on one thread). */
const ROW_CAP = 2048;
/** Heaps filled on the calling thread while the workers boot (the first blocks have few far moves). */
const SERIAL_HEAD = 1 << 17;


// Plain JavaScript transpiled from subtraction-worker.ts by the build: no TypeScript loader in the workers.
const workerFile = new URL('./subtraction-worker.generated.mjs', import.meta.url).href;

export interface ParallelOptions {
  /** Worker threads (default: the machine's cores). */
  threads?: number;
  /** Positions per pipeline block (default 8192). */
  block?: number;
  /** A known prefix g(0..prefix.length-1) to extend instead of starting from heap 0. */
  prefix?: ArrayLike<number>;
  signal?: AbortSignal;
  /** Called now and then with the number of heaps done out of `total`. */
  onProgress?: (done: number, total: number) => void;
  /** Heaps filled on the calling thread before the workers start (default 65536; tests use 0). */
  serialHead?: number;
  /** A pool to run on (kept by the caller across calls); default: one started and ended per call. */
  pool?: SubtractionPool;
  /** Tuning (tests use small values to force the fallbacks): widest mark row, and stride margin. */
  rowCap?: number;
  strideMargin?: number;
}

/** Worker threads for the parallel kernel; starting one costs a module load, so callers may keep one. */
export class SubtractionPool {
  readonly piscina: Piscina<SubtractionTask, number>;
  constructor(readonly threads: number = DEFAULT_THREADS) {
    this.piscina = new Piscina<SubtractionTask, number>({
      filename: workerFile,
      minThreads: threads,
      maxThreads: threads,
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

/**
 * g(0..maxHeap) for the subtraction game with these moves (ascending, each <= maxHeap, fewer than
 * WASM_MAX_MOVES), as u16 values. Resolves to the same values as the single-thread kernels.
 */
export async function parallelSubtraction(moves: Int32Array, maxHeap: number, options: ParallelOptions = {}): Promise<Uint16Array> {
  const threads = Math.min(CTL.MAX_THREADS, options.pool?.threads ?? Math.max(1, options.threads ?? DEFAULT_THREADS));
  const block = Math.max(options.block ?? DEFAULT_BLOCK, WASM_BLOCK);
  const lag = LAG;
  const total = maxHeap + 1;
  const signal = options.signal;
  if (signal?.aborted) throw abortError();
  const margin = options.strideMargin ?? STRIDE_MARGIN;
  const run = new WasmSubtraction(moves, total, { shared: true, buffers: 1 + (threads - 1) * lag, block, rowCap: options.rowCap ?? ROW_CAP });
  if (options.prefix) run.seed(options.prefix);
  const head = Math.min(total, Math.max(run.length, options.serialHead ?? SERIAL_HEAD));
  // Workers boot (on the other cores) while this thread computes the first heaps.
  const pool = threads > 1 && head < total ? (options.pool ?? new SubtractionPool(threads)) : null;
  try {
    run.extendTo(head);
    options.onProgress?.(run.length, total);
    if (pool && run.length < total) {
      const from = run.length;
      const control = new SharedArrayBuffer(CTL.SIZE * 4);
      const ctl = new Int32Array(control);
      ctl[CTL.TOP] = run.top;
      for (let i = 0; i < lag; i++) ctl[CTL.STRIDE + i] = Math.min(run.layout.rowBytes, run.kernel.strideFor(run.top) + margin);
      const heapsDone = () => Math.min(total, from + Atomics.load(ctl, CTL.DONE) * block);
      const cancel = () => Atomics.store(ctl, CTL.CANCEL, 1);
      signal?.addEventListener('abort', cancel);
      const timer = options.onProgress ? setInterval(() => options.onProgress!(heapsDone(), total), 100) : undefined;
      try {
        const module = subtractionModule(true);
        const tasks: Promise<number>[] = [];
        for (let thread = 0; thread < threads; thread++) {
          tasks.push(pool.piscina.run({ module, memory: run.memory, control, layout: run.layout, from, to: total, lag, margin, sub: WASM_BLOCK, thread, threads }));
        }
        await Promise.all(tasks);
      } finally {
        if (timer) clearInterval(timer);
        signal?.removeEventListener('abort', cancel);
      }
      if (Atomics.load(ctl, CTL.CANCEL)) throw abortError();
      run.length = heapsDone();
      run.top = Atomics.load(ctl, CTL.TOP);
      if (run.length < total && !Atomics.load(ctl, CTL.OUTGROWN)) throw new Error(`internal: parallel kernel stopped at ${run.length} of ${total}`);
    }
  } finally {
    if (pool && pool !== options.pool) await pool.destroy();
  }
  // One thread, or values wider than the parallel mark rows: the rest on this thread.
  while (run.length < total) {
    run.extendTo(Math.min(total, run.length + WASM_BLOCK * 512));
    options.onProgress?.(run.length, total);
    if (signal?.aborted) throw abortError();
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  options.onProgress?.(total, total);
  return run.values().slice();
}
