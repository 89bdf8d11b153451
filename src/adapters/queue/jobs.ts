/**
 * Census games on the queue: what travels through Redis (the game, its budget, its time limit), its
 * job id (the standard form itself), and the checks both sides apply to what the other sent.
 */
import { describeCensusRow } from '../../service/census/describe.ts';
import { parseCensusRow } from '../../service/census/rows.ts';
import { stillAnswers } from '../../service/census/run.ts';
import type { CensusBudget, CensusJob, CensusRow } from '../../service/census/types.ts';
import { ENGINE_ENV } from '../../service/env.ts';
import { checkOperation, type OperationInput, readRequest } from '../../service/operation-table.ts';
import type { QueueTask } from './task.ts';

/** BullMQ's job name for every census job (the queue holds nothing else). */
export const JOB_NAME = 'census-game';

/** A job's data: the census job plus the wall-clock limit after which the worker gives it up. */
export interface CensusJobData {
  readonly code: string;
  readonly budget: CensusBudget;
  /** Milliseconds one attempt may run before the worker stops it (it then fails and is retried). */
  readonly timeoutMs: number;
  /** Absent: normal play. */
  readonly convention?: 'misere';
}

/**
 * The time limit of one attempt: the budget's seconds plus a margin (the game stops itself at its
 * budget, but only between doublings, and one doubling can cost more than predicted).
 */
export function defaultTimeoutMs(budget: CensusBudget): number {
  return Math.round(1000 * (budget.seconds + Math.max(30, budget.seconds)));
}

/**
 * The job id of a game: its standard form. BullMQ 5 refuses custom ids that read as integers or
 * contain ':'; a standard form always has a point and only hex digits, '.' and '!', so it is used
 * as it is (checked here rather than trusted).
 */
export function jobIdOf(code: string, convention?: 'misere'): string {
  if (!/^[0-9A-Fa-f]?!?\.[0-9A-Fa-f!]*$/.test(code))
    throw new Error(`'${code}' is not a take-and-break code in standard form`);
  // a misère game is another job of the same queue (its row is another row)
  return convention === 'misere' ? `misere-${code}` : code;
}

/**
 * The job's data checked (it may come from anyone who can write to the queue): the operation
 * table's census-game request, read by its schema, and the attempt's time limit.
 */
export function checkJobData(data: unknown): CensusJobData {
  let job: CensusJob;
  try {
    job = readRequest('census-game', data as OperationInput<'census-game'>);
  } catch (e) {
    throw new Error(`malformed census job data: ${(e as Error).message}`);
  }
  const timeoutMs = (data as { timeoutMs?: unknown }).timeoutMs;
  if (!isCount(timeoutMs)) throw new Error('malformed census job data: timeoutMs: expected a non-negative integer');
  return { ...job, timeoutMs };
}

function isCount(x: unknown): x is number {
  return typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
}

/** A worker's result checked before it reaches the table: a row for this code, in the row's shape. */
export function checkRow(value: unknown, code: string, convention?: 'misere'): CensusRow {
  if (convention === 'misere') {
    const row = parseCensusRow(value);
    if (row?.convention !== 'misere' || row.code !== code)
      throw new Error(`a worker returned a malformed misère row for ${code}: ${JSON.stringify(value)?.slice(0, 200)}`);
    return row;
  }
  const row = value as Partial<CensusRow & { convention: undefined }> | null;
  const ok =
    typeof row === 'object' &&
    row !== null &&
    row.code === code &&
    row.convention === undefined &&
    (row.status === 'solved' || row.status === 'unsolved') &&
    isCount(row.heaps) &&
    isCount(row.largestValue) &&
    isCount(row.largestAt) &&
    typeof row.ms === 'number' &&
    typeof row.budget === 'object' &&
    row.budget !== null &&
    isCount(row.budget.maxHeaps) &&
    typeof row.budget.seconds === 'number' &&
    (row.status === 'solved'
      ? isCount(row.preperiod) && isCount(row.period) && isCount(row.saltus)
      : row.preperiod === null);
  if (!ok) throw new Error(`a worker returned a malformed row for ${code}: ${JSON.stringify(value)?.slice(0, 200)}`);
  return row as CensusRow;
}

/** The job as the engine sees it (the time limit stays with the worker). */
export function censusJobOf(data: CensusJobData): CensusJob {
  return { code: data.code, budget: data.budget, ...(data.convention ? { convention: data.convention } : {}) };
}

/** Census games as a kind of job on the queue. */
export const CENSUS_TASK: QueueTask<CensusJob, CensusRow> = {
  name: JOB_NAME,
  label: 'census job',
  noun: ['game', 'games'],
  thread: 'default',
  idOf: (job) => jobIdOf(job.code, job.convention),
  timeoutOf: (job) => defaultTimeoutMs(job.budget),
  dataOf: (job, timeoutMs): CensusJobData => ({
    code: job.code,
    budget: job.budget,
    timeoutMs,
    ...(job.convention ? { convention: job.convention } : {}),
  }),
  op: 'census-game',
  checkData(data) {
    const checked = checkJobData(data);
    const job = censusJobOf(checked);
    checkOperation('census-game', job, ENGINE_ENV); // a bad code will not get better on a retry
    return { job, timeoutMs: checked.timeoutMs };
  },
  threadInput: (job) => job,
  checkResult: (value, job) => checkRow(value, job.code, job.convention),
  covers: (row, job) => stillAnswers(row, job.budget),
  timeoutMessage: (job, timeoutMs) =>
    `${job.code} passed its time limit of ${timeoutMs / 1000} s (budget ${job.budget.seconds} s plus a margin) and was stopped`,
  describe: describeCensusRow,
};
