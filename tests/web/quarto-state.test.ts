/**
 * Quarto on the page without a browser: the place-and-give game's state (web/place-give-state.ts)
 * over the Quarto ruleset and its view (src/views/quarto.ts): giving from the empty board, placing
 * then giving by click and by typing, the engine's answer and its verdict in words, wins with their
 * line, a draw on a full board, undo, answers no longer awaited, refusals in one line.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/engine/errors.ts';
import { quarto } from '../../src/engine/families/quarto/index.ts';
import type { ResultRuleset } from '../../src/engine/types.ts';
import { quartoPlaceGive } from '../../src/views/quarto.ts';
import { viewOf } from '../../src/views/registry.ts';
import type { PlaceGiveView } from '../../src/views/types.ts';
import {
  canUndo,
  drawnBoard,
  initialPlaceGive,
  type PlaceGiveAction,
  type PlaceGiveState,
  placeGiveReducer,
  verdictWords,
} from '../../web/src/place-give-state.ts';

const ruleset = quarto() as unknown as ResultRuleset;
const view = quartoPlaceGive as unknown as PlaceGiveView<unknown>;

function game(board = '', engineFirst = false): PlaceGiveState {
  return initialPlaceGive({ ruleset: 'quarto', board, engineFirst }, ruleset, view);
}

const run = (state: PlaceGiveState, ...actions: PlaceGiveAction[]) => actions.reduce(placeGiveReducer, state);
const text = (state: PlaceGiveState) => ruleset.notation.formatPosition(state.position);

/** The engine's answer to the turn the state waits for. */
function engine(state: PlaceGiveState, move: string, verdict = { proved: true, result: 'draw' as const }) {
  if (!state.waiting) throw new Error('no engine turn awaited');
  return placeGiveReducer(state, { type: 'engine', turn: state.waiting, move, verdict });
}

/** a1 b1 c1 hold 1 3 5 (all tall, all solid); 0 in hand (short, solid): d1 wins, a2 does not. */
const NEAR_WIN = '135.............+0';
/** A full board without a line (found by a seeded shuffle), its last piece in hand. */
const LAST_SQUARE = 'cb1a36f9d0745e2.+8';

describe('the Quarto view', () => {
  it('is the view of both variants, and draws pieces by their four bits', () => {
    expect(viewOf(quarto()).placeGive).toBe(quartoPlaceGive);
    expect(viewOf(quarto('advanced')).placeGive).toBe(quartoPlaceGive);
    expect(quartoPlaceGive.look(0xf)).toEqual({ tall: true, dark: true, square: true, hollow: true });
    expect(quartoPlaceGive.look(0x6)).toEqual({ tall: false, dark: true, square: true, hollow: false });
    expect(quartoPlaceGive.pieceName(0x6)).toBe('short dark square solid');
  });

  it('reads a square, a digit, four words in any order, or both; nothing else', () => {
    expect(quartoPlaceGive.readPick('b3')).toEqual({ cell: 9, give: null });
    expect(quartoPlaceGive.readPick(' 5 ')).toEqual({ cell: null, give: 5 });
    expect(quartoPlaceGive.readPick('b3+e')).toEqual({ cell: 9, give: 14 });
    expect(quartoPlaceGive.readPick('solid round dark short')).toEqual({ cell: null, give: 2 });
    expect(quartoPlaceGive.readPick('tall tall dark square')).toBeNull();
    expect(quartoPlaceGive.readPick('e5')).toBeNull();
  });

  it('draws the board, the hand, the tray and a standing line', () => {
    const board = quartoPlaceGive.board(quarto().notation.parsePosition(NEAR_WIN));
    expect(board.cells.slice(0, 4)).toEqual([1, 3, 5, null]);
    expect(board.hand).toBe(0);
    expect(board.toGive).toEqual([2, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(board.line).toEqual([]);
  });
});

describe('a game of Quarto on the page', () => {
  it('from the empty board the player gives first; the engine then places and gives', () => {
    let s = game();
    expect(s.phase).toBe('give');
    expect(drawnBoard(s).hand).toBeNull();
    expect(drawnBoard(s).toGive).toHaveLength(16);
    s = run(s, { type: 'place', cell: 0 }); // nothing in hand: no placement
    expect(s.phase).toBe('give');
    s = run(s, { type: 'give', piece: 5 });
    expect(s.phase).toBe('thinking');
    expect(s.waiting).toEqual({ position: '................+5' });
    expect(s.log).toEqual([{ who: 'you', text: '+5', words: 'give tall light square solid' }]);
    s = engine(s, 'c2+a');
    expect(s.phase).toBe('place');
    expect(text(s)).toBe('......5.........+a');
    expect(s.log[1]).toEqual({
      who: 'engine',
      text: 'c2+a',
      words: 'place tall light square solid on c2, give short dark round hollow',
    });
    expect(s.verdict).toBe("The engine's move is proved perfect: a draw with perfect play.");
  });

  it('a click places (the piece leaves the hand), a click in the tray gives; undo takes back the placement', () => {
    let s = run(game('................+a'), { type: 'place', cell: 9 });
    expect(s.phase).toBe('give');
    expect(drawnBoard(s).cells[9]).toBe(10);
    expect(drawnBoard(s).hand).toBeNull();
    expect(canUndo(s)).toBe(true);
    s = run(s, { type: 'undo' });
    expect(s.phase).toBe('place');
    expect(drawnBoard(s).cells[9]).toBeNull();
    s = run(s, { type: 'place', cell: 9 }, { type: 'give', piece: 3 });
    expect(s.waiting).toEqual({ position: '.........a......+3' });
    expect(s.log[0].words).toBe('place short dark round hollow on b3, give tall dark round solid');
  });

  it('typing plays a square, a piece, or both at once', () => {
    const both = run(game('................+a'), { type: 'typed', text: 'b3+3' });
    expect(both.waiting).toEqual({ position: '.........a......+3' });
    const inTwo = run(game('................+a'), { type: 'typed', text: 'B3' }, { type: 'typed', text: '3' });
    expect(inTwo.waiting).toEqual(both.waiting);
    const byWords = run(
      game('................+a'),
      { type: 'typed', text: 'b3' },
      { type: 'typed', text: 'tall dark round solid' },
    );
    expect(byWords.waiting).toEqual(both.waiting);
  });

  it('refuses in one line: a taken square, a piece not left, text that is no move, a give before placing', () => {
    const s = game(NEAR_WIN);
    expect(run(s, { type: 'place', cell: 0 }).error).toBe('a1 is taken: place the piece on an empty square.');
    expect(run(s, { type: 'place', cell: 4 }, { type: 'give', piece: 3 }).error).toBe(
      'tall dark round solid (3) is not left to give: choose one in the tray.',
    );
    expect(run(s, { type: 'typed', text: 'zz' }).error).toMatch(/^'zz' is not a move: type a square/);
    expect(run(s, { type: 'typed', text: '7' }).error).toMatch(/^Place the piece in hand first/);
    for (const refused of ['a1', 'zz', '7'].map((t) => run(s, { type: 'typed', text: t })))
      expect(refused.position).toBe(s.position);
  });

  it('a placement that makes a line wins at once, with nothing to give, and the line is drawn', () => {
    const s = run(game(NEAR_WIN), { type: 'place', cell: 3 });
    expect(s.phase).toBe('over');
    expect(s.result).toBe('You win: your placement made a line!');
    expect(drawnBoard(s).line).toEqual([0, 1, 2, 3]);
    expect(s.log[0].text).toBe('d1');
    expect(drawnBoard(s).toGive).toEqual([]);
  });

  it("the engine's winning placement ends the game with its line; undo goes back before the player's move", () => {
    let s = run(game(NEAR_WIN), { type: 'typed', text: 'a2+7' });
    s = engine(s, 'd1', { proved: true, result: 'win' as never });
    expect(s.phase).toBe('over');
    expect(s.result).toBe('The engine wins: its placement made a line.');
    expect(drawnBoard(s).line).toEqual([0, 1, 2, 3]);
    s = run(s, { type: 'undo' });
    expect(s.phase).toBe('place');
    expect(text(s)).toBe(NEAR_WIN);
    expect(s.log).toEqual([]);
    expect(s.result).toBeNull();
  });

  it('advanced: a 2 x 2 square wins, and its four squares are the line drawn', () => {
    const advanced = quarto('advanced') as unknown as ResultRuleset;
    const start = '13..5...........+7';
    const s = placeGiveReducer(
      initialPlaceGive({ ruleset: 'quarto:advanced', board: start, engineFirst: false }, advanced, view),
      { type: 'place', cell: 5 },
    );
    expect(s.result).toBe('You win: your placement made a line!');
    expect(drawnBoard(s).line).toEqual([0, 1, 4, 5]);
    // the standard game has no such line: b2 waits for the give
    expect(run(game(start), { type: 'place', cell: 5 }).phase).toBe('give');
  });

  it('the last placement fills the board: a draw', () => {
    const s = run(game(LAST_SQUARE), { type: 'place', cell: 15 });
    expect(s.phase).toBe('over');
    expect(s.result).toBe('A draw: the board is full and no line stands.');
    expect(drawnBoard(s).line).toEqual([]);
  });

  it("an engine's answer to a turn no longer awaited (undone) is dropped", () => {
    const asked = run(game('................+a'), { type: 'typed', text: 'b3+3' });
    const turn = asked.waiting!;
    const undone = run(asked, { type: 'undo' });
    const late = run(undone, { type: 'engine', turn, move: 'a1+0', verdict: { proved: false } });
    expect(late).toBe(undone);
    expect(run(asked, { type: 'failed', turn, error: 'x' }).phase).toBe('stalled');
  });

  it('the engine moving first from the start gives; an unreadable move stalls the game with its line', () => {
    const s = game('', true);
    expect(s.waiting).toEqual({ position: '................' });
    expect(engine(s, '+0', { proved: false } as never).phase).toBe('place');
    const bad = engine(s, 'q9', { proved: false } as never);
    expect(bad.phase).toBe('stalled');
    expect(bad.error).toBe("The engine's move 'q9' could not be read.");
  });

  it('a bad board is refused in one line naming the place', () => {
    expect(() => game('0...5..a........+5')).toThrow(InputError);
    expect(() => game('0...5..a........+5')).toThrow('the piece in hand, 5, is already on a2');
  });
});

describe("the engine's verdict in words", () => {
  it('proved results with the placements left, or the best move found within the time limit', () => {
    expect(verdictWords(ruleset, { proved: true, result: 'win', turns: 4 })).toBe(
      "The engine's move is proved perfect: you will lose in 3 placements with perfect play.",
    );
    expect(verdictWords(ruleset, { proved: true, result: 'draw', turns: 9 })).toBe(
      "The engine's move is proved perfect: a draw with perfect play.",
    );
    expect(verdictWords(ruleset, { proved: true, result: 'loss', turns: 2 })).toBe(
      "The engine's move is proved perfect: you can win in 1 placement with perfect play; the engine holds out longest.",
    );
    expect(verdictWords(ruleset, { proved: false })).toBe(
      'The engine played its best move found within the time limit: it is not proved perfect.',
    );
  });
});
