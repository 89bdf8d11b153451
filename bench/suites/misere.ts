/** Misère play: quotient construction time and size as the largest heap grows (Kayles, Dawson's Kayles, Officers 0.6, 0.75), and counts from the quotient against the misère oracle. */
import { countMisere } from '../../src/engine/solve/misere/index.ts';
import { misereOracleCount } from '../../src/engine/solve/oracle/misere.ts';
import { misereQuotient } from '../../src/engine/solve/misere/quotient.ts';
import { parseTupleSpec } from '../../src/engine/spec.ts';
import type { HeapRuleset } from '../../src/engine/types.ts';
import type { BenchCase, BenchSuite } from '../harness.ts';

const GAMES = [
  { spec: 'kayles', sizes: [10, 40, 160, 640], quick: [10, 40] },
  { spec: 'dawsons-kayles', sizes: [10, 20, 25, 30, 32, 33], quick: [10, 20] },
  { spec: 'takebreak:0.6', sizes: [10, 12, 15, 16], quick: [10, 12] },
  { spec: 'takebreak:0.75', sizes: [10, 40, 160, 640], quick: [10, 40] },
];

export const misereSuite: BenchSuite = {
  name: 'misere',
  cases(quick) {
    const cases: BenchCase[] = [];
    for (const game of GAMES) {
      const ruleset = parseTupleSpec(game.spec) as HeapRuleset;
      const sizes = quick ? game.quick : game.sizes;
      cases.push({
        title: `${game.spec}: misère quotient of heaps 0..n (time and size as n grows)`,
        candidates: sizes.map((n) => {
          const q = misereQuotient(ruleset, n);
          return {
            name: `n = ${n}: ${q.size} elements, P-portion ${q.pPortion.reduce((a, b) => a + b, 0)}, ${q.recalibrations} recalibrations`,
            run: () => misereQuotient(ruleset, n).size,
          };
        }),
        runs: quick ? 1 : 3,
      });
    }
    const max = quick ? 10 : 14;
    for (const spec of ['kayles', 'takebreak:0.75']) {
      const ruleset = parseTupleSpec(spec);
      cases.push({
        title: `${spec}: misère P-positions among 3 heaps of 0..${max} (sorted)`,
        baseline: { name: 'misère oracle, every triple', run: () => misereOracleCount(ruleset, 3, max, 'sorted') },
        candidates: [{ name: 'quotient + count over its elements', run: () => countMisere(ruleset, 3, max, 'sorted') }],
        runs: quick ? 1 : 3,
        baselineRuns: 1,
        check: true,
      });
    }
    return cases;
  },
};
