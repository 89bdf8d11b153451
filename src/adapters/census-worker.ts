/**
 * The worker thread of the embedded census and of `nimber worker`: computes one census game (a
 * CensusJob) to its row (the default export), or one table board (`board`).
 */
import { computeCensusRow } from '../service/census/game.ts';
import type { CensusJob, CensusRow } from '../service/census/types.ts';
import type { BoardJob } from '../service/board-table.ts';
import { type BoardWireResult, computeBoardForQueue } from './queue/board-jobs.ts';

export default function (job: CensusJob): CensusRow {
  return computeCensusRow(job);
}

export function board(job: BoardJob): BoardWireResult {
  return computeBoardForQueue(job);
}
