/**
 * The embedded census executor: one game per worker thread (the worker runner's pool), as many threads as asked.
 * A cancelled run terminates the threads still computing (a kernel step cannot be interrupted
 * any other way); rows already reported stay reported.
 */
import { setMaxListeners } from 'node:events';
import { availableParallelism } from 'node:os';
import type { CensusExecutor, CensusJob, CensusRow } from '../service/census/types.ts';
import { TaskPool, threadModule } from './worker-runner.ts';

export interface CensusPoolOptions {
  /** Worker threads (default: every core). */
  readonly threads?: number;
}

/** An executor on this machine's worker threads. Works from the TypeScript sources (tsx) and from dist/cli. */
export function createPoolExecutor(options: CensusPoolOptions = {}): CensusExecutor {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const pool = new TaskPool<CensusJob, CensusRow>({
    module: threadModule(import.meta.url, './census-worker.ts', './census-worker.js'),
    threads,
    minThreads: 0,
    idleTimeoutMs: 1000,
  });
  return {
    async run(jobs, onRow, signal) {
      signal?.throwIfAborted();
      // every queued task listens to the one signal
      if (signal) setMaxListeners(jobs.length + 16, signal);
      await Promise.all(
        jobs.map(async (job) => {
          const row = await pool.run(job, { signal });
          onRow(row);
        }),
      );
    },
    async close() {
      await pool.close();
    },
  };
}
