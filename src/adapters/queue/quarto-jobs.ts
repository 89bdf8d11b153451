/**
 * Quarto proof leaves on the queue (`scripts/quarto-empty.ts --queue`): what travels through Redis
 * (the leaf's board, the bound asked, the search's time limit), its job id (the leaf's canonical key
 * and the bound, so a leaf is searched once across runs and coordinators), and the checks both sides
 * apply. No BullMQ here: threads load it.
 */
import { ENGINE_ENV } from '../../service/env.ts';
import { checkOperation, type OperationInput, readRequest } from '../../service/operation-table.ts';
import {
  checkQuartoLeafResult,
  type QuartoLeafJob,
  type QuartoLeafResult,
  quartoLeafKey,
} from '../../service/quarto-leaf.ts';
import type { QueueTask } from './task.ts';

const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
const NAMES = ['loss', 'draw', 'win'];

/** The job's data checked (it may come from anyone who can write to the queue): the leaf's request and the attempt's time limit. */
function checkLeafData(data: unknown): { job: QuartoLeafJob; timeoutMs: number } {
  let job: QuartoLeafJob;
  try {
    job = readRequest('quarto-leaf', data as OperationInput<'quarto-leaf'>);
    checkOperation('quarto-leaf', job, ENGINE_ENV); // a bad board will not get better on a retry
  } catch (e) {
    throw new Error(`malformed quarto leaf job data: ${(e as Error).message}`);
  }
  const timeoutMs = (data as { timeoutMs?: unknown }).timeoutMs;
  if (!isCount(timeoutMs))
    throw new Error('malformed quarto leaf job data: timeoutMs: expected a non-negative integer');
  return { job, timeoutMs };
}

/** What a result proves, in words. */
export function provedText(r: QuartoLeafResult): string {
  if (!r.proved) return `unproved in ${r.limitMs / 1000} s`;
  if (r.value !== undefined) return NAMES[r.value + 1];
  return r.hi === 0 ? 'at most a draw' : 'at least a draw';
}

/** Quarto proof leaves as a kind of job on the queue. */
export const QUARTO_LEAF_TASK: QueueTask<QuartoLeafJob, QuartoLeafResult> = {
  name: 'quarto-leaf',
  label: 'quarto leaf',
  noun: ['leaf', 'leaves'],
  op: 'quarto-leaf',
  thread: 'quartoLeaf',
  // the canonical key has only '.', '+' and hex digits: no ':' (BullMQ refuses it), never an integer
  idOf: (job) => `quarto-${job.bound}-${quartoLeafKey(job.board)}`,
  timeoutOf: (job) => job.limitMs + Math.max(30_000, job.limitMs),
  dataOf: (job, timeoutMs) => ({ board: job.board, bound: job.bound, limitMs: job.limitMs, timeoutMs }),
  checkData: checkLeafData,
  threadInput: (job) => job,
  checkResult: checkQuartoLeafResult,
  // a proof answers any limit; a search stopped at its limit answers no longer one (it is searched again)
  covers: (result, job) => result.proved || result.limitMs >= job.limitMs,
  timeoutMessage: (job, timeoutMs) =>
    `the quarto leaf ${job.board} (${job.bound}) passed its time limit of ${timeoutMs / 1000} s (its search's ${job.limitMs / 1000} s plus a margin) and was stopped`,
  describe: (r) =>
    `quarto leaf ${r.key} (${r.bound}): ${provedText(r)} (${(r.ms / 1000).toFixed(1)} s, ${r.nodes.toLocaleString('en-US')} nodes)`,
};
