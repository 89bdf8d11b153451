/**
 * Sprouts: the search (lands nim-summed, canonical keys, pruning) and the misère search against the
 * brute force on every position reachable from 1, 2 and 3 spots and on random positions of games of
 * up to 5 spots; the start positions against the published outcomes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSprouts, sprouts } from '../../../../src/engine/families/sprouts/index.ts';
import { GameSolver } from '../../../../src/engine/solve/search/solver.ts';
import { conventionSearch } from '../../../../src/service/games.ts';
import { SproutsBruteForce, randomlyPlayed, reachable } from './oracle.ts';

const rules = sprouts();

describe('sprouts search against the brute force', () => {
  for (const n of [1, 2, 3]) {
    it(`agrees on every position reachable from ${n} spot${n > 1 ? 's' : ''}, under both conventions`, () => {
      const positions = reachable(sprouts(n).start!);
      const brute = new SproutsBruteForce();
      const solver = new GameSolver(rules);
      const misere = conventionSearch(rules, 'misere');
      for (const p of positions) {
        const text = formatSprouts(p);
        expect(solver.grundy(p), text).toBe(brute.grundy(p));
        expect(misere.isP(p), `misère ${text}`).toBe(brute.misereP(p));
      }
      // the counts pin the move generator down: a lost or extra move changes them
      expect(positions.length).toBe([3, 121, 30706][n - 1]);
    });
  }

  it('agrees on random positions of games of 4 and 5 spots', () => {
    const brute = new SproutsBruteForce();
    const solver = new GameSolver(rules);
    const misere = conventionSearch(rules, 'misere');
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 5 }), fc.array(fc.nat(), { maxLength: 20 }), (n, choices) => {
        const p = randomlyPlayed(n, choices);
        const text = formatSprouts(p);
        expect(solver.grundy(p), text).toBe(brute.grundy(p));
        expect(misere.isP(p), `misère ${text}`).toBe(brute.misereP(p));
      }),
      { numRuns: 60 },
    );
  });
});

describe('sprouts search in rounds (options searched under growing budgets) against the brute force', () => {
  // a first budget of one position stops and resumes nearly every search: what a stopped search
  // leaves in the table must be sound for the rounds after it
  it('agrees on every position reachable from 2 spots and on random positions of 4 and 5 spots', () => {
    const brute = new SproutsBruteForce();
    const solver = new GameSolver(rules, { rounds: 1 });
    for (const p of reachable(sprouts(2).start!)) expect(solver.grundy(p), formatSprouts(p)).toBe(brute.grundy(p));
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 5 }), fc.array(fc.nat(), { maxLength: 20 }), (n, choices) => {
        const p = randomlyPlayed(n, choices);
        const fresh = new GameSolver(rules, { rounds: 1 });
        expect(fresh.grundy(p), formatSprouts(p)).toBe(brute.grundy(p));
        expect(solver.isP(p), formatSprouts(p)).toBe(brute.grundy(p) === 0);
      }),
      { numRuns: 40 },
    );
  });
});

describe('sprouts start positions against the published outcomes', () => {
  // Normal play: P exactly when n mod 6 is 0, 1 or 2 for n = 1..11 (Applegate, Jacobson and Sleator,
  // "Computer analysis of Sprouts", CMU-CS-91-144, 1991; Lemoine and Viennot, "Computer analysis of
  // Sprouts with nimbers", Games of No Chance 4, 2015). These go to 5 spots, published.test.ts to 7;
  // the benchmark (bench/suites/sprouts.ts) checks every spot count it reaches against the same rule.
  it('normal play 1..5 spots: P exactly when n mod 6 is 0, 1 or 2', () => {
    for (let n = 1; n <= 5; n++) {
      const solver = new GameSolver(rules);
      expect(solver.isP(sprouts(n).start!), `${n} spots`).toBe([0, 1, 2].includes(n % 6));
    }
  });

  // Misère play: OEIS A164950 (1 = the first player wins), from Lemoine and Viennot's table, which
  // agrees with Applegate, Jacobson and Sleator's up to 9 spots: 1, 0, 0, 0, 1, 1, 0, 0, 0, ...
  it('misère play 1..5 spots follows OEIS A164950', () => {
    const published = [1, 0, 0, 0, 1];
    published.forEach((win, i) => {
      const search = conventionSearch(sprouts(i + 1), 'misere');
      expect(search.isP(sprouts(i + 1).start!), `${i + 1} spots`).toBe(win === 0);
    });
  });
});
