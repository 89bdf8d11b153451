/**
 * A table over sizes (table sprouts --spots) gives each start one time limit for both conventions:
 * misère play gets what normal play left, and when nothing is left it is not started at all (a search
 * looks at its clock only every few positions, so a start with no time would overrun the limit).
 */
import { describe, expect, it } from 'vitest';
import { parseGameSpec } from '../../src/engine/spec.ts';
import { sizeTable } from '../../src/service/games.ts';

describe('sizeTable', () => {
  it('a start whose normal play spends the whole limit leaves misère play unstarted', () => {
    const sprouts = parseGameSpec('sprouts');
    // the rules' moves, counted: normal play's land search generates its own, misère play's search these
    let moves = 0;
    const counted: typeof sprouts = {
      ...sprouts,
      moves: (position) => {
        moves++;
        return sprouts.moves(position);
      },
    };
    // 12 spots: no outcome within 50 ms under either convention
    const [row] = sizeTable(counted, { from: 12, to: 12 }, 50);
    expect(row).toMatchObject({ size: 12, normal: null, misere: null });
    expect(moves).toBe(0);
    // with time left, misère play does search these moves
    sizeTable(counted, { from: 4, to: 4 }, 60_000);
    expect(moves).toBeGreaterThan(0);
  });

  it('small starts are answered under both conventions (normal P, P, N; misère N, P, P for 1..3 spots)', () => {
    const rows = sizeTable(parseGameSpec('sprouts'), { from: 1, to: 3 }, 60_000);
    expect(rows.map((r) => [r.normal, r.misere])).toEqual([
      ['P', 'N'],
      ['P', 'P'],
      ['N', 'P'],
    ]);
  });
});
