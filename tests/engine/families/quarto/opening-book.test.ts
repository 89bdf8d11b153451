/**
 * The opening book (opening-book.ts): the proof file read as moves. Each answer must keep the value
 * it claims by the book's own lookups (the move's result is the negated value, or better), answer
 * the same for every symmetric copy of a position, and answer nothing where the file has no proved
 * value (the advanced game, positions past its leaves). The file itself is re-checked by
 * opening-proof.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { bookAnswer } from '../../../../src/engine/families/quarto/opening-book.ts';
import { formatQuartoBoard, parseQuartoBoard } from '../../../../src/engine/families/quarto/notation.ts';
import {
  playQuarto,
  quartoMoves,
  quartoStart,
  type QuartoPosition,
} from '../../../../src/engine/families/quarto/rules.ts';

/** Every position the book answers within two moves of the start, each once. */
function bookPositions(): QuartoPosition[] {
  const seen = new Map<string, QuartoPosition>();
  const start = quartoStart();
  seen.set(formatQuartoBoard(start), start);
  let frontier = [start];
  for (let depth = 0; depth < 2; depth++) {
    const next: QuartoPosition[] = [];
    for (const position of frontier)
      for (const move of quartoMoves(position)) {
        const after = playQuarto(position, move).position;
        const text = formatQuartoBoard(after);
        if (seen.has(text) || bookAnswer(after) === null) continue;
        seen.set(text, after);
        next.push(after);
      }
    frontier = next.slice(0, 400);
  }
  return [...seen.values()];
}

describe('the opening book', () => {
  it('proves the start a draw, and after any first give the second player draws', () => {
    expect(bookAnswer(quartoStart())?.value).toBe(0);
    for (const give of '0123456789abcdef') {
      const answer = bookAnswer(parseQuartoBoard(`................+${give}`));
      expect(answer?.value, give).toBe(0);
    }
  });

  it('each book move keeps the claimed value by the book itself', () => {
    const positions = bookPositions();
    expect(positions.length).toBeGreaterThan(100);
    for (const position of positions) {
      const answer = bookAnswer(position)!;
      const step = playQuarto(position, answer.move);
      expect(step.won, formatQuartoBoard(position)).toBe(false);
      const reply = bookAnswer(step.position);
      // the opponent's value after the book move is at most the negation of ours (where the book has it)
      if (reply !== null) expect(-reply.value, formatQuartoBoard(position)).toBeGreaterThanOrEqual(answer.value);
    }
  });

  it('answers nothing for the advanced game or past the proof', () => {
    expect(bookAnswer(quartoStart('advanced'))).toBeNull();
    expect(bookAnswer(parseQuartoBoard('0...5..a........+3'))).toBeNull();
  });
});
