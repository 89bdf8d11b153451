/**
 * `nimber table … --spots … --queue`: the options of sized starts as jobs on the queue, and the
 * taking back of those a decided start no longer needs (still waiting; one under way runs on).
 */
import { Queue } from 'bullmq';
import type { StartOptionExecutor, StartOptionJob } from '../../service/start-options.ts';
import { connectionOptions, parseRedisUrl, startPhase } from './connection.ts';
import { createTaskExecutor, type QueueExecutorOptions } from './executor.ts';
import { START_OPTION_TASK } from './option-jobs.ts';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_QUEUE_NAME } from './settings.ts';

/** States of a job no worker has taken yet: taking it back costs no one anything. */
const NOT_TAKEN = new Set(['waiting', 'delayed', 'prioritized', 'waiting-children']);

/** The table command's executor of options: jobs on the queue at `url`. */
export async function createOptionExecutor(
  url: string,
  options: QueueExecutorOptions<StartOptionJob> = {},
): Promise<StartOptionExecutor & { close(): Promise<void> }> {
  const executor = await createTaskExecutor(url, START_OPTION_TASK, options);
  const target = parseRedisUrl(url);
  const timeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  // a connection of its own for taking jobs back, opened at the first start decided early
  let queue: Queue | undefined;
  const queueOf = () => {
    if (queue) return queue;
    const phase = startPhase(timeoutMs);
    phase.ready = true; // the executor reached Redis: a lost connection is retried, not a refusal
    queue = new Queue(options.queueName ?? DEFAULT_QUEUE_NAME, {
      connection: connectionOptions(target, phase, timeoutMs),
    });
    queue.on('error', () => {}); // the executor's own connection reports trouble
    return queue;
  };
  return {
    run: (jobs, onResult, signal) => executor.run(jobs, onResult, signal),
    async discard(jobs) {
      const q = queueOf();
      await Promise.all(
        jobs.map(async (job) => {
          const id = START_OPTION_TASK.idOf(job);
          // another run may wait for the same job: it enqueues it again when it finds it gone
          if (NOT_TAKEN.has(await q.getJobState(id))) await q.remove(id);
        }),
      );
    },
    async close() {
      await executor.close();
      await queue?.close().catch(() => {});
    },
  };
}
