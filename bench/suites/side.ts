/** Side problems: Circle Summation and Equations at judge size against naive baselines (BigInt matrices, simulation, trial division). */
import {
  circleSummation,
  circleSummationByMatrix,
  simulateCircleSummation,
} from '../../src/problems/math/circle-summation.ts';
import { equationsCount, equationsCountByTrialDivision } from '../../src/problems/math/equations.ts';
import { circleSummationProblem } from '../../src/problems/circle-summation.ts';
import { solveText } from '../../src/problems/types.ts';
import type { BenchSuite } from '../harness.ts';

const P = 1_000_000_007n;

/**
 * The blog's approach done naively: the round-then-turn matrix S (see the engine) raised to the
 * M-th power with BigInt entries and textbook O(N^3) products, applied to every start's values.
 */
export function circleSummationBigInt(values: readonly number[], rounds: number): Uint32Array[] {
  const n = values.length;
  type M = bigint[][];
  const mul = (a: M, b: M): M => {
    const c: M = [];
    for (let i = 0; i < n; i++) {
      const row: bigint[] = new Array(n);
      for (let j = 0; j < n; j++) {
        let s = 0n;
        for (let k = 0; k < n; k++) s += a[i][k] * b[k][j];
        row[j] = s % P;
      }
      c.push(row);
    }
    return c;
  };
  let power: M = Array.from({ length: n }, (_, j) =>
    Array.from({ length: n }, (_, k) =>
      j < n - 1 ? (k === j + 1 ? 1n : 0n) : k === n - 1 || k === 0 || k === 1 ? 1n : 0n,
    ),
  );
  let x: M = Array.from({ length: n }, (_, j) => Array.from({ length: n }, (_, s) => BigInt(values[(s + j) % n])));
  for (let m = rounds; m > 0; m = Math.floor(m / 2)) {
    if (m % 2 === 1) x = mul(power, x);
    if (m > 1) power = mul(power, power);
  }
  const shift = rounds % n;
  return values.map((_, s) => Uint32Array.from(values, (_v, c) => Number(x[(((c - s - shift) % n) + 2 * n) % n][s])));
}

/** Deterministic judge-style input: T tests, N children, M near 1e9, values up to 1e9. */
function judgeInput(tests: number, n: number): string {
  let seed = 2024;
  const next = (mod: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % mod;
  };
  const lines = [String(tests)];
  for (let t = 0; t < tests; t++) {
    lines.push(`${n} ${1_000_000_000 - next(1000)}`);
    lines.push(Array.from({ length: n }, () => 1 + next(1_000_000_000)).join(' '));
  }
  return lines.join('\n');
}

const rowsText = (out: Uint32Array[][]) => out.map((rows) => rows.map((r) => r.join(' ')).join('\n')).join('\n\n');

export const sideSuite: BenchSuite = {
  name: 'side',
  cases(quick) {
    const judgeTests = quick ? 3 : 15;
    const judge = judgeInput(judgeTests, 50);
    const parsed = circleSummationProblem.parse(judge);
    const one = parsed[0];
    const equationsBaselineN = quick ? 200_000 : 1_000_000;
    const simulatedRounds = quick ? 100_000 : 1_000_000;
    return [
      {
        title: `circle-summation judge input T = ${judgeTests}, N = 50, M ≈ 1e9 (parse + solve + format)`,
        baseline: {
          name: 'BigInt matrix power S^M',
          run: () =>
            rowsText(circleSummationProblem.parse(judge).map((t) => circleSummationBigInt(t.values, t.rounds))),
        },
        candidates: [
          {
            name: 'float64 split matrix power S^M',
            run: () =>
              rowsText(circleSummationProblem.parse(judge).map((t) => circleSummationByMatrix(t.values, t.rounds))),
          },
          { name: 'x^M mod charpoly (nimber solve)', run: () => solveText(circleSummationProblem, judge) },
        ],
        runs: quick ? 1 : 5,
        baselineRuns: 1,
        check: true,
      },
      {
        title: `circle-summation one test N = 50, M = ${simulatedRounds} (all 50 starts)`,
        baseline: {
          name: 'round-by-round simulation of each start',
          run: () => one.values.map((_, s) => Array.from(simulateCircleSummation(one.values, simulatedRounds, s))),
        },
        candidates: [
          {
            name: 'x^M mod charpoly',
            run: () => circleSummation(one.values, simulatedRounds).map((r) => Array.from(r)),
          },
        ],
        runs: quick ? 1 : 5,
        baselineRuns: quick ? 1 : 3,
        check: true,
      },
      {
        title: `equations N = ${equationsBaselineN}`,
        baseline: {
          name: 'trial division of every k <= N',
          run: () => equationsCountByTrialDivision(equationsBaselineN),
        },
        candidates: [{ name: 'odd-only sieve + Legendre', run: () => equationsCount(equationsBaselineN) }],
        runs: quick ? 1 : 5,
        baselineRuns: quick ? 1 : 3,
        check: true,
      },
      {
        title: 'equations N = 1e7 (documented maximum; judge maximum is 1e6)',
        candidates: [{ name: 'odd-only sieve + Legendre', run: () => equationsCount(10_000_000) }],
        runs: quick ? 1 : 5,
      },
    ];
  },
};
