/**
 * The worker thread of the embedded census and of `nimber worker`: computes one census game (a
 * CensusJob, either convention) to its row (the default export), one table board (`board`), one
 * option of a sized start (`startOption`), or one leaf of a Quarto opening proof (`quartoLeaf`).
 */
import { workerData } from 'piscina';
import type { BoardJob } from '../service/board-table.ts';
import type { CensusJob, CensusRow } from '../service/census/types.ts';
import { ENGINE_ENV, type ServiceEnv } from '../service/env.ts';
import { runOperation } from '../service/operation-table.ts';
import type { QuartoLeafJob, QuartoLeafResult } from '../service/quarto-leaf.ts';
import type { StartOptionJob, StartOptionResult } from '../service/start-options.ts';
import { EndgameCache } from './endgame-cache.ts';
import { type BoardWireResult, computeBoardForQueue } from './queue/board-jobs.ts';

// the pool's data (worker.ts): where what an option's search proves is kept between jobs (null: nowhere)
const cacheDir = (workerData as { cacheDir?: string | null } | undefined)?.cacheDir ?? null;
/** A directory that cannot be written is said once per thread, not once per job. */
let warned = false;

/**
 * The environment of one option's search: a store opened afresh per job, so the search starts from
 * every fact on disk, those another worker sharing the directory (a retry's earlier attempt too)
 * kept after this thread first read it.
 */
function optionEnv(): ServiceEnv {
  if (cacheDir === null) return ENGINE_ENV;
  const endgame = new EndgameCache(cacheDir, {
    onUnusable: (warning) => {
      if (!warned) process.stderr.write(`nimber worker: warning: ${warning}\n`);
      warned = true;
    },
  });
  return { ...ENGINE_ENV, search: { endgame } };
}

export default function (job: CensusJob): Promise<CensusRow> {
  return runOperation('census-game', job, ENGINE_ENV);
}

export function board(job: BoardJob): Promise<BoardWireResult> {
  return computeBoardForQueue(job);
}

export function startOption(job: StartOptionJob): Promise<StartOptionResult> {
  return runOperation('start-option', job, optionEnv());
}

export function quartoLeaf(job: QuartoLeafJob): Promise<QuartoLeafResult> {
  return runOperation('quarto-leaf', job, ENGINE_ENV);
}
