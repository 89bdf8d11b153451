/**
 * Options of sized starts on the queue (`nimber table … --spots … --queue`, start-options.ts): what
 * travels through Redis (the game, the option's canonical text, the play, the search's time limit),
 * its job id (all four, so an option met again in another start or run is the same job), and the
 * checks both sides apply. No BullMQ here: threads load it.
 */
import { ENGINE_ENV } from '../../service/env.ts';
import { checkOperation, type OperationInput, readRequest } from '../../service/operation-table.ts';
import { checkStartOptionResult, type StartOptionJob, type StartOptionResult } from '../../service/start-options.ts';
import type { QueueTask } from './task.ts';

const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;

/** The job's data checked (it may come from anyone who can write to the queue): the option's request and the attempt's time limit. */
function checkOptionData(data: unknown): { job: StartOptionJob; timeoutMs: number } {
  let job: StartOptionJob;
  try {
    job = readRequest('start-option', data as OperationInput<'start-option'>);
    checkOperation('start-option', job, ENGINE_ENV); // a bad option will not get better on a retry
  } catch (e) {
    throw new Error(`malformed start option job data: ${(e as Error).message}`);
  }
  const timeoutMs = (data as { timeoutMs?: unknown }).timeoutMs;
  if (!isCount(timeoutMs))
    throw new Error('malformed start option job data: timeoutMs: expected a non-negative integer');
  return { job, timeoutMs };
}

const PLAYS = { normal: 'normal play', misere: 'misère play' } as const;

/** Options of sized starts as a kind of job on the queue. */
export const START_OPTION_TASK: QueueTask<StartOptionJob, StartOptionResult> = {
  name: 'start-option',
  label: 'start option',
  noun: ['option', 'options'],
  op: 'start-option',
  thread: 'startOption',
  // BullMQ refuses ':' in ids: the spec and the text are URI-encoded
  idOf: (job) =>
    `option-${encodeURIComponent(job.game)}-${job.convention}-${job.cellMs}ms-${encodeURIComponent(job.position)}`,
  timeoutOf: (job) => job.cellMs + Math.max(30_000, job.cellMs),
  dataOf: (job, timeoutMs) => ({ ...job, timeoutMs }),
  checkData: checkOptionData,
  threadInput: (job) => job,
  checkResult: checkStartOptionResult,
  // the id names the limit: a stored result answers exactly the job asked for
  covers: () => true,
  timeoutMessage: (job, timeoutMs) =>
    `the option ${job.position} (${PLAYS[job.convention]}) passed its time limit of ${timeoutMs / 1000} s (its search's ${job.cellMs / 1000} s plus a margin) and was stopped`,
  describe: (r) =>
    `option ${r.position} (${PLAYS[r.convention]}): ${r.outcome === null ? 'out of time' : r.outcome} (${(r.elapsedMs / 1000).toFixed(1)} s, ${r.nodes.toLocaleString('en-US')} position${r.nodes === 1 ? '' : 's'})`,
};
