/**
 * The worker thread of search-thread.ts (`analyze --resume`, `table --store`): runs the job, sends
 * back its progress (and a table's boards as they finish), then its reply or its error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { computeSequence } from '../adapters/sequence-source.ts';
import { SearchTableFile } from '../adapters/search-table-file.ts';
import { StorageError } from '../adapters/storage-error.ts';
import { isInputError } from '../engine/errors.ts';
import type { StopSignal } from '../engine/types.ts';
import { isCancelledSearch } from '../service/games.ts';
import { readRequest, runOperation } from '../service/operation-table.ts';
import { sizedTable } from '../service/operations.ts';
import { searchResources } from './compute.ts';
import type { AnalyzeJob, SearchThreadJob, SearchThreadMessage, SizedJob, TableJob } from './search-thread.ts';
import { runTable } from './table-run.ts';

const job = workerData as SearchThreadJob;
const post = (message: SearchThreadMessage) => parentPort!.postMessage(message);
const stop = new Int32Array(job.stop);
// read by the search at each poll: the main thread sets it on Ctrl-C
const signal: StopSignal = {
  get aborted() {
    return Atomics.load(stop, 0) !== 0;
  },
};

function analyze(job: AnalyzeJob & SearchThreadJob) {
  // heap games have no table to resume (the service refuses them): no cache, one thread, should one be asked
  const sequences = (ruleset: Parameters<typeof computeSequence>[0], maxHeap: number) =>
    computeSequence(ruleset, maxHeap, { cache: null, threads: 1 });
  return runOperation('analyze', readRequest('analyze', job.request), {
    sequences,
    search: {
      ...searchResources(job.flags),
      resume: { keeper: new SearchTableFile(job.resumeFile), saveEveryMs: job.saveEveryMs },
    },
    limits: job.limits,
    signal,
    progress: job.progress ? { search: (stats) => post({ type: 'progress', stats: { ...stats } }) } : undefined,
  });
}

function table(job: TableJob & SearchThreadJob) {
  return runTable(
    job,
    (cell) => post({ type: 'cell', cell }),
    (board, stats) => {
      if (job.progress) post({ type: 'progress', board, stats: { ...stats } });
    },
    { signal, resources: searchResources(job.flags) },
  );
}

function sized(job: SizedJob & SearchThreadJob) {
  const { ruleset, size, rows } = sizedTable(job.spec, job.sizeName, job.range, job.cellMs, (row) =>
    post({ type: 'row', row: { ...row } }),
  );
  return { ruleset: ruleset.spec, size, rows };
}

try {
  post({
    type: 'reply',
    reply: job.type === 'analyze' ? await analyze(job) : job.type === 'sized' ? sized(job) : table(job),
  });
} catch (e) {
  post({
    type: 'error',
    message: e instanceof Error ? e.message : String(e),
    input: isInputError(e),
    storage: e instanceof StorageError,
    cancelled: isCancelledSearch(e),
  });
}
