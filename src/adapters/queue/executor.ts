/**
 * The census on a BullMQ queue (Redis): the coordinator's side. One job per game, its job id the
 * game's standard form, so a game is computed once however often it is enqueued; results come back
 * through Redis (QueueEvents, with a periodic direct check so no result is ever missed).
 */
import { Queue, QueueEvents, type Job } from 'bullmq';
import type { CensusBudget, CensusExecutor, CensusJob, CensusRow } from '../../service/census/types.ts';
import {
  connectionOptions,
  oneLine,
  parseRedisUrl,
  startPhase,
  waitForRedis,
  type ConnectPhase,
  type RedisTarget,
} from './connection.ts';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_QUEUE_NAME } from './settings.ts';
import { stillAnswers } from '../../service/census/run.ts';
import { checkRow, defaultTimeoutMs, JOB_NAME, jobIdOf, type CensusJobData } from './jobs.ts';

export interface QueueExecutorOptions {
  /** Name of the BullMQ queue (default 'nimber-census'). */
  readonly queueName?: string;
  /** A line for the operator (connection, jobs enqueued, waiting for workers…). */
  readonly onStatus?: (line: string) => void;
  /** How long the first connection may take (default 3 s). */
  readonly connectTimeoutMs?: number;
  /** Attempts per game (default 3): a failed, timed-out or crashed attempt is retried with exponential backoff. */
  readonly attempts?: number;
  /** First retry delay in milliseconds (default 1000; doubled each retry). */
  readonly backoffMs?: number;
  /** Time limit of one attempt (default: the budget's seconds plus max(30 s, the budget's seconds)). */
  readonly timeoutMs?: (budget: CensusBudget) => number;
  /** How often unfinished games are looked up directly in Redis besides the event stream (default 5000 ms). */
  readonly pollMs?: number;
}

/** A game whose every attempt failed (its message names the game and the last attempt's error). */
export class CensusJobFailed extends Error {
  override readonly name = 'CensusJobFailed';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Games looked up or enqueued at once (ioredis pipelines concurrent commands). */
const BATCH = 200;
/** How often one run re-enqueues a game whose stored row does not cover the budget before giving up. */
const MAX_REQUEUES = 3;

/** Connects to Redis at `url` (redis://host:port) and returns an executor that enqueues one job per game. */
export async function createQueueExecutor(url: string, options: QueueExecutorOptions = {}): Promise<CensusExecutor> {
  const target = parseRedisUrl(url);
  const timeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const phase = startPhase(timeoutMs);
  const queueName = options.queueName ?? DEFAULT_QUEUE_NAME;
  const queue = new Queue(queueName, { connection: connectionOptions(target, phase, timeoutMs) });
  try {
    await waitForRedis(target, queue, phase, timeoutMs);
  } catch (e) {
    await queue.close().catch(() => {});
    throw e;
  }
  options.onStatus?.(`connected to Redis at ${target.display}, queue ${queueName}`);
  return new QueueExecutor(queue, target, phase, options);
}

class QueueExecutor implements CensusExecutor {
  private readonly events = new Set<QueueEvents>();
  private lastTrouble = '';

  constructor(
    private readonly queue: Queue,
    private readonly target: RedisTarget,
    private readonly phase: ConnectPhase,
    private readonly options: QueueExecutorOptions,
  ) {
    queue.on('error', (e) => this.trouble(e));
  }

  private status(line: string): void {
    this.options.onStatus?.(line);
  }

  /** Connection trouble after the start: said once per distinct message (ioredis keeps reconnecting). */
  private trouble(e: Error): void {
    const line = `Redis at ${this.target.display}: ${oneLine(e.message)}`;
    if (line !== this.lastTrouble) this.status(line);
    this.lastTrouble = line;
  }

  private dataOf(job: CensusJob): CensusJobData {
    const timeoutMs = this.options.timeoutMs?.(job.budget) ?? defaultTimeoutMs(job.budget);
    return { code: job.code, budget: job.budget, timeoutMs, ...(job.convention ? { convention: job.convention } : {}) };
  }

  private async add(job: CensusJob): Promise<void> {
    await this.queue.add(JOB_NAME, this.dataOf(job), {
      jobId: jobIdOf(job.code, job.convention),
      attempts: this.options.attempts ?? 3,
      backoff: { type: 'exponential', delay: this.options.backoffMs ?? 1000 },
      // Kept: a finished game's row stays in Redis, so enqueuing it again costs nothing.
      removeOnComplete: false,
      removeOnFail: false,
    });
  }

  /** Takes a stored job out (to enqueue the game again); false when a worker holds it right now. */
  private async remove(job: Job): Promise<boolean> {
    try {
      await job.remove();
      return true;
    } catch {
      return false;
    }
  }

  async run(jobs: readonly CensusJob[], onRow: (row: CensusRow) => void, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    const wanted = new Map<string, CensusJob>();
    for (const job of jobs) wanted.set(jobIdOf(job.code, job.convention), job);
    if (wanted.size === 0) return;
    const pending = new Set(wanted.keys());
    const requeues = new Map<string, number>();

    let settle!: (error?: unknown) => void;
    const finished = new Promise<void>((resolve, reject) => {
      settle = (error?: unknown) => (error === undefined ? resolve() : reject(error));
    });
    finished.catch(() => {}); // awaited below; this only keeps an early failure from counting as unhandled
    let over = false;
    const end = (error?: unknown) => {
      if (over) return;
      over = true;
      settle(error);
    };

    /** A game has a stored row: reported if it covers the budget, else enqueued again. */
    const accept = async (code: string, value: unknown): Promise<void> => {
      if (over || !pending.has(code)) return;
      const job = wanted.get(code)!;
      const row = checkRow(value, job.code, job.convention);
      if (!stillAnswers(row, job.budget)) {
        const times = (requeues.get(code) ?? 0) + 1;
        requeues.set(code, times);
        if (times > MAX_REQUEUES)
          throw new Error(
            `census job ${code}: its stored row keeps coming back computed under a smaller budget than ${job.budget.maxHeaps} heaps, ${job.budget.seconds} s`,
          );
        const stored = await this.queue.getJob(code);
        if (stored && (await this.remove(stored))) await this.add(job);
        return;
      }
      if (!pending.delete(code)) return;
      onRow(row);
      if (pending.size === 0) end();
    };
    const fail = (code: string, reason: string, attempts: number) => {
      if (over || !pending.has(code)) return;
      end(
        new CensusJobFailed(
          code,
          `census job ${code} failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${oneLine(reason)}`,
        ),
      );
    };
    /** Looks a game up in Redis and acts on what is found there. */
    const check = async (code: string): Promise<void> => {
      const state = await this.queue.getJobState(code);
      if (state === 'completed' || state === 'failed') {
        const job = await this.queue.getJob(code);
        if (!job) return;
        if (state === 'completed') await accept(code, job.returnvalue);
        else fail(code, job.failedReason, job.attemptsMade);
      } else if (state === 'unknown') {
        await this.add(wanted.get(code)!); // removed by someone else: enqueue it again
      }
    };
    const guard = (work: Promise<void>) => work.catch((e) => end(e));

    // Events from here on reach this run, even those written before its reader first asks.
    const client = (await this.queue.client) as unknown as {
      xrevrange(key: string, end: string, start: string, count: 'COUNT', n: number): Promise<[string, string[]][]>;
    };
    const last = await client.xrevrange(this.queue.keys.events, '+', '-', 'COUNT', 1);
    const events = new QueueEvents(this.queue.name, {
      connection: connectionOptions(
        this.target,
        this.phase,
        this.options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      ),
      lastEventId: last[0]?.[0] ?? '0-0',
    });
    this.events.add(events);
    events.on('error', (e) => this.trouble(e));
    events.on('completed', ({ jobId, returnvalue }) => {
      if (pending.has(jobId)) guard(accept(jobId, returnvalue));
    });
    events.on('failed', ({ jobId }) => {
      if (pending.has(jobId)) guard(check(jobId)); // confirmed in Redis (and its attempts read there)
    });
    const onAbort = () => {
      const reason: unknown = signal?.reason;
      end(reason instanceof Error ? reason : Object.assign(new Error('cancelled'), { name: 'AbortError' }));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) onAbort();
    let poll: NodeJS.Timeout | undefined;

    try {
      let enqueued = 0,
        done = 0,
        queued = 0;
      const enqueue = async (code: string) => {
        const job = wanted.get(code)!;
        const stored = await this.queue.getJob(code);
        const state = stored ? await stored.getState() : 'unknown';
        if (stored && state === 'completed' && isCoveringRow(stored.returnvalue, job)) {
          done++;
          await accept(code, stored.returnvalue);
        } else if (stored && (state === 'completed' || state === 'failed')) {
          // computed under a smaller budget, or failed before: computed again
          if (await this.remove(stored)) await this.add(job);
          enqueued++;
        } else if (stored && state !== 'unknown') {
          queued++; // waiting or being computed for an earlier run: its result will do (checked on arrival)
        } else {
          await this.add(job);
          enqueued++;
        }
      };
      let enqueueFailed = false;
      await Promise.race([
        guard(
          forEachBatch([...wanted.keys()], enqueue).catch((e) => {
            enqueueFailed = true;
            throw e;
          }),
        ),
        finished,
      ]);
      if (!enqueueFailed && !signal?.aborted) {
        const parts = [`${enqueued} game${enqueued === 1 ? '' : 's'} enqueued`, `${done} already done`];
        if (queued > 0) parts.push(`${queued} already queued or being computed`);
        this.status(`queue ${this.queue.name}: ${parts.join(', ')}`);
        const workers = await this.queue.getWorkersCount().catch(() => -1);
        if (workers === 0)
          this.status(`no worker is connected yet; start some with: nimber worker --queue ${this.target.display}`);
        if (pending.size > 0)
          this.status(`waiting for workers: ${pending.size} game${pending.size === 1 ? '' : 's'} left`);
      }
      // a safety net under the event stream (which Redis trims at 10,000 events)
      if (!over)
        poll = setInterval(
          () => void guard(forEachBatch([...pending], (code) => check(code))),
          this.options.pollMs ?? 5000,
        );
      await finished;
    } finally {
      over = true;
      clearInterval(poll);
      signal?.removeEventListener('abort', onAbort);
      this.events.delete(events);
      await events.close().catch(() => {});
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.events].map((e) => e.close()));
    await this.queue.close().catch(() => {});
  }
}

function isCoveringRow(value: unknown, job: CensusJob): boolean {
  try {
    return stillAnswers(checkRow(value, job.code, job.convention), job.budget);
  } catch {
    return false;
  }
}

/** Runs `work` on every item, BATCH at a time. */
async function forEachBatch<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) await Promise.all(items.slice(i, i + BATCH).map(work));
}
