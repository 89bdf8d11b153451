/**
 * Boards on several threads: the grid core as the commands run it (theorem, set questions, the
 * endgame database of every shape of up to 12 cells) on 1 thread against 2, 4, ... threads up to
 * the machine's cores (os.availableParallelism(), or NIMBER_BENCH_THREADS), helpers in worker threads sharing the table and
 * the database (src/engine/solve/grid/threads.ts), in one run. Each run starts from a fresh table;
 * its helpers are started and ready before the clock starts (from the compiled build a start costs
 * ~30-50 ms, from the TypeScript sources the benchmark runs on about a second, which no command
 * pays twice); the note gives the start, the positions this thread searched and whether a helper
 * answered first.
 */
import { availableParallelism } from 'node:os';
import { startHelpers } from '../../src/adapters/parallel/grid-threads.ts';
import { cram } from '../../src/engine/families/cram/index.ts';
import { cramGridRules } from '../../src/engine/families/cram/grid.ts';
import { nodeKaylesGridRules } from '../../src/engine/families/node-kayles/grid.ts';
import { DEFAULT_ENDGAME_CELLS } from '../../src/engine/solve/grid/endgame.ts';
import {
  EndgameDb,
  type GridRules,
  GridSolver,
  buildEndgame,
  helpersReady,
  tableBitsFor,
  threadedGridCore,
} from '../../src/engine/solve/grid/index.ts';
import type { HelperSetup, SearchThreads } from '../../src/engine/types.ts';
import type { BenchCase, BenchSuite, SelfTimed, Workload } from '../harness.ts';

const databases = new Map<string, EndgameDb>();
/** The game's database of every shape of up to 12 cells, built once (not timed). */
function endgame(rules: GridRules): EndgameDb {
  let db = databases.get(rules.name);
  if (!db) {
    const builder = new GridSolver(rules, { tableBits: 20 });
    db = new EndgameDb(
      buildEndgame(DEFAULT_ENDGAME_CELLS, (s) => builder.nimber(s), rules),
      'the benchmark',
    );
    databases.set(rules.name, db);
  }
  return db;
}

/** 1, 2, 4, ... and the core count itself. */
export function threadCounts(cores: number): number[] {
  const counts: number[] = [];
  for (let t = 1; t < cores; t *= 2) counts.push(t);
  counts.push(cores);
  return counts;
}

/** The machine's cores, or NIMBER_BENCH_THREADS (to try more threads than cores: the positions still compare). */
function maxThreads(): number {
  const asked = Number(process.env.NIMBER_BENCH_THREADS);
  return Number.isInteger(asked) && asked >= 1 ? asked : Math.max(1, availableParallelism());
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One search of `rows` on `threads` threads, timed from the moment its helpers are ready. */
/** Positions the 1-thread run searched, per board (its note and the others' ratio). */
const alone = new Map<string, number>();

/**
 * One search of `rows` on `threads` threads, timed from the moment its helpers are ready. Its note:
 * positions searched by the thread that answered (the critical path) and by all threads, and
 * (1-thread positions) / (critical path): the speed-up on idle cores, where every thread searches
 * positions at the same rate; the measured time says what the machine at hand gave.
 */
function workload(board: string, rules: GridRules, rows: readonly number[], cells: number, threads: number): Workload {
  let note = '';
  const count = (n: number) => n.toLocaleString('en-US');
  return {
    name: threads === 1 ? '1 thread' : `${threads} threads`,
    selfTimed: true,
    async run(): Promise<SelfTimed> {
      const options = { tableBits: tableBitsFor(cells), database: endgame(rules) };
      if (threads === 1) {
        const solver = new GridSolver(rules, options);
        const started = performance.now();
        const result = solver.grundy(rows);
        const ms = performance.now() - started;
        alone.set(board, solver.stats.nodes);
        note = `${count(solver.stats.nodes)} positions`;
        return { ms, result };
      }
      let setup: HelperSetup | undefined;
      let end = () => {};
      const port: SearchThreads = {
        threadsFor: () => threads,
        engage(s) {
          if (setup) return;
          setup = s;
          end = startHelpers(s).end;
        },
        release() {},
      };
      const core = threadedGridCore(rules, options, port, threads);
      const startAt = performance.now();
      core.grundy([0xffffff]); // a first job (a strip of 24 cells: enough for a job, quickly valued) starts the helpers
      while (helpersReady(setup!) < threads - 1) await sleep(5);
      const startMs = performance.now() - startAt;
      const before = core.helperNodes ?? 0;
      try {
        const started = performance.now();
        const result = core.grundy(rows);
        const ms = performance.now() - started;
        // a helper's answer ends this thread's search at its next poll: its positions stand for the helper's
        const path = core.stats.nodes;
        const all = path + (core.helperNodes ?? 0) - before;
        const ratio = (alone.get(board) ?? Number.NaN) / path;
        note = `${count(path)} on the answering path (${ratio.toFixed(2)}× fewer), ${count(all)} in all; ${
          core.helped ? 'a helper answered' : 'this thread answered'
        }; helpers ready in ${startMs.toFixed(0)} ms`;
        return { ms, result };
      } finally {
        end();
      }
    },
    note: () => note,
  };
}

function boardCase(title: string, rules: GridRules, rows: readonly number[], cells: number, runs: number): BenchCase {
  const [one, ...more] = threadCounts(maxThreads()).map((t) => workload(title, rules, rows, cells, t));
  return { title, baseline: one, candidates: more, runs, check: true };
}

export function cramCase(r: number, c: number, runs: number): BenchCase {
  return boardCase(`Cram ${r} x ${c} (${r * c} cells), threads`, cramGridRules, cram(r, c).start!.rows, r * c, runs);
}

export function kaylesCase(n: number, runs: number): BenchCase {
  const rows = new Array<number>(3).fill(2 ** n - 1);
  return boardCase(`Node Kayles 3 x ${n} (${3 * n} vertices), threads`, nodeKaylesGridRules, rows, 3 * n, runs);
}

export const boardThreadsSuite: BenchSuite = {
  name: 'board-threads',
  cases(quick) {
    if (quick) return [cramCase(4, 7, 1), cramCase(5, 6, 1)];
    return [cramCase(5, 6, 3), cramCase(4, 9, 3), cramCase(5, 7, 1), kaylesCase(28, 1), cramCase(5, 8, 1)];
  },
};
