/**
 * The worker thread of the embedded census and of `nimber worker`: computes one census game (a
 * CensusJob, either convention) to its row (the default export), one table board (`board`), or one
 * leaf of a Quarto opening proof (`quartoLeaf`).
 */
import type { BoardJob } from '../service/board-table.ts';
import type { CensusJob, CensusRow } from '../service/census/types.ts';
import { ENGINE_ENV } from '../service/env.ts';
import { runOperation } from '../service/operation-table.ts';
import type { QuartoLeafJob, QuartoLeafResult } from '../service/quarto-leaf.ts';
import { type BoardWireResult, computeBoardForQueue } from './queue/board-jobs.ts';

export default function (job: CensusJob): Promise<CensusRow> {
  return runOperation('census-game', job, ENGINE_ENV);
}

export function board(job: BoardJob): Promise<BoardWireResult> {
  return computeBoardForQueue(job);
}

export function quartoLeaf(job: QuartoLeafJob): Promise<QuartoLeafResult> {
  return runOperation('quarto-leaf', job, ENGINE_ENV);
}
