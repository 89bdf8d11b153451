/**
 * The one way this program starts worker threads: the server's pool, the census's pool, the queue
 * worker's threads, the parallel subtraction kernel, the grid core's helpers and the CLI's search
 * thread all come through here, so module loading, time limits, memory caps and failures are
 * handled once.
 *
 * Module loading. A thread loads its module through the ES module loader (`import()`), never through
 * `require()` of an ES module: Node (20.19 and later) instantiates a required ES module synchronously,
 * and a thread terminated during that instantiation (a time limit replacing a busy worker while its
 * successor loads) aborts the whole process with a V8 assertion. piscina's own thread tries
 * `require()` first; NO_REQUIRE_ESM makes that fail at once, before anything is instantiated, and
 * piscina falls back to `import()`, which a termination interrupts cleanly.
 */
import { setMaxListeners } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Piscina } from 'piscina';

/** Node's flag that turns require(esm) off in a thread (accepted by Node 20.19+, 22 and 24). */
const NO_REQUIRE_ESM = '--no-experimental-require-module';

/** Whether this process runs from the TypeScript sources (tests, `tsx`) rather than the bundle in dist/cli. */
export const FROM_SOURCES = import.meta.url.endsWith('.ts');

/**
 * The module of a thread: `source` (a .ts path relative to `base`, the caller's import.meta.url) when
 * running from the sources, `bundle` (relative to the same file's place in dist/cli) otherwise.
 */
export function threadModule(base: string, source: string, bundle: string): URL {
  return new URL(FROM_SOURCES ? source : bundle, base);
}

/** The flags a thread starts with: no require(esm), and tsx's loader for a TypeScript module. */
function threadExecArgv(module: URL): string[] {
  return module.pathname.endsWith('.ts') ? ['--import', import.meta.resolve('tsx'), NO_REQUIRE_ESM] : [NO_REQUIRE_ESM];
}

/** Heap limits of a thread, megabytes (old and young generation); absent: Node's defaults. */
export interface ThreadMemory {
  readonly oldMb: number;
  readonly youngMb: number;
}

function resourceLimits(memory: ThreadMemory | undefined) {
  return memory && { maxOldGenerationSizeMb: memory.oldMb, maxYoungGenerationSizeMb: memory.youngMb };
}

/**
 * A long-lived thread on `module` (an ES module whose top level does the work and talks through
 * parentPort), loaded through the ES module loader.
 */
export function startThread(module: URL, options: { workerData?: unknown; memory?: ThreadMemory } = {}): Worker {
  const limits = resourceLimits(options.memory);
  if (!module.pathname.endsWith('.ts'))
    return new Worker(module, { workerData: options.workerData, resourceLimits: limits });
  // From the TypeScript sources the thread registers tsx first, then imports the module (as bin/nimber.js does).
  const code = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(module.href)}); })`;
  return new Worker(code, { eval: true, workerData: options.workerData, resourceLimits: limits });
}

export interface TaskPoolOptions {
  /** The tasks' module: its default export runs one task. */
  readonly module: URL;
  /** Threads at most. */
  readonly threads: number;
  /** Threads kept started (default: all of them; 0 lets idle ones end). */
  readonly minThreads?: number;
  /** Milliseconds an idle thread above minThreads lives. */
  readonly idleTimeoutMs?: number;
  /** Tasks that may wait for a thread (default: no limit). */
  readonly maxQueue?: number;
  /** Tasks one thread runs at once (default 1). */
  readonly tasksPerThread?: number;
  /** What each thread reads as `workerData` from 'piscina'. */
  readonly workerData?: unknown;
  readonly memory?: ThreadMemory;
  /** Hears a thread that failed outside any task (default: one line on stderr). */
  readonly onThreadError?: (error: Error) => void;
}

/** A task that ran past its deadline; its thread was replaced. */
export class TimeLimitExceeded extends Error {
  override readonly name = 'TimeLimitExceeded';
}

/** More tasks waiting than the pool takes. */
export class QueueFull extends Error {
  override readonly name = 'QueueFull';
}

/** A task whose thread ran past its heap limit; the thread was replaced. */
export class WorkerOutOfMemory extends Error {
  override readonly name = 'WorkerOutOfMemory';
}

/** A task whose thread ended or failed to start without an answer (never the process). */
export class WorkerFailed extends Error {
  override readonly name = 'WorkerFailed';
}

/** How one task runs: a deadline (performance.now() time), a signal that cancels it, the module's export that runs it (default: the default export). */
export interface TaskRun {
  readonly deadline?: number;
  readonly signal?: AbortSignal;
  readonly name?: string;
}

/**
 * Tasks on a pool of threads (piscina). A task past its deadline is answered TimeLimitExceeded at
 * the deadline and its thread terminated (a runaway loop cannot be interrupted any other way); a
 * cancelled one rejects with the signal's reason.
 */
export class TaskPool<T, R> {
  readonly threads: number;
  readonly maxQueue: number;
  private readonly pool: Piscina<T, R>;

  constructor(options: TaskPoolOptions) {
    this.threads = options.threads;
    this.maxQueue = options.maxQueue ?? Number.POSITIVE_INFINITY;
    const optional = {
      idleTimeout: options.idleTimeoutMs,
      maxQueue: options.maxQueue,
      concurrentTasksPerWorker: options.tasksPerThread,
      workerData: options.workerData,
      resourceLimits: resourceLimits(options.memory),
    };
    const { Piscina } = loadPiscina();
    this.pool = new Piscina<T, R>({
      filename: options.module.href,
      minThreads: options.minThreads ?? options.threads,
      maxThreads: options.threads,
      execArgv: threadExecArgv(options.module),
      // piscina takes an option given as undefined for a setting (no queue limit, any number of
      // tasks per thread): only the options given are passed
      ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
    });
    // A thread that fails outside any task (its module cannot be loaded, it crashes between tasks)
    // is an 'error' event of the pool: unheard, it would end the process. The pool replaces the thread.
    this.pool.on(
      'error',
      options.onThreadError ?? ((e: Error) => process.stderr.write(`nimber: a worker thread failed: ${e.message}\n`)),
    );
  }

  /** Tasks waiting for a thread. */
  get queued(): number {
    return this.pool.queueSize;
  }

  /** Runs a task; see the class for how it ends. */
  async run(task: T, how: TaskRun = {}): Promise<R> {
    if (this.pool.queueSize >= this.maxQueue) throw new QueueFull(`${this.pool.queueSize} tasks are waiting`);
    how.signal?.throwIfAborted();
    const controller = new AbortController();
    setMaxListeners(0, controller.signal);
    const cancel = () => controller.abort(how.signal?.reason);
    how.signal?.addEventListener('abort', cancel, { once: true });
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      if (how.deadline === undefined) return;
      timer = setTimeout(
        () => {
          // Answer first, then end the thread: replacing it should not delay the answer.
          reject(new TimeLimitExceeded('time limit exceeded'));
          setImmediate(() => controller.abort());
        },
        Math.max(0, how.deadline - performance.now()),
      );
    });
    const running = this.pool.run(task, { signal: controller.signal, name: how.name });
    running.catch(() => {}); // after a deadline its AbortError has no one left to hear it
    try {
      return await Promise.race([running, expired]);
    } catch (e) {
      throw classify(e, how.signal);
    } finally {
      clearTimeout(timer);
      how.signal?.removeEventListener('abort', cancel);
    }
  }

  /** Resolves once `threads` threads have each run `task` (they have loaded the module). */
  async warmUp(task: T): Promise<void> {
    await Promise.all(Array.from({ length: this.threads }, () => this.pool.run(task)));
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}

/**
 * piscina, loaded when the first pool is made: a command that runs no pool (most of them) does not
 * pay for loading it at its start (about 40 ms of CPU).
 */
function loadPiscina(): typeof import('piscina') {
  return createRequire(import.meta.url)('piscina') as typeof import('piscina');
}

/** The error a task's failure becomes: one of this module's classes, the caller's cancellation, or itself. */
function classify(e: unknown, signal: AbortSignal | undefined): unknown {
  if (e instanceof TimeLimitExceeded) return e;
  if (signal?.aborted) return signal.reason ?? e;
  if (!(e instanceof Error)) return e;
  if (/queue is at limit/i.test(e.message)) return new QueueFull(e.message);
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return new WorkerOutOfMemory(e.message);
  // a thread that ended, crashed or could not load its module: the task is lost, the pool replaces it
  if (code?.startsWith('ERR_WORKER') || /worker (exited|terminated)|terminating worker/i.test(e.message))
    return new WorkerFailed(e.message);
  return e;
}
