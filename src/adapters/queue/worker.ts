/**
 * Jobs on a BullMQ queue (Redis), the worker's side: census games, table boards, options of sized
 * starts and Quarto proof leaves (task.ts), the kind read from each job's name. Computes each in a worker thread (the
 * worker runner's pool), never on the event loop that renews the jobs' locks; a job that passes its
 * time limit has its thread terminated and fails (BullMQ retries it); on stop, unfinished jobs go
 * straight back to the queue's waiting list for another worker.
 */
import { availableParallelism, hostname } from 'node:os';
import { Queue, UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import { connectionOptions, oneLine, parseRedisUrl, startPhase, waitForRedis } from './connection.ts';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_LOCK_DURATION_MS,
  DEFAULT_MAX_STALLED_COUNT,
  DEFAULT_QUEUE_NAME,
  DEFAULT_STALLED_INTERVAL_MS,
} from './settings.ts';
import { BOARD_TASK } from './board-jobs.ts';
import { CENSUS_TASK } from './jobs.ts';
import { START_OPTION_TASK } from './option-jobs.ts';
import { QUARTO_LEAF_TASK } from './quarto-jobs.ts';
import type { QueueTask } from './task.ts';
import { TaskPool, threadModule } from '../worker-runner.ts';

/** The kinds of job a worker takes, by BullMQ job name. */
const TASKS = new Map<string, QueueTask<unknown, unknown>>(
  [CENSUS_TASK, BOARD_TASK, START_OPTION_TASK, QUARTO_LEAF_TASK].map((task) => [
    task.name,
    task as unknown as QueueTask<unknown, unknown>,
  ]),
);

export interface CensusWorkerOptions {
  /** Name of the BullMQ queue (default 'nimber-census'). */
  readonly queueName?: string;
  /** Jobs computed at once, one thread each (default: the core count). */
  readonly concurrency?: number;
  /** Shown in each job's processedBy (default host:pid). */
  readonly name?: string;
  readonly lockDurationMs?: number;
  readonly stalledIntervalMs?: number;
  readonly maxStalledCount?: number;
  /** How long the first connection may take (default 3 s). */
  readonly connectTimeoutMs?: number;
  /**
   * The cache directory where the threads keep what searches prove between jobs (the endgame
   * store: Sprouts' land facts), so a job stopped at its time limit, retried or met again resumes
   * from it; null or absent: nothing kept.
   */
  readonly cacheDir?: string | null;
  /** A job computed (its result is on its way back through Redis), in a line. */
  readonly onDone?: (line: string) => void;
  /** An attempt failed; `final` when no retry is left. */
  readonly onFailed?: (code: string, reason: string, final: boolean) => void;
  /** A line for the operator (connection trouble). */
  readonly onStatus?: (line: string) => void;
}

export interface CensusWorker {
  readonly name: string;
  readonly concurrency: number;
  /** Stops taking jobs, gives unfinished ones back to the queue, frees threads and connections. */
  stop(): Promise<void>;
}

/** Connects to Redis at `url` and starts consuming jobs of every kind; rejects with an InputError when Redis is unreachable. */
export async function startCensusWorker(url: string, options: CensusWorkerOptions = {}): Promise<CensusWorker> {
  const target = parseRedisUrl(url);
  const concurrency = options.concurrency ?? availableParallelism();
  const name = options.name ?? `${hostname()}:${process.pid}`;
  const timeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const phase = startPhase(timeoutMs);
  // Aborted on stop: every running game ends at once and its job goes back to the waiting list.
  const stopping = new AbortController();

  let pool: TaskPool<unknown, unknown> | undefined; // started once Redis answers

  const processor = async (job: Job, token?: string, cancel?: AbortSignal): Promise<unknown> => {
    const task = TASKS.get(job.name);
    if (!task) throw new UnrecoverableError(`a job of an unknown kind '${job.name}'`);
    let data;
    try {
      data = task.checkData(job.data); // bad data will not get better on a retry
    } catch (e) {
      throw new UnrecoverableError((e as Error).message);
    }
    const limit = AbortSignal.timeout(data.timeoutMs);
    const signals = [stopping.signal, limit, ...(cancel ? [cancel] : [])];
    try {
      const result = await pool!.run(task.threadInput(data.job), {
        name: task.thread,
        signal: AbortSignal.any(signals),
      });
      return task.checkResult(result, data.job);
    } catch (e) {
      if (stopping.signal.aborted && token !== undefined) {
        await job.moveToWait(token);
        throw new WaitingError();
      }
      if (limit.aborted) throw new Error(task.timeoutMessage(data.job, data.timeoutMs));
      throw e;
    }
  };

  // Redis is probed with a Queue (one connection) before the Worker (two) is made: see waitForRedis.
  const queueName = options.queueName ?? DEFAULT_QUEUE_NAME;
  const probe = new Queue(queueName, { connection: connectionOptions(target, phase, timeoutMs) });
  try {
    await waitForRedis(target, probe, phase, timeoutMs);
  } finally {
    await probe.close().catch(() => {});
  }
  const worker = new Worker(queueName, processor, {
    connection: connectionOptions(target, phase, timeoutMs),
    autorun: false,
    concurrency,
    name,
    lockDuration: options.lockDurationMs ?? DEFAULT_LOCK_DURATION_MS,
    stalledInterval: options.stalledIntervalMs ?? DEFAULT_STALLED_INTERVAL_MS,
    maxStalledCount: options.maxStalledCount ?? DEFAULT_MAX_STALLED_COUNT,
  });
  let lastStatus = '';
  worker.on('error', (e) => {
    const line = `Redis at ${target.display}: ${oneLine(e.message)}`;
    if (line !== lastStatus) options.onStatus?.(line);
    lastStatus = line;
  });
  worker.on('completed', (job, result: unknown) => {
    lastStatus = '';
    const describe = TASKS.get(job.name)?.describe;
    if (describe) options.onDone?.(describe(result));
  });
  worker.on('failed', (job, error) => {
    if (job) options.onFailed?.(job.id ?? '?', oneLine(error.message), Boolean(job.finishedOn));
  });
  pool = new TaskPool<unknown, unknown>({
    // the embedded census's thread (src/adapters/census-worker.ts; dist/cli/census-worker.js in the bundle)
    module: threadModule(import.meta.url, '../census-worker.ts', './census-worker.js'),
    threads: concurrency,
    workerData: { cacheDir: options.cacheDir ?? null },
  });
  const running = worker.run().catch((e: Error) => options.onStatus?.(`worker stopped: ${oneLine(e.message)}`));

  let stopped: Promise<void> | undefined;
  return {
    name,
    concurrency,
    stop() {
      stopped ??= (async () => {
        const closing = worker.close(); // takes no new job, waits for the running ones…
        stopping.abort(); // …which end now and go back to the queue
        await closing;
        await running;
        await pool?.close();
      })();
      return stopped;
    },
  };
}
