/**
 * Table boards on the queue (`nimber table … --queue`): what travels through Redis (the game's spec,
 * the board, its time limit, whether to certify), its job id, the checks both sides apply, and the
 * thread's work. A certificate travels gzip-compressed in base64. No BullMQ here: threads load it.
 */
import { gzipSync } from 'node:zlib';
import type { BoardJob, TableCell } from '../../service/board-table.ts';
import { ENGINE_ENV } from '../../service/env.ts';
import { checkOperation, type OperationInput, readRequest, runOperation } from '../../service/operation-table.ts';
import type { QueueTask } from './task.ts';

/** A board's result as it travels: the cell and the certificate's text, gzip in base64 (null: none). */
export interface BoardWireResult {
  readonly cell: TableCell;
  readonly certificate: string | null;
}

const METHODS = new Set(['theorem', 'search', 'grid core', 'table core', 'land search']);
const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;

/** The job's data checked (it may come from anyone who can write to the queue): the table-board request and the attempt's time limit. */
function checkBoardData(data: unknown): { job: BoardJob; timeoutMs: number } {
  let job: BoardJob;
  try {
    job = readRequest('table-board', data as OperationInput<'table-board'>);
  } catch (e) {
    throw new Error(`malformed table board job data: ${(e as Error).message}`);
  }
  const timeoutMs = (data as { timeoutMs?: unknown }).timeoutMs;
  if (!isCount(timeoutMs))
    throw new Error('malformed table board job data: timeoutMs: expected a non-negative integer');
  checkOperation('table-board', job, ENGINE_ENV); // a game that does not read will not get better on a retry
  return { job, timeoutMs };
}

/** A worker's result checked: a cell for this board, in the cell's shape. */
function checkBoardResult(value: unknown, job: BoardJob): BoardWireResult {
  const v = value as Partial<BoardWireResult> | null;
  const cell = v?.cell as Partial<TableCell> | undefined;
  const ok =
    typeof cell === 'object' &&
    cell !== null &&
    cell.rows === job.rows &&
    cell.cols === job.cols &&
    (cell.grundy === null || isCount(cell.grundy)) &&
    typeof cell.method === 'string' &&
    METHODS.has(cell.method) &&
    isCount(cell.nodes) &&
    isCount(cell.elapsedMs) &&
    typeof cell.verified === 'boolean' &&
    (v?.certificate === null || typeof v?.certificate === 'string');
  if (!ok)
    throw new Error(
      `a worker returned a malformed result for the board ${job.rows} x ${job.cols}: ${JSON.stringify(value)?.slice(0, 200)}`,
    );
  return { cell: { ...(cell as TableCell), reused: false }, certificate: v!.certificate ?? null };
}

/** Table boards as a kind of job on the queue. */
export const BOARD_TASK: QueueTask<BoardJob, BoardWireResult> = {
  name: 'table-board',
  label: 'table board',
  noun: ['board', 'boards'],
  op: 'table-board',
  thread: 'board',
  // BullMQ refuses ':' in ids: the spec is URI-encoded (':' is %3A)
  idOf: (job) =>
    `board-${encodeURIComponent(job.game)}-${job.rows}x${job.cols}-${job.cellMs}ms${job.certify ? '-certified' : ''}`,
  timeoutOf: (job) => job.cellMs + Math.max(30_000, job.cellMs),
  dataOf: (job, timeoutMs) => ({ ...job, timeoutMs }),
  checkData: checkBoardData,
  threadInput: (job) => job,
  checkResult: checkBoardResult,
  // the id names the limits: a stored result answers exactly the job asked for
  covers: () => true,
  timeoutMessage: (job, timeoutMs) =>
    `the board ${job.rows} x ${job.cols} of ${job.game} passed its time limit of ${timeoutMs / 1000} s (its search's ${job.cellMs / 1000} s plus a margin) and was stopped`,
  describe: ({ cell }) =>
    `board ${cell.rows} x ${cell.cols}: ${cell.grundy === null ? 'out of time' : `Grundy value ${cell.grundy}`} (${cell.method}, ${(cell.elapsedMs / 1000).toFixed(1)} s${cell.verified ? ', certificate checked' : ''})`,
};

/** A board computed in a worker thread: the certificate compressed for the trip through Redis. */
export async function computeBoardForQueue(job: BoardJob): Promise<BoardWireResult> {
  const { cell, certificate } = await runOperation('table-board', job, ENGINE_ENV);
  return {
    cell,
    certificate: certificate === null ? null : gzipSync(`${certificate.join('\n')}\n`).toString('base64'),
  };
}
