/** Equations: judge samples, the sieve against brute-force divisor counts of (N!)^2, parse errors. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/engine/errors.ts';
import {
  EQUATIONS_MODULUS,
  divisorCountOfFactorialSquare,
  equationsCount,
  equationsCountByTrialDivision,
} from '../../../src/problems/math/equations.ts';
import { equationsProblem as problem } from '../../../src/problems/equations.ts';
import { findProblem, solveText } from '../../../src/problems/index.ts';

const factorial = (n: number) => {
  let f = 1n;
  for (let k = 2n; k <= BigInt(n); k++) f *= k;
  return f;
};

describe('equations: judge samples', () => {
  it.each([
    ['1', '1'],
    ['32327', '656502'],
    ['40921\n', '686720'],
  ])('N = %j prints %s', (input, output) => {
    expect(solveText(problem, input)).toBe(output);
  });

  it('is in the catalog with the sample and a json shape', () => {
    expect(findProblem('equations')).toBe(problem);
    expect(solveText(problem, problem.sample.input)).toBe(problem.sample.output);
    expect(problem.json(problem.solve(32327))).toEqual({ count: 656502, modulus: 1000007 });
  });

  it('verify (trial division of every k <= N) agrees on the samples', () => {
    for (const n of [1, 32327, 40921]) expect(problem.verify!(n)).toBe(problem.solve(n));
  });
});

describe('equations: against brute force', () => {
  it('N <= 6: counts the pairs (x, y) of 1/x + 1/y = 1/N! straight from the equation', () => {
    for (let n = 0; n <= 6; n++) {
      const m = factorial(n);
      // x > M always (1/x < 1/M), and x <= M + M^2 (y > M); y = Mx / (x - M) must be an integer.
      let pairs = 0;
      for (let x = m + 1n; x <= m + m * m; x++) if ((m * x) % (x - m) === 0n) pairs++;
      expect(equationsCount(n), `N = ${n}`).toBe(pairs % EQUATIONS_MODULUS);
    }
  });

  it('N <= 20: equals the divisor count of (N!)^2 built as a BigInt and factorised by trial division', () => {
    for (let n = 0; n <= 20; n++) {
      const divisors = divisorCountOfFactorialSquare(n);
      expect(equationsCount(n), `N = ${n}`).toBe(Number(divisors % BigInt(EQUATIONS_MODULUS)));
      // A modulus above the exact count checks the product itself, not only its residue.
      if (divisors < 2n ** 26n) expect(equationsCount(n, 2 ** 26)).toBe(Number(divisors));
    }
    expect(divisorCountOfFactorialSquare(10)).toBe(2295n); // (10!)^2 = 2^16 3^8 5^4 7^2: 17 * 9 * 5 * 3
  });

  it('N up to 300: the sieve equals the BigInt factorisation modulo 2^26', () => {
    for (const n of [21, 50, 97, 128, 199, 300]) {
      expect(equationsCount(n, 2 ** 26)).toBe(Number(divisorCountOfFactorialSquare(n) % 2n ** 26n));
    }
  });

  it('random N up to 1e5: the sieve equals trial division of every k <= N', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (n) => {
        expect(equationsCount(n)).toBe(equationsCountByTrialDivision(n));
      }),
      { numRuns: 20 },
    );
  });

  it('N = 1e7, the documented maximum, gives a residue', () => {
    const r = equationsCount(10_000_000);
    expect(Number.isInteger(r) && r >= 0 && r < EQUATIONS_MODULUS).toBe(true);
  });
});

describe('equations: bad input', () => {
  it.each([
    ['', /^equations expects one number N, got nothing$/],
    ['1 2', /^equations expects one number N, got '1 2'$/],
    ['-3', /^N must be a non-negative integer, got '-3'$/],
    ['2.5', /^N must be a non-negative integer, got '2.5'$/],
    ['ten', /^N must be a non-negative integer, got 'ten'$/],
  ])('%j', (text, message) => {
    expect(() => problem.parse(text)).toThrow(InputError);
    expect(() => problem.parse(text)).toThrow(message);
  });

  it('N above 1e7 and --verify above 1e6 are too-large errors', () => {
    expect(() => problem.parse('10000001')).toThrow(/N = 10000001 is above the maximum of 10000000/);
    try {
      problem.verify!(2_000_000);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      expect((e as InputError).kind).toBe('too-large');
    }
  });
});
