/**
 * Quarto through the HTTP API: POST /api/analyze, /api/explain and /api/play answer it as the service
 * does; a bad board is a 422 whose error names the place, before any worker runs; an operation Quarto
 * cannot answer is a 422 naming what to try; a position not proved within the request's time limit is
 * a 200 that says so (proved: false) with the best move found so far, not a 504.
 */
import { describe, expect, it } from 'vitest';
import { ENGINE_ENV } from '../../src/service/env.ts';
import { readRequest, runOperation } from '../../src/service/operation-table.ts';
import { useTestApi } from '../helpers/api.ts';

// Proved answers under the default long limit: the searches from ten pieces placed take a fifth of a
// second idle and seconds on a loaded machine, too close to a 3 s limit for a reply that must be proved.
const { post, get } = useTestApi();
// A short limit, for the position that must not be proved within it.
const hasty = useTestApi({ timeLimitMs: 3000 });
/** Advanced Quarto with one piece placed: never proved within a request's time limit. */
const SLOW = '0...............+3';

/** 10 pieces placed: a win in 3 placements (tests/service/quarto.test.ts). */
const WIN_IN_3 = '..f.658a.b320e..+d';
/** 10 pieces placed: every move hands the opponent a win at once. */
const EVERY_GIVE_LOSES = '4..973.5b08..ae.+c';

const timeless = (reply: unknown) =>
  JSON.parse(JSON.stringify(reply), (key, value) => (key === 'elapsedMs' || key === 'nodes' ? undefined : value));

describe('Quarto over HTTP', () => {
  it('analyze: the same reply as the service', async () => {
    const api = await post('/api/analyze', { ruleset: 'quarto', board: WIN_IN_3 });
    expect(api.status).toBe(200);
    const service = await runOperation(
      'analyze',
      readRequest('analyze', { ruleset: 'quarto', board: WIN_IN_3 }),
      ENGINE_ENV,
    );
    expect(timeless(api.body)).toEqual(timeless(service));
    expect(api.body).toMatchObject({ result: 'win', turns: 3, proved: true });
  });

  it('explain and play', async () => {
    const explain = await post('/api/explain', { ruleset: 'quarto', board: EVERY_GIVE_LOSES });
    expect(explain.status).toBe(200);
    expect(explain.body).toMatchObject({ losingAtOnce: 30, safeMoves: [], analysis: { result: 'loss', turns: 2 } });
    const play = await post('/api/play', { ruleset: 'quarto', board: WIN_IN_3, action: 'engine' });
    expect(play.status).toBe(200);
    expect(play.body).toMatchObject({ engine: { proved: true, result: 'win', turns: 3, winning: true }, over: null });
    const refused = await post('/api/play', { ruleset: 'quarto', board: WIN_IN_3, action: 'move', move: 'c1+d' });
    expect(refused.body).toMatchObject({ player: null, refused: 'not a legal move: c1 is taken (piece f)' });
  });

  it('a position not proved within the time limit: 200, proved false, the best move found so far', async () => {
    // one piece placed in the advanced game: far beyond any test's limit (a 3-placed standard
    // position, used before, is proved in 4-8 s with the WebAssembly node: too close to 3 s)
    const api = await hasty.post('/api/analyze', { ruleset: 'quarto:advanced', board: SLOW });
    expect(api.status).toBe(200);
    expect(api.body).toMatchObject({ proved: false, result: null });
    expect(api.body.bestMoves).toHaveLength(1);
    const play = await hasty.post('/api/play', { ruleset: 'quarto:advanced', board: SLOW, action: 'engine' });
    expect(play.status).toBe(200);
    expect(play.body.engine).toMatchObject({ proved: false, result: null, alike: false });
    expect((play.body.engine as { note: string }).note).toMatch(
      /^not proved within the time limit: it plays its best move found so far/,
    );
    // from the start every give is the same up to symmetry, and the opening proof says a draw: at once
    const start = await post('/api/play', { ruleset: 'quarto', action: 'engine' });
    expect(start.status).toBe(200);
    expect(start.body.engine).toMatchObject({ proved: true, result: 'draw', alike: true });
  });

  it.each([
    ['0...5..a.......+3', 'quarto board: 15 cells, expected 16 in row order (a1 b1 c1 d1 a2 ... d4)'],
    ['0...5..a........+5', 'quarto board: the piece in hand, 5, is already on a2'],
    ['0...0..a........+3', 'quarto board: piece 0 is on a1 and again on a2'],
    ['0123............+4', 'quarto board: a line already stands on a1 b1 c1 d1 (the game ended there)'],
    ['0...5..a..x.....+3', "quarto board: 'x' at character 11 is not a cell ('.' empty or a piece 0-9, a-f)"],
  ])('a bad board %s is a 422 naming the place', async (board, error) => {
    for (const path of ['/api/analyze', '/api/explain', '/api/play']) {
      const res = await post(path, { ruleset: 'quarto', board });
      expect([res.status, res.body.error]).toEqual([422, error]);
    }
  });

  it('Grundy values, counts and misère play: a 422 naming what to try', async () => {
    const count = await post('/api/count', { ruleset: 'quarto', max: 3 });
    expect(count.status).toBe(422);
    expect(count.body.error).toMatch(
      /^count needs a game played on heaps or piles; 'quarto' is .*: try analyze, play or explain$/,
    );
    const grundy = await get('/api/grundy?ruleset=quarto&to=10');
    expect(grundy.status).toBe(422);
    const misere = await post('/api/analyze', { ruleset: 'quarto', board: WIN_IN_3, convention: 'misere' });
    expect([misere.status, misere.body.error]).toEqual([
      422,
      expect.stringMatching(/^misère play needs a game with misère play/),
    ]);
  });
});
