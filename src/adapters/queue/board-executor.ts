/** `nimber table … --queue`: the boards of a table as jobs on the queue, certificates unpacked as they arrive. */
import { gunzipSync } from 'node:zlib';
import type { BoardExecutor, BoardJob } from '../../service/board-table.ts';
import { BOARD_TASK } from './board-jobs.ts';
import { createTaskExecutor, type QueueExecutorOptions } from './executor.ts';

/** The table command's executor: boards as jobs on the queue at `url`, certificates unpacked on arrival. */
export async function createBoardExecutor(
  url: string,
  options: QueueExecutorOptions<BoardJob> = {},
): Promise<BoardExecutor & { close(): Promise<void> }> {
  const executor = await createTaskExecutor(url, BOARD_TASK, options);
  return {
    run: (jobs, onResult, signal) =>
      executor.run(
        jobs,
        ({ cell, certificate }) => {
          let lines: string[] | null = null;
          if (certificate !== null) {
            lines = gunzipSync(Buffer.from(certificate, 'base64')).toString('utf8').split('\n');
            if (lines.at(-1) === '') lines.pop();
          }
          onResult({ cell, certificate: lines });
        },
        signal,
      ),
    close: () => executor.close(),
  };
}
