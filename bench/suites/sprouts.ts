/**
 * Sprouts: the time to find the outcome of the n-spot start, normal play (lands and nimbers, against a
 * plain outcome search of whole positions) and misère play (whole positions, no nim-sum), every
 * outcome checked against the published ones (Applegate, Jacobson and Sleator 1991; OEIS A164950).
 */
import { sprouts } from '../../src/engine/families/sprouts/index.ts';
import { MisereOracle } from '../../src/engine/solve/oracle/misere.ts';
import { Oracle } from '../../src/engine/solve/oracle/normal.ts';
import { MisereSolver } from '../../src/engine/solve/search/misere.ts';
import { GameSolver } from '../../src/engine/solve/search/solver.ts';
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

/** A workload whose note gives its CPU time, which a loaded machine inflates less than the wall time. */
function timed(name: string, search: () => boolean): Workload {
  let cpuMs = 0;
  return {
    name,
    run() {
      const before = process.cpuUsage();
      const p = search();
      const used = process.cpuUsage(before);
      cpuMs = (used.user + used.system) / 1000;
      return p;
    },
    note: () => `CPU ${(cpuMs / 1000).toFixed(1)} s`,
  };
}

function checkedOutcome(n: number, convention: 'normal' | 'misere'): string {
  const p = convention === 'normal' ? normalP(n) : MISERE_WINS[n - 1] === 0;
  return `${p ? 'P' : 'N'} as published`;
}

export const sproutsSuite: BenchSuite = {
  name: 'sprouts',
  cases(quick) {
    const normalTo = quick ? 6 : 11;
    const misereTo = quick ? 5 : 8;
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
    const roundsAt = quick ? 5 : 9;
    cases.push({
      title: `Sprouts, normal play, ${roundsAt} spots: options one after another against options in rounds of growing budgets`,
      baseline: timed('options one after another (rounds: 0)', () =>
        new GameSolver(sprouts(roundsAt), { rounds: 0 }).isP(sprouts(roundsAt).start!),
      ),
      candidates: [
        timed('options in rounds, the first of 16 positions (as Sprouts runs)', () =>
          new GameSolver(sprouts(roundsAt)).isP(sprouts(roundsAt).start!),
        ),
      ],
      runs: 1,
      check: true,
    });
    cases.push({
      title: 'Sprouts, misère play: outcome of the n-spot start (whole positions, a table, options ordered by lives)',
      candidates: spots(misereTo).map((n) => row(n, 'misere')),
      runs: 1,
    });
    const misereAt = quick ? 5 : 7;
    cases.push({
      title: `Sprouts, misère play, ${misereAt} spots: the misère oracle against the misère search with a table`,
      baseline: timed('the misère oracle (generation order, refuses past 2,000,000 positions)', () =>
        new MisereOracle(sprouts(misereAt)).isP(sprouts(misereAt).start!),
      ),
      candidates: [
        timed('the misère search: options ordered by lives, a table bounded by replacement', () =>
          new MisereSolver(sprouts(misereAt)).isP(sprouts(misereAt).start!),
        ),
      ],
      runs: 1,
      check: true,
    });
    return cases;
  },
};
