/**
 * Quarto's text: the `--board` form (16 cells in row order, `.` empty, `0`-`f` a piece, then `+` and
 * the piece in hand, e.g. `0...5..a........+3`; spaces and line breaks are ignored, so four rows of
 * four cells on four lines read too), square names (columns a-d left to right, rows 1-4 top to
 * bottom: a1 is cell 0, d4 is cell 15) and move words a person follows ("place tall dark square
 * hollow on b3, give short light round solid").
 */
import { InputError } from '../../errors.ts';
import { NONE, cellsOf, standingLine, type QuartoMove, type QuartoPosition, type QuartoVariant } from './rules.ts';

/** The words for bit b set ([0]) and clear ([1]) of a piece, in the order pieces are described. */
const ATTRIBUTE_WORDS: readonly (readonly [string, string])[] = [
  ['tall', 'short'],
  ['dark', 'light'],
  ['square', 'round'],
  ['hollow', 'solid'],
];

/** A piece's digit: 0-9, a-f. */
export function pieceDigit(piece: number): string {
  return piece.toString(16);
}

/** A piece in words: "tall dark square hollow" for f, "short light round solid" for 0. */
export function pieceWords(piece: number): string {
  return ATTRIBUTE_WORDS.map(([set, clear], bit) => (piece & (1 << bit) ? set : clear)).join(' ');
}

/** A cell's name: a1 (cell 0, top left) .. d4 (cell 15, bottom right). */
export function squareName(cell: number): string {
  return 'abcd'[cell & 3] + String((cell >> 2) + 1);
}

/** The cell a square name names, or NONE. */
export function squareCell(name: string): number {
  const m = /^([a-d])([1-4])$/i.exec(name.trim());
  return m ? 4 * (Number(m[2]) - 1) + 'abcd'.indexOf(m[1].toLowerCase()) : NONE;
}

/** A move in words: "place <piece> on b3, give <piece>" (the last placement gives nothing; the start only gives). */
export function moveWords(position: QuartoPosition, move: QuartoMove): string {
  const parts: string[] = [];
  if (move.cell !== NONE) parts.push(`place ${pieceWords(position.hand)} on ${squareName(move.cell)}`);
  if (move.give !== NONE) parts.push(`give ${pieceWords(move.give)}`);
  return parts.join(', ');
}

/** A move in short form: "b3+5" (place on b3, give 5), "b3" (nothing to give), "+5" (the start). */
export function moveText(move: QuartoMove): string {
  return (move.cell === NONE ? '' : squareName(move.cell)) + (move.give === NONE ? '' : `+${pieceDigit(move.give)}`);
}

/** Reads a move in short form (see moveText); undefined when the text is not one. */
export function parseMoveText(text: string): QuartoMove | undefined {
  const m = /^\s*([a-d][1-4])?\s*(?:\+\s*([0-9a-f]))?\s*$/i.exec(text);
  if (!m || (m[1] === undefined && m[2] === undefined)) return undefined;
  return {
    cell: m[1] === undefined ? NONE : squareCell(m[1]),
    give: m[2] === undefined ? NONE : Number.parseInt(m[2], 16),
  };
}

/** The compact board text: `0...5..a........+3` (no `+` part when nothing is in hand). */
export function formatQuartoBoard(position: QuartoPosition): string {
  const cells = position.cells.map((p) => (p === NONE ? '.' : pieceDigit(p))).join('');
  return position.hand === NONE ? cells : `${cells}+${pieceDigit(position.hand)}`;
}

/** The readable board: four rows of four cells, the row numbers and column letters, and the piece in hand. */
export function formatQuartoBoardReadable(position: QuartoPosition): string {
  const lines = ['  a b c d'];
  for (let r = 0; r < 4; r++) {
    const row = position.cells.slice(4 * r, 4 * r + 4).map((p) => (p === NONE ? '.' : pieceDigit(p)));
    lines.push(`${r + 1} ${row.join(' ')}`);
  }
  lines.push(
    position.hand === NONE ? 'in hand: none' : `in hand: ${pieceDigit(position.hand)} (${pieceWords(position.hand)})`,
  );
  return lines.join('\n');
}

/**
 * Reads board text (the compact form, or the readable one: whitespace, the column letters line, row
 * numbers at line starts and an `in hand:` label are skipped) into a position, refusing in one line
 * naming the place: a bad character, a wrong number of cells, a piece twice, the piece in hand on the
 * board, a line already standing, a board with pieces and none in hand that is not full.
 */
export function parseQuartoBoard(text: string, variant: QuartoVariant = 'standard'): QuartoPosition {
  const what = 'quarto board';
  let body = text;
  // The readable form: drop the header line of column letters, row numbers at line starts, the label.
  if (/\n/.test(body)) {
    body = body
      .split('\n')
      .filter((line) => !/^\s*a\s+b\s+c\s+d\s*$/i.test(line))
      .map((line) => line.replace(/^\s*[1-4]\s+(?=[.0-9a-f](\s|$))/i, ''))
      .join('\n')
      .replace(/in hand:\s*([0-9a-f])\b.*$/im, '+$1')
      .replace(/in hand:\s*none.*$/im, '');
  }
  const compact = body.replace(/\s+/g, '');
  const plus = compact.indexOf('+');
  const cellText = plus < 0 ? compact : compact.slice(0, plus);
  const handText = plus < 0 ? '' : compact.slice(plus + 1);
  for (let i = 0; i < cellText.length; i++) {
    if (!/[.0-9a-f]/i.test(cellText[i]))
      throw new InputError(
        `${what}: '${cellText[i]}' at character ${i + 1} is not a cell ('.' empty or a piece 0-9, a-f)`,
      );
  }
  if (cellText.length !== 16)
    throw new InputError(`${what}: ${cellText.length} cells, expected 16 in row order (a1 b1 c1 d1 a2 ... d4)`);
  if (plus >= 0 && !/^[0-9a-f]$/i.test(handText))
    throw new InputError(`${what}: after '+' expected the piece in hand (one of 0-9, a-f), got '${handText}'`);
  const cells: number[] = [];
  const seen = new Map<number, number>();
  for (let c = 0; c < 16; c++) {
    const ch = cellText[c];
    const p = ch === '.' ? NONE : Number.parseInt(ch, 16);
    if (p !== NONE) {
      const before = seen.get(p);
      if (before !== undefined)
        throw new InputError(
          `${what}: piece ${pieceDigit(p)} is on ${squareName(before)} and again on ${squareName(c)}`,
        );
      seen.set(p, c);
    }
    cells.push(p);
  }
  const hand = plus < 0 ? NONE : Number.parseInt(handText, 16);
  if (hand !== NONE) {
    const at = seen.get(hand);
    if (at !== undefined)
      throw new InputError(`${what}: the piece in hand, ${pieceDigit(hand)}, is already on ${squareName(at)}`);
  }
  const line = standingLine(cells, variant);
  if (line !== 0)
    throw new InputError(
      `${what}: a line already stands on ${cellsOf(line).map(squareName).join(' ')} (the game ended there)`,
    );
  const placed = seen.size;
  if (hand === NONE && placed > 0 && placed < 16)
    throw new InputError(
      `${what}: ${placed} pieces placed and none in hand; add '+' and the piece the player to move must place`,
    );
  return { variant, cells, hand };
}
