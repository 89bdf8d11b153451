/** The embedded census's worker thread: computes one game (a CensusJob) to its row. */
import { computeCensusRow } from '../service/census/game.ts';
import type { CensusJob, CensusRow } from '../service/census/types.ts';

export default function (job: CensusJob): CensusRow {
  return computeCensusRow(job);
}
