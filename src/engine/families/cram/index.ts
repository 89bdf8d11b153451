/**
 * Cram: two players take turns covering two adjacent empty cells (a horizontal or vertical
 * domino); the player who cannot move loses. `cram:RxC` starts on the empty R x C board; any shape
 * is a board text with filled cells. A 1 x n strip is the octal game 0.07 (Dawson's Kayles).
 */
import { defineGame, rectangleArgs } from '../../define.ts';
import { gridSearch } from '../../solve/grid/index.ts';
import type { Family, GameAccelerators, GameNotation, GameRuleset, TheoremVerdict } from '../../types.ts';
import { MAX_GRID_SIDE } from '../../solve/grid/shape.ts';
import {
  BOARD_FORMAT,
  MAX_BOARD_CELLS,
  boardOfSize,
  type Board,
  cramComponents,
  cramKey,
  cramMoveCount,
  cramMoves,
  describeCramMove,
  emptyBoard,
  formatBoard,
  parseBoard,
  trim,
} from './board.ts';
import { centralSymmetry, cramGridRules } from './grid.ts';

export type { Board } from './board.ts';
export { parseBoard, formatBoard, emptyBoard, cramKey } from './board.ts';

export type CramRuleset = GameRuleset<Board>;

/**
 * The central symmetry theorem on a whole board (grid.ts): a P-position, or an N-position whose
 * value a search must still find.
 */
export function cramTheorem(board: Board): TheoremVerdict | null {
  const t = trim(board);
  if (t.rows.length === 0) return null;
  const verdict = centralSymmetry(t.rows, t.rows.length, t.width);
  if (verdict === 0)
    return {
      outcome: 'P',
      grundy: 0,
      reason:
        'central symmetry: the empty cells are symmetric under the half turn and no domino meets its image, so the second player answers each domino with its half-turn image',
    };
  if (verdict === 1)
    return {
      outcome: 'N',
      grundy: null,
      reason:
        'central symmetry: the first player covers the two centre cells, then answers each domino with its half-turn image',
    };
  return null;
}

/** Cram, starting on the empty rows x cols board when both are given (then it reads boards of that size only). */
export function cram(rows?: number, cols?: number): CramRuleset {
  const sized = rows !== undefined && cols !== undefined;
  const notation: GameNotation<Board> = {
    positionFormat: BOARD_FORMAT,
    startHint: 'a board size (e.g. cram:4x5)',
    parsePosition: sized
      ? (text) => boardOfSize(parseBoard(text), rows, cols, `cram:${rows}x${cols}`, 'cram')
      : parseBoard,
    formatPosition: formatBoard,
    describeMove: describeCramMove,
  };
  const accelerators: GameAccelerators<Board> = {
    theorem: cramTheorem,
    fastSearch: (limits) => gridSearch({ moves: cramMoves }, (b) => b, cramGridRules, limits),
  };
  return defineGame<Board>({
    family: 'cram',
    what: 'a game on a board',
    spec: sized ? `cram:${rows}x${cols}` : 'cram',
    title: sized ? `Cram on a ${rows} x ${cols} board` : 'Cram',
    start: sized ? emptyBoard(rows, cols) : null,
    moves: cramMoves,
    moveCount: cramMoveCount,
    components: cramComponents,
    key: cramKey,
    rectangle: emptyBoard,
    // sides the grid core takes (a longer strip goes to the general solver, which takes over a
    // minute on 3 x 31), within the board's cell limit
    rectangleLimit: { shortSide: MAX_GRID_SIDE, longSide: MAX_GRID_SIDE, cells: MAX_BOARD_CELLS },
    notation,
    accelerators,
  });
}

export const cramFamily: Family = {
  name: 'cram',
  help: "cram[:<rows>x<cols>] — Cram: cover two adjacent empty cells with a domino; positions are boards ('.' empty, '#' filled, rows split by '/' or newlines)",
  args: 'optional',
  example: { spec: 'cram:2x3' },
  parse: rectangleArgs('cram', cram),
};
