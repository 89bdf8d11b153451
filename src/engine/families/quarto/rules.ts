/**
 * Quarto's rules on bitboards: the 4 x 4 board, the 16 pieces, the lines that win (rows, columns,
 * diagonals; in the advanced variant also the nine 2 x 2 squares), placing and giving.
 *
 * Cells are numbered 0..15 in row order (cell = 4 * row + column, row 0 at the top). A piece is a
 * number 0..15 whose four bits are its attributes (bit 0 tall, bit 1 dark, bit 2 square, bit 3
 * hollow; a clear bit is the opposite: short, light, round, solid). Four pieces share an attribute
 * when some bit is set in all four or clear in all four.
 */

export type QuartoVariant = 'standard' | 'advanced';

export const QUARTO_VARIANTS: readonly QuartoVariant[] = ['standard', 'advanced'];

/** An empty cell, and no piece (in hand). */
export const NONE = -1;

/** Every piece (bit p set for piece p). */
export const ALL_PIECES = 0xffff;

/**
 * A position: the piece on each cell (NONE when empty) and the piece the player to move must place
 * (NONE only at the very start, where the first player gives without placing, and on a full board).
 * The pieces still to be given are those neither on the board nor in hand.
 */
export interface QuartoPosition {
  readonly variant: QuartoVariant;
  readonly cells: readonly number[];
  readonly hand: number;
}

/** A turn: place the piece in hand on `cell` (NONE at the start), then give `give` (NONE when nothing is left). */
export interface QuartoMove {
  readonly cell: number;
  readonly give: number;
}

function lineOf(cells: number[]): number {
  let mask = 0;
  for (const c of cells) mask |= 1 << c;
  return mask;
}

const ROWS = [0, 1, 2, 3].map((r) => lineOf([0, 1, 2, 3].map((c) => 4 * r + c)));
const COLUMNS = [0, 1, 2, 3].map((c) => lineOf([0, 1, 2, 3].map((r) => 4 * r + c)));
const DIAGONALS = [lineOf([0, 5, 10, 15]), lineOf([3, 6, 9, 12])];
const SQUARES: number[] = [];
for (let r = 0; r < 3; r++)
  for (let c = 0; c < 3; c++) SQUARES.push(lineOf([4 * r + c, 4 * r + c + 1, 4 * r + c + 4, 4 * r + c + 5]));

/** The winning lines of a variant, as 16-bit cell masks. */
export function quartoLines(variant: QuartoVariant): readonly number[] {
  const lines = [...ROWS, ...COLUMNS, ...DIAGONALS];
  return variant === 'advanced' ? [...lines, ...SQUARES] : lines;
}

/** Whether four pieces share an attribute (some bit set in all, or clear in all). */
export function sharesAttribute(a: number, b: number, c: number, d: number): boolean {
  return (a & b & c & d) !== 0 || (~a & ~b & ~c & ~d & 15) !== 0;
}

/** The cells of a 16-bit mask, in increasing order. */
export function cellsOf(mask: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < 16; c++) if (mask & (1 << c)) out.push(c);
  return out;
}

/** The first line (as a cell mask) whose four cells hold pieces sharing an attribute, or 0. */
export function standingLine(cells: readonly number[], variant: QuartoVariant): number {
  for (const line of quartoLines(variant)) {
    const [a, b, c, d] = cellsOf(line).map((i) => cells[i]);
    if (a !== NONE && b !== NONE && c !== NONE && d !== NONE && sharesAttribute(a, b, c, d)) return line;
  }
  return 0;
}

/** Bit p set for every piece p on the board or in hand. */
export function usedPieces(position: QuartoPosition): number {
  let used = position.hand === NONE ? 0 : 1 << position.hand;
  for (const p of position.cells) if (p !== NONE) used |= 1 << p;
  return used;
}

/** The pieces that can still be given (neither on the board nor in hand), as a mask. */
export function piecesToGive(position: QuartoPosition): number {
  return ALL_PIECES & ~usedPieces(position);
}

export function placedCount(position: QuartoPosition): number {
  let n = 0;
  for (const p of position.cells) if (p !== NONE) n++;
  return n;
}

/** Whether the game is over: a line stands, or the board is full. */
export function isOver(position: QuartoPosition): boolean {
  return standingLine(position.cells, position.variant) !== 0 || placedCount(position) === 16;
}

/**
 * The legal moves, in order of cell then piece: each empty cell for the piece in hand, then each
 * piece to give (none when the placement fills the board; at the start only gives). Empty when the
 * game is over.
 */
export function quartoMoves(position: QuartoPosition): QuartoMove[] {
  if (isOver(position)) return [];
  const give = piecesToGive(position);
  const gives = give === 0 ? [NONE] : cellsOf(give);
  if (position.hand === NONE) return gives.map((g) => ({ cell: NONE, give: g }));
  const moves: QuartoMove[] = [];
  for (let c = 0; c < 16; c++) {
    if (position.cells[c] !== NONE) continue;
    for (const g of gives) moves.push({ cell: c, give: g });
  }
  return moves;
}

/** What a move leads to: the next position (the opponent to move) and whether the placement won. */
export interface QuartoStep {
  readonly position: QuartoPosition;
  /** The placement completed a line: the mover has won (the give is then moot). */
  readonly won: boolean;
  /** The game is over (won, or the board is full). */
  readonly over: boolean;
}

/** Plays a move, which must be one of quartoMoves(position) (a winning placement may give NONE). */
export function playQuarto(position: QuartoPosition, move: QuartoMove): QuartoStep {
  const cells = position.cells.slice();
  if (move.cell !== NONE) cells[move.cell] = position.hand;
  let won = false;
  if (move.cell !== NONE) {
    for (const line of quartoLines(position.variant)) {
      if ((line & (1 << move.cell)) === 0) continue;
      const [a, b, c, d] = cellsOf(line).map((i) => cells[i]);
      if (a !== NONE && b !== NONE && c !== NONE && d !== NONE && sharesAttribute(a, b, c, d)) won = true;
    }
  }
  const full = cells.every((p) => p !== NONE);
  const next = { variant: position.variant, cells, hand: won || full ? NONE : move.give };
  return { position: next, won, over: won || full };
}

/** The start: an empty board, nothing in hand (the first player gives). */
export function quartoStart(variant: QuartoVariant = 'standard'): QuartoPosition {
  return { variant, cells: new Array<number>(16).fill(NONE), hand: NONE };
}
