/**
 * Runs API tasks on the worker runner's pool under a per-request time limit. A task carries the time
 * its answer is due (a search sizes its table for the time left); on expiry the request gets
 * TimeLimitExceeded at once and the thread running it is replaced (a runaway loop cannot be
 * interrupted any other way, and its memory is returned at once); a thread that dies costs only the
 * task it held (WorkerFailed).
 */
import { availableParallelism } from 'node:os';
import { TaskPool as Pool, threadModule } from '../adapters/worker-runner.ts';
import type { Task, TaskResult, TimedTask } from './tasks.ts';

export { QueueFull, TimeLimitExceeded, WorkerFailed, WorkerOutOfMemory } from '../adapters/worker-runner.ts';

export interface PoolOptions {
  /** Per-request time limit in milliseconds, counted from the request's arrival (queueing included). */
  timeLimitMs: number;
  /** Worker threads (default: the machine's parallelism, 1..4). */
  threads?: number;
  /** Tasks allowed to wait for a worker before requests are turned away (default 64). */
  maxQueue?: number;
  /** Directory of the disk cache of Grundy sequences; null or absent: no disk cache. */
  cacheDir?: string | null;
  /** Directory of the stored censuses the workers read; null or absent: none. */
  censusDir?: string | null;
}

/**
 * The JavaScript heap a worker may hold (megabytes, old and young generation): the server's resident
 * memory is its own plus its workers', and one task must not take the whole machine's. Sequences live
 * in typed arrays outside this heap; the time limit bounds those.
 */
export const WORKER_HEAP_MB = { old: 48, young: 8 } as const;

export class TaskPool {
  readonly timeLimitMs: number;
  readonly threads: number;
  readonly maxQueue: number;
  private readonly pool: Pool<TimedTask, TaskResult>;
  /** True once warmUp() has finished. */
  warm = false;

  constructor(options: PoolOptions) {
    this.timeLimitMs = options.timeLimitMs;
    this.threads = options.threads ?? Math.max(1, Math.min(4, availableParallelism()));
    this.maxQueue = options.maxQueue ?? 64;
    this.pool = new Pool<TimedTask, TaskResult>({
      module: threadModule(import.meta.url, './worker.ts', './worker.js'),
      threads: this.threads, // all kept warm: a fresh worker has to load the engine first
      maxQueue: this.maxQueue,
      workerData: { cacheDir: options.cacheDir ?? null, censusDir: options.censusDir ?? null },
      memory: { oldMb: WORKER_HEAP_MB.old, youngMb: WORKER_HEAP_MB.young },
    });
  }

  /** Tasks waiting for a worker. */
  get queued(): number {
    return this.pool.queued;
  }

  /**
   * Runs a task; rejects with TimeLimitExceeded once `startedAt + timeLimitMs` passes, QueueFull when
   * full, and with the signal's reason when it aborts (the client went away: a waiting task leaves
   * the queue, a running one's thread is ended, so nobody's abandoned work holds a worker).
   */
  run(task: Task, startedAt = performance.now(), signal?: AbortSignal): Promise<TaskResult> {
    const deadline = startedAt + this.timeLimitMs;
    // the due time in the wall clock, the one a worker thread shares (performance.now() is per thread)
    const until = Date.now() + (deadline - performance.now());
    return this.pool.run({ ...task, until }, { deadline, signal });
  }

  /** Resolves once every worker has loaded the engine (a fresh worker takes a moment under tsx). */
  async warmUp(): Promise<void> {
    await this.pool.warmUp({ op: 'ping' });
    this.warm = true;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
