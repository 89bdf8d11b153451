/** The API's worker thread: runs one `{ op, request }` task per call with the service environment built once per thread. */
import { workerData } from 'piscina';
import { computeSequence } from '../adapters/sequence-source.ts';
import { SequenceCache } from '../adapters/disk-cache.ts';
import { listStoredCensuses, storedTable } from '../adapters/census-store.ts';
import type { ServiceEnv } from '../service/env.ts';
import { API_LIMITS, runTask, type TaskResult, type TimedTask } from './tasks.ts';

const data = workerData as { cacheDir?: string | null; censusDir?: string | null } | undefined;
const cacheDir = data?.cacheDir ?? null;
const censusDir = data?.censusDir ?? null;
// An unusable cache is skipped (never a failed request); the operator hears of it on stderr,
// once per worker thread, and no reply mentions the path.
const cache =
  cacheDir === null
    ? null
    : new SequenceCache(cacheDir, {
        onUnusable: (warning) => process.stderr.write(`nimber serve: warning: ${warning}\n`),
      });

const env: ServiceEnv = {
  // One thread per task: the pool already spreads requests over the cores, and the time limit
  // ends a task by terminating its worker (a search's table is sized for the time left).
  sequences: (ruleset, maxHeap) => computeSequence(ruleset, maxHeap, { cache, threads: 1 }),
  // Stores are read here, never on the server's event loop: a large store takes seconds to read.
  census:
    censusDir === null
      ? undefined
      : { list: () => listStoredCensuses(censusDir), table: (name) => storedTable(censusDir, name) },
  limits: API_LIMITS,
};

export default function (task: TimedTask): Promise<TaskResult> {
  return runTask(task, env);
}
