/**
 * Sprouts' land search, the long runs: every position reachable from 3 spots against the brute force,
 * and the starts of 6 to 12 spots against the published outcomes. Slow (vitest.config.ts SLOW).
 */
import { describe, expect, it } from 'vitest';
import { analyzeSprouts } from '../../../../src/engine/families/sprouts/analysis.ts';
import { formatSprouts, sprouts } from '../../../../src/engine/families/sprouts/index.ts';
import { SproutsSearch } from '../../../../src/engine/families/sprouts/search.ts';
import { SproutsBruteForce, reachable } from './oracle.ts';

describe('sprouts land search, exhaustive from 3 spots', () => {
  it('gives every one of the 30,706 positions reachable from 3 spots its nimber', () => {
    const positions = reachable(sprouts(3).start!);
    expect(positions.length).toBe(30706);
    const brute = new SproutsBruteForce();
    const search = new SproutsSearch({ rounds: 1 });
    for (const p of positions) expect(search.nimber(p), formatSprouts(p)).toBe(brute.grundy(p));
  }, 600_000);
});

describe('sprouts land search: starts against the published outcomes', () => {
  // Normal play: P exactly when n mod 6 is 0, 1 or 2 (Applegate, Jacobson and Sleator, "Computer
  // analysis of Sprouts", CMU-CS-91-144, 1991, up to 11 spots; Lemoine and Viennot, "Computer
  // analysis of Sprouts with nimbers", Games of No Chance 4, 2015, up to 44 spots).
  for (const n of [6, 7, 8, 9, 10, 11, 12]) {
    const p = [0, 1, 2].includes(n % 6);
    it(`${n} spots: ${p ? 'P' : 'N'}, and the winning move found leads to a P-position`, () => {
      const analysis = analyzeSprouts(sprouts(n).start!);
      expect(analysis.outcome).toBe(p ? 'P' : 'N');
      if (!p) {
        // checked by a fresh search, which shares no database with the one that chose the move
        expect(new SproutsSearch().isP(analysis.winningMove!.result)).toBe(true);
      }
    }, 900_000);
  }
});
