/** The WebAssembly Stone Game kernel against the TypeScript reference, the oracle and PE260. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equalRemovalPPositions, stoneGame } from '../../../../src/engine/families/equal-removal/solver.ts';
import {
  solveTriples,
  type SolveSummary,
  type TripleSolveOptions,
} from '../../../../src/engine/families/equal-removal/triples.ts';
import { forEachTuple, oracleFor } from '../../../../src/engine/solve/oracle/normal.ts';
import { equalRemoval } from '../../../../src/engine/families/equal-removal/index.ts';
import { solveTriplesWasm, wasmTriplesAvailable } from '../../../../src/engine/families/equal-removal/triples-wasm.ts';

type Solver = (n: number, options?: TripleSolveOptions) => SolveSummary;

/** Every P-position (flattened x, y, z) and the summary of one solve with a visitor. */
function listed(solve: Solver, n: number): { positions: number[]; summary: SolveSummary } {
  const positions: number[] = [];
  const summary = solve(n, {
    onPosition: (x, y, z) => {
      positions.push(x, y, z);
    },
  });
  return { positions, summary };
}

function expectSame(n: number): void {
  const ts = listed(solveTriples, n);
  const wasm = listed(solveTriplesWasm, n);
  expect(wasm.positions, `positions at N = ${n}`).toEqual(ts.positions);
  expect(wasm.summary, `summary at N = ${n}`).toEqual(ts.summary);
  // without a visitor the kernel counts and sums on its own
  expect(solveTriplesWasm(n), `count-only at N = ${n}`).toEqual(ts.summary);
}

describe('WebAssembly three-pile kernel', () => {
  it('is available in Node and is the engine default', () => {
    expect(wasmTriplesAvailable()).toBe(true);
    expect(equalRemovalPPositions(3, 200)).toEqual({
      count: BigInt(solveTriples(200).count),
      sum: solveTriples(200).sum,
      complete: true,
    });
  });

  it('agrees with the TypeScript kernel for every N <= 60', () => {
    for (let n = 0; n <= 60; n++) expectSame(n);
  });

  it('agrees with the TypeScript kernel for random N up to 600', () => {
    fc.assert(
      fc.property(fc.integer({ min: 61, max: 600 }), (n) => {
        expectSame(n);
      }),
      { numRuns: 25 },
    );
  });

  it('agrees at the 64-bit word edges of the narrow (N) and wide (2N) tables', () => {
    for (const n of [63, 64, 65, 95, 96, 97, 127, 128, 129, 191, 192, 193, 255, 256, 257, 511, 512, 513]) expectSame(n);
  });

  it('agrees with the brute-force oracle for N <= 24', () => {
    const oracle = oracleFor(equalRemoval(3));
    const reference: string[] = [];
    forEachTuple(3, 24, 'sorted', (t) => {
      if (oracle.isP(t)) reference.push(t.join(' '));
    });
    for (let n = 0; n <= 24; n += 3) {
      const got: string[] = [];
      solveTriplesWasm(n, {
        onPosition: (x, y, z) => {
          got.push(`${x} ${y} ${z}`);
        },
      });
      expect(got, `N = ${n}`).toEqual(reference.filter((s) => Number(s.split(' ')[2]) <= n));
    }
  });

  it('published PE260: N = 1000 -> 167542057 over 121060 P-positions', () => {
    expect(solveTriplesWasm(1000)).toEqual({ count: 121060, sum: 167542057n, complete: true });
    expect(stoneGame(1000)).toEqual({ count: 121060n, sum: 167542057n });
    expect(stoneGame(100).sum).toBe(173895n);
  });

  it('stops when the visitor returns false, with the count and sum of the positions seen', () => {
    const all = listed(solveTriples, 300).positions;
    // 1, inside the first buffer of positions, and past its end (4096 per call)
    for (const stopAt of [1, 2, 777, 4096, 4097, 9000]) {
      let visits = 0;
      let sum = 0;
      const r = solveTriplesWasm(300, {
        onPosition: (x, y, z) => {
          sum += x + y + z;
          return ++visits < stopAt;
        },
      });
      expect(visits).toBe(stopAt);
      expect(r).toEqual({ count: stopAt, sum: BigInt(sum), complete: false });
      let expected = 0;
      for (let i = 0; i < 3 * stopAt; i++) expected += all[i];
      expect(sum).toBe(expected);
    }
  });

  it('reports progress monotonically, ending at the total number of pairs', () => {
    for (const n of [0, 1, 40, 700]) {
      const seen: [number, number][] = [];
      solveTriplesWasm(n, { onProgress: (done, total) => seen.push([done, total]) });
      const total = ((n + 1) * (n + 2)) / 2;
      expect(seen.length).toBeGreaterThan(0);
      for (const [, t] of seen) expect(t).toBe(total);
      for (let i = 1; i < seen.length; i++) expect(seen[i][0]).toBeGreaterThan(seen[i - 1][0]);
      expect(seen.at(-1)![0]).toBe(total);
    }
    // a large bound reports more than once (chunks)
    const calls: number[] = [];
    solveTriplesWasm(1500, { onProgress: (done) => calls.push(done) });
    expect(calls.length).toBeGreaterThan(3);
  });

  it('rejects a bound that is not a non-negative integer', () => {
    expect(() => solveTriplesWasm(-1)).toThrow(RangeError);
    expect(() => solveTriplesWasm(2.5)).toThrow(RangeError);
  });
});
