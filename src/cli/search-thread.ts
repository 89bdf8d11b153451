/**
 * `nimber analyze --resume` on a worker thread. A search is synchronous: while it holds the main
 * thread no Ctrl-C handler can run, so a killed search would lose what it found since its last
 * save. Here the main thread only waits: the first Ctrl-C sets a flag in shared memory that the
 * search reads at its next poll (every 1,024 positions), the search stops, saves its table (as at
 * a time limit), and the command exits 130 saying where; a second Ctrl-C exits at once (the file
 * then holds the last periodic save: saves are renames, never torn). The worker's progress comes
 * back as messages and is drawn here.
 */
import { Worker } from 'node:worker_threads';
import { InputError } from '../engine/errors.ts';
import type { Convention, SearchProgress } from '../engine/types.ts';
import type { AnalyzeReply } from '../service/analyze.ts';
import type { PositionInput } from '../service/requests.ts';
import { type ComputeFlags, Interrupted } from './compute.ts';
import { searchProgressText, statusLine } from './progress.ts';

/** What the worker is asked (plain data: it crosses threads). */
export interface SearchThreadJob {
  readonly request: {
    readonly ruleset: string;
    readonly position: PositionInput;
    readonly convention?: Convention;
    readonly limits: { readonly timeLimitMs?: number; readonly budgetMs?: number };
  };
  readonly resumeFile: string;
  readonly saveEveryMs?: number;
  readonly flags: Pick<ComputeFlags, 'cache' | 'cacheDir' | 'threads'>;
  /** Whether the worker sends its progress. */
  readonly progress: boolean;
  /** One Int32: set to 1 to stop the search. */
  readonly stop: SharedArrayBuffer;
}

/** What the worker sends back: progress, then its reply or its error. */
export type SearchThreadMessage =
  | { readonly type: 'progress'; readonly stats: SearchProgress }
  | { readonly type: 'reply'; readonly reply: AnalyzeReply }
  | { readonly type: 'error'; readonly message: string; readonly input: boolean; readonly cancelled: boolean };

const fromSources = import.meta.url.endsWith('.ts');
// the worker's module: beside this file in the sources, a bundle entry in dist/cli (scripts/build-dist.ts)
const workerFile = new URL(fromSources ? './search-worker.ts' : './search-worker.js', import.meta.url);

/** The analysis of `job` on a worker thread, Ctrl-C stopping it with its table saved. */
export async function analyzeOnThread(job: Omit<SearchThreadJob, 'stop'>): Promise<AnalyzeReply> {
  const stop = new SharedArrayBuffer(4);
  const data: SearchThreadJob = { ...job, stop };
  const worker = fromSources
    ? new Worker(
        // from the TypeScript sources the worker registers tsx first, as bin/nimber.js does
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerFile.href)}); })`,
        { eval: true, workerData: data },
      )
    : new Worker(workerFile, { workerData: data });
  const line = statusLine(job.progress);
  let interrupts = 0;
  const onInterrupt = () => {
    if (++interrupts === 1) {
      Atomics.store(new Int32Array(stop), 0, 1);
      return;
    }
    line.stop();
    process.stderr.write(
      `nimber: interrupted again: stopped without the last save (${job.resumeFile} keeps the one before)\n`,
    );
    process.exit(128 + 2); // killed by SIGINT, as shells report it (program.ts's EXIT_INTERRUPTED)
  };
  process.on('SIGINT', onInterrupt);
  try {
    return await new Promise<AnalyzeReply>((resolve, reject) => {
      worker.on('message', (message: SearchThreadMessage) => {
        if (message.type === 'progress') line.update(searchProgressText(message.stats));
        else if (message.type === 'reply') resolve(message.reply);
        else if (message.cancelled) reject(new Interrupted(message.message));
        else reject(message.input ? new InputError(message.message) : new Error(message.message));
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`the search thread exited (code ${code}) without an answer`)));
    });
  } finally {
    process.removeListener('SIGINT', onInterrupt);
    line.stop();
    await worker.terminate();
  }
}
