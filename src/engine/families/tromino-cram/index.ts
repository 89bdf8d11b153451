/**
 * Tromino Cram: two players take turns covering three empty cells in a row or a column (a straight
 * tromino); the player who cannot move loses. Boards are Cram's (families/cram/board.ts): a move
 * stays inside one connected region of empty cells, so Cram's components and symmetric key serve
 * it too. A 1 x n strip is the octal game 0.007 (take three in a row, leaving up to two heaps).
 */
import { defineGame, rectangleArgs } from '../../define.ts';
import type { Family, GameNotation, GameRuleset } from '../../types.ts';
import {
  BOARD_FORMAT,
  type Board,
  boardOfSize,
  cramComponents,
  cramKey,
  emptyBoard,
  formatBoard,
  MAX_BOARD_CELLS,
  MAX_BOARD_SIDE,
  parseBoard,
} from '../cram/board.ts';

/** Every board after one straight tromino, horizontal ones first, row by row. */
export function* trominoMoves(board: Board): Generator<Board> {
  const { rows, width } = board;
  for (let r = 0; r < rows.length; r++) {
    const m = rows[r];
    const triples = m & (m >>> 1) & (m >>> 2);
    for (let c = 0; c + 2 < width; c++) {
      if (triples & (1 << c)) {
        const next = rows.slice();
        next[r] = (m & ~(7 << c)) >>> 0;
        yield { width, rows: next };
      }
    }
  }
  for (let r = 0; r + 2 < rows.length; r++) {
    const all = rows[r] & rows[r + 1] & rows[r + 2];
    for (let c = 0; c < width; c++) {
      if (all & (1 << c)) {
        const next = rows.slice();
        for (let i = r; i < r + 3; i++) next[i] = (rows[i] & ~(1 << c)) >>> 0;
        yield { width, rows: next };
      }
    }
  }
}

/** The move in words: "horizontal tromino on row 1, columns 2-4". */
function describeTrominoMove(from: Board, to: Board): string {
  const cells: [number, number][] = [];
  from.rows.forEach((m, r) => {
    const gone = m & ~(to.rows[r] ?? 0);
    for (let c = 0; c < from.width; c++) if (gone & (1 << c)) cells.push([r + 1, c + 1]);
  });
  if (cells.length !== 3) return `move to ${formatBoard(to)}`;
  const [[r1, c1], , [r3, c3]] = cells;
  return r1 === r3
    ? `horizontal tromino on row ${r1}, columns ${c1}-${c3}`
    : `vertical tromino on column ${c1}, rows ${r1}-${r3}`;
}

export type TrominoCramRuleset = GameRuleset<Board>;

/** Tromino Cram, starting on the empty rows x cols board when both are given (then it reads boards of that size only). */
export function trominoCram(rows?: number, cols?: number): TrominoCramRuleset {
  const sized = rows !== undefined && cols !== undefined;
  const spec = sized ? `tromino-cram:${rows}x${cols}` : 'tromino-cram';
  const notation: GameNotation<Board> = {
    positionFormat: BOARD_FORMAT,
    startHint: 'a board size (e.g. tromino-cram:3x4)',
    parsePosition: sized ? (text) => boardOfSize(parseBoard(text), rows, cols, spec, 'tromino-cram') : parseBoard,
    formatPosition: formatBoard,
    describeMove: describeTrominoMove,
  };
  return defineGame<Board>({
    family: 'tromino-cram',
    what: 'a game on a board',
    spec,
    title: sized ? `Tromino Cram on a ${rows} x ${cols} board` : 'Tromino Cram',
    start: sized ? emptyBoard(rows, cols) : null,
    moves: trominoMoves,
    components: cramComponents,
    key: cramKey,
    rectangle: emptyBoard,
    // Cram's boards: rows of at most 30 columns and 400 cells
    rectangleLimit: { shortSide: MAX_BOARD_SIDE, longSide: MAX_BOARD_SIDE, cells: MAX_BOARD_CELLS },
    notation,
  });
}

export const trominoCramFamily: Family = {
  name: 'tromino-cram',
  help: "tromino-cram[:<rows>x<cols>] — Tromino Cram: cover three empty cells in a row or column; positions are boards ('.' empty, '#' filled, rows split by '/')",
  args: 'optional',
  example: { spec: 'tromino-cram:3x3' },
  parse: rectangleArgs('tromino-cram', trominoCram),
};
