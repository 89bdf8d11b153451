/**
 * Quarto through the service's one table of operations: analyze, explain and play answer a game
 * decided by a result (win, draw or loss) from the family's solver; known positions and the test
 * oracle (its own lines, plain alpha-beta) on random positions with 10 to 12 pieces placed agree with
 * it; bad boards and the operations Quarto cannot answer are refused in one line by the cheap check,
 * before anything is queued.
 */
import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { QuartoMove, QuartoPosition } from '../../src/engine/families/quarto/index.ts';
import type { ResultRuleset } from '../../src/engine/types.ts';
import { ENGINE_ENV, type ServiceEnv } from '../../src/service/env.ts';
import {
  checkOperation,
  type OperationInput,
  type OperationName,
  readRequest,
  runOperation,
} from '../../src/service/operation-table.ts';
import type { ResultAnalysisReply, ResultExplanation } from '../../src/service/results.ts';
import { oracleAlphaBeta, randomPosition, rng } from '../engine/families/quarto/oracle.ts';

/** 10 pieces placed: placing 8 on a4 completes the diagonal d1 c2 b3 a4 (c, f, e, 8: all hollow), a win in 1. */
const WIN_NOW = '.72c05f..e.9..43+8';
/** 10 pieces placed: a win in 3 placements, b1+4 one way to it. */
const WIN_IN_3 = '..f.658a.b320e..+d';
/** 10 pieces placed: no move wins, and every move hands the opponent a win at once: a loss in 2. */
const EVERY_GIVE_LOSES = '4..973.5b08..ae.+c';
/** 10 pieces placed: a draw, the board filling in 6 more placements. */
const DRAW = '017df.a4.9.86...+e';
/** 14 pieces placed: a draw (the last two placements make no line). */
const FULLISH_DRAW = 'd43.0b67a58c.f92+1';

const analyze = async (board: string | undefined, env: ServiceEnv = ENGINE_ENV) =>
  (await runOperation('analyze', readRequest('analyze', { ruleset: 'quarto', board }), env)) as ResultAnalysisReply;
const explain = async (board: string, env: ServiceEnv = ENGINE_ENV) =>
  (await runOperation('explain', readRequest('explain', { ruleset: 'quarto', board }), env)) as ResultExplanation;

describe('analyze: the result for the player to move, in how many placements, the best moves', () => {
  it('an immediate win: one placement, the move in short form and in words', async () => {
    const reply = await analyze(WIN_NOW);
    expect(reply).toMatchObject({
      ruleset: 'quarto',
      position: WIN_NOW,
      proved: true,
      result: 'win',
      turns: 1,
      summary: 'With perfect play the player to move wins in 1 placement.',
      allBestMoves: true,
      bestMoves: [{ move: 'a4', words: 'place short light round hollow on a4' }],
    });
    expect(reply.drawing.split('\n')).toEqual([
      '  a b c d',
      '1 . 7 2 c',
      '2 0 5 f .',
      '3 . e . 9',
      '4 . . 4 3',
      'in hand: 8 (short light round hollow)',
    ]);
  });

  it('a win in 3, a loss in 2 where every give loses, and draws (one with 14 pieces placed)', async () => {
    expect(await analyze(WIN_IN_3)).toMatchObject({ result: 'win', turns: 3, proved: true });
    expect((await analyze(WIN_IN_3)).bestMoves.map((m) => m.move)).toContain('b1+4');
    const lost = await analyze(EVERY_GIVE_LOSES);
    expect(lost).toMatchObject({
      result: 'loss',
      turns: 2,
      summary: 'With perfect play the player to move loses in 2 placements.',
    });
    // every move loses alike: all of them are best (the slowest loss)
    expect(lost.bestMoves).toHaveLength(30);
    expect(await analyze(DRAW)).toMatchObject({ result: 'draw', turns: 6 });
    expect((await analyze(DRAW)).bestMoves.map((m) => m.move).sort()).toEqual(['b2+2', 'b2+b', 'b4+2']);
    expect(await analyze(FULLISH_DRAW)).toMatchObject({
      result: 'draw',
      turns: 2,
      summary: 'With perfect play the player to move draws (the board fills in 2 placements).',
    });
  });

  it('a full board is over: a draw, no move left', async () => {
    // the engine plays the last two placements of the 14-piece draw
    const first = await runOperation(
      'play',
      readRequest('play', { ruleset: 'quarto', board: FULLISH_DRAW, action: 'engine' }),
      ENGINE_ENV,
    );
    const full = await runOperation(
      'play',
      readRequest('play', { ruleset: 'quarto', board: first.state.board, action: 'engine' }),
      ENGINE_ENV,
    );
    expect(full.over).toEqual({ winner: null, words: 'The game is over with no winner: a draw.' });
    expect(full.position).toMatch(/^[0-9a-f]{16}$/);
    expect(await analyze(full.position)).toMatchObject({
      proved: true,
      result: 'draw',
      turns: 0,
      bestMoves: [],
      summary: 'The game is over: a draw.',
    });
  });

  it('agrees with the test oracle on random positions with 10 to 12 pieces placed, and each best move keeps the value', async () => {
    const quarto = parseRuleset('quarto') as unknown as ResultRuleset<QuartoPosition, QuartoMove>;
    const next = rng(3600);
    for (let i = 0; i < 12; i++) {
      const placed = 10 + (i % 3);
      const { board, hand } = randomPosition(next, placed, 'standard');
      const text = `${board.map((p) => (p < 0 ? '.' : p.toString(16))).join('')}+${hand.toString(16)}`;
      const value = oracleAlphaBeta(board.slice(), hand, 'standard');
      const reply = await analyze(text);
      expect(reply.result, text).toBe(value > 0 ? 'win' : value < 0 ? 'loss' : 'draw');
      expect(reply.turns, text).toBe(value === 0 ? 16 - placed : 32 - Math.abs(value) - placed);
      const position = quarto.notation.parsePosition(text);
      for (const best of reply.bestMoves) {
        const move = quarto.notation.parseMove(position, best.move)!;
        const step = quarto.play(position, move);
        if (step.won) expect(value, `${text} ${best.move}`).toBe(32 - (placed + 1));
        else if (step.over) expect(value, `${text} ${best.move}`).toBe(0);
        else {
          const after = step.position;
          expect(-oracleAlphaBeta(after.cells.slice(), after.hand, 'standard') + 0, `${text} ${best.move}`).toBe(value);
        }
      }
    }
  });

  it('the advanced variant: a 2 x 2 square wins too', async () => {
    // a1 b1 a2 hold 0 2 4, and 6 in hand completes the square a1 b1 a2 b2: all short (bit 0 clear)
    const board = '02..4...........+6';
    const advanced = (await runOperation(
      'analyze',
      readRequest('analyze', { ruleset: 'quarto:advanced', board }),
      ENGINE_ENV,
    )) as ResultAnalysisReply;
    expect(advanced).toMatchObject({
      ruleset: 'quarto:advanced',
      result: 'win',
      turns: 1,
      bestMoves: [{ move: 'b2' }],
    });
    const standard = parseRuleset('quarto') as unknown as ResultRuleset<QuartoPosition, QuartoMove>;
    expect(standard.winsAtOnce(standard.notation.parsePosition(board))).toEqual([]);
  });

  it('not proved within the time limit: says so and gives the best move found so far, never an error', async () => {
    const env: ServiceEnv = { ...ENGINE_ENV, limits: { searchMs: 300 } };
    const reply = await analyze('0...5..a........+3', env);
    expect(reply).toMatchObject({ proved: false, result: null, turns: null, allBestMoves: false });
    expect(reply.bestMoves).toHaveLength(1);
    expect(reply.summary).toMatch(
      /^Not proved within the time limit \(\d+ positions searched in [\d.]+ s\); the best move found so far: [a-d][1-4]\+[0-9a-f]\.$/,
    );
    // the empty board: the first player only gives; the opening proof answers at once, a draw
    const start = await analyze(undefined, env);
    expect(start).toMatchObject({ position: '................', proved: true, result: 'draw', nodes: 0 });
    expect(start.known).toMatch(
      /^The empty board: the first player only gives, and every first give is the same up to symmetry.*opening proof/,
    );
    expect(reply.known).toBeNull();
    expect(start.bestMoves[0].move).toMatch(/^\+[0-9a-f]$/);
  });
});

describe('explain: why', () => {
  it('an immediate win is the whole reason', async () => {
    const e = await explain(WIN_NOW);
    expect(e.winsAtOnce.map((m) => m.move)).toEqual(['a4']);
    expect(e.lines.slice(1)).toEqual([
      '1. A move wins at once: place short light round hollow on a4.',
      'So the player to move wins on this turn.',
    ]);
  });

  it('every give loses at once: no move is safe', async () => {
    const e = await explain(EVERY_GIVE_LOSES);
    expect(e).toMatchObject({ winsAtOnce: [], moves: 30, losingAtOnce: 30, safeMoves: [] });
    expect(e.lines).toContain(
      '2. Every move hands the opponent a win at once: whatever the player to move does, the opponent wins on the next turn.',
    );
    expect(e.analysis).toMatchObject({ result: 'loss', turns: 2 });
  });

  it('otherwise the safe moves, then the solver over them', async () => {
    const e = await explain(DRAW);
    expect(e.winsAtOnce).toEqual([]);
    expect(e.losingAtOnce + e.safeMoves.length).toBe(e.moves);
    expect(e.safeMoves.map((m) => m.move)).toEqual(expect.arrayContaining(['b2+2', 'b2+b', 'b4+2']));
    expect(e.lines.at(-1)).toMatch(
      /^3\. The solver searched \d+ positions past them: With perfect play the player to move draws/,
    );
  });
});

describe('play: the perfect opponent', () => {
  type Game = Omit<OperationInput<'play'>, 'action' | 'move'>;
  const turn = (game: Game, action: OperationInput<'play'>['action'], move?: string) =>
    runOperation('play', readRequest('play', { ...game, action, move }), ENGINE_ENV);

  it('opens with the board drawn, reads moves in short form and in words, and the engine says what it knows', async () => {
    const open = await turn({ ruleset: 'quarto', board: DRAW }, 'open');
    expect(open).toMatchObject({ position: DRAW, state: { board: DRAW }, over: null });
    expect(open.drawing).toMatch(/^ {2}a b c d\n1 0 1 7 d\n/);
    const reply = await turn(
      { ruleset: 'quarto', board: DRAW },
      'move',
      'place short dark square hollow on b2, give short dark round solid',
    );
    expect(reply.player?.words).toBe('b2+2  place short dark square hollow on b2, give short dark round solid');
    expect(reply.engine).toMatchObject({
      proved: true,
      result: 'draw',
      winning: false,
      note: 'a draw with perfect play',
    });
    expect(reply.over).toBeNull();
  });

  it('refuses an illegal move with its reason, and playing on', async () => {
    const taken = await turn({ ruleset: 'quarto', board: DRAW }, 'move', 'a1+2');
    expect(taken).toMatchObject({
      player: null,
      refused: 'not a legal move: a1 is taken (piece 0)',
      state: { board: DRAW },
    });
    const used = await turn({ ruleset: 'quarto', board: DRAW }, 'move', 'b2+7');
    expect(used.refused).toBe('not a legal move: piece 7 is already on the board');
    const hand = await turn({ ruleset: 'quarto', board: DRAW }, 'move', 'b2+e');
    expect(hand.refused).toBe('not a legal move: piece e is the piece in hand');
    await expect(turn({ ruleset: 'quarto', board: DRAW }, 'move', 'z9')).rejects.toThrow(/'z9' is not a move/);
  });

  it('the engine takes an immediate win, and the game is over with its winner', async () => {
    const reply = await turn({ ruleset: 'quarto', board: WIN_NOW }, 'engine');
    expect(reply.engine).toMatchObject({ move: 'a4', proved: true, result: 'win', turns: 1, winning: true });
    expect(reply.over).toEqual({ winner: 'engine', words: "The engine's move won the game: the engine wins." });
    const mine = await turn({ ruleset: 'quarto', board: WIN_NOW }, 'move', 'a4');
    expect(mine.engine).toBeNull();
    expect(mine.over).toEqual({ winner: 'player', words: 'Your move won the game: you win!' });
  });

  it('a whole game from a drawn position, the engine against the first listed moves, ends drawn or won by the engine', async () => {
    let game: Game = { ruleset: 'quarto', board: DRAW };
    let reply = await turn(game, 'move', '#1');
    while (reply.over === null) {
      game = { ...game, board: reply.state.board };
      reply = await turn(game, 'move', '#1');
    }
    expect(reply.over).not.toMatchObject({ winner: 'player' });
  });

  it('from the empty board the engine gives at once: every give is alike, and the opening proof says a draw', async () => {
    const reply = await turn({ ruleset: 'quarto' }, 'engine');
    expect(reply.engine).toMatchObject({ proved: true, result: 'draw', turns: 16, alike: true, winning: false });
    expect(reply.engine && 'note' in reply.engine ? reply.engine.note : '').toBe(
      'every move here is the same up to symmetry; a draw with perfect play',
    );
    // the advanced game has no opening proof: alike, the result unproved
    const advanced = await turn({ ruleset: 'quarto:advanced' }, 'engine');
    expect(advanced.engine).toMatchObject({ proved: false, result: null, alike: true });
    // a position where the moves differ is searched as before
    const drawn = await turn({ ruleset: 'quarto', board: DRAW }, 'engine');
    expect(drawn.engine).toMatchObject({ proved: true, result: 'draw', alike: false });
  });

  it('movesAlike holds at the start (16 gives, one class) and not where the moves differ', () => {
    const ruleset = parseRuleset('quarto') as ResultRuleset<QuartoPosition, QuartoMove>;
    expect(ruleset.movesAlike?.(ruleset.start)).toBe(true);
    const afterGive = ruleset.play(ruleset.start, ruleset.moves(ruleset.start)[0]).position;
    // an empty board with a piece in hand: placements and gives fall into several classes
    expect(ruleset.movesAlike?.(afterGive)).toBe(false);
    expect(ruleset.movesAlike?.(ruleset.notation.parsePosition(DRAW))).toBe(false);
  });

  it('hint explains the position', async () => {
    const hint = await turn({ ruleset: 'quarto', board: EVERY_GIVE_LOSES }, 'hint');
    expect(hint.hint).toMatch(/Every move hands the opponent a win at once/);
  });
});

describe('the other operations a face asks of any ruleset', () => {
  it('describe: its kind, its one capability, its position format and its start', async () => {
    const info = await runOperation('describe', readRequest('describe', { ruleset: 'quarto' }), ENGINE_ENV);
    expect(info).toMatchObject({
      kind: 'result',
      family: 'quarto',
      capabilities: ['results'],
      start: '................',
    });
  });

  it('options: the positions after each legal move, a winning placement once', async () => {
    const page = await runOperation(
      'options',
      readRequest('options', { ruleset: 'quarto', board: WIN_NOW }),
      ENGINE_ENV,
    );
    // 6 empty cells: a4 wins (listed once, the game over), the 5 others each with the 5 pieces left to give
    expect(page.options).toHaveLength(26);
    expect(page.options).toContain('.72c05f..e.98.43');
    expect(page.options[0]).toBe('872c05f..e.9..43+1');
  });

  it('move (a move to a P-position) and table are refused, naming what answers instead', async () => {
    expect(() =>
      checkOperation('move', readRequest('move', { ruleset: 'quarto', board: WIN_NOW }), ENGINE_ENV),
    ).toThrow(
      /^a move to a P-position is asked of games won by the last move; 'quarto' is .*: the perfect opponent's move comes from play/,
    );
    expect(() =>
      checkOperation('table', readRequest('table', { game: 'quarto', rows: '1..2', cols: '1..2' }), ENGINE_ENV),
    ).toThrow(/^table needs a game played on rectangles of any size; 'quarto' is .*: try analyze, play or explain$/);
  });
});

describe('refusals, one line each, by the cheap check', () => {
  const check =
    <N extends OperationName>(name: N, input: OperationInput<N>) =>
    () =>
      checkOperation(name, readRequest(name, input), ENGINE_ENV);

  it.each([
    ['0...5..a.......+3', 'quarto board: 15 cells, expected 16 in row order (a1 b1 c1 d1 a2 ... d4)'],
    ['0...5..a........+5', 'quarto board: the piece in hand, 5, is already on a2'],
    ['0...0..a........+3', 'quarto board: piece 0 is on a1 and again on a2'],
    ['0123............+4', 'quarto board: a line already stands on a1 b1 c1 d1 (the game ended there)'],
    ['0...5..a..x.....+3', "quarto board: 'x' at character 11 is not a cell ('.' empty or a piece 0-9, a-f)"],
    [
      '0...5..a........',
      "quarto board: 3 pieces placed and none in hand; add '+' and the piece the player to move must place",
    ],
    ['0...5..a........+g', "quarto board: after '+' expected the piece in hand (one of 0-9, a-f), got 'g'"],
  ])('%s', (board, message) => {
    for (const name of ['analyze', 'explain', 'play'] as const)
      expect(check(name, { ruleset: 'quarto', board })).toThrow(message);
  });

  it('Grundy values, counts, periods, quotients, misère play and heap sizes: what Quarto is, and what to try', () => {
    const what =
      "'quarto' is a game won by making a line of four pieces that share an attribute, drawn on a full board: try analyze, play or explain";
    expect(check('grundy', { ruleset: 'quarto', to: 10 })).toThrow(
      `grundy needs a game played on heaps (a sum of single heaps); ${what}`,
    );
    expect(check('count', { ruleset: 'quarto', max: 3 })).toThrow(
      `count needs a game played on heaps or piles; ${what}`,
    );
    expect(check('period', { ruleset: 'quarto' })).toThrow(
      `period needs a game played on heaps (a sum of single heaps); ${what}`,
    );
    expect(check('quotient', { ruleset: 'quarto', max: 5 })).toThrow(/^quotient needs a game played on heaps/);
    expect(check('analyze', { ruleset: 'quarto', board: WIN_NOW, convention: 'misere' })).toThrow(
      `misère play needs a game with misère play; ${what}`,
    );
    expect(check('analyze', { ruleset: 'quarto', heaps: [3] })).toThrow(
      /^'quarto' is a game won by making a line .*: give its position as text/,
    );
    expect(check('analyze', { ruleset: 'quarto:diagonal', board: WIN_NOW })).toThrow(
      "quarto takes no argument or 'advanced' (2 x 2 squares win too), got 'diagonal'",
    );
  });
});
