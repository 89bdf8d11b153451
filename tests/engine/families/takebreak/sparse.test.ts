/**
 * Take-and-break and split kernels against each other, the oracle and published values:
 * sparse-space kernel == dense kernel == generic mex kernel == brute-force oracle.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grundySequence } from '../../../../src/engine/solve/normal/grundy.ts';
import { mexSequence } from '../../../../src/engine/kernels/mex.ts';
import {
  splitIsValid,
  takeBreakDenseSequence,
  takeBreakRun,
} from '../../../../src/engine/families/takebreak/sparse.ts';
import { splitDistinctSequence } from '../../../../src/engine/families/split/knapsack.ts';
import { oracleFor } from '../../../../src/engine/solve/oracle/normal.ts';
import { splitDistinct } from '../../../../src/engine/families/split/index.ts';
import { parseRuleset } from '../../../../src/engine/spec.ts';
import type { TakeBreakRuleset } from '../../../../src/engine/families/takebreak/index.ts';
import { wasmTakeBreakRun } from '../../../../src/engine/families/takebreak/wasm.ts';
import { anyCode } from './arbitraries.ts';

const code = (text: string) =>
  parseRuleset(text.includes(':') || !text.includes('.') ? text : `takebreak:${text}`) as TakeBreakRuleset;

// PROBLEMS.md reference sequence (OEIS A002188)
const GRUNDYS_GAME_0_39 = '0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0 4 3 0 4 3 0 4 1 2 3 1 2 4 1 2 4 1 2 4';

const text = (g: Uint32Array, n: number) => Array.from(g.subarray(0, n + 1)).join(' ');

describe('published values', () => {
  it("Grundy's game (4!.0) matches PROBLEMS.md, by every kernel", () => {
    const grundy = code('grundys-game');
    expect(text(grundySequence(grundy, 39), 39)).toBe(GRUNDYS_GAME_0_39);
    expect(text(mexSequence(grundy, 39), 39)).toBe(GRUNDYS_GAME_0_39);
    expect(text(takeBreakRun(grundy, 39, { densePrefix: 4, split: { mask: 254, twist: false } }).values, 39)).toBe(
      GRUNDYS_GAME_0_39,
    );
  });

  it("Grundy's game: the sparse space is found from the data and agrees with the dense kernel to 12000", () => {
    const grundy = code('grundys-game');
    const run = takeBreakRun(grundy, 12_000, { densePrefix: 512 });
    expect(run.sparseHeaps).toBeGreaterThan(0);
    expect(run.split).not.toBeNull();
    expect(Array.from(run.values)).toEqual(Array.from(takeBreakDenseSequence(grundy, 12_000)));
  });

  it('Kayles through the dispatch (dense, then sparse from the first checkpoint) equals the generic mex kernel to 2100', () => {
    const kayles = code('kayles');
    expect(Array.from(grundySequence(kayles, 2100))).toEqual(Array.from(mexSequence(kayles, 2100)));
  });
});

describe('random codes: sparse-space kernel == dense == generic mex == oracle', () => {
  const N = 60;

  it('property: the data-chosen split and the dense kernel equal the generic mex kernel', () => {
    fc.assert(
      fc.property(anyCode, fc.integer({ min: 2, max: 24 }), (c, densePrefix) => {
        const r = code(c);
        const reference = Array.from(mexSequence(r, N));
        expect(Array.from(takeBreakRun(r, N, { densePrefix }).values)).toEqual(reference);
        expect(Array.from(takeBreakDenseSequence(r, N))).toEqual(reference);
        expect(Array.from(grundySequence(r, N))).toEqual(reference);
      }),
      { numRuns: 150 },
    );
  });

  for (const [kernel, runOf] of [
    ['TypeScript', takeBreakRun],
    ['WebAssembly', wasmTakeBreakRun],
  ] as const) {
    it(`property (${kernel} kernel): any valid split (mask, twist) gives the same values, run sparse from an early heap`, () => {
      fc.assert(
        fc.property(
          anyCode,
          fc.integer({ min: 1, max: 63 }),
          fc.boolean(),
          fc.integer({ min: 2, max: 12 }),
          (c, mask, twist, densePrefix) => {
            const r = code(c);
            const split = { mask, twist };
            fc.pre(splitIsValid(r, split));
            const run = runOf(r, N, { densePrefix, split });
            expect(run.sparseHeaps).toBe(N + 1 - densePrefix);
            expect(Array.from(run.values)).toEqual(Array.from(mexSequence(r, N)));
          },
        ),
        { numRuns: 150 },
      );
    });
  }

  it('property: on small positions of up to three heaps, the nim-sum is 0 exactly at the P-positions of the oracle', () => {
    fc.assert(
      fc.property(anyCode, fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 3 }), (c, heaps) => {
        const r = code(c);
        const g = takeBreakRun(r, 9, {
          densePrefix: 2,
          split: splitIsValid(r, { mask: 3, twist: false }) ? { mask: 3, twist: false } : undefined,
        }).values;
        const nimSum = heaps.reduce((x, h) => x ^ g[h], 0);
        expect(nimSum === 0).toBe(oracleFor(r).isP(heaps));
      }),
      { numRuns: 150 },
    );
  });
});

describe('split:distinct knapsack kernel', () => {
  it('property: small positions agree with the oracle', () => {
    const g = splitDistinctSequence(12);
    const oracle = oracleFor(splitDistinct);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 3 }), (heaps) => {
        expect(heaps.reduce((x, h) => x ^ g[h], 0) === 0).toBe(oracle.isP(heaps));
      }),
      { numRuns: 100 },
    );
  });

  it('a prefix of a longer run equals the shorter run (the kernel does not depend on N)', () => {
    const long = splitDistinctSequence(3000);
    expect(Array.from(long.subarray(0, 501))).toEqual(Array.from(splitDistinctSequence(500)));
  });
});
