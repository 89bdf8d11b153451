/** One census job to its row, by the job's convention (what a worker thread or a queue worker runs). */
import { computeCensusRow } from './game.ts';
import { computeMisereCensusRow } from './misere-game.ts';
import type { CensusJob, CensusRow } from './types.ts';

export function computeJob(job: CensusJob): CensusRow {
  return job.convention === 'misere' ? computeMisereCensusRow(job) : computeCensusRow(job);
}
