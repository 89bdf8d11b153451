/** Moves and analyses in words: each wording for number heaps and for bigint heaps of any size, written once. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FarAnalysis } from '../../../src/engine/solve/normal/analyze-far.ts';
import { describeMove } from '../../../src/engine/wording/move.ts';
import { describeAnalysis, describeFarAnalysis } from '../../../src/engine/wording/normal.ts';

describe('describeMove', () => {
  it('words a heap that shrank, piles moved together, a split, a take-and-split and anything else', () => {
    expect(describeMove([13, 12, 8], [4, 12, 8])).toBe('take 9 from heap 1 (13 -> 4): 4 12 8');
    expect(describeMove([5, 7, 9], [3, 5, 9])).toBe('take 2 from each of piles 1, 2: 3 5 9');
    expect(describeMove([2, 8, 1], [2, 3, 5, 1])).toBe('split heap 2 (8) into 3 + 5: 2 3 5 1');
    expect(describeMove([8], [3, 4])).toBe('take 1 from heap 1 (8) and split the rest into 3 + 4: 3 4');
    expect(describeMove([5, 7, 9], [3, 6, 9])).toBe('move to 3 6 9');
    expect(describeMove([10n ** 20n, 5n], [10n ** 20n - 7n, 5n])).toBe(
      'take 7 from heap 1 (100000000000000000000 -> 99999999999999999993): 99999999999999999993 5',
    );
  });

  it('property: bigint heaps are worded as the same number heaps are', () => {
    const move = fc
      .array(fc.nat({ max: 100 }), { minLength: 1, maxLength: 4 })
      .chain((from) =>
        fc.tuple(
          fc.constant(from),
          fc.nat({ max: from.length - 1 }),
          fc.array(fc.nat({ max: 60 }), { minLength: 0, maxLength: 3 }),
        ),
      );
    fc.assert(
      fc.property(move, ([from, i, parts]) => {
        const to = [...from.slice(0, i), ...(parts.length === 0 ? [0] : parts), ...from.slice(i + 1)];
        expect(describeMove(from.map(BigInt), to.map(BigInt))).toBe(describeMove(from, to));
      }),
    );
  });
});

describe('describeAnalysis', () => {
  const far: FarAnalysis = {
    ruleset: 'takebreak:0.07',
    heaps: [10n ** 18n, 5n],
    grundy: [1, 0],
    nimSum: 1,
    outcome: 'N',
    winningMoves: [{ to: [10n ** 18n - 2n, 5n] }, { to: [3n, 10n ** 18n - 5n, 5n] }],
    truncated: true,
  };

  it('words a far analysis, its moves and its truncation, the same through describeFarAnalysis', () => {
    const text = [
      'N-position: nim-sum 1, the player to move wins',
      'winning moves (the first 2 found; there are more):',
      '  take 2 from heap 1 (1000000000000000000 -> 999999999999999998): 999999999999999998 5',
      '  take 2 from heap 1 (1000000000000000000) and split the rest into 3 + 999999999999999995: 3 999999999999999995 5',
    ].join('\n');
    expect(describeFarAnalysis(far)).toBe(text);
    expect(describeAnalysis(far)).toBe(text);
    expect(describeAnalysis({ ...far, truncated: false }).split('\n')[1]).toBe('winning moves (2):');
  });

  it('words a P-position with and without a nim-sum', () => {
    const p = { ruleset: 'nim', heaps: [3, 3], grundy: [3, 3], nimSum: 0, outcome: 'P' as const, winningMoves: [] };
    expect(describeAnalysis(p)).toBe('P-position: nim-sum 0, the player to move loses');
    expect(describeAnalysis({ ...p, grundy: null, nimSum: null })).toBe('P-position: the player to move loses');
  });
});
