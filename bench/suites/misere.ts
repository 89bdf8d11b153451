/**
 * Misère play: quotient construction time and size as the largest heap grows (Kayles, Dawson's
 * Kayles, Officers 0.6, 0.75), the frontier heap by heap (each heap alone, resumed from the stored
 * quotient of the heaps before it), and counts from the quotient against the misère oracle.
 */
import { isInputError } from '../../src/engine/errors.ts';
import { countMisere } from '../../src/engine/solve/misere/index.ts';
import { misereOracleCount } from '../../src/engine/solve/oracle/misere.ts';
import { type QuotientCheckpoint, misereQuotient } from '../../src/engine/solve/misere/quotient.ts';
import { parseTupleSpec } from '../../src/engine/spec.ts';
import type { HeapRuleset } from '../../src/engine/types.ts';
import type { BenchCase, BenchSuite } from '../harness.ts';

const GAMES = [
  { spec: 'kayles', sizes: [10, 40, 160, 640], quick: [10, 40] },
  { spec: 'dawsons-kayles', sizes: [10, 20, 25, 30], quick: [10, 20] },
  { spec: 'takebreak:0.6', sizes: [10, 12, 15, 16], quick: [10, 12] },
  { spec: 'takebreak:0.75', sizes: [10, 40, 160, 640], quick: [10, 40] },
];

/** The frontier, heap by heap: Dawson's Kayles to Plambeck and Siegel's heap 33, Officers until a limit stops it. */
const FRONTIER = [
  { spec: 'dawsons-kayles', from: 20, to: 33, quick: 25 },
  { spec: 'takebreak:0.6', from: 10, to: 18, quick: 16 },
];
/** Work limit of the frontier rows (steps): Officers stops at a limit, whichever comes first. */
const FRONTIER_WORK = 2e10;

/**
 * One row per heap n: the time and peak memory of heap n alone, resumed from the stored quotient of
 * heaps 0..n − 1 (what a --store run does for each heap); a heap that passes a limit is a row that
 * times the refusal and names it.
 */
function frontierCase(spec: string, from: number, to: number, quick: boolean): BenchCase {
  const ruleset = parseTupleSpec(spec) as HeapRuleset;
  const stored = new Map<number, QuotientCheckpoint>();
  let stop: string | null = null;
  try {
    misereQuotient(ruleset, to, { maxWork: FRONTIER_WORK, onCheckpoint: (cp) => stored.set(cp.heap, cp) });
  } catch (e) {
    if (!isInputError(e)) throw e;
    stop = e.message;
  }
  const candidates = [];
  for (let n = from; n <= to; n++) {
    const before = stored.get(n - 1);
    if (!before) break;
    const after = stored.get(n);
    const name = after
      ? `heap ${n}: order ${after.size} (was ${before.size}), P-portion ${after.pPortion.reduce((a, b) => a + b, 0)}, ${after.recalibrations - before.recalibrations} recalibrations`
      : `heap ${n}: stops (${stop})`;
    candidates.push({
      name,
      run: () => {
        try {
          return misereQuotient(ruleset, n, { resume: before, maxWork: FRONTIER_WORK }).size;
        } catch (e) {
          if (!isInputError(e)) throw e;
          return e.message;
        }
      },
    });
    if (!after) break;
  }
  return {
    title: `${spec}: each heap alone (resumed from the quotient of the heaps before it)`,
    candidates,
    runs: quick ? 1 : 3,
  };
}

export const misereSuite: BenchSuite = {
  name: 'misere',
  cases(quick) {
    const cases: BenchCase[] = [];
    for (const f of FRONTIER) cases.push(frontierCase(f.spec, f.from, quick ? f.quick : f.to, quick));
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
