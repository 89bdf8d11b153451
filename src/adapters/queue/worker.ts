/**
 * The census on a BullMQ queue (Redis): the worker's side. Takes census jobs and computes each in
 * a worker thread (piscina), never on the event loop that renews the jobs' locks; a job that passes
 * its time limit has its thread terminated and fails (BullMQ retries it); on stop, unfinished jobs
 * go straight back to the queue's waiting list for another worker.
 */
import { availableParallelism, hostname } from 'node:os';
import { Piscina } from 'piscina';
import { Queue, UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import { censusRuleset } from '../../service/census/game.ts';
import type { CensusJob, CensusRow } from '../../service/census/types.ts';
import { connectionOptions, oneLine, parseRedisUrl, startPhase, waitForRedis } from './connection.ts';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_LOCK_DURATION_MS,
  DEFAULT_MAX_STALLED_COUNT,
  DEFAULT_QUEUE_NAME,
  DEFAULT_STALLED_INTERVAL_MS,
} from './settings.ts';
import { censusJobOf, checkJobData, checkRow } from './jobs.ts';

export interface CensusWorkerOptions {
  /** Name of the BullMQ queue (default 'nimber-census'). */
  readonly queueName?: string;
  /** Games computed at once, one thread each (default: the core count). */
  readonly concurrency?: number;
  /** Shown in each job's processedBy (default host:pid). */
  readonly name?: string;
  readonly lockDurationMs?: number;
  readonly stalledIntervalMs?: number;
  readonly maxStalledCount?: number;
  /** How long the first connection may take (default 3 s). */
  readonly connectTimeoutMs?: number;
  /** A game computed (its row is on its way back through Redis). */
  readonly onDone?: (row: CensusRow) => void;
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

/** Connects to Redis at `url` and starts consuming census jobs; rejects with an InputError when Redis is unreachable. */
export async function startCensusWorker(url: string, options: CensusWorkerOptions = {}): Promise<CensusWorker> {
  const target = parseRedisUrl(url);
  const concurrency = options.concurrency ?? availableParallelism();
  const name = options.name ?? `${hostname()}:${process.pid}`;
  const timeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const phase = startPhase(timeoutMs);
  // Aborted on stop: every running game ends at once and its job goes back to the waiting list.
  const stopping = new AbortController();

  let pool: Piscina<CensusJob, CensusRow> | undefined; // started once Redis answers

  const processor = async (job: Job, token?: string, cancel?: AbortSignal): Promise<CensusRow> => {
    let data;
    try {
      data = checkJobData(job.data);
      censusRuleset(data.code); // a bad code will not get better on a retry
    } catch (e) {
      throw new UnrecoverableError((e as Error).message);
    }
    const limit = AbortSignal.timeout(data.timeoutMs);
    const signals = [stopping.signal, limit, ...(cancel ? [cancel] : [])];
    try {
      const row = await pool!.run(censusJobOf(data), { signal: AbortSignal.any(signals) });
      return checkRow(row, data.code, data.convention);
    } catch (e) {
      if (stopping.signal.aborted && token !== undefined) {
        await job.moveToWait(token);
        throw new WaitingError();
      }
      if (limit.aborted)
        throw new Error(
          `${data.code} passed its time limit of ${data.timeoutMs / 1000} s (budget ${data.budget.seconds} s plus a margin) and was stopped`,
        );
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
  worker.on('completed', (_job, row: CensusRow) => {
    lastStatus = '';
    options.onDone?.(row);
  });
  worker.on('failed', (job, error) => {
    if (job) options.onFailed?.(job.id ?? '?', oneLine(error.message), Boolean(job.finishedOn));
  });
  const fromSources = import.meta.url.endsWith('.ts');
  pool = new Piscina<CensusJob, CensusRow>({
    // the embedded census's thread (src/adapters/census-worker.ts; dist/cli/census-worker.js in the bundle)
    filename: new URL(fromSources ? '../census-worker.ts' : './census-worker.js', import.meta.url).href,
    minThreads: concurrency,
    maxThreads: concurrency,
    // Running from TypeScript sources: each thread loads them through tsx, like the main thread.
    execArgv: fromSources ? ['--import', import.meta.resolve('tsx')] : [],
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
        await pool?.destroy();
      })();
      return stopped;
    },
  };
}
