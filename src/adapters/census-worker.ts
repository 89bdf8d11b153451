/** The embedded census's worker thread: computes one game (a CensusJob, either convention) to its row. */
import { computeJob } from '../service/census/compute.ts';
import type { CensusJob, CensusRow } from '../service/census/types.ts';

export default function (job: CensusJob): CensusRow {
  return computeJob(job);
}
