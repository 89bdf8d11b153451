/**
 * The whole take-and-break census as a user runs it: `nimber census takebreak --digits K --no-store`
 * (process start, folding, every game on the worker threads under the default budget, the table),
 * timed around the process; the note gives the table's summary (solved, unsolved, reference).
 */
import { availableParallelism } from 'node:os';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchCase, BenchSuite, SelfTimed, Workload } from '../harness.ts';

const bin = fileURLToPath(new URL('../../bin/nimber.js', import.meta.url));

interface Summary {
  games: number;
  codes: number;
  solved: number;
  unsolved: number;
  reference: Record<string, number>;
  largestExtents: { code: string; heaps: number }[];
}

function censusWorkload(digits: number, threads: number): Workload {
  let summary: Summary | null = null;
  return {
    name: `\`nimber census takebreak --digits ${digits} --threads ${threads} --no-store\` (whole command, default budget 2^25 heaps / 20 s a game)`,
    external: true,
    selfTimed: true,
    run(): SelfTimed {
      const t0 = performance.now();
      const r = spawnSync(
        process.execPath,
        [
          bin,
          'census',
          'takebreak',
          '--digits',
          String(digits),
          '--threads',
          String(threads),
          '--no-store',
          '--format',
          'json',
        ],
        { encoding: 'utf8', maxBuffer: 1 << 30 },
      );
      const ms = performance.now() - t0;
      if (r.status !== 0) throw new Error(`nimber census exited ${r.status}: ${r.stderr}`);
      summary = (JSON.parse(r.stdout) as { summary: Summary }).summary;
      return { ms, result: [summary.solved, summary.unsolved] };
    },
    note() {
      if (!summary) return '';
      const s = summary;
      return `${s.games} games (${s.codes} codes): ${s.solved} solved, ${s.unsolved} unsolved; reference ${s.reference.agrees} agree, ${s.reference.disagrees} disagree, ${s.reference['not reached']} not reached`;
    },
  };
}

export const censusSuite: BenchSuite = {
  name: 'census',
  cases(quick) {
    const threads = availableParallelism();
    const cases: BenchCase[] = [
      { title: 'take-and-break census, 2 digits (128 codes)', candidates: [censusWorkload(2, threads)], runs: 1 },
    ];
    if (!quick)
      cases.push({
        title: 'take-and-break census, 3 digits (1024 codes)',
        candidates: [censusWorkload(3, threads)],
        runs: 1,
      });
    return cases;
  },
};
