import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/engine/errors.ts';
import {
  formatQuartoBoard,
  formatQuartoBoardReadable,
  moveText,
  moveWords,
  parseMoveText,
  parseQuartoBoard,
  pieceWords,
  squareCell,
  squareName,
} from '../../../../src/engine/families/quarto/notation.ts';
import { NONE, playQuarto, quartoMoves, quartoStart } from '../../../../src/engine/families/quarto/rules.ts';
import { randomPosition, rng } from './oracle.ts';

function refusal(text: string, variant: 'standard' | 'advanced' = 'standard'): string {
  try {
    parseQuartoBoard(text, variant);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    const message = (e as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error(`accepted ${text}`);
}

describe('quarto notation', () => {
  it('reads the example of the issue', () => {
    const p = parseQuartoBoard('0...5..a........+3');
    expect(p.cells[0]).toBe(0);
    expect(p.cells[4]).toBe(5);
    expect(p.cells[7]).toBe(10);
    expect(p.hand).toBe(3);
    expect(formatQuartoBoard(p)).toBe('0...5..a........+3');
  });

  it('round-trips random positions in both forms and both variants', () => {
    const next = rng(1);
    for (const variant of ['standard', 'advanced'] as const)
      for (let i = 0; i < 200; i++) {
        const { board, hand } = randomPosition(next, 1 + (i % 14), variant);
        const p = { variant, cells: board, hand };
        expect(parseQuartoBoard(formatQuartoBoard(p), variant)).toEqual(p);
        expect(parseQuartoBoard(formatQuartoBoardReadable(p), variant)).toEqual(p);
      }
  });

  it('names squares a1 (top left) to d4 (bottom right) and pieces by their bits', () => {
    expect(squareName(0)).toBe('a1');
    expect(squareName(9)).toBe('b3');
    expect(squareName(15)).toBe('d4');
    for (let c = 0; c < 16; c++) expect(squareCell(squareName(c))).toBe(c);
    expect(pieceWords(15)).toBe('tall dark square hollow');
    expect(pieceWords(0)).toBe('short light round solid');
    expect(pieceWords(5)).toBe('tall light square solid');
  });

  it('words a move a person follows, and reads the short form back', () => {
    const p = parseQuartoBoard('0...5..a........+f');
    expect(moveWords(p, { cell: 9, give: 0 })).toBe(
      'place tall dark square hollow on b3, give short light round solid',
    );
    expect(moveText({ cell: 9, give: 12 })).toBe('b3+c');
    expect(parseMoveText('b3+c')).toEqual({ cell: 9, give: 12 });
    expect(parseMoveText('+3')).toEqual({ cell: NONE, give: 3 });
    expect(parseMoveText('z9')).toBeUndefined();
    const start = quartoStart();
    expect(moveWords(start, { cell: NONE, give: 3 })).toBe('give tall dark round solid');
  });

  it('plays the start: 16 gives, then 16 x 15 placements and gives', () => {
    const start = quartoStart();
    expect(quartoMoves(start)).toHaveLength(16);
    const after = playQuarto(start, { cell: NONE, give: 7 }).position;
    expect(after.hand).toBe(7);
    expect(quartoMoves(after)).toHaveLength(16 * 15);
  });

  it('refuses bad positions in one line naming the place', () => {
    expect(refusal('0...5..a.......+3')).toMatch(/15 cells, expected 16/);
    expect(refusal('0...5..a.........+3')).toMatch(/17 cells/);
    expect(refusal('0...5..x........+3')).toMatch(/'x' at character 8/);
    expect(refusal('0...5..a...5....+3')).toMatch(/piece 5 is on a2 and again on d3/);
    expect(refusal('0...5..a........+a')).toMatch(/the piece in hand, a, is already on d2/);
    expect(refusal('0...5..a........+')).toMatch(/after '\+'/);
    expect(refusal('0...5..a........+g')).toMatch(/after '\+'/);
    expect(refusal('0...5..a........')).toMatch(/3 pieces placed and none in hand/);
    // 0 1 2 3 share "round" (bit 2 clear in all): a row already stands
    expect(refusal('0123............+4')).toMatch(/line already stands on a1 b1 c1 d1/);
    // a 2 x 2 square stands only in the advanced game: 0 1 4 5 share "light" and "solid" (bits 1, 3 clear)
    expect(parseQuartoBoard('01..45..........+2').hand).toBe(2);
    expect(refusal('01..45..........+2', 'advanced')).toMatch(/line already stands on a1 b1 a2 b2/);
  });

  it('accepts the start and a full drawn board with nothing in hand', () => {
    expect(parseQuartoBoard('................').hand).toBe(NONE);
    // a full board with no line: checked by the line test itself (no refusal)
    const next = rng(3);
    for (let i = 0; i < 200; i++) {
      const { board } = randomPosition(next, 15, 'standard');
      const missing = [...Array(16).keys()].find((p) => !board.includes(p))!;
      const cell = board.indexOf(-1);
      const full = board.slice();
      full[cell] = missing;
      const text = full.map((p) => p.toString(16)).join('');
      try {
        expect(parseQuartoBoard(text).cells).toEqual(full);
        return;
      } catch (e) {
        expect((e as Error).message).toMatch(/line already stands/);
      }
    }
  });
});
