/**
 * The embedded census executor: one game per worker thread (piscina), as many threads as asked.
 * A cancelled run terminates the threads still computing (a kernel step cannot be interrupted
 * any other way); rows already reported stay reported.
 */
import { setMaxListeners } from 'node:events';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { CensusExecutor, CensusJob, CensusRow } from '../service/census/types.ts';

export interface CensusPoolOptions {
  /** Worker threads (default: every core). */
  readonly threads?: number;
}

/** An executor on this machine's worker threads. Works from the TypeScript sources (tsx) and from dist/cli. */
export function createPoolExecutor(options: CensusPoolOptions = {}): CensusExecutor {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const fromSources = import.meta.url.endsWith('.ts');
  const worker = new URL(fromSources ? './census-worker.ts' : './census-worker.js', import.meta.url);
  const pool = new Piscina<CensusJob, CensusRow>({
    filename: worker.href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 1000,
    // running from TypeScript sources: each worker loads them through tsx, like the main thread
    execArgv: fromSources ? ['--import', import.meta.resolve('tsx')] : [],
  });
  return {
    async run(jobs, onRow, signal) {
      signal?.throwIfAborted();
      // every queued task listens to the one signal
      if (signal) setMaxListeners(jobs.length + 16, signal);
      await Promise.all(
        jobs.map(async (job) => {
          const row = await pool.run(job, signal ? { signal } : {});
          onRow(row);
        }),
      );
    },
    async close() {
      await pool.destroy();
    },
  };
}
