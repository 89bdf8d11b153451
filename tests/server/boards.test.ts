/** POST /api/analyze on games on boards and graphs: values and winning moves, errors naming line and column, the time limit (504). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type NimberApp } from '../../src/server/app.ts';

let app: NimberApp;
const post = (a: NimberApp, body: unknown) =>
  a.request('/api/analyze', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  app = createApp({ timeLimitMs: 300_000, threads: 1, staticDir: null });
  await app.pool.warmUp();
});
afterAll(() => app.close());

describe('/api/analyze with a board', () => {
  it('analyzes the start board a spec names: the first winning move found, every one with allMoves', async () => {
    const res = await post(app, { ruleset: 'cram:2x3' });
    expect(res.status).toBe(200);
    const first = await res.json();
    expect(first).toMatchObject({ ruleset: 'cram:2x3', position: '.../...', outcome: 'N', allMoves: false });
    expect(first.winningMoves).toHaveLength(1);
    const all = await (await post(app, { ruleset: 'cram:2x3', allMoves: true })).json();
    expect(all).toMatchObject({ outcome: 'N', allMoves: true });
    // the first player wins by the central vertical domino, then mirrors (symmetry strategy)
    expect(all.winningMoves).toContainEqual({ to: '.#./.#.', move: 'vertical domino on column 2, rows 1-2' });
    expect(all.winningMoves.length).toBeGreaterThan(1);
    expect(all.winningMoves[0]).toEqual(first.winningMoves[0]);
  });

  it('analyzes a board given as text, and a graph', async () => {
    expect(await (await post(app, { ruleset: 'cram', board: '..../.##./....' })).json()).toMatchObject({
      grundy: 0,
      outcome: 'P',
      winningMoves: [],
    });
    expect(await (await post(app, { ruleset: 'node-kayles', board: '0-1 1-2 2-3 3-4' })).json()).toMatchObject({
      grundy: 3,
      winningMoves: [{ to: '0 4' }],
    });
    expect(await (await post(app, { ruleset: 'chomp', board: '2 2' })).json()).toMatchObject({
      outcome: 'N',
      winningMoves: [{ to: '2 1' }],
    });
  });

  it('bad boards are 422 naming line and column; huge ones 413; heaps still work', async () => {
    const ragged = await post(app, { ruleset: 'cram', board: '...\n..' });
    expect(ragged.status).toBe(422);
    expect((await ragged.json()).error).toMatch(/line 2, column 3/);
    const vertex = await post(app, { ruleset: 'node-kayles', board: '0-1 1-z' });
    expect(vertex.status).toBe(422);
    expect((await vertex.json()).error).toMatch(/line 1, column 5/);
    expect((await post(app, { ruleset: 'cram:99x99' })).status).toBe(413);
    expect((await post(app, { ruleset: 'cram' })).status).toBe(422);
    expect((await post(app, { ruleset: 'nim', board: '..' })).status).toBe(422);
    expect((await post(app, { ruleset: 'nim' })).status).toBe(422);
    expect(await (await post(app, { ruleset: 'nim', heaps: [1, 2] })).json()).toMatchObject({ outcome: 'N' });
  });

  it('a search past the time limit is 504', async () => {
    const tiny = createApp({ timeLimitMs: 300, threads: 1, staticDir: null });
    try {
      await tiny.pool.warmUp();
      expect((await post(tiny, { ruleset: 'cram:6x7' })).status).toBe(504);
    } finally {
      await tiny.close();
    }
  });
});
