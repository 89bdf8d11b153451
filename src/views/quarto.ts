/** Quarto drawn as its 4 x 4 board and its tray of pieces: place the piece in hand on a square, then give one. */
import {
  NONE,
  isOver,
  parseMoveText,
  pieceWords,
  piecesToGive,
  type QuartoMove,
  type QuartoPosition,
  quartoFamily,
  quartoMoves,
  type QuartoRuleset,
  squareName,
  standingLine,
} from '../engine/families/quarto/index.ts';
import type { FamilyView, PlaceGivePick, PlaceGiveView } from './types.ts';

/** The words of each attribute, bit 0 to 3, set then clear (as the engine's pieceWords writes them). */
const WORDS: readonly (readonly [string, string])[] = [
  ['tall', 'short'],
  ['dark', 'light'],
  ['square', 'round'],
  ['hollow', 'solid'],
];

/** A piece named by its four words in any order ("solid short dark round"); null otherwise. */
function pieceOfWords(text: string): number | null {
  const words = text
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  if (words.length !== 4) return null;
  let piece = 0;
  for (let bit = 0; bit < 4; bit++) {
    const [set, clear] = WORDS[bit];
    const hits = words.filter((w) => w === set || w === clear);
    if (hits.length !== 1) return null;
    if (hits[0] === set) piece |= 1 << bit;
  }
  return piece;
}

function cellsOfMask(mask: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < 16; c++) if (mask & (1 << c)) out.push(c);
  return out;
}

/** Whether placing the piece in hand on `cell` ends the game: a line stands, or the board is full. */
function placementEnds(position: QuartoPosition, cell: number): boolean {
  if (position.hand === NONE || position.cells[cell] !== NONE || isOver(position)) return false;
  const cells = position.cells.slice();
  cells[cell] = position.hand;
  return standingLine(cells, position.variant) !== 0 || cells.every((p) => p !== NONE);
}

export const quartoPlaceGive: PlaceGiveView<QuartoPosition, QuartoMove> = {
  howToMove:
    'click a square (or go there with the arrow keys and press Enter) to place the piece in hand, then click the piece to give in the tray; or type a move such as b3+5',
  rows: 4,
  cols: 4,
  look: (piece) => ({
    tall: (piece & 1) !== 0,
    dark: (piece & 2) !== 0,
    square: (piece & 4) !== 0,
    hollow: (piece & 8) !== 0,
  }),
  pieceName: pieceWords,
  pieceKey: (piece) => piece.toString(16),
  cellName: squareName,
  board(position) {
    const over = isOver(position);
    return {
      cells: position.cells.map((p) => (p === NONE ? null : p)),
      hand: position.hand === NONE || over ? null : position.hand,
      toGive: over ? [] : cellsOfMask(piecesToGive(position)),
      line: cellsOfMask(standingLine(position.cells, position.variant)),
    };
  },
  readPick(text) {
    const byWords = pieceOfWords(text);
    if (byWords !== null) return { cell: null, give: byWords };
    // a piece's digit alone gives it ("5"); a square alone places ("b3")
    const move = parseMoveText(/^\s*[0-9a-f]\s*$/i.test(text) ? `+${text.trim()}` : text);
    if (!move) return null;
    return { cell: move.cell === NONE ? null : move.cell, give: move.give === NONE ? null : move.give };
  },
  placementEnds,
  move(position, pick: PlaceGivePick) {
    const cell = pick.cell ?? NONE;
    // a placement that ends the game gives nothing (the engine lists it with each give)
    if (pick.cell !== null && placementEnds(position, pick.cell))
      return pick.give === null ? { cell, give: NONE } : null;
    const give = pick.give ?? NONE;
    return quartoMoves(position).find((m) => m.cell === cell && m.give === give) ?? null;
  },
  pickOf: (move) => ({ cell: move.cell === NONE ? null : move.cell, give: move.give === NONE ? null : move.give }),
};

export const quartoView: FamilyView<QuartoPosition, QuartoRuleset> = {
  family: quartoFamily,
  of: () => ({ placeGive: quartoPlaceGive }),
};
