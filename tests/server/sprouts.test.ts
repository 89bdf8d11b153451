/** The API on Sprouts: the analysis of a start and of a typed position, the engine's move, and bad positions (422, naming the column). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type NimberApp } from '../../src/server/app.ts';

let app: NimberApp;
const post = (path: string, body: unknown) =>
  app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  app = createApp({ timeLimitMs: 300_000, threads: 1, staticDir: null });
  await app.pool.warmUp();
});
afterAll(() => app.close());

describe('sprouts over HTTP', () => {
  it('analyzes the 3-spot start under both conventions (N normal, P misère: OEIS A164950)', async () => {
    const normal = await (await post('/api/analyze', { ruleset: 'sprouts:3' })).json();
    expect(normal).toMatchObject({ position: '{3.3.3}', grundy: 1, outcome: 'N' });
    // outcome first: one winning move by default, which must lead to a P-position
    expect(normal.winningMoves).toHaveLength(1);
    const after = await (await post('/api/analyze', { ruleset: 'sprouts', board: normal.winningMoves[0].to })).json();
    expect(after).toMatchObject({ outcome: 'P' });
    const misere = await (await post('/api/analyze', { ruleset: 'sprouts:3', convention: 'misere' })).json();
    expect(misere).toMatchObject({ outcome: 'P', grundy: null, winningMoves: [] });
  });

  it('allMoves asks for every winning move (4 spots: two), and --verify compares every one with the oracle', async () => {
    const one = await (await post('/api/analyze', { ruleset: 'sprouts:4' })).json();
    expect(one).toMatchObject({ outcome: 'N', allMoves: false });
    expect(one.winningMoves).toHaveLength(1);
    const all = await (await post('/api/analyze', { ruleset: 'sprouts:4', allMoves: true })).json();
    expect(all).toMatchObject({ outcome: 'N', allMoves: true });
    expect(all.winningMoves.map((m: { to: string }) => m.to).sort()).toEqual(['{AB.3}{AB.3.3}', '{AB}{AB.3.3.3}']);
    for (const m of all.winningMoves) {
      const after = await (await post('/api/analyze', { ruleset: 'sprouts', board: m.to })).json();
      expect(after, m.to).toMatchObject({ outcome: 'P', allMoves: true, winningMoves: [] });
    }
    const verified = await (await post('/api/analyze', { ruleset: 'sprouts:4', verify: true })).json();
    expect(verified.verification).toMatchObject({ agrees: true });
  });

  it('answers a typed position and plays a move', async () => {
    expect(await (await post('/api/analyze', { ruleset: 'sprouts', board: '{AB}{AB}' })).json()).toMatchObject({
      grundy: 1,
      outcome: 'N',
    });
    const move = await (await post('/api/move', { ruleset: 'sprouts', board: '{3.3}' })).json();
    expect(move).toMatchObject({ from: '{3.3}', outcome: 'P' });
  });

  it('refuses bad positions with 422 and one line naming the place', async () => {
    for (const [board, words] of [
      ['{3.3', 'column 1: the region opened here is never closed'],
      ['{3.5}', 'column 4: a spot with 5 lives'],
      ['{3.3}#', "column 6: unknown character '#'"],
    ]) {
      const res = await post('/api/analyze', { ruleset: 'sprouts', board });
      expect(res.status, board).toBe(422);
      expect((await res.json()).error).toContain(words);
    }
  });
});
