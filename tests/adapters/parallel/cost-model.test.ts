/** The parallel kernel's cost model: block plans, predicted times and the default thread count. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_BLOCK,
  MIN_BLOCK,
  SUB_BLOCK,
  blockAt,
  blockPlan,
  chooseThreads,
  countBelow,
  minBlock,
  predictMs,
} from '../../../src/adapters/parallel/cost-model.ts';

const squaresUpTo = (n: number) => Int32Array.from({ length: Math.floor(Math.sqrt(n)) }, (_, i) => (i + 1) * (i + 1));
const ascending = fc
  .uniqueArray(fc.integer({ min: 1, max: 100_000 }), { maxLength: 300 })
  .map((s) => Int32Array.from(s.sort((a, b) => a - b)));

describe('countBelow', () => {
  it('counts the members below x (property, against a filter)', () => {
    fc.assert(
      fc.property(
        ascending,
        fc.integer({ min: 0, max: 110_000 }),
        (moves, x) => countBelow(moves, x) === moves.filter((s) => s < x).length,
      ),
    );
  });
});

describe('blockPlan', () => {
  it('covers [from, to) in ascending blocks: multiples of the sub-block but the last, sizes never shrinking', () => {
    fc.assert(
      fc.property(
        ascending,
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 1, max: 300_000 }),
        fc.integer({ min: 1, max: 64 }),
        (moves, from, span, threads) => {
          const plan = blockPlan(moves, from, from + span, threads);
          expect(plan[0]).toBe(from);
          expect(plan.at(-1)).toBe(from + span);
          for (let c = 0; c + 1 < plan.length; c++) {
            const len = plan[c + 1] - plan[c];
            expect(len).toBeGreaterThan(0);
            expect(len).toBeLessThanOrEqual(MAX_BLOCK);
            if (c + 2 < plan.length) {
              expect(len % SUB_BLOCK).toBe(0);
              if (c > 0) expect(len).toBeGreaterThanOrEqual(plan[c] - plan[c - 1]);
            }
          }
        },
      ),
    );
  });

  it('a fixed block size is kept (rounded up to the sub-block)', () => {
    expect(Array.from(blockPlan(squaresUpTo(1000), 0, 1000, 4, 300))).toEqual([0, 384, 768, 1000]);
  });

  it('blocks shrink as threads grow and grow with N (subtract-a-square)', () => {
    const moves = squaresUpTo(10_000_000);
    expect(blockAt(moves, 10_000_000, 2)).toBe(MAX_BLOCK);
    expect(blockAt(moves, 10_000_000, 16)).toBeLessThan(blockAt(moves, 10_000_000, 4));
    expect(blockAt(moves, 100_000, 16)).toBe(MIN_BLOCK);
  });

  it('few threads never take blocks below minBlock (handovers cost more than the model says on a 2-core VM)', () => {
    expect([1, 2, 4, 8, 16].map(minBlock)).toEqual([4096, 2048, 1024, 512, 512]);
    const moves = squaresUpTo(1_000_000);
    const plan = blockPlan(moves, 65_536, 1_000_001, 2);
    for (let i = 0; i + 2 < plan.length; i++) expect(plan[i + 1] - plan[i]).toBeGreaterThanOrEqual(2048);
    expect(blockAt(moves, 65_536, 2)).toBe(2048);
  });
});

describe('predictMs and chooseThreads', () => {
  it('one thread: the marks of the single-thread kernel, sum over heaps of the moves they can make', () => {
    const moves = Int32Array.from([1, 3, 10]);
    // Heaps 0..99: move 1 from heap 1 on (99 heaps), 3 (97), 10 (90).
    expect(predictMs(moves, 0, 100, 1, 8)).toBeCloseTo(((99 + 97 + 90) * 0.36) / 1e6, 9);
  });

  it('never more threads than the limit or the cores; 1 when there is too little work', () => {
    fc.assert(
      fc.property(
        ascending,
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 1, max: 64 }),
        (moves, to, cores, limit) => {
          const t = chooseThreads(moves, 0, to, cores, limit);
          expect(t).toBeGreaterThanOrEqual(1);
          expect(t).toBeLessThanOrEqual(Math.min(cores, limit));
        },
      ),
      { numRuns: 50 },
    );
    expect(chooseThreads(squaresUpTo(10_000), 0, 10_001, 16)).toBe(1);
  });

  it('the chosen count is predicted no slower than any smaller count (within the 5% tie rule)', () => {
    for (const n of [1_000_000, 10_000_000]) {
      const moves = squaresUpTo(n);
      for (const cores of [2, 4, 8, 16, 32]) {
        const t = chooseThreads(moves, 65_536, n + 1, cores);
        const chosen = predictMs(moves, 65_536, n + 1, t, cores);
        for (let fewer = 1; fewer < t; fewer++)
          expect(chosen, `${n}, ${cores} cores: ${t} vs ${fewer}`).toBeLessThan(
            predictMs(moves, 65_536, n + 1, fewer, cores),
          );
      }
    }
  });

  it('subtract-a-square to 1e7: the model expects at least 10x on 16 cores, and uses them all', () => {
    const moves = squaresUpTo(10_000_000);
    const one = predictMs(moves, 65_536, 10_000_001, 1, 16);
    expect(one / predictMs(moves, 65_536, 10_000_001, 16, 16)).toBeGreaterThanOrEqual(10);
    expect(chooseThreads(moves, 65_536, 10_000_001, 16)).toBe(16);
    expect(chooseThreads(moves, 65_536, 10_000_001, 2)).toBe(2);
  });
});
