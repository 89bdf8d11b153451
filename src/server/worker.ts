/** The piscina worker: runs one API task per call, off the server's event loop. */
import { runTask, type Task, type TaskResult } from './tasks.ts';

export default function (task: Task): TaskResult {
  return runTask(task);
}
