/** The piscina worker: runs one API task per call, off the server's event loop, sequences through the disk cache. */
import { workerData } from 'piscina';
import { computeSequence } from '../adapters/sequence-source.ts';
import { SequenceCache } from '../adapters/disk-cache.ts';
import { listStoredCensuses, storedTable } from '../adapters/census-store.ts';
import { type CensusStores, runTaskWith, type SequenceSource, type Task, type TaskResult } from './tasks.ts';

const data = workerData as { cacheDir?: string | null; censusDir?: string | null } | undefined;
const cacheDir = data?.cacheDir ?? null;
const censusDir = data?.censusDir ?? null;
// Stores are read here, never on the server's event loop: a large store takes seconds to read.
const stores: CensusStores | null =
  censusDir === null
    ? null
    : { list: () => listStoredCensuses(censusDir), table: (name) => storedTable(censusDir, name) };
// An unusable cache is skipped (never a failed request); the operator hears of it on stderr,
// once per worker thread, and no reply mentions the path.
const cache =
  cacheDir === null
    ? null
    : new SequenceCache(cacheDir, {
        onUnusable: (warning) => process.stderr.write(`nimber serve: warning: ${warning}\n`),
      });

// One thread per task: the pool already spreads requests over the cores, and the time limit
// ends a task by terminating its worker.
const sequences: SequenceSource = (ruleset, maxHeap) => computeSequence(ruleset, maxHeap, { cache, threads: 1 });

export default function (task: Task): Promise<TaskResult> {
  return runTaskWith(task, sequences, stores);
}
