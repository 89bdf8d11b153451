/** Play's click model: marks to positions and back, against the engine's legal moves on random rulesets. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/engine/solve/normal/play.ts';
import { parseTupleSpec } from '../../src/engine/spec.ts';
import {
  marksFor,
  matchMove,
  partsOf,
  samePosition,
  targetOf,
  toggleCut,
  toggleToken,
  type Marks,
} from '../../web/src/board.ts';
import { anyCode } from '../engine/families/takebreak/arbitraries.ts';

const none: Marks = new Map();

describe('the board click model', () => {
  it('taking from the middle of a Kayles row splits it; a cut splits without taking', () => {
    expect(partsOf(5, { taken: [2], cuts: [] })).toEqual([2, 2]);
    expect(partsOf(7, { taken: [], cuts: [1] })).toEqual([1, 6]);
    expect(partsOf(3, { taken: [0, 1, 2], cuts: [] })).toEqual([]);
    expect(targetOf('heap', [5, 3], toggleToken(none, 0, 2))).toEqual([2, 2, 3]);
    expect(targetOf('heap', [7], toggleCut(none, 0, 3))).toEqual([3, 4]);
    expect(
      targetOf(
        'pile',
        [4, 8],
        new Map([
          [0, { taken: [3], cuts: [] }],
          [1, { taken: [7], cuts: [] }],
        ]),
      ),
    ).toEqual([3, 7]);
  });

  it("matches the engine's option whatever the order of the parts", () => {
    const ruleset = parseTupleSpec('grundys-game');
    const { moves } = legalMoves(ruleset, [7]);
    expect(matchMove('heap', [7], toggleCut(none, 0, 6), moves)?.sort()).toEqual([1, 6]);
    expect(matchMove('heap', [7], toggleCut(none, 0, 1), moves)).not.toBeNull();
    expect(matchMove('heap', [7], toggleToken(none, 0, 6), moves)).toBeNull(); // Grundy's game never takes
  });

  it('property: every legal move of a random take-and-break game, a split game, Lasker or Wythoff can be clicked, and clicking it gives it back', () => {
    const spec = fc.oneof(
      anyCode.map((c) => `takebreak:${c}`),
      fc.constantFrom(
        'grundys-game',
        'split:distinct',
        'lasker',
        'nim',
        'subtract:1,3,4',
        'wythoff',
        'equal-removal:3',
      ),
    );
    fc.assert(
      fc.property(spec, fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 3 }), (text, heaps) => {
        const ruleset = parseTupleSpec(text);
        const unit = ruleset.kind === 'heap' ? 'heap' : 'pile';
        const position =
          ruleset.kind === 'coupled' && ruleset.piles !== undefined
            ? [...heaps, 1, 2, 3].slice(0, ruleset.piles)
            : heaps;
        const { moves } = legalMoves(ruleset, position);
        for (const to of moves) {
          const marks = marksFor(unit, position, to);
          expect(marks, `${text} ${position} -> ${to}`).not.toBeNull();
          const matched = matchMove(unit, position, marks!, moves);
          expect(matched && samePosition(unit, matched, to)).toBe(true);
        }
      }),
      { numRuns: 80 },
    );
  });
});
