/**
 * Sprouts: the larger starts against the published outcomes, normal play and misère play, each spot
 * count a search of a few seconds to half a minute (the unit-sized starts, 1..5 spots, are in
 * solver.test.ts; the longer ones are in docs/benchmarks.md with the command that reproduces them).
 */
import { describe, expect, it } from 'vitest';
import { sprouts } from '../../../../src/engine/families/sprouts/index.ts';
import { GameSolver } from '../../../../src/engine/solve/search/solver.ts';
import { conventionSearch } from '../../../../src/service/games.ts';

describe('sprouts starts of 6 to 9 spots against the published outcomes', () => {
  // Normal play: P exactly when n mod 6 is 0, 1 or 2 (Applegate, Jacobson and Sleator, "Computer
  // analysis of Sprouts", CMU-CS-91-144, 1991, up to 11 spots; Lemoine and Viennot up to 44).
  for (const n of [6, 7, 8, 9]) {
    it(`normal play, ${n} spots: ${[0, 1, 2].includes(n % 6) ? 'P' : 'N'}`, () => {
      expect(new GameSolver(sprouts(n)).isP(sprouts(n).start!)).toBe([0, 1, 2].includes(n % 6));
    }, 900_000);
  }

  // Misère play: OEIS A164950 (1 = the first player wins): 1, 0, 0, 0, 1, 1, 0, 0, 0, ... , so 6
  // spots is a first-player win and 7 spots a loss.
  for (const [n, win] of [
    [6, 1],
    [7, 0],
  ] as const) {
    it(`misère play, ${n} spots: ${win ? 'N' : 'P'}`, () => {
      expect(conventionSearch(sprouts(n), 'misere').isP(sprouts(n).start!)).toBe(win === 0);
    }, 900_000);
  }
});
