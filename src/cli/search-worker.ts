/**
 * The worker thread of search-thread.ts (`analyze --resume`, `table --store`, `table --spots`): runs
 * the job's request through the operation table, sends back its progress (and a table's boards or
 * rows as they finish), then its reply or its error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { computeSequence } from '../adapters/sequence-source.ts';
import { SearchTableFile } from '../adapters/search-table-file.ts';
import { StorageError } from '../adapters/storage-error.ts';
import { isInputError } from '../engine/errors.ts';
import type { StopSignal } from '../engine/types.ts';
import { ENGINE_ENV } from '../service/env.ts';
import { readRequest, runOperation } from '../service/operation-table.ts';
import { searchResources } from './compute.ts';
import type { AnalyzeJob, SearchThreadJob, SearchThreadMessage, SizedJob, TableJob } from './search-thread.ts';
import { tableKeeping } from './table-run.ts';

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
  return runOperation('table', readRequest('table', job.request), {
    ...ENGINE_ENV,
    search: searchResources(job.flags),
    signal,
    progress: job.progress
      ? { board: (board, stats) => post({ type: 'progress', board, stats: { ...stats } }) }
      : undefined,
    table: {
      keeping: tableKeeping(job.files),
      onSize: (count) => post({ type: 'size', count }),
      onCell: (cell) => post({ type: 'cell', cell }),
    },
  });
}

function sized(job: SizedJob & SearchThreadJob) {
  return runOperation('sized-table', readRequest('sized-table', job.request), {
    ...ENGINE_ENV,
    // the cache's stores (Sprouts keeps what its land search proved there)
    search: searchResources(job.flags),
    table: { onRow: (row) => post({ type: 'row', row: { ...row } }) },
  });
}

try {
  post({
    type: 'reply',
    reply: job.type === 'analyze' ? await analyze(job) : job.type === 'sized' ? await sized(job) : await table(job),
  });
} catch (e) {
  const input = isInputError(e);
  post({
    type: 'error',
    message: e instanceof Error ? e.message : String(e),
    input,
    storage: e instanceof StorageError,
    // asked to stop, the search answers with its stop, an input-class error saying where it stopped
    // and where its table is saved (a storage error while saving stays one)
    cancelled: signal.aborted && input,
  });
}
