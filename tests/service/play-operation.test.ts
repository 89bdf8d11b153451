/**
 * The table's `play` operation: one turn of a game against the perfect opponent at the position the
 * request names, the service keeping nothing between turns (the face sends each turn's `state` back).
 * Whole games played turn by turn end as the theory says: from an N-position the engine, moving first,
 * always wins (Bouton: Nim's P-positions are those of nim-sum 0).
 */
import { describe, expect, it } from 'vitest';
import { ENGINE_ENV, type ServiceEnv } from '../../src/service/env.ts';
import { checkOperation, type OperationInput, readRequest, runOperation } from '../../src/service/operation-table.ts';
import type { PlayReply } from '../../src/service/play.ts';

type Game = Omit<OperationInput<'play'>, 'action' | 'move'>;
const turn = (game: Game, action: OperationInput<'play'>['action'], move?: string, env: ServiceEnv = ENGINE_ENV) =>
  runOperation('play', readRequest('play', { ...game, action, move }), env);
const next = (game: Game, reply: PlayReply): Game => ({ ...game, heaps: reply.state.heaps, board: reply.state.board });
const nimSum = (heaps: readonly number[]) => heaps.reduce((a, b) => a ^ b, 0);

describe('play, one turn at a time', () => {
  it('opens a game: its first line, how to type a move, and where it stands', async () => {
    const reply = await turn({ ruleset: 'nim', heaps: [3, 4, 5] }, 'open');
    expect(reply.opening).toBe('Nim from 3 4 5. The player who cannot move loses.');
    expect(reply.help).toMatch(/take K from H/);
    expect(reply).toMatchObject({ ruleset: 'nim', position: '3 4 5', state: { heaps: [3, 4, 5] }, over: null });
  });

  it('plays the typed move, then the engine answers with a winning move back to nim-sum 0', async () => {
    const reply = await turn({ ruleset: 'nim', heaps: [3, 4, 5] }, 'move', 'take 3 from 1');
    expect(reply.player?.words).toMatch(/take 3 from heap 1 \(3 -> 0\)/);
    expect(reply.engine?.winning).toBe(true);
    expect(nimSum(reply.state.heaps!)).toBe(0);
  });

  it('refuses a move that is not legal without playing it, and a move it cannot read as an InputError', async () => {
    const illegal = await turn({ ruleset: 'nim', heaps: [3, 4, 5] }, 'move', '3 4 6');
    expect(illegal.player).toBeNull();
    expect(illegal.refused).toBe('not a legal move from 3 4 5: 3 4 6');
    expect(illegal.state.heaps).toEqual([3, 4, 5]);
    await expect(turn({ ruleset: 'nim', heaps: [3, 4, 5] }, 'move', 'banana')).rejects.toThrow(/heap 1/);
    await expect(turn({ ruleset: 'nim', heaps: [0, 0] }, 'move', '0 0')).rejects.toThrow(/the game is over/);
  });

  it('"#N" picks move N of the list that "moves" gives, though no turn remembers the list', async () => {
    const game = { ruleset: 'subtract:1,2,3', heaps: [5, 2] };
    const { moves = [] } = await turn(game, 'moves');
    expect(moves.length).toBe(5);
    const picked = await turn(game, 'move', '#4');
    expect(picked.player?.words).toBe(moves[3].words);
    await expect(turn(game, 'move', '#9')).rejects.toThrow(/choose a move between #1 and #5/);
  });

  it('a whole Nim game from an N-position, turn by turn, ends with the engine (moving first) the winner', async () => {
    let game: Game = { ruleset: 'nim', heaps: [1, 2, 4] };
    let reply = await turn(game, 'engine');
    expect(reply.engine?.winning).toBe(true);
    for (let turns = 0; reply.over === null; turns++) {
      expect(turns).toBeLessThan(10);
      game = next(game, reply);
      reply = await turn(game, 'move', '#1'); // the player takes the first legal move each time
      if (reply.engine) expect(reply.engine.winning).toBe(true);
    }
    expect(reply.over).toEqual({ stuck: 'player', words: 'You have no move left: the engine wins.' });
  });

  it('misère play: the player who cannot move has won (the engine made the last move)', async () => {
    // misère Nim 1 1: whoever moves leaves 1, and the other must take the last token
    const reply = await turn({ ruleset: 'nim', heaps: [1, 1], convention: 'misere' }, 'move', '0 1');
    expect(reply.engine?.words).toMatch(/0 0$/);
    expect(reply.over).toMatchObject({ stuck: 'player' });
    expect(reply.over?.words).toMatch(/you win/);
  });

  it("a board game's state is a board the next turn reads, and the face's memory keeps one search for the game", async () => {
    const memory = new Map<string, unknown>();
    const env: ServiceEnv = { ...ENGINE_ENV, playMemory: memory };
    let game: Game = { ruleset: 'cram:2x3' };
    // Cram 2 x 3 has value 1 (Winning Ways' table of small boards): the engine moving first wins
    let reply = await turn(game, 'engine', undefined, env);
    expect(reply.engine?.winning).toBe(true);
    while (reply.over === null) {
      game = next(game, reply);
      expect(typeof game.board).toBe('string');
      reply = await turn(game, 'move', '#1', env);
    }
    expect(reply.over).toMatchObject({ stuck: 'player' });
    expect([...memory.keys()]).toEqual(['game\ncram:2x3\nnormal']);
    const hint = await turn({ ruleset: 'cram:2x3' }, 'hint', undefined, env);
    expect(hint.hint).toMatch(/^Grundy value 1: a winning move \(the first the search found\):\n {2}\S/);
    // Sprouts decides outcomes first: its hint names the outcome, not a nimber it would search for
    const sprouts = await turn({ ruleset: 'sprouts:3' }, 'hint', undefined, env);
    expect(sprouts.hint).toMatch(/^An N-position: a winning move \(the first the search found\):\n {2}\S/);
  });

  it('its check refuses what it can before anything is computed', () => {
    const check = (input: OperationInput<'play'>) => () =>
      checkOperation('play', readRequest('play', input), ENGINE_ENV);
    expect(check({ ruleset: 'nim', heaps: [2 ** 32] })).toThrow(/heap/);
    expect(check({ ruleset: 'sprouts', board: '{5}' })).toThrow();
    expect(check({ ruleset: 'cram:2x3', heaps: [3] })).toThrow(/not heap sizes/);
    expect(() => readRequest('play', { ruleset: 'nim', heaps: [3], action: 'undo' as 'open' })).toThrow(/action/);
  });
});
