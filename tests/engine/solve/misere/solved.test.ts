/**
 * Solved misère quotients: the pretending function proved periodic by the periodicity theorem,
 * its orders and periods for the games Plambeck & Siegel solved, and every answer it gives beyond
 * the heaps it was proved from checked against the misère oracle and against quotients computed further.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRuleset, parseTupleSpec } from '../../../../src/engine/spec.ts';
import { countFromQuotient, misereOracleCount, misereOracleFor } from '../../../../src/engine/solve/misere/index.ts';
import { elementOf, misereQuotient } from '../../../../src/engine/solve/misere/quotient.ts';
import {
  analyzeSolvedMisere,
  misereSolution,
  type SolvedQuotient,
  solveMisereQuotient,
  solvedElementCounts,
  solvedElementOf,
} from '../../../../src/engine/solve/misere/solved.ts';
import type { InputError } from '../../../../src/engine/errors.ts';
import type { HeapRuleset } from '../../../../src/engine/types.ts';
import { COUNT_ORDERS } from '../../../../src/engine/types.ts';
import { codeText } from '../../families/takebreak/arbitraries.ts';
import { subtractionSpec } from '../../kernels/grundy.cases.ts';

const heap = (spec: string) => parseRuleset(spec) as HeapRuleset;

/** The quotient of exactly the heaps the proof needs: answers beyond them come from the period alone. */
function minimalSolved(ruleset: HeapRuleset): SolvedQuotient {
  const solved = solveMisereQuotient(ruleset);
  if (!solved) throw new Error(`${ruleset.spec}: no period proved`);
  const quotient = misereQuotient(ruleset, solved.solution.proofLength - 1);
  const solution = misereSolution(ruleset, quotient);
  expect(solution, `${ruleset.spec}: the proof holds on its own heaps`).toEqual(solved.solution);
  return { quotient, solution: solution! };
}

// Order, size of the P-portion, preperiod and period of the pretending function.
// 0.75 is R8 (Plambeck & Siegel, "Misère quotients for impartial games", JCTA 115 (2008); Plambeck,
// "Taming the wild in impartial combinatorial games", INTEGERS 5 (2005) #G05): order 8, P = {a, b^2}.
// The others are nimber's own, each proved here by the periodicity theorem and checked below
// against the misère oracle; Kayles' period 12 from heap 71 matches its normal-play period 12
// whose last exception is heap 70 (Winning Ways, ch. 4).
const SOLVED: [string, number, number, number, number][] = [
  ['takebreak:0.75', 8, 2, 8, 2],
  ['kayles', 40, 9, 71, 12],
  ['takebreak:0.72', 24, 5, 16, 4],
  ['takebreak:0.71', 36, 9, 3, 6],
  ['takebreak:0.53', 16, 3, 21, 9],
  ['takebreak:0.34', 12, 3, 7, 8],
  ['takebreak:0.15', 42, 12, 66, 10],
  ['takebreak:0.144', 30, 5, 12, 10],
  ['takebreak:0.44', 40, 9, 143, 24],
];

describe('solved misère quotients', () => {
  it.each(SOLVED)('%s: order %i, P-portion %i, Φ periodic from heap %i with period %i', (spec, order, p, e, period) => {
    const s = solveMisereQuotient(heap(spec))!;
    expect(s).not.toBeNull();
    expect(s.quotient.size).toBe(order);
    expect(s.quotient.pPortion.reduce((a, b) => a + b, 0)).toBe(p);
    expect([s.solution.preperiod, s.solution.period]).toEqual([e, period]);
  });

  it('0.75 is R8 with P-portion {a, b^2} (Plambeck & Siegel 2008)', () => {
    const s = solveMisereQuotient(heap('takebreak:0.75'))!;
    const q = s.quotient;
    expect(q.words.filter((_, u) => q.pPortion[u]).sort()).toEqual(['a', 'b^2']);
  });

  it.each(SOLVED.filter(([, , , e]) => e < 100))(
    '%s: the quotient computed well past the proof has the same order and follows the period',
    (spec) => {
      const ruleset = heap(spec);
      const s = minimalSolved(ruleset);
      const { preperiod: e, period: p, proofLength } = s.solution;
      const far = misereQuotient(ruleset, proofLength + 3 * p + 10);
      expect(far.size).toBe(s.quotient.size);
      for (let n = e + p; n <= far.maxHeap; n++) expect(far.heapElement[n], `heap ${n}`).toBe(far.heapElement[n - p]);
    },
  );

  it('no proof from too few heaps, nor for a game without a periodicity theorem', () => {
    const q = misereQuotient(heap('kayles'), 100);
    expect(misereSolution(heap('kayles'), q)).toBeNull(); // the proof needs heaps 0..167
    expect(solveMisereQuotient(heap('lasker'))).toBeNull();
  });
});

describe('answers beyond the proof length agree with the misère oracle', () => {
  /** Outcome from the period alone; each listed winning move a P-position of the oracle; N has one listed. */
  function expectOracle(ruleset: HeapRuleset, s: SolvedQuotient, heaps: number[]): void {
    const oracle = misereOracleFor(ruleset);
    const got = analyzeSolvedMisere(ruleset, heaps.map(BigInt), s);
    expect(got.outcome, heaps.join(' ')).toBe(oracle.outcome(heaps));
    for (const m of got.winningMoves) expect(oracle.outcome(m.to.map(Number)), m.to.join(' ')).toBe('P');
    // a winning move is listed exactly when one exists (a terminal position is N with none)
    expect(got.winningMoves.length > 0).toBe(oracle.winningMoves(heaps).length > 0);
  }

  it.each(['takebreak:0.75', 'takebreak:0.71', 'subtract:1,3,4'])(
    '%s: random sums with a heap past the proof',
    (spec) => {
      const ruleset = heap(spec);
      const s = minimalSolved(ruleset);
      const L = s.solution.proofLength;
      fc.assert(
        fc.property(
          fc.integer({ min: L, max: L + 12 }),
          fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 2 }),
          (big, rest) => expectOracle(ruleset, s, [big, ...rest]),
        ),
        { numRuns: 12 },
      );
    },
  );

  it('random subtraction and take-and-break rulesets solved within a short proof', () => {
    const spec = fc.oneof(
      subtractionSpec,
      codeText({ hex: false, maxDigits: 2 }).map((c) => `takebreak:${c}`),
    );
    fc.assert(
      fc.property(spec, fc.nat(8), fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 2 }), (text, extra, rest) => {
        const ruleset = parseTupleSpec(text);
        fc.pre(ruleset.kind === 'heap');
        const r = ruleset as HeapRuleset;
        let solution = null;
        try {
          // a small work limit: wild codes (0.6!4! needs more than 2e9 steps at heap 20) stop in a second
          solution = misereSolution(r, misereQuotient(r, 20, { maxWork: 3e7 }));
        } catch (e) {
          // a quotient beyond its limits is not solved here
          expect((e as InputError).kind).toBe('too-large');
        }
        fc.pre(solution !== null);
        const s = minimalSolved(r);
        expectOracle(r, s, [s.solution.proofLength + extra, ...rest]);
      }),
      { numRuns: 20 },
    );
  });

  it('a heap of any size takes the element of its residue: 10^18 + r behaves like its small twin in every sum', () => {
    const ruleset = heap('kayles');
    const s = solveMisereQuotient(ruleset)!;
    const { preperiod: e, period: p } = s.solution;
    const small = misereQuotient(ruleset, 90); // computed apart from the solved one
    const huge = 10n ** 18n;
    for (let r = 0n; r < BigInt(p); r++) {
      const twin = e + Number((huge + r - BigInt(e)) % BigInt(p));
      expect(solvedElementOf(s, huge + r)).toBe(s.quotient.heapElement[twin]);
      for (const other of [0, 1, 4, 5, 9, 30])
        expect(analyzeSolvedMisere(ruleset, [huge + r, BigInt(other)], s).outcome).toBe(
          small.pPortion[elementOf(small, [twin, other])] ? 'P' : 'N',
        );
    }
  });
});

describe('counts from a solved quotient', () => {
  it('heaps counted by residue give the counts of the quotient computed to max (Kayles, 0.72, every order)', () => {
    for (const spec of ['kayles', 'takebreak:0.72']) {
      const ruleset = heap(spec);
      const s = minimalSolved(ruleset);
      for (const max of [s.solution.proofLength + 5, 300]) {
        const direct = misereQuotient(ruleset, max);
        for (const order of COUNT_ORDERS)
          expect(
            countFromQuotient(s.quotient, 3, order, solvedElementCounts(s, BigInt(max))),
            `${spec} ${max} ${order}`,
          ).toBe(countFromQuotient(direct, 3, order));
      }
    }
  });

  it('subtraction games past the proof: the misère oracle classifies every triple', () => {
    for (const spec of ['subtract:1,3,4', 'subtract:2,5,6', 'subtract:1,2,4,8']) {
      const ruleset = heap(spec);
      const s = minimalSolved(ruleset);
      const max = s.solution.proofLength + 2 * s.solution.period + 3;
      for (const order of COUNT_ORDERS)
        expect(countFromQuotient(s.quotient, 3, order, solvedElementCounts(s, BigInt(max))), `${spec} ${order}`).toBe(
          misereOracleCount(ruleset, 3, max, order),
        );
    }
  });
});
