/**
 * BoardPlay's reducer without a browser: Cram, Chomp and coin rows from their start, clicks that mark
 * cells and clicks that make moves, the engine's replies, the end of the game for either side,
 * failures and retries, hints and the cells they mark, and a new game; answers to a turn no longer
 * awaited are dropped. Legal moves come from the ruleset's own rule (its `moves`), not the engine.
 */
import { describe, expect, it } from 'vitest';
import type { AnalyzeReply } from '../../web/src/api.ts';
import {
  type BoardPlayAction,
  type BoardPlayState,
  type BoardSetup,
  boardPlayReducer,
  completedMove,
  drawnGrid,
  initialBoardPlay,
  movesInWords,
} from '../../web/src/board-play-state.ts';

const run = (state: BoardPlayState, ...actions: BoardPlayAction[]) => actions.reduce(boardPlayReducer, state);

const game = (setup: Partial<BoardSetup> & { ruleset: string }, hints = false) =>
  initialBoardPlay({ convention: 'normal', engineFirst: false, ...setup }, hints);

/** Every legal move from `position` as text, by the ruleset's rule. */
function legalMoves(state: BoardPlayState, position: string): string[] {
  const { ruleset } = state;
  return [...ruleset.moves(ruleset.notation.parsePosition(position))].map((p) => ruleset.notation.formatPosition(p));
}

/** The answer of the turn the game waits for: the player's legal moves, after the engine's move `engineTo`. */
function answer(state: BoardPlayState, engineTo?: string, move?: string): BoardPlayAction {
  const turn = state.waiting!;
  const at = engineTo ?? turn.position;
  return {
    type: 'turn',
    turn,
    engine: engineTo === undefined ? undefined : { to: engineTo, move },
    options: legalMoves(state, at),
  };
}

const click = (row: number, col: number): BoardPlayAction => ({ type: 'click', row, col });

/** Cram on 2 x 3 at the player's first turn. */
function cramTurn(setup: Partial<BoardSetup> = {}, hints = false): BoardPlayState {
  const s = game({ ruleset: 'cram:2x3', ...setup }, hints);
  return run(s, answer(s));
}

const analysisOf = (to: string): AnalyzeReply =>
  ({
    outcome: 'N',
    convention: 'normal',
    method: 'search',
    winningMoves: [{ to, move: 'the move' }],
  }) as unknown as AnalyzeReply;

describe('the board play state', () => {
  it("starts from the spec's start (or the setup's board) waiting for the player, or for the engine", () => {
    const mine = game({ ruleset: 'cram:2x3' });
    expect(mine).toMatchObject({
      position: '.../...',
      phase: 'thinking',
      waiting: { who: 'you', position: '.../...' },
    });
    const its = game({ ruleset: 'cram:2x3', engineFirst: true, board: '#../...' });
    expect(its.waiting).toEqual({ who: 'engine', position: '#../...' });
    const turn = run(mine, answer(mine));
    expect(turn).toMatchObject({ phase: 'your-turn', waiting: null, options: legalMoves(mine, '.../...') });
    expect(turn.options).toHaveLength(7);
    expect(movesInWords(turn, 2).map((m) => m.words)).toEqual([
      'horizontal domino on row 1, columns 1-2',
      'horizontal domino on row 1, columns 2-3',
    ]);
  });

  it('a click marks a cell, a second click on it unmarks it; no click counts outside the player turn', () => {
    const turn = cramTurn();
    const marked = run(turn, click(0, 1));
    expect(marked.picks).toEqual([[0, 1]]);
    expect(
      drawnGrid(marked)!
        .cells.filter((c) => c.picked)
        .map((c) => [c.row, c.col]),
    ).toEqual([[0, 1]]);
    expect(run(marked, click(0, 1)).picks).toEqual([]);
    const waiting = game({ ruleset: 'cram:2x3' });
    expect(run(waiting, click(0, 1))).toBe(waiting);
  });

  it('the click that completes a move plays it: logged, the engine to move from the new position', () => {
    const moved = run(cramTurn(), click(0, 1), click(1, 1));
    expect(moved).toMatchObject({
      position: '.#./.#.',
      phase: 'thinking',
      picks: [],
      options: [],
      log: ['You: vertical domino on column 2, rows 1-2'],
      waiting: { who: 'engine', position: '.#./.#.' },
    });
    // the domino is the game's first piece
    const pieces = drawnGrid(moved)!.cells.filter((c) => c.piece !== undefined);
    expect(pieces.map((c) => [c.row, c.col, c.piece])).toEqual([
      [0, 1, 0],
      [1, 1, 0],
    ]);
  });

  it('a pick that makes no move starts afresh from the last cell; a cell that starts none is ignored', () => {
    const turn = cramTurn();
    // (0,0) then (1,2) are not neighbours: the picks start again at (1,2)
    expect(run(turn, click(0, 0), click(1, 2)).picks).toEqual([[1, 2]]);
    const taken = run(game({ ruleset: 'cram:2x3', board: '#../...' }));
    const at = run(taken, answer(taken));
    expect(run(at, click(0, 0))).toBe(at);
  });

  it("the engine's reply: its move in its words (or the rule's), a new piece, then the player's turn", () => {
    const moved = run(cramTurn(), click(0, 1), click(1, 1));
    const replied = run(moved, answer(moved, '##./##.', 'the engine words'));
    expect(replied).toMatchObject({ position: '##./##.', phase: 'your-turn', waiting: null });
    expect(replied.log).toEqual(['You: vertical domino on column 2, rows 1-2', 'Engine: the engine words']);
    const worded = run(moved, answer(moved, '##./##.'));
    expect(worded.log[1]).toBe('Engine: vertical domino on column 1, rows 1-2');
    const pieceOf = (r: number, c: number) => drawnGrid(replied)!.cells.find((x) => x.row === r && x.col === c)!.piece;
    expect([pieceOf(0, 0), pieceOf(1, 0), pieceOf(0, 1), pieceOf(0, 2)]).toEqual([1, 1, 0, undefined]);
  });

  it('a late answer, to a turn no longer awaited, is dropped', () => {
    const start = game({ ruleset: 'cram:2x3' });
    const late = answer(start);
    const turn = run(start, late);
    expect(run(turn, late)).toBe(turn);
    const moved = run(turn, click(0, 1), click(1, 1));
    expect(run(moved, late)).toBe(moved);
    expect(run(moved, { type: 'engine-stuck', turn: late.type === 'turn' ? late.turn : start.waiting! })).toBe(moved);
  });

  it('the game ends when the engine has no move (the player wins) or the player has none (the engine wins)', () => {
    const moved = run(cramTurn(), click(0, 1), click(1, 1));
    const last = run(moved, answer(moved, '##./##.'), click(0, 2), click(1, 2));
    const won = run(last, { type: 'engine-stuck', turn: last.waiting! });
    expect(won).toMatchObject({ phase: 'over', result: 'The engine has no move left: you win!', waiting: null });
    expect(run(won, click(0, 0))).toBe(won);
    const lost = run(moved, answer(moved, '###/###'));
    expect(lost).toMatchObject({ phase: 'over', options: [], result: 'You have no move left: the engine wins.' });
    const misere = cramTurn({ convention: 'misere', board: '.##/###' });
    expect(misere.phase).toBe('over');
    expect(misere.result).toBe('You have no move left: the engine made the last move, so you win!');
  });

  it('a failed request stalls the game until the player retries; the same turn is asked again', () => {
    const moved = run(cramTurn(), click(0, 1), click(1, 1));
    const turn = moved.waiting!;
    const stalled = run(moved, { type: 'failed', turn, error: 'timed out' });
    expect(stalled).toMatchObject({ phase: 'stalled', error: 'timed out', waiting: turn });
    expect(run(stalled, click(0, 0))).toBe(stalled);
    const again = run(stalled, { type: 'retry' });
    expect(again).toMatchObject({ phase: 'thinking', error: null });
    expect(again.waiting).toBe(turn);
    expect(run(again, answer(again, '##./##.')).phase).toBe('your-turn');
    // a failure of a turn no longer awaited changes nothing; retry outside a stall neither
    expect(run(again, answer(again, '##./##.'), { type: 'failed', turn, error: 'late' }).error).toBeNull();
    expect(run(moved, { type: 'retry' })).toBe(moved);
  });

  it("hints: the analysis of the player's position, dropped when stale; show marks the cells of its move", () => {
    const turn = cramTurn({}, true);
    const hinted = run(turn, { type: 'hinted', position: '.../...', analysis: analysisOf('.#./.#.') });
    expect(hinted.analysis?.winningMoves).toEqual([{ to: '.#./.#.', move: 'the move' }]);
    expect(run(turn, { type: 'hinted', position: '#../#..', analysis: analysisOf('x') })).toBe(turn);
    const shown = run(hinted, { type: 'show', to: '.#./.#.' });
    expect(
      drawnGrid(shown)!
        .cells.filter((c) => c.shown)
        .map((c) => [c.row, c.col]),
    ).toEqual([
      [0, 1],
      [1, 1],
    ]);
    // the next position clears both the analysis and the marked cells
    const moved = run(shown, click(0, 0), click(1, 0));
    expect([moved.analysis, moved.shown.size]).toEqual([null, 0]);
    // hints off: no analysis kept, and one arriving late is dropped
    const off = run(hinted, { type: 'hints', on: false });
    expect(off.analysis).toBeNull();
    expect(run(off, { type: 'hinted', position: '.../...', analysis: analysisOf('.#./.#.') }).analysis).toBeNull();
    expect(run(turn, { type: 'hint-failed', position: '.../...', error: 'busy' }).error).toBe('busy');
    expect(run(off, { type: 'hint-failed', position: '.../...', error: 'busy' }).error).toBeNull();
  });

  it('clicked coins that already make a move are offered as they stand (a longer move could extend them)', () => {
    const s = game({ ruleset: 'coins:mock-turtles', board: 'TH' });
    const turn = run(s, answer(s));
    const picked = run(turn, click(0, 1));
    expect(picked.phase).toBe('your-turn');
    const done = completedMove(picked)!;
    expect(done.words).toBe('turn coin 2');
    expect(completedMove(turn)).toBeNull();
    expect(run(picked, { type: 'play', to: done.to })).toMatchObject({ position: done.to, log: ['You: turn coin 2'] });
    // Twins turns exactly two coins: the second click makes the move
    const twins = game({ ruleset: 'coins:twins', board: 'HH' });
    const two = run(twins, answer(twins), click(0, 0));
    expect(completedMove(two)).toBeNull();
    expect(run(two, click(0, 1)).log).toEqual(['You: turn coins 1 and 2']);
  });

  it("a new game starts afresh from the setup, and the last game's answers are dropped", () => {
    const start = game({ ruleset: 'cram:2x3', engineFirst: true });
    const moved = run(start, answer(start, '#../#..'), click(0, 1), click(1, 1));
    expect(moved.log).toHaveLength(2);
    const lateTurn = moved.waiting!;
    const fresh = run(moved, { type: 'start' });
    expect(fresh).toMatchObject({ position: '.../...', phase: 'thinking', log: [], picks: [], error: null });
    expect(fresh.waiting).toEqual({ who: 'engine', position: '.../...' });
    expect(fresh.pieces.moves).toBe(0);
    expect(run(fresh, { type: 'engine-stuck', turn: lateTurn })).toBe(fresh);
    expect(run(fresh, { type: 'failed', turn: lateTurn, error: 'late' })).toBe(fresh);
  });
});
