/**
 * The user's path when the land search strays: past its question budget, the general solver answers
 * the same analysis. Forced here with a budget of no questions, against the brute force and the
 * published outcomes (normal play: P exactly when n mod 6 is 0, 1 or 2; Applegate, Jacobson and
 * Sleator, CMU-CS-91-144, 1991; Lemoine and Viennot, Games of No Chance 4, 2015).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LAND_QUESTIONS, analyzeSprouts } from '../../../../src/engine/families/sprouts/analysis.ts';
import { formatSprouts, sprouts } from '../../../../src/engine/families/sprouts/index.ts';
import { SearchStopped } from '../../../../src/engine/solve/search/budgeted.ts';
import { SproutsBruteForce, randomlyPlayed } from './oracle.ts';

const general = { landQuestions: 0 } as const;

describe('sprouts analysis by the general solver, where the land search runs out of questions', () => {
  it('answers random positions of 3 to 5 spots as the brute force: outcome, a winning move, the nimber and every winning move', () => {
    const brute = new SproutsBruteForce();
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 5 }), fc.array(fc.nat(), { maxLength: 12 }), (n, choices) => {
        const p = randomlyPlayed(n, choices);
        const text = formatSprouts(p);
        const g = brute.grundy(p);
        const quick = analyzeSprouts(p, general);
        expect(quick.outcome, text).toBe(g === 0 ? 'P' : 'N');
        expect(quick.nimber, text).toBe(g === 0 ? 0 : null);
        expect(quick.winningMoves).toBeNull();
        if (g === 0) expect(quick.winningMove, text).toBeNull();
        else expect(brute.grundy(quick.winningMove!.result), text).toBe(0);
        const full = analyzeSprouts(p, { ...general, nimber: true, allMoves: true });
        expect(full.nimber, text).toBe(g);
        // the same moves as the land search lists (one per result), each to a P-position
        const byLands = analyzeSprouts(p, { allMoves: true }).winningMoves!.map((m) => formatSprouts(m.result));
        expect(full.winningMoves!.map((m) => formatSprouts(m.result)).sort(), text).toEqual(byLands.sort());
        for (const m of full.winningMoves!) expect(brute.grundy(m.result), text).toBe(0);
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('gives the published outcomes of 1 to 7 spots', () => {
    for (let n = 1; n <= 7; n++)
      expect(analyzeSprouts(sprouts(n).start!, general).outcome, `${n} spots`).toBe(
        [0, 1, 2].includes(n % 6) ? 'P' : 'N',
      );
  }, 120_000);

  it('leaves the starts up to 9 spots to the land search (their questions stay under the budget)', () => {
    for (let n = 1; n <= 9; n++) expect(analyzeSprouts(sprouts(n).start!).positions).toBeLessThan(LAND_QUESTIONS);
  }, 120_000);

  it('stops at the one time limit with the typed error', () => {
    expect(() => analyzeSprouts(sprouts(9).start!, { ...general, timeLimitMs: 0 })).toThrow(SearchStopped);
  });
});
