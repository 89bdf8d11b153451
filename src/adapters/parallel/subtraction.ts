/**
 * Parallel subtraction kernel: the WebAssembly kernel over one shared memory, run by worker
 * threads that each claim whole blocks of heaps and finish them (subtraction-worker.ts).
 *
 * Why the previous design stopped scaling (16 threads slower than 8 on a 16-core machine): one
 * resolver thread finished every block, and each of T - 1 helpers marked its share of the long
 * moves into its own copy of the block's marks (lag = 3 ring slots per helper), which the resolver
 * OR-ed together. The merge costs the resolver stride/8 words per heap per helper, so its sequential
 * share grew with T (at 1e7 and 16 threads: ~14·46 word ORs per heap against ~200 marks per thread);
 * every helper waited for the resolver at every block (a barrier per 8192 heaps); it marked every
 * move shorter than lag·block alone; and marks went 3·(T - 1) buffers wide (memory grew with T).
 *
 * Design. Blocks [plan[c], plan[c + 1]) are claimed in order from one Atomics counter (so a slow
 * thread simply claims fewer: work stealing at block grain) and each is finished by the thread that
 * claimed it, in that thread's own mark buffer: no merge, no shared cache line, one buffer per
 * thread. While earlier blocks are in flight the owner marks every move whose options are all
 * finished, farthest first, and more at each advance of the frontier (far phase, parallel). Once the
 * block before it is done, the owner marks the moves left (shorter than ~2 blocks), resolves in
 * order and publishes the frontier (tail, sequential). The calling thread fills the first heaps
 * (at least SERIAL_HEAD) while the workers start, then claims blocks like them in slices of
 * PROGRESS_MS (progress and cancellation run between slices): T threads are T - 1 workers and this
 * one (with T workers and an idle caller, 2 threads at 10^6 were 17% slower than the old design).
 *
 * Cost model (cost-model.ts; unit = one option marked in the far phase, 0.36 ns on the 2-core
 * machine): a heap n costs work(n) = |S ∩ [1, n]| marks. A block of B heaps at n0 is W = B·work(n0)
 * marks, of which tail = B·(2.2·|S ∩ [1, 2B)| + 25) is sequential (fitted: 0.8 ns per short move and
 * 9 ns per heap for the mex). Sync per block: one claim (an Atomics.add), one frontier store and
 * notify, a hand-over of ~2 µs to the spinning successor, and one short re-scan per frontier advance.
 * With T workers a block takes max(W/T, tail + hand-over), so blocks (powers of two, 512..8192) are
 * the largest with T·tail <= W/2: they grow with N and shrink with T. Subtract-a-square at N = 1e7
 * (~2100 marks per heap on average): tails total ~0.4-1.1 s of a 7.6 s single-thread run, so the
 * model expects 2.0x on 2 threads, 3.9x on 4, 7.5x on 8 and 13x on 16 (memory bandwidth and a shared
 * L3 not modelled); at N = 1e6 (0.24 s on one thread) the tails (35 ms at 512-heap blocks) and the
 * workers' start (~35 ms + 2 ms per thread) cap it near 2.7x at 8 threads, and 16 would lose to 8:
 * the default thread count (chooseThreads) is the fewest threads predicted within 5% of the fastest.
 * Measured on 2 cores and once on a 16-core virtual machine, where the model proved too hopeful
 * (5.1x at 16 threads and N = 1e7, tails a third of the wall time): docs/benchmarks.md.
 *
 * Memory: 2(N + 1) bytes of values + 4|S| of moves + T mark buffers of B(N)·rowBytes
 * reserved (rowBytes <= 2048), of which a thread touches B·stride bytes (stride ~ the largest value
 * + 72: ~2.6 MB at 1e7 with B = 8192); each of the T - 1 worker threads adds its runtime (~10 MB resident).
 * Cancellable (AbortSignal: nothing is returned) and observable (onProgress).
 */
import { TaskPool } from '../worker-runner.ts';
import { DEFAULT_THREADS, abortError } from './common.ts';
import { SERIAL_HEAD, SUB_BLOCK, blockAt, blockPlan, roundBlock } from './cost-model.ts';
import { WasmSubtraction, subtractionModule } from '../../engine/families/subtraction/wasm.ts';
import {
  CTL,
  STRIDE_MARGIN,
  claimBlocks,
  subtractionInstance,
  type SubtractionTask,
  type WorkerReport,
} from './subtraction-worker.ts';

export { DEFAULT_THREADS, abortError } from './common.ts';
export type { WorkerReport } from './subtraction-worker.ts';

/** Widest mark row of the parallel buffers (values up to ~2000; beyond, the rest runs on one thread). */
const ROW_CAP = 2048;
/** Heaps per call while the calling thread fills alone (it checks for started workers between calls). */
const HEAD_CHUNK = 1 << 14;
/** The most workers one call starts (each costs a thread's runtime and a mark buffer). */
const MAX_THREADS = 256;
/** Progress while the workers run. */
const PROGRESS_MS = 50;

// Plain JavaScript transpiled from subtraction-worker.ts by the build: no TypeScript loader in the workers.
const workerFile = new URL('./subtraction-worker.generated.mjs', import.meta.url);

export interface ParallelOptions {
  /** Threads that compute: worker threads when more than 1 (default: the machine's cores). */
  threads?: number;
  /** Heaps per block, fixed (default: sized by the cost model as N grows; tests force small ones). */
  block?: number;
  /** A known prefix g(0..prefix.length-1) to extend instead of starting from heap 0. */
  prefix?: ArrayLike<number>;
  signal?: AbortSignal;
  /** Called now and then with the number of heaps done out of `total`. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Heaps filled on the calling thread before the workers take over. Default: as many as it fills
   * while the workers start, at least 65536. When given, the pipeline starts exactly there and
   * waits for the workers (tests use 0).
   */
  serialHead?: number;
  /** A pool to run on (kept by the caller across calls); default: one started and ended per call. */
  pool?: SubtractionPool;
  /** Tuning (tests use small values to force the fallbacks): widest mark row, and stride margin. */
  rowCap?: number;
  strideMargin?: number;
  /** Filled with each worker's account (blocks, far / tail / wait ms) when given. */
  reports?: WorkerReport[];
}

/**
 * Worker threads for the parallel kernel: `threads` computing threads are the calling thread and
 * threads - 1 workers. Starting one costs a module load, so callers may keep a pool.
 */
export class SubtractionPool {
  readonly tasks: TaskPool<SubtractionTask, WorkerReport>;
  constructor(readonly threads: number = DEFAULT_THREADS) {
    if (threads < 2) throw new RangeError('a subtraction pool needs at least 2 threads');
    this.tasks = new TaskPool<SubtractionTask, WorkerReport>({
      module: workerFile,
      threads: threads - 1,
      idleTimeoutMs: 60_000,
    });
  }
  /** Ends every worker. */
  destroy(): Promise<void> {
    return this.tasks.close();
  }
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
// Unref'd: a sleep that lost a race to the workers' end must not keep the process alive (40 ms at exit).
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * g(0..maxHeap) for the subtraction game with these moves (ascending, each <= maxHeap, fewer than
 * WASM_MAX_MOVES), as u16 values. Resolves to the same values as the single-thread kernels.
 */
export async function parallelSubtraction(
  moves: Int32Array,
  maxHeap: number,
  options: ParallelOptions = {},
): Promise<Uint16Array> {
  const threads =
    options.pool?.threads ?? Math.min(MAX_THREADS, Math.max(1, Math.floor(options.threads ?? DEFAULT_THREADS)));
  const total = maxHeap + 1;
  const signal = options.signal;
  const progress = options.onProgress;
  if (signal?.aborted) throw abortError();
  const fixedHead = options.serialHead !== undefined;
  // The widest block sizes the mark buffers (block sizes only grow with n): buffer 0 is this thread's, t is worker t's.
  const widest = roundBlock(options.block ?? blockAt(moves, total, threads));
  const run = new WasmSubtraction(moves, total, {
    shared: true,
    buffers: threads,
    block: widest,
    rowCap: options.rowCap ?? ROW_CAP,
  });
  if (options.prefix) run.seed(options.prefix);
  const head = Math.min(total, Math.max(run.length, options.serialHead ?? SERIAL_HEAD));
  // Workers boot (on the other cores) while this thread fills the first heaps.
  const pool = threads > 1 && head < total ? (options.pool ?? new SubtractionPool(threads)) : null;
  try {
    if (pool) await runWorkers(pool, run, moves, total, head, fixedHead, options);
  } finally {
    // A pool of this call's own ends in the background: the workers have returned, and the values
    // need not wait for their threads to exit (the process still does).
    if (pool && pool !== options.pool) void pool.destroy().catch(() => undefined);
  }
  // One thread, or values wider than the parallel mark rows: the rest on this thread.
  while (run.length < total) {
    run.extendTo(Math.min(total, run.length + SUB_BLOCK * 512));
    progress?.(run.length, total);
    if (signal?.aborted) throw abortError();
    await turn();
  }
  progress?.(total, total);
  return run.values().slice();
}

/** The head on this thread while the workers start, then the workers' blocks up to `total` (or until values outgrow the rows). */
async function runWorkers(
  pool: SubtractionPool,
  run: WasmSubtraction,
  moves: Int32Array,
  total: number,
  head: number,
  fixedHead: boolean,
  options: ParallelOptions,
): Promise<void> {
  const { signal, onProgress: progress } = options;
  const threads = pool.threads;
  const control = new SharedArrayBuffer(CTL.SIZE * 4);
  const ctl = new Int32Array(control);
  // Room for the plan from any start at or after the head (it may grow while the workers boot): blocks are at least SUB_BLOCK.
  const planBuffer = new SharedArrayBuffer(4 * (Math.ceil((total - Math.min(head, total)) / SUB_BLOCK) + 2));
  const module = subtractionModule(true);
  const stop = () => {
    Atomics.store(ctl, CTL.STOP, 1);
    Atomics.notify(ctl, CTL.GO);
    Atomics.notify(ctl, CTL.DONE);
  };
  const task = (thread: number): SubtractionTask => ({
    layout: run.layout,
    sub: SUB_BLOCK,
    module,
    memory: run.memory,
    control,
    plan: planBuffer,
    thread,
    margin: options.strideMargin ?? STRIDE_MARGIN,
  });
  // Workers 1..threads-1; this thread is thread 0 and claims blocks too once they run.
  const workers = threads - 1;
  const tasks = Array.from({ length: workers }, (_, i) => pool.tasks.run(task(i + 1)));
  // Workers that fail must not leave the others (or this thread) waiting.
  const all = Promise.all(tasks);
  all.catch(stop);
  let settled = false;
  const finished = all.then(
    () => void (settled = true),
    () => void (settled = true),
  );
  try {
    // Alone until the head is done and every worker has started (or, with a fixed head, exactly the head).
    while (run.length < total) {
      if (run.length >= head && (fixedHead || Atomics.load(ctl, CTL.READY) === workers)) break;
      run.extendTo(Math.min(fixedHead ? head : total, run.length + HEAD_CHUNK));
      progress?.(run.length, total);
      await turn();
      if (signal?.aborted) throw abortError();
    }
    if (run.length >= total) return;
    while (Atomics.load(ctl, CTL.READY) < workers && !settled) {
      await Promise.race([sleep(1), finished]);
      if (signal?.aborted) throw abortError();
    }
    const from = run.length;
    const plan = blockPlan(moves, from, total, threads, options.block);
    for (let c = 0; c + 1 < plan.length; c++)
      if (plan[c + 1] - plan[c] > run.layout.block)
        throw new Error('parallel subtraction: a block is wider than the mark buffers');
    new Int32Array(planBuffer).set(plan);
    ctl[CTL.TOP] = run.top;
    Atomics.store(ctl, CTL.BLOCKS, plan.length - 1);
    Atomics.store(ctl, CTL.GO, 1);
    Atomics.notify(ctl, CTL.GO);
    // This thread claims blocks in slices of PROGRESS_MS (progress and Ctrl-C between them), then
    // waits for the workers' last blocks.
    const host = task(0);
    const kernel = subtractionInstance(host);
    const hostReport: WorkerReport = { blocks: 0, farMs: 0, tailMs: 0, waitMs: 0 };
    let claiming = true;
    while (claiming || !settled) {
      if (claiming) {
        claiming = !claimBlocks(host, kernel, hostReport, performance.now() + PROGRESS_MS);
        await turn();
      } else {
        await Promise.race([sleep(PROGRESS_MS), finished]);
      }
      progress?.(plan[Atomics.load(ctl, CTL.DONE)], total);
      if (signal?.aborted) throw abortError();
    }
    const reports = await all;
    options.reports?.push(hostReport, ...reports);
    // Every block is done, or a value outgrew the rows: the caller goes on from the frontier.
    run.length = plan[Atomics.load(ctl, CTL.DONE)];
    run.top = Math.max(run.top, Atomics.load(ctl, CTL.TOP));
  } finally {
    stop();
    await Promise.allSettled(tasks);
  }
}
