/**
 * Scaling of the parallel subtraction kernel (subtract-a-square, Grundy values only): 1 thread (the
 * single-thread wasm kernel, the baseline), then 2, 4, 8, ... workers up to the cores present (and
 * the cores themselves), each incl. its workers' start, and the count the cost model chooses. The
 * notes give the efficiency (speed-up / threads), the measured sequential part (the workers' tails,
 * summed, as a share of the wall time: it bounds the speed-up at 1 / share) and the predicted time.
 */
import os from 'node:os';
import { parallelSubtraction, type WorkerReport } from '../../src/adapters/parallel/subtraction.ts';
import { SERIAL_HEAD as HEAD, chooseThreads, predictMs } from '../../src/adapters/parallel/cost-model.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { SubtractionRuleset } from '../../src/engine/families/subtraction/index.ts';
import type { BenchCase, BenchSuite, Workload } from '../harness.ts';

const squares = (parseRuleset('subtract:squares') as SubtractionRuleset).subtractionSet;
const cores = Math.max(1, os.availableParallelism?.() ?? os.cpus().length);

/** A checksum of the values: every row must compute the same sequence. */
function checksum(g: Uint16Array): number {
  let h = 0;
  for (let i = 0; i < g.length; i++) h = (Math.imul(h, 31) + g[i]) >>> 0;
  return h;
}

function threadCounts(): number[] {
  const counts: number[] = [];
  for (let t = 2; t < cores; t *= 2) counts.push(t);
  if (cores > 1) counts.push(cores);
  return counts;
}

function workload(n: number, threads: number, label?: string): Workload {
  const moves = squares.upTo(n);
  let reports: WorkerReport[] = [];
  let wall = 0;
  return {
    name:
      label ??
      (threads === 1
        ? '1 thread (single-thread wasm kernel)'
        : `${threads} threads (the caller and ${threads - 1} workers, incl. their start)`),
    async run() {
      reports = [];
      const t0 = performance.now();
      const g = await parallelSubtraction(moves, n, { threads, reports });
      wall = performance.now() - t0;
      return checksum(g);
    },
    note(ms, baseMs) {
      const parts: string[] = [];
      if (baseMs !== null) parts.push(`efficiency ${((baseMs / ms / threads) * 100).toFixed(0)}%`);
      const tail = reports.reduce((sum, r) => sum + r.tailMs, 0);
      if (reports.length > 0) parts.push(`sequential part ${((tail / wall) * 100).toFixed(1)}% of the wall time`);
      parts.push(`model ${predictMs(moves, HEAD, n + 1, threads, cores).toFixed(0)} ms`);
      return parts.join('; ');
    },
  };
}

export const parallelScalingSuite: BenchSuite = {
  name: 'parallel-scaling',
  cases(quick) {
    const sizes = quick ? [200_000, 1_000_000] : [1_000_000, 10_000_000];
    return sizes.map((n): BenchCase => {
      const chosen = chooseThreads(squares.upTo(n), HEAD, n + 1, cores);
      return {
        title: `parallel subtraction kernel, subtract-a-square N = ${n.toLocaleString('en-US')}, ${cores} cores (threads 1, 2, 4, ... up to the cores)`,
        baseline: workload(n, 1),
        candidates: [
          ...threadCounts().map((t) => workload(n, t)),
          workload(n, chosen, `default: the cost model's choice, ${chosen} thread${chosen > 1 ? 's' : ''}`),
        ],
        runs: quick ? 1 : n >= 10_000_000 ? 3 : 7,
        check: true,
      };
    });
  },
};
