/**
 * The Play tab's reducer without a browser: a game of Nim from the address it opens through start,
 * the player's moves (from the list and from the marks), the engine's replies, errors and retries,
 * the end of the game, undo and a new game; answers to a turn no longer awaited are dropped.
 */
import { describe, expect, it } from 'vitest';
import type { AnalyzeReply } from '../../web/src/api.ts';
import { CONVENTION_WORDS } from '../../src/service/local.ts';
import {
  type PlayAction,
  type PlayState,
  canUndo,
  clickableHints,
  drawsGaps,
  initialPlayState,
  playReducer,
  recordText,
  startsAtOnce,
} from '../../web/src/play-state.ts';

/** Every Nim move from `position`: one heap made smaller (the rule itself, not the engine's). */
function nimOptions(position: readonly number[]): number[][] {
  return position.flatMap((h, i) =>
    Array.from({ length: h }, (_, k) => position.map((x, j) => (j === i ? k : x))).reverse(),
  );
}

type TurnAction = Extract<PlayAction, { type: 'turn' }>;

const run = (state: PlayState, ...actions: PlayAction[]) => actions.reduce(playReducer, state);

/** A Nim game on `heaps`, started from the form, the player's turn not asked yet. */
function started(heaps: string, more: Partial<PlayState> = {}): PlayState {
  const form = { ...initialPlayState(new URLSearchParams(`ruleset=nim&position=${heaps}`)), ...more };
  return run(form, { type: 'starting' }, { type: 'described', ruleset: 'nim', unit: 'heap' });
}

/** The answer of the turn the game waits for: the player's legal moves at `position` (Nim's rule). */
function yourTurn(state: PlayState, engineTo?: number[]): PlayAction {
  const turn = state.game!.waiting!;
  const position = engineTo ?? turn.position;
  return {
    type: 'turn',
    turn,
    engine: engineTo && { to: engineTo, outcome: 'N' },
    position,
    options: nimOptions(position),
    truncated: false,
    analysis: null,
  };
}

describe('the play state', () => {
  it('reads the address: ruleset, position (commas or spaces), convention; a position starts the game', () => {
    const params = new URLSearchParams('ruleset=nim&position=1,3&convention=misere');
    const state = initialPlayState(params, { spec: 'kayles', heaps: [7] });
    expect([state.spec, state.positionText, state.convention]).toEqual(['nim', '1 3', 'misere']);
    expect(startsAtOnce(params)).toBe(true);
    const none = initialPlayState(new URLSearchParams(''), { spec: 'kayles', heaps: [7] });
    expect([none.spec, none.positionText, none.convention]).toEqual(['kayles', '7', 'normal']);
    expect(startsAtOnce(new URLSearchParams('ruleset=nim'))).toBe(false);
    expect(startsAtOnce(new URLSearchParams('ruleset=cram:2x2&board='))).toBe(true);
  });

  it('starts a game on heaps waiting for the player, or for the engine when it moves first', () => {
    const mine = started('1,3');
    expect(mine.game).toMatchObject({ phase: 'thinking', position: [1, 3], waiting: { who: 'you', position: [1, 3] } });
    const its = started('1,3', { engineFirst: true, convention: 'misere' });
    expect(its.game).toMatchObject({ convention: 'misere', waiting: { who: 'engine', position: [1, 3] } });
  });

  it('refuses a position the board cannot draw, in words, and starts nothing', () => {
    const letters = started('5,x');
    expect(letters.game).toBeNull();
    expect(letters.error).toMatch(/heap 2/);
    const many = started(Array.from({ length: 11 }, () => '1').join(','));
    expect(many.error).toBe('The board draws at most 10 heaps; use `nimber play` for more.');
    expect(started('101').error).toMatch(/at most 100 tokens/);
  });

  it('a game written as text goes to the board, a fresh one for each start', () => {
    const form = { ...initialPlayState(new URLSearchParams('ruleset=cram:2x2')), engineFirst: true };
    const once = run(form, { type: 'starting' }, { type: 'described', ruleset: 'cram:2x2', unit: null });
    expect(once.boardGame).toEqual({
      ruleset: 'cram:2x2',
      board: undefined,
      convention: 'normal',
      engineFirst: true,
      n: 1,
    });
    const twice = run(once, { type: 'starting' }, { type: 'described', ruleset: 'cram:2x2', unit: null });
    expect(twice.boardGame?.n).toBe(2);
    expect(twice.game).toBeNull();
  });

  it("plays: the player's move, the engine's reply, the log and the record", () => {
    let state = started('1,3');
    state = run(state, yourTurn(state));
    expect(state.game).toMatchObject({ phase: 'your-turn', waiting: null });
    expect(state.game!.options).toContainEqual([1, 1]);
    state = run(state, { type: 'play', to: [1, 1] });
    expect(state.game).toMatchObject({ phase: 'thinking', position: [1, 1], waiting: { who: 'engine' } });
    state = run(state, yourTurn(state, [0, 1]));
    expect(state.game).toMatchObject({ phase: 'your-turn', position: [0, 1] });
    expect(state.game!.log).toEqual([
      'You: take 2 from heap 2 (3 -> 1): 1 1',
      'Engine: take 1 from heap 1 (1 -> 0): 0 1 (a winning move)',
    ]);
    expect(recordText(state.game!)).toBe('# nim\nyou: 1 3 -> 1 1\nengine: 1 1 -> 0 1\n');
  });

  it('moves by marks: none marked, marks that make no legal move, then a legal one', () => {
    let state = started('1,3');
    state = run(state, yourTurn(state), { type: 'move' });
    expect(state.error).toBe('Mark the tokens to take (or the gaps to cut) first, then press Move.');
    // a cut splits a heap, which Nim never does
    state = run(state, { type: 'toggle-cut', heap: 1, gap: 1 }, { type: 'move' });
    expect(state.error).toMatch(/^Not a legal move in nim: /);
    expect(state.game!.phase).toBe('your-turn');
    state = run(
      state,
      { type: 'marks', marks: new Map() },
      { type: 'toggle-token', heap: 1, token: 1 },
      { type: 'toggle-token', heap: 1, token: 2 },
      { type: 'move' },
    );
    expect(state.error).toBeNull();
    expect(state.game).toMatchObject({ phase: 'thinking', position: [1, 1] });
    expect(state.marks.size).toBe(0);
    // the board is not live during the engine's turn: a click marks nothing, a second move plays nothing
    const during = run(state, { type: 'toggle-token', heap: 0, token: 0 }, { type: 'play', to: [0, 1] });
    expect(during).toBe(state);
  });

  it('a move missing from a truncated list is refused with the note that the list is partial', () => {
    let state = started('1,3');
    state = run(state, { ...(yourTurn(state) as TurnAction), truncated: true });
    state = run(state, { type: 'play', to: [1, 7] });
    expect(state.error).toMatch(/^Not a legal move in nim \(among the first 4 legal moves\): /);
  });

  it('ends the game when either side has no move, in the convention’s words', () => {
    let state = started('1');
    state = run(state, yourTurn(state), { type: 'play', to: [0] });
    const stuck = run(state, { type: 'engine-stuck', turn: state.game!.waiting! });
    expect(stuck.game).toMatchObject({ phase: 'over', result: CONVENTION_WORDS.normal.stuck.engine, options: [] });
    const lost = started('0', { convention: 'misere' });
    const over = run(lost, yourTurn(lost));
    expect(over.game).toMatchObject({ phase: 'over', result: CONVENTION_WORDS.misere.stuck.you });
    expect(over.history).toEqual([]);
  });

  it('a failed request stalls the game; retry asks the same turn again; a stale failure changes nothing', () => {
    let state = started('2');
    state = run(state, yourTurn(state), { type: 'play', to: [1] });
    const turn = state.game!.waiting!;
    state = run(state, { type: 'failed', error: 'The server took too long.', turn });
    expect(state.game).toMatchObject({ phase: 'stalled', waiting: turn });
    expect(state.error).toBe('The server took too long.');
    state = run(state, { type: 'retry' });
    expect(state.game).toMatchObject({ phase: 'thinking', waiting: turn });
    expect(state.error).toBeNull();
    const stale = { who: 'engine' as const, position: [1] };
    expect(run(state, { type: 'failed', error: 'old', turn: stale })).toBe(state);
    expect(run(state, { ...(yourTurn(state, [0]) as TurnAction), turn: stale })).toBe(state);
  });

  it('undo goes back to the player’s last turn and asks its moves again; nothing to undo at the first turn', () => {
    let state = started('1,3');
    state = run(state, yourTurn(state));
    expect(canUndo(state)).toBe(false);
    state = run(state, { type: 'play', to: [1, 1] });
    expect(canUndo(state)).toBe(false); // the engine is thinking
    state = run(state, yourTurn(state, [0, 1]));
    expect(canUndo(state)).toBe(true);
    state = run(state, { type: 'undo' });
    expect(state.game).toMatchObject({ phase: 'thinking', position: [1, 3], waiting: { who: 'you' }, record: [] });
    expect(state.game!.log).toEqual(['(undone back to 1 3)']);
    state = run(state, yourTurn(state));
    expect(state.history.map((s) => s.position)).toEqual([[1, 3]]);
    // a game over goes back to the turn that lost it
    state = run(state, { type: 'play', to: [0, 3] });
    state = run(state, yourTurn(state, [0, 0]));
    expect(state.game!.phase).toBe('over');
    state = run(state, { type: 'undo' });
    expect(state.game!.waiting?.position).toEqual([1, 3]);
  });

  it('a new game drops the last one and any answer still coming for it', () => {
    let state = started('1,3');
    const old = yourTurn(state);
    state = run(state, { type: 'starting' });
    expect(state.game).toBeNull();
    expect(run(state, old)).toBe(state);
  });

  it('hints: the winning moves the board can mark; off clears them; an analysis of another position is dropped', () => {
    let state = started('1,3', { hints: true });
    const analysis = {
      convention: 'normal',
      outcome: 'N',
      method: 'nim-sum',
      winningMoves: [{ to: [1, 1] }, { to: '1 1' }],
    } as unknown as AnalyzeReply;
    state = run(state, { ...(yourTurn(state) as TurnAction), analysis });
    expect(state.analysis).toBe(analysis);
    const hints = clickableHints(state.game!, state.analysis);
    expect(hints.map((h) => h.to)).toEqual([[1, 1]]);
    expect(hints[0].marks.get(1)).toEqual({ taken: [1, 2], cuts: [] });
    expect(drawsGaps(state.game!)).toBe(false);
    state = run(state, { type: 'hints', on: false });
    expect(state.analysis).toBeNull();
    state = run(state, { type: 'hints', on: true });
    expect(run(state, { type: 'hinted', position: [1, 3], analysis })).toBe(state); // another array: another turn
    expect(run(state, { type: 'hinted', position: state.game!.position, analysis }).analysis).toBe(analysis);
  });

  it('draws gaps where a legal move splits a heap without taking from it', () => {
    let state = run(initialPlayState(new URLSearchParams('ruleset=grundys-game&position=4')), { type: 'starting' });
    state = run(state, { type: 'described', ruleset: 'takebreak:4!.0', unit: 'heap' });
    state = run(state, {
      type: 'turn',
      turn: state.game!.waiting!,
      position: [4],
      options: [[3, 1]],
      truncated: false,
      analysis: null,
    });
    expect(drawsGaps(state.game!)).toBe(true);
  });
});
