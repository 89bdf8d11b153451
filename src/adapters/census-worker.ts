/**
 * The worker thread of the embedded census and of `nimber worker`: computes one census game (a
 * CensusJob, either convention) to its row (the default export), or one table board (`board`).
 */
import { computeJob } from '../service/census/compute.ts';
import type { CensusJob, CensusRow } from '../service/census/types.ts';
import type { BoardJob } from '../service/board-table.ts';
import { type BoardWireResult, computeBoardForQueue } from './queue/board-jobs.ts';

export default function (job: CensusJob): CensusRow {
  return computeJob(job);
}

export function board(job: BoardJob): BoardWireResult {
  return computeBoardForQueue(job);
}
