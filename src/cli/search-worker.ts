/** The worker thread of `analyze --resume` (search-thread.ts): runs the analysis and sends back its progress and reply. */
import { parentPort, workerData } from 'node:worker_threads';
import { computeSequence } from '../adapters/sequence-source.ts';
import { SearchTableFile } from '../adapters/search-table-file.ts';
import { isInputError } from '../engine/errors.ts';
import { analyzePosition } from '../service/analyze.ts';
import { isCancelledSearch } from '../service/games.ts';
import type { AnalyzeRequest } from '../service/requests.ts';
import { useSearchFlags } from './compute.ts';
import type { SearchThreadJob, SearchThreadMessage } from './search-thread.ts';

const job = workerData as SearchThreadJob;
const post = (message: SearchThreadMessage) => parentPort!.postMessage(message);
const stop = new Int32Array(job.stop);

useSearchFlags(job.flags);
const request: AnalyzeRequest = {
  ...job.request,
  limits: {
    ...job.request.limits,
    // read by the search at each poll: the main thread sets it on Ctrl-C
    signal: {
      get aborted() {
        return Atomics.load(stop, 0) !== 0;
      },
    },
    onProgress: job.progress ? (stats) => post({ type: 'progress', stats: { ...stats } }) : undefined,
    resume: { keeper: new SearchTableFile(job.resumeFile), saveEveryMs: job.saveEveryMs },
  },
};
// heap games have no table to resume (the service refuses them): no cache, one thread, should one be asked
const sequences = (ruleset: Parameters<typeof computeSequence>[0], maxHeap: number) =>
  computeSequence(ruleset, maxHeap, { cache: null, threads: 1 });

try {
  post({ type: 'reply', reply: await analyzePosition(request, sequences) });
} catch (e) {
  post({
    type: 'error',
    message: e instanceof Error ? e.message : String(e),
    input: isInputError(e),
    cancelled: isCancelledSearch(e),
  });
}
