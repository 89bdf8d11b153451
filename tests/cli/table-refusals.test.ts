/** `nimber table` refusals name the real problem: the game's own kind, a size given to a game on rectangles, board options given to a sized game. */
import { describe, expect, it } from 'vitest';
import { nimber } from '../helpers/cli.ts';

describe('nimber table refusals', () => {
  it('each is one line naming the real problem, exit 2', async () => {
    const cases: [string[], RegExp][] = [
      // the rule was given: the problem is that coins are played on a row, not on rectangles
      [
        ['table', 'coins:mock-turtles'],
        /^nimber: table needs a game played on rectangles.*'coins:mock-turtles' is a coin-turning game on a row of coins/,
      ],
      // `table cram` works: the problem is --spots
      [
        ['table', 'cram', '--spots', '1..3'],
        /^nimber: 'cram' is played on rectangles: give --rows and --cols .*not --spots/,
      ],
      // --rows was ignored before
      [
        ['table', 'sprouts', '--spots', '1..3', '--rows', '1..2'],
        /^nimber: 'sprouts' is sized by spots, not played on rectangles: --rows is for tables of boards/,
      ],
      [
        ['table', 'sprouts', '--spots', '1..2', '--cols', '1..2', '--store', 'x'],
        /--cols, --store are for tables of boards/,
      ],
      [['table', 'sprouts'], /^nimber: 'sprouts' is sized by spots: give --spots/],
      [['table', 'poset:subsets:3'], /'poset:subsets:3' is a poset game/],
    ];
    const runs = await Promise.all(cases.map(([args]) => nimber(args)));
    cases.forEach(([args, message], i) => {
      const r = runs[i];
      expect([args.join(' '), r.code, r.stdout]).toEqual([args.join(' '), 2, '']);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    });
  });

  it('a game that names a start is tabled over its boards (cram:2x2 is Cram), as before', async () => {
    const r = await nimber(['table', 'cram:2x2', '--rows', '1..2', '--cols', '1..2', '--json']);
    expect(r.code).toBe(0);
    const cells = (JSON.parse(r.stdout) as { cells: { rows: number; cols: number; grundy: number }[] }).cells;
    // Cram on 1 x 1 has no move (0); 1 x 2 and 2 x 1 one move to the end (1); 2 x 2 is P by symmetry
    // (the second player answers each domino with its point reflection)
    expect(cells.map((c) => [c.rows, c.cols, c.grundy])).toEqual([
      [1, 1, 0],
      [1, 2, 1],
      [2, 1, 1],
      [2, 2, 0],
    ]);
  });
});
