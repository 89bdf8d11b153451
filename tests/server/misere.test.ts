/** Misère play over HTTP: "convention": "misere" on analyze, count and move; GET /api/quotient; limits as 413. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type NimberApp } from '../../src/server/app.ts';
import { misereOracleCount } from '../../src/engine/solve/oracle/misere.ts';
import { parseTupleSpec } from '../../src/engine/spec.ts';

let app: NimberApp;
beforeAll(async () => {
  app = createApp({ timeLimitMs: 300_000, threads: 1, staticDir: null });
  await app.pool.warmUp();
});
afterAll(() => app.close());

const post = (path: string, body: unknown) =>
  app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('misère play over HTTP', () => {
  it('analyze: misère Nim 1 1 2 by the genus layer, normal play unchanged by default', async () => {
    const misere = await (
      await post('/api/analyze', { ruleset: 'nim', heaps: [1, 1, 2], convention: 'misere' })
    ).json();
    expect(misere).toMatchObject({
      convention: 'misere',
      method: 'genus',
      outcome: 'N',
      winningMoves: [{ to: [1, 1, 1] }],
      genus: ['1^031', '1^031', '2^20'],
    });
    const normal = await (await post('/api/analyze', { ruleset: 'nim', heaps: [1, 1, 2] })).json();
    expect(normal).toMatchObject({ outcome: 'N', nimSum: 2, winningMoves: [{ to: [1, 1, 0] }] });
  });

  it('analyze: Kayles 3 5 7 by the quotient, Wythoff by search', async () => {
    expect(
      await (await post('/api/analyze', { ruleset: 'kayles', heaps: [3, 5, 7], convention: 'misere' })).json(),
    ).toMatchObject({ method: 'quotient', outcome: 'N', winningMoves: [{ to: [3, 4, 7] }] });
    expect(
      await (await post('/api/analyze', { ruleset: 'wythoff', heaps: [3, 5], convention: 'misere' })).json(),
    ).toMatchObject({ method: 'search', outcome: 'P' });
  });

  it('count and move', async () => {
    const expected = misereOracleCount(parseTupleSpec('kayles'), 3, 10, 'sorted');
    expect(
      await (await post('/api/count', { ruleset: 'kayles', heaps: 3, max: 10, convention: 'misere' })).json(),
    ).toEqual({ count: String(expected) });
    expect(
      await (await post('/api/move', { ruleset: 'nim', position: [1, 1, 2], convention: 'misere' })).json(),
    ).toEqual({ from: [1, 1, 2], to: [1, 1, 1], outcome: 'N' });
    // no move left: under misère play the player to move has won
    expect(await (await post('/api/move', { ruleset: 'nim', position: [0, 0], convention: 'misere' })).json()).toEqual({
      from: [0, 0],
      to: null,
      outcome: 'N',
    });
  });

  it('GET /api/quotient: 0.75 has the quotient R8 of order 8, with its presentation', async () => {
    const res = await app.request('/api/quotient?ruleset=takebreak:0.75&max=20');
    expect(res.status).toBe(200);
    const q = (await res.json()) as {
      size: number;
      pPortion: string[];
      generators: { heap: number; relation: string }[];
      relations: string[];
      heaps: string[];
      growing: boolean;
      solved: { preperiod: number; period: number } | null;
    };
    expect(q.size).toBe(8);
    expect(q.pPortion.sort()).toEqual(['a', 'b^2']);
    expect(q.generators.map((g) => `${g.heap}: ${g.relation}`)).toEqual(['1: a^2 = 1', '2: b^3 = b', '5: c^4 = c^2']);
    // Plambeck's presentation of R8 (INTEGERS 5 (2005) #G05): <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>
    // complete: with b^3 = b these four rules rebuild the monoid (tests/engine/solve/misere/presentation.test.ts)
    expect(q.relations).toEqual(['a^2 = 1', 'b c = a b', 'c^2 = b^2', 'b^3 = b']);
    expect(q.heaps).toHaveLength(21);
    expect(q.growing).toBe(false);
    // the periodicity theorem needs heaps 0..21 for 0.75's period 2 from heap 8: not proved from 0..20
    expect(q.solved).toBeNull();
    // solve=true (the CLI's --solve) computes as far as the theorem needs
    const solved = await app.request('/api/quotient?ruleset=takebreak:0.75&max=20&solve=true');
    expect(solved.status).toBe(200);
    expect(((await solved.json()) as typeof q).solved).toMatchObject({ preperiod: 8, period: 2, proofLength: 22 });
    expect((await app.request('/api/quotient?ruleset=takebreak:0.75&max=20&solve=yes')).status).toBe(422);
  });

  it('bad input: unknown convention 422, a quotient beyond its limits 413 naming the limit, a coupled game 422', async () => {
    expect((await post('/api/analyze', { ruleset: 'nim', heaps: [1], convention: 'backwards' })).status).toBe(422);
    const big = await app.request('/api/quotient?ruleset=kayles&max=5000');
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: string }).error).toMatch(/largest heap of a misère quotient/);
    const coupled = await app.request('/api/quotient?ruleset=wythoff&max=5');
    expect(coupled.status).toBe(422);
  });
});
