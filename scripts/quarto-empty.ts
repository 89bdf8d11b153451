/**
 * The empty Quarto board, proved: `npx tsx scripts/quarto-empty.ts [--depth D] [--plan draw|all]
 * [--seconds S] [--leaf-seconds L] [--threads T | --queue redis://host:port] [--from BOARD]
 * [--progress FILE] [--proof FILE]`.
 *
 * The tree from the start (the empty board, or `--from` a position in the board text form) is cut
 * by symmetry (canonical forms) down to D placements below it (default 2); its leaves (the opening
 * subtrees) are searched by the solver, each with L seconds (default 60) at most: on T worker
 * threads here (default 2), or with `--queue` as one job per leaf on the BullMQ queue at that Redis,
 * computed by `nimber worker --queue URL` processes on any machine (a leaf is one job across runs:
 * its id is its canonical key and bound, so a result already in Redis comes back at once). With
 * `--plan draw` (the default) only the leaves a proof of a draw needs are searched, each for one
 * bound; `--plan all` solves every leaf exactly (src/adapters/queue/quarto-proof-run.ts says how the
 * plan works). Each finished leaf is saved to the progress file at once (temp name, then rename), so
 * a run stopped anywhere resumes where it was, and the leaves it holds are not searched or sent
 * again; a run hands out no new leaf after S seconds (default 300), and with `--queue` stops waiting
 * then (the jobs left stay on the queue; the next run collects them). At the end the proof file
 * (proof.ts's format: every move of every node above the leaves, the symmetry to the node it
 * reaches, the leaves' proved intervals) is written and re-checked by the independent checker, and
 * the figures are printed: leaves searched, time per leaf, the root's value so far, and a projection
 * for the searches left. Bad options: one line, exit 2; a leaf job that failed on every attempt:
 * exit 1 (the progress so far is kept).
 */
import os from 'node:os';
import { isMainThread, parentPort, type Worker } from 'node:worker_threads';
import { type LeafRunner, queueLeafRunner, runQuartoProof } from '../src/adapters/queue/quarto-proof-run.ts';
import { startThread } from '../src/adapters/worker-runner.ts';
import { InputError } from '../src/engine/errors.ts';
import { QuartoSearch } from '../src/engine/families/quarto/solver.ts';
import { type QuartoLeafJob, type QuartoLeafResult, searchQuartoLeaf } from '../src/service/quarto-leaf.ts';

if (!isMainThread) {
  // A thread: one search (and table) for all its leaves.
  const search = new QuartoSearch('standard', { tableBits: 20 });
  parentPort!.on('message', (job: QuartoLeafJob) => parentPort!.postMessage(searchQuartoLeaf(job, search)));
} else {
  try {
    process.exitCode = await main();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    console.error(e.message);
    process.exitCode = 2;
  }
}

/** Leaves on `threads` threads of this process: each takes the next leaf as it finishes one. */
function threadRunner(threads: number): LeafRunner {
  return (next, onResult) =>
    new Promise<void>((resolve, reject) => {
      const workers: Worker[] = [];
      const idle = new Set<Worker>();
      let busy = 0;
      let over = false;
      const finish = (error?: Error) => {
        if (over) return;
        over = true;
        for (const w of workers) void w.terminate();
        if (error) reject(error);
        else resolve();
      };
      // a result may make new leaves needed: every idle thread is offered work again
      const feed = (w: Worker) => {
        const job = next();
        if (job === undefined) {
          idle.add(w);
          if (busy === 0) finish();
          return;
        }
        idle.delete(w);
        busy++;
        w.postMessage(job);
      };
      for (let i = 0; i < threads; i++) {
        const w = startThread(new URL(import.meta.url));
        workers.push(w);
        w.on('message', (r: QuartoLeafResult) => {
          busy--;
          onResult(r);
          for (const x of [w, ...idle]) if (!over) feed(x);
        });
        w.on('error', (e) => finish(e));
        w.on('exit', (code) => {
          if (!over) finish(new Error(`a search thread exited (${code})`));
        });
      }
      for (const w of workers) if (!over) feed(w);
    });
}

function option(name: string, fallback: string): string;
function option(name: string, fallback?: string): string | undefined;
function option(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(name);
  if (i < 0) return fallback;
  const value = process.argv[i + 1];
  if (value === undefined || value.startsWith('--')) throw new InputError(`${name} needs a value`);
  return value;
}

function number(name: string, fallback: string): number {
  const text = option(name, fallback);
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0)
    throw new InputError(`${name}: expected a non-negative number, got '${text}'`);
  return value;
}

async function main(): Promise<number> {
  const plan = option('--plan', 'draw');
  if (plan !== 'draw' && plan !== 'all') throw new InputError(`--plan: draw or all, not ${plan}`);
  const threads = number('--threads', String(Math.min(2, os.cpus().length)));
  if (!Number.isInteger(threads) || threads < 1)
    throw new InputError(`--threads: expected a positive integer, got ${threads}`);
  const url = option('--queue');
  const queue = url === undefined ? undefined : await queueLeafRunner(url, { onStatus: (line) => console.log(line) });
  try {
    const report = await runQuartoProof({
      from: option('--from'),
      depth: number('--depth', '2'),
      plan,
      budgetMs: number('--seconds', '300') * 1000,
      leafMs: Math.round(number('--leaf-seconds', '60') * 1000),
      progressFile: option('--progress', 'quarto-empty.progress.json'),
      proofFile: option('--proof', 'quarto-empty.proof.json'),
      runner: queue?.run ?? threadRunner(threads),
      log: (line) => console.log(line),
    });
    return report.error === undefined ? 0 : 1;
  } finally {
    await queue?.close();
  }
}
