/** The census on a BullMQ queue (Redis): the coordinator's side. Interface only until the queue lands. */
import { InputError } from '../../engine/errors.ts';
import type { CensusExecutor } from '../../service/census/types.ts';

export interface QueueExecutorOptions {
  /** Name of the BullMQ queue (default 'nimber-census'). */
  readonly queueName?: string;
  /** A line for the operator (connection, waiting for workers…). */
  readonly onStatus?: (line: string) => void;
}

/** Connects to Redis at `url` (redis://host:port) and returns an executor that enqueues one job per game. */
export async function createQueueExecutor(url: string, _options: QueueExecutorOptions = {}): Promise<CensusExecutor> {
  throw new InputError(`--queue ${url}: the distributed census is not available in this build`);
}
