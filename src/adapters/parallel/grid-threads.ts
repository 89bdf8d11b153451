/**
 * Helper threads for the grid core's searches (the engine's SearchThreads port): plain
 * node:worker_threads Workers, each running the engine's helper loop (solve/grid/threads.ts) on
 * shared memory. Not a task pool (piscina): a helper is one long loop over a shared table, not a
 * queue of tasks.
 *
 * Lifetime: a search engages its helpers at each question it is asked and releases them after;
 * they are started on the first engagement (a start costs some 30-50 ms from the compiled build,
 * more from the TypeScript sources) and kept while the caller's synchronous work goes on (a value,
 * then its winning moves, are many questions in a row). Once the caller returns to the event loop
 * with the helpers released, they are told to stop and terminated: no thread outlives the
 * operation that started it, whether it answered, hit its time limit or was interrupted, and a
 * search that engages its helpers ends those another search released (a table's boards in a row). The
 * table lives in the caller's SharedArrayBuffers, so helpers started again later find every fact.
 * Workers are unref'd: they never keep a finished command alive (Ctrl-C ends the process and its
 * threads as before).
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { MAX_SEARCH_THREADS, stopHelpers } from '../../engine/solve/grid/threads.ts';
import type { HelperSetup, SearchThreads } from '../../engine/types.ts';
import { startThread, threadModule } from '../worker-runner.ts';

/** Positions from this many cells search on every core by default: smaller ones end before helpers start. */
export const THREADED_FROM_CELLS = 30;
/** With an explicit thread count, positions from this many cells use it (below, a search takes milliseconds). */
export const EXPLICIT_FROM_CELLS = 16;

export interface GridThreadsOptions {
  /** Threads asked for (--threads); default: every core, for positions of at least THREADED_FROM_CELLS cells. */
  readonly threads?: number;
  /** Hears a helper's failure (the search goes on without it: helpers only add facts). */
  readonly onHelperError?: (message: string) => void;
}

/** Helper threads started on one setup, ended together. */
export interface HelperCrew {
  /** Tells the helpers to stop and terminates their threads. */
  end(): void;
}

/** Every crew not yet ended (tests check that none is left). */
const live = new Set<Worker>();

/** Helper threads running now, over every search. */
export function liveHelperThreads(): number {
  return live.size;
}

// the helper's module: beside this file in the sources, a bundle entry in dist/cli (scripts/build-dist.ts)
const workerModule = threadModule(import.meta.url, './grid-worker.ts', './grid-worker.js');

/** Starts setup.threads - 1 helpers (seats 1, 2, ...) on the setup; `onError` hears a helper that failed. */
export function startHelpers(setup: HelperSetup, onError: (message: string) => void = () => {}): HelperCrew {
  const workers: Worker[] = [];
  for (let seat = 1; seat < setup.threads; seat++) {
    const worker = startThread(workerModule, { workerData: { setup, seat } });
    worker.unref();
    worker.on('error', (e) => onError(e.message));
    worker.on('exit', () => live.delete(worker));
    live.add(worker);
    workers.push(worker);
  }
  return {
    end() {
      stopHelpers(setup);
      for (const worker of workers) {
        live.delete(worker);
        void worker.terminate();
      }
    },
  };
}

/** The port the engine searches with: how many threads a position is worth, and the helpers' lifetime. */
export function gridThreads(options: GridThreadsOptions = {}): SearchThreads {
  const cores = Math.max(1, availableParallelism());
  const onError = options.onHelperError ?? (() => {});
  const crews = new Map<HelperSetup, { crew: HelperCrew; ending?: NodeJS.Timeout }>();
  return {
    threadsFor(cells) {
      if (options.threads !== undefined)
        return cells >= EXPLICIT_FROM_CELLS ? Math.min(options.threads, MAX_SEARCH_THREADS) : 1;
      return cells >= THREADED_FROM_CELLS ? Math.min(cores, MAX_SEARCH_THREADS) : 1;
    },
    engage(setup) {
      // a released crew of another search is idle for good: one synchronous run (a table of boards)
      // searches board after board, and would otherwise keep every board's helpers till its end
      for (const [other, idle] of crews)
        if (other !== setup && idle.ending) {
          clearTimeout(idle.ending);
          crews.delete(other);
          idle.crew.end();
        }
      const running = crews.get(setup);
      if (running) {
        clearTimeout(running.ending);
        running.ending = undefined;
      } else crews.set(setup, { crew: startHelpers(setup, onError) });
    },
    release(setup) {
      const running = crews.get(setup);
      if (!running || running.ending) return;
      // fires once the caller's synchronous work is over (timers wait for the event loop)
      running.ending = setTimeout(() => {
        crews.delete(setup);
        running.crew.end();
      }, 0);
      running.ending.unref();
    },
  };
}
