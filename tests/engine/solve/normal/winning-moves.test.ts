/** Sprague–Grundy's winning moves written once: the same moves for number and bigint heaps, positions listed once, the limit and unlisted options marked truncated. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nimAdd, nimSumOf, winningMovesOfSum } from '../../../../src/engine/solve/normal/winning-moves.ts';

/** Nim: heap n has one option of each value below it, the heap of that size. */
const nimOptions = (heap: number, target: number) => ({
  options: target < heap ? [target === 0 ? [] : [target]] : [],
  complete: true,
});
const nimBigOptions = (heap: bigint, target: bigint) => ({
  options: target < heap ? [target === 0n ? [] : [target]] : [],
  complete: true,
});

describe('winningMovesOfSum', () => {
  it('property: Nim by number and by bigint gives the same moves, each to nim-sum 0 (Bouton)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 6 }), (heaps) => {
        const moves = winningMovesOfSum(heaps, heaps, nimSumOf(heaps, 0), nimOptions).winningMoves;
        const big = heaps.map(BigInt);
        const bigMoves = winningMovesOfSum(big, big, nimSumOf(big, 0n), nimBigOptions).winningMoves;
        expect(bigMoves.map((m) => m.to.map(Number))).toEqual(moves.map((m) => m.to));
        for (const m of moves) expect(nimSumOf(m.to, 0)).toBe(0);
        expect(moves.length > 0).toBe(nimSumOf(heaps, 0) !== 0);
      }),
    );
  });

  it('nim-adds numbers as unsigned 32-bit values and bigints exactly', () => {
    expect(nimAdd(2 ** 31, 1)).toBe(2 ** 31 + 1);
    expect(nimAdd(2n ** 70n, 3n)).toBe(2n ** 70n + 3n);
  });

  it('lists a position reached twice once, puts a 0 where nothing remains, and keeps the heaps around in place', () => {
    const twice = () => ({ options: [[1, 1], [1, 1], []], complete: true });
    expect(winningMovesOfSum([4, 5], [3, 2], 1, twice).winningMoves).toEqual([
      { to: [1, 1, 5] },
      { to: [0, 5] },
      { to: [4, 1, 1] },
      { to: [4, 0] },
    ]);
  });

  it('marks the answer truncated at the limit, for an incomplete list and for a heap it cannot list', () => {
    const many = () => ({ options: [[1], [2], [3]], complete: true });
    expect(winningMovesOfSum([9], [1], 1, many, 2)).toEqual({
      winningMoves: [{ to: [1] }, { to: [2] }],
      truncated: true,
    });
    expect(winningMovesOfSum([9], [1], 1, many, 3).truncated).toBe(false);
    expect(winningMovesOfSum([9], [1], 1, () => ({ options: [[1]], complete: false })).truncated).toBe(true);
    expect(winningMovesOfSum<number, number>([9, 3], [1, 0], 1, (h) => (h === 9 ? null : many()))).toEqual({
      winningMoves: [{ to: [9, 1] }, { to: [9, 2] }, { to: [9, 3] }],
      truncated: true,
    });
    expect(winningMovesOfSum([9], [0], 0, many)).toEqual({ winningMoves: [], truncated: false });
  });
});
