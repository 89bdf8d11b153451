/**
 * Sprouts under misère play: the misère search with small lands replaced by their misère canonical
 * forms (src/engine/solve/search/misere.ts) against the brute force of oracle.ts, which keys every
 * position as written and knows no lands, on every position reachable from 1, 2 and 3 spots and on
 * random positions of 4 and 5 spots, with lands counted small from a few lives up to all of them;
 * the starts against the published outcomes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSprouts, sprouts } from '../../../../src/engine/families/sprouts/index.ts';
import { MisereSolver } from '../../../../src/engine/solve/search/misere.ts';
import { conventionSearch } from '../../../../src/service/games.ts';
import { SproutsBruteForce, randomlyPlayed, reachable } from './oracle.ts';

const rules = sprouts();

describe('sprouts misère search with canonical small lands against the brute force', () => {
  // 0: only lands without a move are small; 4 and 6: a position's lands split both ways; 10: the
  // default; every land of these positions is small at 10 from 3 spots on, so 3 and 6 test the sums
  for (const smallSize of [0, 3, 6, 10]) {
    it(`agrees on every position reachable from 1, 2 and 3 spots, lands of up to ${smallSize} lives canonical`, () => {
      const brute = new SproutsBruteForce();
      const solver = new MisereSolver(rules, { smallSize });
      for (const n of [1, 2, 3])
        for (const p of reachable(sprouts(n).start!)) expect(solver.isP(p), formatSprouts(p)).toBe(brute.misereP(p));
    });
  }

  it('agrees on random positions of games of 4 and 5 spots, winning moves included', () => {
    const brute = new SproutsBruteForce();
    const solvers = [4, 7, 10].map((smallSize) => new MisereSolver(rules, { smallSize }));
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 5 }), fc.array(fc.nat(), { maxLength: 20 }), (n, choices) => {
        const p = randomlyPlayed(n, choices);
        for (const solver of solvers) {
          expect(solver.isP(p), formatSprouts(p)).toBe(brute.misereP(p));
          const winning = solver.winningMoves(p);
          for (const to of winning) expect(brute.misereP(to), formatSprouts(to)).toBe(true);
          // an N-position without a move (the opponent moved last) has no winning move to show
          const moves = [...rules.moves(p)].length;
          expect(winning.length > 0, formatSprouts(p)).toBe(moves > 0 && !brute.misereP(p));
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('sprouts misère search: large lands numbered in the keys of its table, against the brute force', () => {
  // lands of more than 3 (4) lives are large here, so most sums have one or more large lands, whose
  // numbers key the table; a numbering of 1 or 3 lands starts again every land or few (a land met
  // again gets a new number). A numbering that gave two lands one number, or a key that told two sums
  // apart only by their texts, would give some position a wrong outcome.
  const settings = [{ landNumbers: 1 }, { landNumbers: 3 }, {}];

  it('agrees on every position reachable from 1, 2 and 3 spots with every numbering', () => {
    const brute = new SproutsBruteForce();
    for (const setting of settings) {
      const solver = new MisereSolver(rules, { smallSize: 3, ...setting });
      for (const n of [1, 2, 3])
        for (const p of reachable(sprouts(n).start!))
          expect(solver.isP(p), `${formatSprouts(p)} ${JSON.stringify(setting)}`).toBe(brute.misereP(p));
    }
  });

  it('agrees on random positions of games of 4 and 5 spots, one search asked them all', () => {
    const brute = new SproutsBruteForce();
    const solvers = settings.map((setting) => new MisereSolver(rules, { smallSize: 4, ...setting }));
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 5 }), fc.array(fc.nat(), { maxLength: 20 }), (n, choices) => {
        const p = randomlyPlayed(n, choices);
        for (const solver of solvers) expect(solver.isP(p), formatSprouts(p)).toBe(brute.misereP(p));
      }),
      { numRuns: 40 },
    );
  });
});

describe('sprouts misère starts against the published outcomes', () => {
  // OEIS A164950 (1 = the first player wins): 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, ... (Lemoine and
  // Viennot, "Analysis of misère Sprouts game with reduced canonical trees", 2009, and "Computer
  // analysis of Sprouts with nimbers", Games of No Chance 4, 2015, to 20 spots); 9 to 12 spots are
  // in docs/benchmarks.md with the command that reproduces them
  const WINS = [1, 0, 0, 0, 1, 1, 0, 0];
  for (const [i, win] of WINS.entries()) {
    const n = i + 1;
    it(`${n} spot${n > 1 ? 's' : ''}: ${win ? 'N' : 'P'}`, () => {
      expect(conventionSearch(sprouts(n), 'misere').isP(sprouts(n).start!)).toBe(win === 0);
    }, 300_000);
  }
});
