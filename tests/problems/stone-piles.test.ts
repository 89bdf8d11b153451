/** Stone Piles (PROBLEMS.md problem 4): the judge sample, big piles, the oracle, and errors that name their line. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/engine/errors.ts';
import { findProblem, solveText } from '../../src/problems/index.ts';
import { parseStonePiles, stonePilesProblem } from '../../src/problems/stone-piles.ts';

const SAMPLE_IN = '4\n1\n4\n2\n1 2\n3\n1 3 4\n1\n8\n';
const SAMPLE_OUT = 'BOB\nBOB\nALICE\nBOB';

const parseError = (text: string) => {
  try {
    parseStonePiles(text);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return e as InputError;
  }
  throw new Error('accepted');
};

describe('stone-piles', () => {
  it('is in the catalog and prints the judge sample output', () => {
    expect(findProblem('stone-piles')).toBe(stonePilesProblem);
    expect(solveText(stonePilesProblem, SAMPLE_IN)).toBe(SAMPLE_OUT);
    expect(stonePilesProblem.sample.output).toBe(SAMPLE_OUT);
  });

  it('reads the same numbers from one line (command-line words) and skips blank lines', () => {
    expect(parseStonePiles('4 1 4 2 1 2 3 1 3 4 1 8')).toEqual([[4], [1, 2], [1, 3, 4], [8]]);
    expect(parseStonePiles('\n2\n\n1\n5\n\n2\n3 3\n\n')).toEqual([[5], [3, 3]]);
  });

  it('handles piles of 10000 (far beyond the judge limit of 50)', () => {
    const results = stonePilesProblem.solve([[10_000], [10_000, 10_000], [9_999, 1, 2]]);
    expect(results.map((r) => r.winner)).toEqual(['ALICE', 'BOB', 'ALICE']);
  });

  it('property: random small tests agree with the brute-force oracle (--verify)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 3 }), {
          minLength: 1,
          maxLength: 3,
        }),
        (tests) => {
          const fast = stonePilesProblem.json(stonePilesProblem.solve(tests));
          const slow = stonePilesProblem.json(stonePilesProblem.verify!(tests));
          expect(fast).toEqual(slow);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('errors name the line', () => {
    expect(parseError('').message).toMatch(/empty/);
    expect(parseError('2\n1\n4\n2\n1\n').message).toBe('line 5: expected 2 pile sizes for test 2, got 1');
    expect(parseError('1\n2\n1 x\n').message).toMatch(/^line 3: pile 2 must be a non-negative integer, got 'x'/);
    expect(parseError('1 2\n1\n4').message).toMatch(/^line 1: expected one number T/);
    expect(parseError('2\n1\n4\n').message).toMatch(/expected the number of piles N of test 2 of 2 after line 3/);
    expect(parseError('1\n1\n4\n5\n').message).toMatch(/^line 4: unexpected text after the last of the 1 test/);
    expect(parseError('1\n0\n\n').message).toMatch(/^line 2: N must be at least 1/);
    expect(parseError('0\n').message).toMatch(/^line 1: T must be at least 1/);
    expect(parseError('1 1 4 7').message).toMatch(/^line 1: 1 number left after the last of the 1 test/);
    const big = parseError('1\n1\n100000\n');
    expect(big.message).toMatch(/^line 3: pile 1 = 100000 is above the maximum of 20000/);
    expect(big.kind).toBe('too-large');
  });

  it('--verify refuses tests too large for the oracle', () => {
    expect(() => stonePilesProblem.verify!([[30, 20]])).toThrow(/works up to 40 stones/);
  });
});
