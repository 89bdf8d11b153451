/**
 * The grid core on Cram: against the brute-force oracle and the general solver on small boards (any
 * cells filled), against Beling's published table, and the central symmetry theorem against the oracle.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Board, cram, formatBoard } from '../../../../src/engine/families/cram/index.ts';
import { centralSymmetry, cramGridRules } from '../../../../src/engine/families/cram/grid.ts';
import { GridSolver } from '../../../../src/engine/solve/grid/search.ts';
import { canonicalShape } from '../../../../src/engine/solve/grid/shape.ts';
import { shapesOf } from '../../../../src/engine/solve/grid/split.ts';
import { Oracle } from '../../../../src/engine/solve/oracle/normal.ts';
import { GameSolver } from '../../../../src/engine/solve/search/solver.ts';
import { withNimHeap } from '../search/oracle-agreement.ts';
import { randomBoards as boards } from '../../../helpers/boards.ts';

const rules = cram();

/** The board's value by the oracle alone: g(X) = k where X + *k is a P-position (no Sprague–Grundy theory). */
function oracleValue(oracle: Oracle<[Board, number]>, board: Board): number {
  for (let k = 0; ; k++) if (oracle.isP([board, k])) return k;
}

describe('the grid core on Cram', () => {
  it('agrees with the brute-force oracle on random boards of up to 20 cells, a tiny table forcing replacements', () => {
    fc.assert(
      fc.property(
        boards.filter((b) => b.rows.length * b.width <= 20),
        (board) => {
          // a fresh oracle each time: its budget counts every position it has ever stored
          const expected = oracleValue(new Oracle(withNimHeap(rules)), board);
          expect(new GridSolver(cramGridRules).grundy(board.rows), formatBoard(board)).toBe(expected);
          expect(new GridSolver(cramGridRules, { tableBits: 4 }).grundy(board.rows), formatBoard(board)).toBe(expected);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('agrees with the general solver on random boards of up to 30 cells, one shared table', () => {
    const core = new GridSolver(cramGridRules, { tableBits: 16 });
    const general = new GameSolver(rules);
    fc.assert(
      fc.property(boards, (board) => {
        expect(core.grundy(board.rows), formatBoard(board)).toBe(general.grundy(board));
        for (const k of [0, 1, 2]) expect(core.hasValue(board.rows, k)).toBe(general.hasValue(board, k));
      }),
      { numRuns: 300 },
    );
  });

  it("reproduces Beling's published table (beling/impartial-games README, Cram) on boards of up to 30 cells", () => {
    // rows x cols -> nimber; the even x even ones (all 0) come from the theorem, the others from search
    const published: [number, number, number][] = [
      [4, 4, 0],
      [4, 5, 2],
      [4, 6, 0],
      [4, 7, 3],
      [4, 8, 0],
      [5, 5, 0],
      [5, 6, 2],
      [6, 6, 0],
      [4, 10, 0],
      [6, 8, 0],
    ];
    for (const [r, c, g] of published) {
      const core = new GridSolver(cramGridRules, { tableBits: 18 });
      expect(core.grundy(cram(r, c).start!.rows), `${r} x ${c}`).toBe(g);
    }
  });

  it('keys fold the 8 symmetries: every symmetry of a random shape has the key of the shape', () => {
    fc.assert(
      fc.property(boards, (board) => {
        const shapes = shapesOf(board.rows, 1);
        // components by flood fill on bits, as many as the family's own (both drop single cells)
        expect(shapesOf(board.rows, 2).length).toBe(rules.components!(board).length);
        for (const s of shapes) {
          const variants = symmetries(s.rows, s.h, s.w);
          const keys = new Set(variants.map(([rows, h, w]) => keyText(canonicalShape(rows, h, w, s.cells))));
          expect(keys.size, formatBoard({ width: s.w, rows: s.rows })).toBe(1);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('central symmetry: a verdict of 0 is a P-position and of 1 an N-position, by the oracle (random symmetric boards)', () => {
    const symmetric = boards.filter((b) => b.rows.length * b.width <= 20).map((b) => halfTurnClosure(b));
    let decided = 0;
    fc.assert(
      fc.property(symmetric, (board) => {
        const h = board.rows.length;
        const verdict = centralSymmetry(board.rows, h, board.width);
        if (verdict < 0) return;
        decided++;
        // a fresh oracle each time: its budget counts every position it has ever stored
        const oracle = new Oracle({ moves: (b: Board) => rules.moves(b), key: (b: Board) => formatBoard(b) });
        expect(oracle.isP(board), `${formatBoard(board)}: verdict ${verdict}`).toBe(verdict === 0);
      }),
      { numRuns: 300 },
    );
    expect(decided).toBeGreaterThan(50);
    for (const [r, c] of [
      [4, 6],
      [6, 10],
      [14, 6],
    ])
      expect(centralSymmetry(cram(r, c).start!.rows, r, c)).toBe(0);
    for (const [r, c] of [
      [4, 5],
      [7, 6],
      [3, 2],
    ])
      expect(centralSymmetry(cram(r, c).start!.rows, r, c)).toBe(1);
    expect(centralSymmetry(cram(5, 5).start!.rows, 5, 5)).toBe(-1);
  });
});

/** The board made symmetric under the half turn (the union with its image). */
function halfTurnClosure(board: Board): Board {
  const h = board.rows.length;
  const w = board.width;
  const rows = board.rows.map((m, r) => m | reverse(board.rows[h - 1 - r], w));
  return { width: w, rows };
}

function reverse(m: number, w: number): number {
  let out = 0;
  for (let c = 0; c < w; c++) if (m & (1 << c)) out |= 1 << (w - 1 - c);
  return out;
}

function keyText(s: { k0: number; k1: number; k2: number; dims: number }): string {
  return `${s.k0},${s.k1},${s.k2},${s.dims}`;
}

/** The 8 symmetries of an h x w shape, each as [rows, h, w]. */
function symmetries(rows: readonly number[], h: number, w: number): [number[], number, number][] {
  const cells: [number, number][] = [];
  rows.forEach((m, r) => {
    for (let c = 0; c < w; c++) if (m & (1 << c)) cells.push([r, c]);
  });
  const maps: ((r: number, c: number) => [number, number])[] = [
    (r, c) => [r, c],
    (r, c) => [r, w - 1 - c],
    (r, c) => [h - 1 - r, c],
    (r, c) => [h - 1 - r, w - 1 - c],
    (r, c) => [c, r],
    (r, c) => [w - 1 - c, r],
    (r, c) => [c, h - 1 - r],
    (r, c) => [w - 1 - c, h - 1 - r],
  ];
  return maps.map((f, i) => {
    const [H, W] = i < 4 ? [h, w] : [w, h];
    const out = new Array<number>(H).fill(0);
    for (const [r, c] of cells) {
      const [R, C] = f(r, c);
      out[R] |= 1 << C;
    }
    return [out, H, W];
  });
}
