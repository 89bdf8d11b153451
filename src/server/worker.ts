/** The piscina worker: runs one API task per call, off the server's event loop, sequences through the disk cache. */
import { workerData } from 'piscina';
import { computeSequence } from '../adapters/sequence-source.ts';
import { SequenceCache } from '../adapters/disk-cache.ts';
import { runTaskWith, type SequenceSource, type Task, type TaskResult } from './tasks.ts';

const cacheDir = (workerData as { cacheDir?: string | null } | undefined)?.cacheDir ?? null;
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
  return runTaskWith(task, sequences);
}
