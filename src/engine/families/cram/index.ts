/**
 * Cram: two players take turns covering two adjacent empty cells (a horizontal or vertical
 * domino); the player who cannot move loses. `cram:RxC` starts on the empty R x C board; any shape
 * is a board text with filled cells. A 1 x n strip is the octal game 0.07 (Dawson's Kayles).
 */
import { parseRectangle } from '../../rectangle.ts';
import type { GameFamily, GameRuleset } from '../../types.ts';
import { BOARD_FORMAT, type Board, cramComponents, cramKey, cramMoves, describeCramMove, emptyBoard, formatBoard, parseBoard } from './board.ts';

export type { Board } from './board.ts';
export { parseBoard, formatBoard, emptyBoard, cramKey } from './board.ts';

export type CramRuleset = GameRuleset<Board>;

/** Cram, starting on the empty rows x cols board when both are given. */
export function cram(rows?: number, cols?: number): CramRuleset {
  const sized = rows !== undefined && cols !== undefined;
  return {
    kind: 'game',
    family: 'cram',
    spec: sized ? `cram:${rows}x${cols}` : 'cram',
    title: sized ? `Cram on a ${rows} x ${cols} board` : 'Cram',
    start: sized ? emptyBoard(rows, cols) : null,
    positionFormat: BOARD_FORMAT,
    parsePosition: parseBoard,
    formatPosition: formatBoard,
    moves: cramMoves,
    components: cramComponents,
    key: cramKey,
    describeMove: describeCramMove,
    rectangle: emptyBoard,
  };
}

export const cramFamily: GameFamily = {
  name: 'cram',
  help: "cram[:<rows>x<cols>] — Cram: cover two adjacent empty cells with a domino; positions are boards ('.' empty, '#' filled, rows split by '/' or newlines)",
  args: 'optional',
  parse(args) {
    if (args.trim() === '') return cram();
    const [rows, cols] = parseRectangle(args, 'cram');
    return cram(rows, cols);
  },
};
