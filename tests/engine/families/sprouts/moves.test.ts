/**
 * Sprouts move results: from a normal position the moves take the untouched regions as they are
 * (moves.ts, afterMove); the results must be what normalizing every region gives, which the moves
 * still do from a position that is not normal.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSprouts, sprouts, sproutsMoves } from '../../../../src/engine/families/sprouts/index.ts';
import { normalize } from '../../../../src/engine/families/sprouts/moves.ts';
import type { SproutsPosition } from '../../../../src/engine/families/sprouts/position.ts';
import { randomlyPlayed } from './oracle.ts';

describe('sprouts move results', () => {
  it('are normal, and the same as from the position with a dead region added (normalized in full)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.boolean(),
        (n, choices, all) => {
          const p = randomlyPlayed(n, choices);
          // a region with one spot of one life allows no move: normalize drops it
          const q: SproutsPosition = { regions: [...p.regions, [[p.lives.length]]], lives: [...p.lives, 1] };
          const fast = [...sproutsMoves(p, all)];
          const full = [...sproutsMoves(q, all)];
          expect(full.length, formatSprouts(p)).toBe(fast.length);
          fast.forEach((move, i) => {
            expect(normalize(move.result.regions, move.result.lives)).toEqual(move.result);
            expect(formatSprouts(full[i].result), formatSprouts(p)).toBe(formatSprouts(move.result));
            expect(full[i].enclosed).toEqual(move.enclosed);
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('drop a spot that dies from every region it was met in', () => {
    // A has one life and is met in both regions: a curve from A kills it in both
    const start = sprouts(2).start!;
    for (const first of sproutsMoves(start)) {
      for (const move of sproutsMoves(first.result)) {
        const { regions, lives } = move.result;
        for (const region of regions) for (const b of region) for (const s of b) expect(lives[s]).toBeGreaterThan(0);
      }
    }
  });
});
