/**
 * What one kind of job on the queue is (census games, table boards, …): how a job travels, its id,
 * the checks each side applies to what the other sent, and the worker thread's function that
 * computes it. The coordinator (executor.ts) and the worker (worker.ts) are written once over this.
 */
import type { OperationName } from '../../service/operation-table.ts';

/** A job's data as it travels: the job plus the wall-clock limit after which a worker gives it up. */
export interface TimedJob<J> {
  readonly job: J;
  /** Milliseconds one attempt may run before the worker stops it (it then fails and is retried). */
  readonly timeoutMs: number;
}

export interface QueueTask<J, R> {
  /** BullMQ's job name for this kind of job: the worker picks the task by it. */
  readonly name: string;
  /** A job in messages, before its id ('census job 0.07 failed …'). */
  readonly label: string;
  /** The job in words, singular and plural ('game', 'games'). */
  readonly noun: readonly [one: string, many: string];
  /** The operation of the service's table that a job is a request of (its data: the request and a time limit). */
  readonly op: OperationName;
  /** The worker thread's export that computes one job (census-worker.ts). */
  readonly thread: string;
  /** The job id: equal jobs share it, so a job is computed once however often it is enqueued (no ':', not an integer). */
  idOf(job: J): string;
  /** The default time limit of one attempt. */
  timeoutOf(job: J): number;
  /** The data that travels (JSON). */
  dataOf(job: J, timeoutMs: number): unknown;
  /** The data read back on the worker (anyone who can write to the queue may have sent it); throws on bad data. */
  checkData(data: unknown): TimedJob<J>;
  /** The job as the thread computes it. */
  threadInput(job: J): unknown;
  /** A result checked before it is used (from a thread, or back from Redis); throws on a malformed one. */
  checkResult(value: unknown, job: J): R;
  /** Whether a stored result still answers the job (else the job is computed again). */
  covers(result: R, job: J): boolean;
  /** The error of an attempt stopped at its time limit. */
  timeoutMessage(job: J, timeoutMs: number): string;
  /** The worker's line for a computed job. */
  describe(result: R): string;
}

/** A coordinator that has jobs computed somewhere and hears each result. */
export interface TaskExecutor<J, R> {
  /** Computes every job, calling onResult once per job as each finishes; rejects on a failure retries did not mend. */
  run(jobs: readonly J[], onResult: (result: R) => void, signal?: AbortSignal): Promise<void>;
  /** Frees connections. */
  close(): Promise<void>;
}
