/**
 * Every misère layer against the misère oracle (backward induction with the misère terminal rule,
 * no theory): random heap rulesets (subtraction, take-and-break codes), random sums of small heaps,
 * outcome and every winning move.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTupleSpec } from '../../../../src/engine/spec.ts';
import { InputError } from '../../../../src/engine/errors.ts';
import {
  analyzeMisere,
  chooseMisereMove,
  countMisere,
  misereOracleCount,
  misereOracleFor,
  type MisereMethod,
} from '../../../../src/engine/solve/misere/index.ts';
import type { HeapRuleset, TupleRuleset } from '../../../../src/engine/types.ts';
import { forEachTuple } from '../../../../src/engine/solve/oracle/normal.ts';
import { elementOf, misereQuotient } from '../../../../src/engine/solve/misere/quotient.ts';
import { codeText } from '../../families/takebreak/arbitraries.ts';
import { subtractionSpec } from '../../kernels/grundy.cases.ts';

const sortedMoves = (moves: { to: number[] }[]) => moves.map((m) => m.to.join(' ')).sort();

/**
 * Random codes include wild games whose quotients explode within a few heaps: a small work limit
 * (about a second) keeps every run short, and the automatic choice then falls back to the search.
 */
const maxWork = 3e7;

function expectAgreement(ruleset: TupleRuleset, heaps: number[], method?: MisereMethod): void {
  const oracle = misereOracleFor(ruleset);
  const got = analyzeMisere(ruleset, heaps, { method, maxWork });
  if (method) expect(got.method).toBe(method);
  expect(got.outcome).toBe(oracle.outcome(heaps));
  expect(sortedMoves(got.winningMoves)).toEqual(sortedMoves(oracle.winningMoves(heaps)));
}

const heapSpec = fc.oneof(
  subtractionSpec,
  codeText({ hex: false, maxDigits: 3 }).map((c) => `takebreak:${c}`),
);
const smallSum = fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 1, maxLength: 4 });

describe('misère layers agree with the misère oracle', () => {
  it('quotient: random heap rulesets, random sums of heaps <= 10', () => {
    fc.assert(
      fc.property(heapSpec, smallSum, (spec, heaps) => {
        const ruleset = parseTupleSpec(spec);
        try {
          analyzeMisere(ruleset, heaps, { method: 'quotient', maxWork });
        } catch (e) {
          // a quotient beyond its limits says so (the automatic choice then searches: next test)
          expect(e).toBeInstanceOf(InputError);
          expect((e as InputError).kind).toBe('too-large');
          fc.pre(false);
        }
        expectAgreement(ruleset, heaps, 'quotient');
      }),
      { numRuns: 150 },
    );
  });

  it('automatic choice (genus when tame, else quotient): random heap rulesets', () => {
    fc.assert(
      fc.property(heapSpec, smallSum, (spec, heaps) => expectAgreement(parseTupleSpec(spec), heaps)),
      { numRuns: 150 },
    );
  });

  it('genus: every heap ruleset and sum the genus layer accepts', () => {
    let accepted = 0;
    fc.assert(
      fc.property(heapSpec, smallSum, (spec, heaps) => {
        const ruleset = parseTupleSpec(spec);
        let method: MisereMethod | undefined;
        try {
          analyzeMisere(ruleset, heaps, { method: 'genus' });
          method = 'genus';
        } catch {
          return;
        }
        accepted++;
        expectAgreement(ruleset, heaps, method);
      }),
      { numRuns: 200 },
    );
    expect(accepted).toBeGreaterThan(10);
  });

  it("quotient on every sorted sum of up to 3 heaps <= 12 of Kayles, Dawson's Kayles, 0.75, Grundy's game and Lasker's Nim", () => {
    for (const spec of ['kayles', 'dawsons-kayles', 'takebreak:0.75', 'grundys-game', 'lasker']) {
      const ruleset = parseTupleSpec(spec) as HeapRuleset;
      const oracle = misereOracleFor(ruleset);
      const q = misereQuotient(ruleset, 12);
      for (let k = 1; k <= 3; k++) {
        forEachTuple(k, 12, 'sorted', (heaps) => {
          expect(q.pPortion[elementOf(q, heaps)] === 1, `${spec} ${heaps}`).toBe(oracle.isP(heaps));
        });
      }
    }
  });

  it('search answers coupled games (equal-removal) like the oracle, and only search applies', () => {
    const wythoff = parseTupleSpec('wythoff');
    for (let a = 0; a <= 6; a++) for (let b = 0; b <= 6; b++) expectAgreement(wythoff, [a, b]);
    expect(analyzeMisere(wythoff, [3, 5]).method).toBe('search');
    expect(() => analyzeMisere(wythoff, [3, 5], { method: 'quotient' })).toThrow(/only the search/);
  });

  it("counts of misère P-positions from the quotient equal the oracle's, in every order", () => {
    fc.assert(
      fc.property(
        heapSpec,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 9 }),
        fc.constantFrom('sorted', 'ordered', 'distinct' as const),
        (spec, k, max, order) => {
          const ruleset = parseTupleSpec(spec);
          expect(countMisere(ruleset, k, max, order)).toBe(misereOracleCount(ruleset, k, max, order));
        },
      ),
      { numRuns: 60 },
    );
    const wythoff = parseTupleSpec('wythoff');
    expect(countMisere(wythoff, 2, 8, 'sorted')).toBe(misereOracleCount(wythoff, 2, 8, 'sorted'));
  });

  it('the perfect misère opponent wins from every N-position and has no move only where it has won', () => {
    fc.assert(
      fc.property(heapSpec, smallSum, (spec, heaps) => {
        const ruleset = parseTupleSpec(spec);
        const oracle = misereOracleFor(ruleset);
        const move = chooseMisereMove(ruleset, heaps);
        expect(move.outcome).toBe(oracle.outcome(heaps));
        if (move.to === null)
          expect(move.outcome).toBe('N'); // no move: the opponent moved last
        else if (move.outcome === 'N') expect(oracle.isP(move.to)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
