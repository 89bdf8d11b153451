/**
 * The census worker's thread: computes one game per call (piscina runs it off the worker's event
 * loop, so BullMQ keeps renewing job locks while the CPU works, and terminates the thread when a
 * job passes its time limit). Bundled as dist/cli/census-processor.js.
 */
import { computeCensusRow } from '../../service/census/game.ts';
import type { CensusJob, CensusRow } from '../../service/census/types.ts';

export default function (job: CensusJob): CensusRow {
  return computeCensusRow(job);
}
