/**
 * Products of coin-turning games: the Tartan theorem (a head at (r, c) is worth g_across(c) ⊗
 * g_down(r)) against the game played as a game on every head set of small grids, and Turning
 * Corners against the published nim-multiplication table (Conway, On Numbers and Games ch. 6;
 * Ferguson, Game Theory, part I §5.3: Turning Corners has g(x, y) = x ⊗ y, counted from 0).
 */
import { describe, expect, it } from 'vitest';
import { type CoinGrid, type TartanRuleset, tartanMoves } from '../../../../src/engine/families/tartan/index.ts';
import { parseRuleset } from '../../../../src/engine/spec.ts';
import { GameSolver } from '../../../../src/engine/solve/search/solver.ts';
import { viewOf } from '../../../../src/views/registry.ts';
import { bruteGrundy, subsets } from './brute.ts';

const grids = (spec: string) => parseRuleset(spec) as TartanRuleset;

function grid(rows: number, cols: number, cells: readonly number[]): CoinGrid {
  return { rows, cols, heads: cells.map((cell) => [Math.floor(cell / cols), cell % cols] as const) };
}

const PRODUCTS: readonly (readonly [string, number, number])[] = [
  ['tartan:twins*twins', 3, 4],
  ['tartan:ruler*ruler', 3, 4],
  ['tartan:mock-turtles*ruler', 3, 3],
  ['tartan:turning-turtles*twins', 3, 4],
  ['tartan:mock-turtles*mock-turtles', 3, 3],
  ['tartan:ruler*2/distance=1,2', 3, 4],
];

describe('the Tartan theorem against the game played as a game', () => {
  it.each(PRODUCTS)(
    '%s: every head set of a %i x %i grid',
    (spec, rows, cols) => {
      const ruleset = grids(spec);
      const brute = bruteGrundy<CoinGrid>(
        (g) => tartanMoves(ruleset.across, ruleset.down, g),
        (g) => ruleset.key(g),
      );
      const solver = new GameSolver(ruleset);
      for (const cells of subsets(rows * cols)) {
        const g = grid(rows, cols, cells);
        const expected = brute(g);
        expect(ruleset.value!(g), ruleset.notation.formatPosition(g)).toBe(expected);
        expect(solver.grundy(g), ruleset.notation.formatPosition(g)).toBe(expected);
      }
    },
    300_000,
  );
});

describe('Turning Corners and Rugs', () => {
  it('Turning Corners is Twins x Twins: a lone head at row y+1, column x+1 is worth x ⊗ y', () => {
    const corners = grids('turning-corners');
    expect(corners.spec).toBe('tartan:twins*twins');
    // the nim-multiplication table of the literature, rows and columns 0..7
    const table = [
      [0, 0, 0, 0, 0, 0, 0, 0],
      [0, 1, 2, 3, 4, 5, 6, 7],
      [0, 2, 3, 1, 8, 10, 11, 9],
      [0, 3, 1, 2, 12, 15, 13, 14],
      [0, 4, 8, 12, 6, 2, 14, 10],
      [0, 5, 10, 15, 2, 7, 8, 13],
      [0, 6, 11, 13, 14, 8, 5, 3],
      [0, 7, 9, 14, 10, 13, 3, 4],
    ];
    for (let y = 0; y < 8; y++)
      for (let x = 0; x < 8; x++) expect(corners.value!(grid(8, 8, [y * 8 + x])), `${x} ⊗ ${y}`).toBe(table[y][x]);
  });

  it('a Turning Corners move turns the four corners of a rectangle', () => {
    const corners = grids('turning-corners');
    const from = corners.notation.parsePosition('TTT/TTT/TTH');
    const moves = [...corners.moves(from)].map(corners.notation.formatPosition);
    expect(moves).toContain('HTH/TTT/HTT');
    expect(moves).toHaveLength(4);
    expect(corners.notation.describeMove(from, corners.notation.parsePosition('HTH/TTT/HTT'))).toBe(
      'turn the coins at rows 1 and 3 × columns 1 and 3',
    );
  });

  it('Rugs (Ruler x Ruler) turns whole rectangles of coins', () => {
    const rugs = grids('rugs');
    expect(rugs.spec).toBe('tartan:ruler*ruler');
    const moves = [...rugs.moves(rugs.notation.parsePosition('TT/TH'))].map(rugs.notation.formatPosition);
    expect(moves.sort()).toEqual(['HH/HT', 'TT/HT', 'TH/TT', 'TT/TT'].sort());
  });

  it('clicking the four corners plays them; clicking one corner asks for more', () => {
    const corners = grids('turning-corners');
    const g = corners.notation.parsePosition('TTT/TTT/TTH');
    const view = viewOf(corners).grid!;
    expect(view.pick(g, [[2, 2]])).toBe('more');
    expect(view.complete!(g, [[2, 2]])).toBeNull();
    const to = view.pick(g, [
      [0, 0],
      [0, 2],
      [2, 0],
      [2, 2],
    ]);
    expect(corners.notation.formatPosition(to as CoinGrid)).toBe('HTH/TTT/HTT');
  });

  it.each([
    ['tartan:ruler', /two coin-turning rules joined by '\*'/],
    ['tartan:ruler*pancake', /not a coin-turning rule/],
  ])('%s is refused in one line', (spec, message) => expect(() => parseRuleset(spec)).toThrow(message));

  it('grids with rows of unequal length or too many moves are refused in one line', () => {
    expect(() => grids('rugs').notation.parsePosition('HT/H')).toThrow(/row 2 has 1 coins, row 1 has 2/);
    expect(() => grids('tartan:any*any').notation.parsePosition(Array(20).fill('H'.repeat(20)).join('/'))).toThrow(
      /too many moves/,
    );
  });
});
