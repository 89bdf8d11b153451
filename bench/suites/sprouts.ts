/**
 * Sprouts: the time to find the outcome of the n-spot start, normal play (lands and nimbers, against a
 * plain outcome search of whole positions) and misère play (whole positions, no nim-sum), every
 * outcome checked against the published ones (Applegate, Jacobson and Sleator 1991; OEIS A164950).
 */
import { sprouts } from '../../src/engine/families/sprouts/index.ts';
import { Oracle } from '../../src/engine/solve/oracle/normal.ts';
import { conventionSearch } from '../../src/service/games.ts';
import type { BenchCase, BenchSuite, Workload } from '../harness.ts';

/** Normal play: the first player loses exactly when n mod 6 is 0, 1 or 2 (proved up to 44 spots by Lemoine and Viennot). */
const normalP = (n: number) => [0, 1, 2].includes(n % 6);
/** Misère play, OEIS A164950 (1 = the first player wins), n = 1..20. */
const MISERE_WINS = [1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0];

function checked(n: number, p: boolean, expectedP: boolean): string {
  if (p !== expectedP) throw new Error(`${n} spots: ${p ? 'P' : 'N'}, published ${expectedP ? 'P' : 'N'}`);
  return p ? 'P' : 'N';
}

/** One start; the note gives the positions expanded and the CPU time, which a loaded machine inflates less than the wall time. */
function row(n: number, convention: 'normal' | 'misere'): Workload {
  let nodes = 0;
  let cpuMs = 0;
  return {
    name: `${n} spots`,
    run() {
      const before = process.cpuUsage();
      const game = sprouts(n);
      const search = conventionSearch(game, convention);
      const p = search.isP(game.start!);
      nodes = search.stats.nodes;
      const used = process.cpuUsage(before);
      cpuMs = (used.user + used.system) / 1000;
      return checked(n, p, convention === 'normal' ? normalP(n) : MISERE_WINS[n - 1] === 0);
    },
    note: () => `${checkedOutcome(n, convention)}; ${nodes} positions; CPU ${(cpuMs / 1000).toFixed(1)} s`,
  };
}

function checkedOutcome(n: number, convention: 'normal' | 'misere'): string {
  const p = convention === 'normal' ? normalP(n) : MISERE_WINS[n - 1] === 0;
  return `${p ? 'P' : 'N'} as published`;
}

export const sproutsSuite: BenchSuite = {
  name: 'sprouts',
  cases(quick) {
    // the longer starts (normal play 10 spots, misère 8) are measured apart: docs/benchmarks.md
    const normalTo = quick ? 6 : 9;
    const misereTo = quick ? 5 : 7;
    const cases: BenchCase[] = [];
    const spots = (to: number) => Array.from({ length: to }, (_, i) => i + 1);
    cases.push({
      title: `Sprouts, normal play: outcome of the n-spot start (lands nim-summed, "is the value 0?")`,
      candidates: spots(normalTo).map((n) => row(n, 'normal')),
      runs: 1,
    });
    const compareAt = quick ? 4 : 6;
    cases.push({
      title: `Sprouts, normal play, ${compareAt} spots: lands and nimbers against a plain outcome search of whole positions`,
      baseline: {
        name: 'whole positions, no lands (the oracle with canonical keys)',
        run: () => new Oracle(sprouts(compareAt), 1e8).isP(sprouts(compareAt).start!),
      },
      candidates: [
        {
          name: 'lands nim-summed, transposition table, pruning, options ordered by lives',
          run: () => conventionSearch(sprouts(compareAt), 'normal').isP(sprouts(compareAt).start!),
        },
      ],
      runs: 1,
      check: true,
    });
    cases.push({
      title: 'Sprouts, misère play: outcome of the n-spot start (whole positions, first winning move)',
      candidates: spots(misereTo).map((n) => row(n, 'misere')),
      runs: 1,
    });
    return cases;
  },
};
