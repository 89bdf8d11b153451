/** The bit-table solvers against the oracle, the lexicographic-scan baseline, Beatty's formula and PE260. */
import { describe, expect, it } from 'vitest';
import { lexicographicScan } from '../../../../src/engine/families/equal-removal/baseline.ts';
import { equalRemovalPPositions, stoneGame } from '../../../../src/engine/families/equal-removal/solver.ts';
import { solvePairs } from '../../../../src/engine/families/equal-removal/pairs.ts';
import { solveTriples } from '../../../../src/engine/families/equal-removal/triples.ts';
import { wythoffPair, isqrt } from '../../../../src/engine/families/equal-removal/wythoff.ts';
import { InputError } from '../../../../src/engine/errors.ts';
import { forEachTuple, oracleFor } from '../../../../src/engine/solve/oracle/normal.ts';
import { equalRemoval } from '../../../../src/engine/families/equal-removal/index.ts';

function triples(n: number, solve = solveTriples): string[] {
  const out: string[] = [];
  solve(n, {
    onPosition: (x, y, z) => {
      out.push(`${x} ${y} ${z}`);
    },
  });
  return out;
}

function baselineTriples(n: number): string[] {
  const out: string[] = [];
  lexicographicScan(n, (x, y, z) => {
    out.push(`${x} ${y} ${z}`);
  });
  return out;
}

/** P-positions of k piles up to max as the oracle classifies them, sorted tuples in lexicographic order. */
function oracleP(k: number, max: number): number[][] {
  const oracle = oracleFor(equalRemoval(k));
  const out: number[][] = [];
  forEachTuple(k, max, 'sorted', (t) => {
    if (oracle.isP(t)) out.push(t);
  });
  return out;
}

describe('three piles (Stone Game)', () => {
  const reference = oracleP(3, 30);

  it('the oracle knows the examples of the problem statement', () => {
    const keys = new Set(reference.map((t) => t.join(' ')));
    for (const p of ['0 1 2', '1 3 3']) expect(keys.has(p), p).toBe(true);
    for (const n of ['0 0 13', '0 11 11', '5 5 5']) expect(keys.has(n), n).toBe(false);
  });

  it('agrees with the oracle for every N <= 30', () => {
    for (let n = 0; n <= 30; n++) {
      const expected = reference.filter((t) => t[2] <= n).map((t) => t.join(' '));
      expect(triples(n), `N = ${n}`).toEqual(expected);
    }
  });

  it.each([0, 1, 57, 128, 300])('agrees with the lexicographic-scan baseline at N = %i', (n) => {
    const fast = triples(n);
    expect(fast).toEqual(baselineTriples(n));
    const s = solveTriples(n);
    const b = lexicographicScan(n);
    expect([s.count, s.sum]).toEqual([b.count, b.sum]);
    expect(s.count).toBe(fast.length);
  });

  it('published PE260 sums: N = 100 -> 173895, N = 1000 -> 167542057', () => {
    expect(stoneGame(100).sum).toBe(173895n);
    expect(stoneGame(1000).sum).toBe(167542057n);
  });

  it('reports progress monotonically up to the total and can be stopped by the visitor', () => {
    const seen: [number, number][] = [];
    solveTriples(40, { onProgress: (d, t) => seen.push([d, t]) });
    expect(seen.length).toBe(41);
    for (let i = 1; i < seen.length; i++) expect(seen[i][0]).toBeGreaterThan(seen[i - 1][0]);
    expect(seen.at(-1)![0]).toBe(seen.at(-1)![1]);
    let visits = 0;
    const r = solveTriples(100, { onPosition: () => ++visits < 10 });
    expect([visits, r.count, r.complete]).toEqual([10, 10, false]);
  });
});

describe('two piles (Wythoff)', () => {
  it('agrees with the oracle for every N <= 60', () => {
    const reference = oracleP(2, 60);
    for (let n = 0; n <= 60; n++) {
      const got: string[] = [];
      solvePairs(n, {
        onPosition: (x, y) => {
          got.push(`${x} ${y}`);
        },
      });
      expect(got, `N = ${n}`).toEqual(reference.filter((t) => t[1] <= n).map((t) => t.join(' ')));
    }
  });

  it('P-positions are exactly (floor(k phi), floor(k phi^2)) for all values <= 100000', () => {
    const n = 100_000;
    const expected: number[] = [];
    for (let k = 0; ; k++) {
      const [a, b] = wythoffPair(k);
      if (b > n) break;
      expected.push(a, b);
    }
    const got: number[] = [];
    const r = solvePairs(n, {
      onPosition: (x, y) => {
        got.push(x, y);
      },
    });
    expect(got.length).toBe(expected.length);
    expect(got).toEqual(expected);
    expect(r.count).toBe(expected.length / 2);
  });

  it('Beatty pairs are computed exactly (integer square root)', () => {
    expect(wythoffPair(0)).toEqual([0, 0]);
    expect(wythoffPair(1)).toEqual([1, 2]);
    expect(wythoffPair(2)).toEqual([3, 5]);
    expect(wythoffPair(3)).toEqual([4, 7]);
    for (const v of [0n, 1n, 2n, 3n, 4n, 99n, 100n, 101n, 10n ** 20n - 1n, 10n ** 20n]) {
      const r = isqrt(v);
      expect(r * r <= v && (r + 1n) * (r + 1n) > v, String(v)).toBe(true);
    }
    // far beyond double precision: floor(k phi) for k = 10^15 is known from phi's digits
    expect(wythoffPair(1e15)[0]).toBe(1618033988749894);
  });
});

describe('solver entry point', () => {
  it('one pile: only the empty pile is a P-position', () => {
    const seen: string[] = [];
    const r = equalRemovalPPositions(1, 1000, {
      onPosition: (t) => {
        seen.push(t.join(' '));
      },
    });
    expect([r.count, r.sum, seen]).toEqual([1n, 0n, ['0']]);
  });

  it('rejects bad bounds and pile counts with InputError', () => {
    expect(() => equalRemovalPPositions(3, 20_001)).toThrow(/maximum of 20000/);
    expect(() => equalRemovalPPositions(3, -1)).toThrow(InputError);
    expect(() => equalRemovalPPositions(3, 1.5)).toThrow(InputError);
    expect(() => equalRemovalPPositions(4, 10)).toThrow(InputError);
  });
});
