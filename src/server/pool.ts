/**
 * Runs API tasks in a piscina worker pool under a per-request time limit. On expiry the task is
 * aborted, which makes piscina terminate the worker thread running it (a runaway loop cannot be
 * interrupted any other way) and start a fresh one; the request gets TimeLimitExceeded.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { Task, TaskResult } from './tasks.ts';

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

export class TimeLimitExceeded extends Error {
  override readonly name = 'TimeLimitExceeded';
}

export class QueueFull extends Error {
  override readonly name = 'QueueFull';
}

/** A task whose worker ran past its heap limit (WORKER_HEAP_MB); the worker is replaced. */
export class WorkerOutOfMemory extends Error {
  override readonly name = 'WorkerOutOfMemory';
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
  private readonly pool: Piscina<Task, TaskResult>;

  constructor(options: PoolOptions) {
    this.timeLimitMs = options.timeLimitMs;
    this.threads = options.threads ?? Math.max(1, Math.min(4, availableParallelism()));
    this.maxQueue = options.maxQueue ?? 64;
    const worker = new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url);
    this.pool = new Piscina<Task, TaskResult>({
      filename: worker.href,
      minThreads: this.threads, // keep them warm: a fresh worker has to load the engine first
      maxThreads: this.threads,
      maxQueue: this.maxQueue,
      workerData: { cacheDir: options.cacheDir ?? null, censusDir: options.censusDir ?? null },
      resourceLimits: {
        maxOldGenerationSizeMb: WORKER_HEAP_MB.old,
        maxYoungGenerationSizeMb: WORKER_HEAP_MB.young,
      },
      // Running from TypeScript sources: each worker loads them through tsx, like the main thread.
      execArgv: import.meta.url.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [],
    });
  }

  /** Tasks waiting for a worker. */
  get queued(): number {
    return this.pool.queueSize;
  }

  /** Runs a task; rejects with TimeLimitExceeded once `startedAt + timeLimitMs` passes, QueueFull when full. */
  async run(task: Task, startedAt = performance.now()): Promise<TaskResult> {
    if (this.pool.queueSize >= this.maxQueue) throw new QueueFull(`${this.pool.queueSize} tasks are waiting`);
    const controller = new AbortController();
    const remaining = Math.max(0, this.timeLimitMs - (performance.now() - startedAt));
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // Answer first, then abort: piscina replaces the terminated worker synchronously inside
        // abort(), and starting a thread should not delay the 504.
        reject(new TimeLimitExceeded(`time limit of ${this.timeLimitMs} ms exceeded`));
        setImmediate(() => controller.abort());
      }, remaining);
    });
    const running = this.pool.run(task, { signal: controller.signal });
    running.catch(() => {}); // after a timeout its AbortError has no one left to hear it
    try {
      return await Promise.race([running, expired]);
    } catch (e) {
      if (e instanceof TimeLimitExceeded) throw e;
      if (e instanceof Error && /queue is at limit/i.test(e.message)) throw new QueueFull(e.message);
      if ((e as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new WorkerOutOfMemory(`the computation needed more than the ${WORKER_HEAP_MB.old} MB a worker may hold`);
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }

  /** True once warmUp() has finished. */
  warm = false;

  /** Resolves once every worker has loaded the engine (a fresh worker takes a moment under tsx). */
  async warmUp(): Promise<void> {
    await Promise.all(Array.from({ length: this.threads }, () => this.pool.run({ kind: 'ping' })));
    this.warm = true;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
