/** The misère search of whole positions (order, rounds, bounded table) against the misère oracle, which knows none of them. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cram } from '../../../../src/engine/families/cram/index.ts';
import { MisereOracle } from '../../../../src/engine/solve/oracle/misere.ts';
import { MisereSolver } from '../../../../src/engine/solve/search/misere.ts';
import { SearchStopped } from '../../../../src/engine/solve/search/solver.ts';
import type { GameRules } from '../../../../src/engine/types.ts';

/** A bar of chocolate broken along its grid lines, each piece a component (the game of docs/algorithms.md). */
type Bars = readonly (readonly [number, number])[];
const bars: GameRules<Bars> = {
  *moves(position) {
    for (let i = 0; i < position.length; i++) {
      const [w, h] = position[i];
      const rest = position.filter((_, j) => j !== i);
      for (let a = 1; a < w; a++) yield [...rest, [a, h], [w - a, h]];
      for (let a = 1; a < h; a++) yield [...rest, [w, a], [w, h - a]];
    }
  },
  components: (position) => position.map((bar) => [bar]),
  key: (position) =>
    position
      .map(([w, h]) => (w <= h ? `${w}x${h}` : `${h}x${w}`))
      .sort()
      .join(','),
  size: (position) => position.reduce((n, [w, h]) => n + w * h, 0),
};

const SETTINGS = [{}, { rounds: 1 }, { rounds: 1, tableEntries: 8 }, { rounds: 16, tableEntries: 64 }];

describe('MisereSolver against the misère oracle', () => {
  it('agrees on Cram boards of up to 12 cells under every setting (rounds from one position, tiny tables)', () => {
    const rules = cram();
    const oracle = new MisereOracle(rules);
    for (const setting of SETTINGS) {
      const solver = new MisereSolver(rules, setting);
      for (let r = 1; r <= 3; r++)
        for (let c = r; r * c <= 12; c++) {
          const board = rules.rectangle!(r, c);
          expect(solver.isP(board), `${r} x ${c} ${JSON.stringify(setting)}`).toBe(oracle.isP(board));
        }
    }
  });

  it('agrees on random sums of chocolate bars, winning moves included', () => {
    const oracle = new MisereOracle(bars);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 2 }), fc.integer({ min: 1, max: 4 })), {
          minLength: 1,
          maxLength: 3,
        }),
        // no rounds here: a stopped search keeps nothing of the positions it had open, so on sums
        // reached along many paths rounds multiply the work (one of these sums took 4.5 million
        // positions in rounds from 16, 250 without); the Cram boards above test rounds. Every sum
        // of up to three bars of up to 2 x 4 takes at most 821 positions with a table of 64.
        fc.constantFrom({}, { tableEntries: 64 }),
        (position, setting) => {
          const solver = new MisereSolver(bars, setting);
          expect(solver.isP(position)).toBe(oracle.isP(position));
          expect(solver.winningMoves(position)).toEqual(oracle.winningMoves(position).map((m) => m.to));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a position with no move is N (the opponent moved last), and stops at its time limit in words', () => {
    expect(new MisereSolver(bars).isP([[1, 1]])).toBe(false);
    const slow = new MisereSolver(cram(), { timeLimitMs: 0 });
    expect(() => slow.isP(cram().rectangle!(5, 6))).toThrow(SearchStopped);
  });
});
