/**
 * Long searches the user means to keep, on a worker thread: `nimber analyze --resume` and
 * `nimber table --store`. A search is synchronous: while it holds the main thread no Ctrl-C handler
 * can run, so a killed search would lose what it found since its last save. Here the main thread
 * only waits: the first Ctrl-C sets a flag in shared memory that the search reads at its next poll
 * (every 1,024 positions), the search stops, saves its table (as at a time limit), and the command
 * exits 130 saying where; a second Ctrl-C exits at once (the file then holds the last periodic save:
 * saves are renames, never torn). The worker's progress comes back as messages and is drawn here.
 */
import { StorageError } from '../adapters/storage-error.ts';
import { startThread, threadModule } from '../adapters/worker-runner.ts';
import { InputError } from '../engine/errors.ts';
import type { SearchProgress } from '../engine/types.ts';
import type { AnalyzeReply } from '../service/analyze.ts';
import type { TableCell } from '../service/board-table.ts';
import type { SizeRow } from '../service/games.ts';
import type { FaceLimits } from '../service/env.ts';
import type { OperationInput } from '../service/operation-table.ts';
import type { SizedTableReply, TableReply } from '../service/table-requests.ts';
import { type ComputeFlags, Interrupted } from './compute.ts';
import { searchProgressText, statusLine } from './progress.ts';
import type { TableFiles } from './table-run.ts';

/** An analysis whose search keeps its table in `resumeFile`. */
export interface AnalyzeJob {
  readonly type: 'analyze';
  /** The operation table's analyze request, as the command read it. */
  readonly request: OperationInput<'analyze'>;
  /** The command's limits (--time-limit, --budget). */
  readonly limits: FaceLimits;
  readonly resumeFile: string;
  readonly saveEveryMs?: number;
}

/** A table whose boards are kept in a store. */
export interface TableJob {
  readonly type: 'table';
  /** The operation table's table request, as the command read it. */
  readonly request: OperationInput<'table'>;
  readonly files: TableFiles & { readonly store: string };
}

/** A table of starts sized over a range (`table sprouts --spots 1..12`): rows as they finish. */
export interface SizedJob {
  readonly type: 'sized';
  /** The operation table's sized-table request, as the command read it. */
  readonly request: OperationInput<'sized-table'>;
}

/** How either job runs. */
interface ThreadOptions {
  readonly flags: Pick<ComputeFlags, 'cache' | 'cacheDir' | 'threads'>;
  /** Whether the worker sends its progress. */
  readonly progress: boolean;
}

/** What the worker is asked (plain data: it crosses threads). */
export type SearchThreadJob = (AnalyzeJob | TableJob | SizedJob) &
  ThreadOptions & {
    /** One Int32: set to 1 to stop the search. */
    readonly stop: SharedArrayBuffer;
  };

/**
 * What the worker sends back: progress (and a table's number of boards, then its boards or rows as
 * they finish), then its reply or its error.
 */
export type SearchThreadMessage =
  | { readonly type: 'progress'; readonly stats: SearchProgress; readonly board?: { rows: number; cols: number } }
  | { readonly type: 'size'; readonly count: number }
  | { readonly type: 'cell'; readonly cell: TableCell }
  | { readonly type: 'row'; readonly row: SizeRow }
  | { readonly type: 'reply'; readonly reply: AnalyzeReply | TableReply | SizedTableReply }
  | {
      readonly type: 'error';
      readonly message: string;
      readonly input: boolean;
      readonly storage: boolean;
      readonly cancelled: boolean;
    };

/** What the main thread does with the worker's news while it waits. */
interface Listener {
  /** A progress or cell message. */
  hear(message: SearchThreadMessage): void;
  /** Clears what is drawn (before the command's last line). */
  stopDrawing(): void;
  /** What a second Ctrl-C leaves, in words (the last periodic save, where). */
  kept: string;
  /**
   * For a job that keeps nothing to save (a sized table): the first Ctrl-C stops it at once, and
   * this says where it was.
   */
  stoppedAt?: () => string;
}

// the worker's module: beside this file in the sources, a bundle entry in dist/cli (scripts/build-dist.ts)
const workerModule = threadModule(import.meta.url, './search-worker.ts', './search-worker.js');

/** Runs `job` on a worker thread, Ctrl-C stopping it with its table saved; resolves with its reply. */
async function onThread<R>(job: (AnalyzeJob | TableJob | SizedJob) & ThreadOptions, listener: Listener): Promise<R> {
  const stop = new SharedArrayBuffer(4);
  const data: SearchThreadJob = { ...job, stop };
  const worker = startThread(workerModule, { workerData: data });
  let interrupts = 0;
  let interrupted: ((e: Error) => void) | undefined;
  const onInterrupt = () => {
    if (listener.stoppedAt) {
      interrupted?.(new Interrupted(`interrupted: ${listener.stoppedAt()}`));
      return;
    }
    if (++interrupts === 1) {
      Atomics.store(new Int32Array(stop), 0, 1);
      return;
    }
    listener.stopDrawing();
    process.stderr.write(`nimber: interrupted again: stopped without the last save (${listener.kept})\n`);
    process.exit(128 + 2); // killed by SIGINT, as shells report it (program.ts's EXIT_INTERRUPTED)
  };
  process.on('SIGINT', onInterrupt);
  try {
    return await new Promise<R>((resolve, reject) => {
      interrupted = reject;
      worker.on('message', (message: SearchThreadMessage) => {
        if (message.type === 'reply') resolve(message.reply as R);
        else if (message.type !== 'error') listener.hear(message);
        else if (message.cancelled) reject(new Interrupted(message.message));
        else if (message.input) reject(new InputError(message.message));
        else reject(message.storage ? new StorageError(message.message) : new Error(message.message));
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`the search thread exited (code ${code}) without an answer`)));
    });
  } finally {
    process.removeListener('SIGINT', onInterrupt);
    listener.stopDrawing();
    await worker.terminate();
  }
}

/** The analysis of `job` on a worker thread, its progress on a status line. */
export function analyzeOnThread(job: Omit<AnalyzeJob, 'type'> & ThreadOptions): Promise<AnalyzeReply> {
  const line = statusLine(job.progress);
  return onThread<AnalyzeReply>(
    { ...job, type: 'analyze' },
    {
      hear: (message) => {
        if (message.type === 'progress') line.update(searchProgressText(message.stats));
      },
      stopDrawing: () => line.stop(),
      kept: `${job.resumeFile} keeps the one before`,
    },
  );
}

/** The table of `job` on a worker thread: its number of boards, each board and the search's progress heard as they come. */
export function tableOnThread(
  job: Omit<TableJob, 'type'> & ThreadOptions,
  onSize: (count: number) => void,
  onCell: (cell: TableCell) => void,
  onProgress: (board: { rows: number; cols: number }, stats: SearchProgress) => void,
  stopDrawing: () => void,
): Promise<TableReply> {
  return onThread<TableReply>(
    { ...job, type: 'table' },
    {
      hear: (message) => {
        if (message.type === 'size') onSize(message.count);
        else if (message.type === 'cell') onCell(message.cell);
        else if (message.type === 'progress' && message.board) onProgress(message.board, message.stats);
      },
      stopDrawing,
      kept: `the board under search keeps its last periodic save beside ${job.files.store}`,
    },
  );
}

/**
 * A table of sized starts on a worker thread, each row heard as it finishes. Nothing is kept to save,
 * so Ctrl-C stops it at once (exit 130), saying the size it was computing.
 */
export function sizedTableOnThread(
  job: Omit<SizedJob, 'type'> & ThreadOptions,
  onRow: (row: SizeRow) => void,
): Promise<SizedTableReply> {
  const { game, size, range } = job.request;
  let last: number | null = null;
  return onThread<SizedTableReply>(
    { ...job, type: 'sized' },
    {
      hear: (message) => {
        if (message.type !== 'row') return;
        last = message.row.size;
        onRow(message.row);
      },
      stopDrawing: () => {},
      kept: 'nothing is kept',
      stoppedAt: () =>
        last === null
          ? `the table stopped before its first row (${game}, ${size} ${range})`
          : `the table stopped after ${size} ${last}; the rows printed are complete`,
    },
  );
}
