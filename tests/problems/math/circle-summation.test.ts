/** Circle Summation: judge samples, kernels against a round-by-round simulation and BigInt matrices, parse errors. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/engine/errors.ts';
import {
  CIRCLE_MODULUS,
  circleSummation,
  circleSummationByMatrix,
  identityMatrix,
  mulMod,
  multiplyMod,
  simulateCircleSummation,
  type ModMatrix,
} from '../../../src/problems/math/circle-summation.ts';
import { circleSummationProblem as problem } from '../../../src/problems/circle-summation.ts';
import { findProblem, solveText } from '../../../src/problems/index.ts';

const P = BigInt(CIRCLE_MODULUS);

/** The statement read literally, in BigInt: M rounds from child `start`, each adding both neighbours. */
function playRounds(values: readonly number[], rounds: number, start: number): number[] {
  const a = values.map(BigInt);
  const n = a.length;
  for (let r = 0, child = start; r < rounds; r++, child = (child + 1) % n) {
    a[child] = (a[child] + a[(child + n - 1) % n] + a[(child + 1) % n]) % P;
  }
  return a.map((v) => Number(v % P));
}

const rows = (out: Uint32Array[]) => out.map((r) => Array.from(r));

describe('circle summation: judge samples', () => {
  it('prints the PROBLEMS.md sample exactly, blank line between tests', () => {
    const input = '2\n5 1\n10 20 30 40 50\n3 4\n1 2 1\n';
    const expected =
      '80 20 30 40 50\n10 60 30 40 50\n10 20 90 40 50\n10 20 30 120 50\n10 20 30 40 100\n\n23 7 12\n11 21 6\n7 13 24';
    expect(solveText(problem, input)).toBe(expected);
    expect(problem.sample.output).toBe(expected);
    expect(findProblem('circle-summation')).toBe(problem);
  });

  it('json: one rows array per test, plain numbers (every residue is below 2^30)', () => {
    const out = problem.json(problem.solve(problem.parse('1\n3 4\n1 2 1')));
    expect(out).toEqual({
      modulus: 1_000_000_007,
      tests: [
        {
          rows: [
            [23, 7, 12],
            [11, 21, 6],
            [7, 13, 24],
          ],
        },
      ],
    });
  });

  it('verify (the simulation) agrees with the fast path on the sample and refuses huge M', () => {
    const input = problem.parse(problem.sample.input);
    expect(problem.verify!(input).map(rows)).toEqual(problem.solve(input).map(rows));
    expect(() => problem.verify!(problem.parse('1\n50 1000000000\n' + '1 '.repeat(50)))).toThrow(/--verify.*at most/);
  });
});

describe('circle summation: kernels', () => {
  const circle = fc.integer({ min: 3, max: 12 }).chain((n) =>
    fc.record({
      values: fc.array(fc.integer({ min: 1, max: 1_000_000_000 }), { minLength: n, maxLength: n }),
      rounds: fc.integer({ min: 0, max: 200 }),
    }),
  );

  it('the polynomial kernel equals the direct simulation for every start (M <= 200)', () => {
    fc.assert(
      fc.property(circle, ({ values, rounds }) => {
        const fast = rows(circleSummation(values, rounds));
        for (let s = 0; s < values.length; s++) expect(fast[s]).toEqual(playRounds(values, rounds, s));
      }),
      { numRuns: 150 },
    );
  });

  it('the matrix kernel equals the direct simulation for every start (M <= 200)', () => {
    fc.assert(
      fc.property(circle, ({ values, rounds }) => {
        const fast = rows(circleSummationByMatrix(values, rounds));
        for (let s = 0; s < values.length; s++) expect(fast[s]).toEqual(playRounds(values, rounds, s));
      }),
      { numRuns: 100 },
    );
  });

  it("the engine's own simulation (used by --verify) equals the literal statement", () => {
    fc.assert(
      fc.property(circle, fc.nat(), ({ values, rounds }, s) => {
        const start = s % values.length;
        expect(Array.from(simulateCircleSummation(values, rounds, start))).toEqual(playRounds(values, rounds, start));
      }),
      { numRuns: 100 },
    );
  });

  it('one power serves every start: start s is start 1 on the circle read from child s, turned back', () => {
    // The reasoning behind both kernels, checked with the simulation alone.
    fc.assert(
      fc.property(circle, fc.nat(), ({ values, rounds }, s) => {
        const n = values.length;
        const start = s % n;
        const turned = values.map((_, j) => values[(start + j) % n]);
        const fromFirst = playRounds(turned, rounds, 0);
        const back = values.map((_, c) => fromFirst[(c - start + n) % n]);
        expect(back).toEqual(playRounds(values, rounds, start));
      }),
      { numRuns: 100 },
    );
  });

  it('polynomial and matrix kernels agree for huge M (up to 1e15) and N up to 60', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 60 }).chain((n) =>
          fc.record({
            values: fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: n, maxLength: n }),
            rounds: fc.integer({ min: 0, max: 1e15 }),
          }),
        ),
        ({ values, rounds }) => {
          expect(rows(circleSummation(values, rounds))).toEqual(rows(circleSummationByMatrix(values, rounds)));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('huge M against a BigInt matrix power of the literal per-round maps', () => {
    // Independent of both kernels: compose the N per-round matrices of one full turn in BigInt.
    const bigPower = (values: number[], rounds: number, start: number): number[] => {
      const n = values.length;
      const mul = (a: bigint[][], b: bigint[][]) =>
        a.map((row) => b[0].map((_, j) => row.reduce((acc, x, k) => (acc + x * b[k][j]) % P, 0n)));
      const ident = (): bigint[][] =>
        Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1n : 0n)));
      const roundAt = (c: number) => {
        const m = ident();
        m[c][(c + 1) % n] = 1n;
        m[c][(c + n - 1) % n] = 1n;
        return m;
      };
      // One full turn from `start`, then the remaining rounds one by one.
      let turn = ident();
      for (let r = 0; r < n; r++) turn = mul(roundAt((start + r) % n), turn);
      let total = ident();
      for (let q = Math.floor(rounds / n), base = turn; q > 0; q = Math.floor(q / 2), base = mul(base, base))
        if (q % 2) total = mul(base, total);
      for (let r = 0; r < rounds % n; r++) total = mul(roundAt((start + r) % n), total);
      return total.map((row) => Number(row.reduce((acc, x, k) => (acc + x * BigInt(values[k])) % P, 0n)));
    };
    for (const [values, rounds] of [
      [[1, 2, 1], 1e9],
      [[999_999_999, 1_000_000_000, 7, 123_456_789, 5], 987_654_321_987],
      [[3, 1, 4, 1, 5, 9, 2], 2 ** 40 + 17],
    ] as [number[], number][]) {
      const fast = rows(circleSummation(values, rounds));
      for (let s = 0; s < values.length; s++) expect(fast[s]).toEqual(bigPower(values, rounds, s));
    }
  });

  it('mulMod and multiplyMod are exact, including more than 128 terms near the modulus', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: CIRCLE_MODULUS - 1 }),
        fc.integer({ min: 0, max: CIRCLE_MODULUS - 1 }),
        (a, b) => {
          expect(mulMod(a, b)).toBe(Number((BigInt(a) * BigInt(b)) % P));
        },
      ),
    );
    // 300 terms per entry: the accumulators must be reduced (every 128 terms) to stay below 2^53.
    const n = 300;
    let seed = 12345;
    const nearModulus = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return CIRCLE_MODULUS - 1 - (seed % 1000);
    };
    const a: ModMatrix = { size: n, entries: Float64Array.from({ length: n * n }, nearModulus) };
    const b: ModMatrix = { size: n, entries: Float64Array.from({ length: n * n }, nearModulus) };
    const c = multiplyMod(a, b);
    for (const i of [0, 137, n - 1]) {
      for (let j = 0; j < n; j++) {
        let exact = 0n;
        for (let k = 0; k < n; k++) exact += BigInt(a.entries[i * n + k]) * BigInt(b.entries[k * n + j]);
        expect(c.entries[i * n + j]).toBe(Number(exact % P));
      }
    }
    expect(Array.from(multiplyMod(identityMatrix(n), b).entries)).toEqual(Array.from(b.entries));
  });
});

describe('circle summation: bad input names the line', () => {
  const cases: [string, string, RegExp][] = [
    ['empty input', '', /^line 1: expected the number of tests T, but the input ended \(it is empty\)$/],
    ['T not a number', 'two\n', /^line 1: T must be a non-negative integer, got 'two'$/],
    ['T with two numbers', '1 2\n3 1\n1 2 3', /^line 1: expected one number T/],
    ['T = 0', '0', /^line 1: T must be at least 1$/],
    ['too few numbers', '2\n5 1\n10 20 30 40 50\n5 4\n1 2 1 4', /^line 5: expected 5 numbers, got 4$/],
    ['too many numbers', '1\n3 1\n1 2 3 4', /^line 3: expected 3 numbers, got 4$/],
    ['missing test', '2\n3 1\n1 2 3\n', /^line 4: expected "N M" for test 2 of 2, but the input ended after line 3$/],
    [
      'missing numbers line',
      '1\n3 1\n',
      /^line 3: expected the 3 numbers of test 1, but the input ended after line 2$/,
    ],
    ['N M with one number', '1\n3\n1 2 3', /^line 2: expected two numbers "N M" for test 1, got 1 number$/],
    ['N below 3', '1\n2 5\n1 2', /^line 2: N must be at least 3 children, got 2$/],
    ['negative M', '1\n3 -1\n1 2 3', /^line 2: M must be a non-negative integer, got '-1'$/],
    ['fractional value', '1\n3 1\n1 2.5 3', /^line 3: a_2 must be a non-negative integer, got '2.5'$/],
    ['value above 1e9', '1\n3 1\n1 2 1000000001', /^line 3: a_3 = 1000000001 is above the maximum of 1000000000$/],
    ['text after the last test', '1\n3 1\n1 2 3\n\n4 5\n', /^line 5: unexpected text after the last of the 1 test$/],
  ];
  it.each(cases)('%s', (_name, text, message) => {
    expect(() => problem.parse(text)).toThrow(InputError);
    expect(() => problem.parse(text)).toThrow(message);
  });

  it('sizes beyond the documented maxima are too-large errors', () => {
    const kind = (text: string) => {
      try {
        problem.parse(text);
      } catch (e) {
        return e instanceof InputError ? e.kind : 'other';
      }
      return 'none';
    };
    expect(kind('101\n')).toBe('too-large');
    expect(kind('1\n101 1\n' + '1 '.repeat(101))).toBe('too-large');
    expect(kind('1\n3 2000000000000000\n1 2 3')).toBe('too-large');
    expect(kind('1\n100 1000000000000000\n' + '1000000000 '.repeat(100))).toBe('none');
  });

  it('tolerates blank lines between tests and Windows line ends', () => {
    expect(problem.parse('2\r\n\r\n5 1\r\n10 20 30 40 50\r\n\r\n3 4\r\n1 2 1\r\n')).toEqual([
      { values: [10, 20, 30, 40, 50], rounds: 1 },
      { values: [1, 2, 1], rounds: 4 },
    ]);
  });
});
