/** Lasker's Nim over the HTTP API (app.request(), no port): the registry line is all the server needs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lasker } from '../../src/engine/families/lasker/index.ts';
import { oracleCount, oracleFor } from '../../src/engine/solve/oracle/normal.ts';
import { createApp, type NimberApp } from '../../src/server/app.ts';

let app: NimberApp;
beforeAll(async () => {
  app = createApp({ timeLimitMs: 300_000, threads: 1, staticDir: null });
  await app.pool.warmUp();
});
afterAll(() => app.close());

const get = async (path: string) => (await app.request(path)).json();
const post = async (path: string, body: unknown) =>
  (
    await app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json();

describe('the API on lasker', () => {
  it('lists the family and describes the ruleset', async () => {
    const catalog = await get('/api/catalog');
    expect(catalog.families.map((f: { name: string }) => f.name)).toContain('lasker');
    expect(await get('/api/ruleset?ruleset=lasker')).toMatchObject({
      ruleset: 'lasker',
      title: "Lasker's Nim",
      kind: 'heap',
      capabilities: ['heap-values', 'period', 'count', 'quotient', 'misere'],
      family: 'lasker',
      piles: null,
    });
  });

  it('grundy, period and count', async () => {
    expect((await get('/api/grundy?ruleset=lasker&to=8')).values).toEqual([0, 1, 2, 4, 3, 5, 6, 8, 7]);
    expect(await get('/api/period?ruleset=lasker')).toMatchObject({
      period: 4,
      preperiod: 1,
      saltus: 4,
      certified: true,
    });
    expect(await post('/api/count', { ruleset: 'lasker', heaps: 3, max: 8 })).toEqual({
      count: String(oracleCount(lasker, 3, 8, 'sorted')),
    });
  });

  it('analyze and move: the engine moves to a P-position the oracle confirms', async () => {
    const oracle = oracleFor(lasker);
    const analysis = await post('/api/analyze', { ruleset: 'lasker', heaps: [6, 9] });
    expect(analysis.outcome).toBe(oracle.outcome([6, 9]));
    const move = await post('/api/move', { ruleset: 'lasker', position: [6, 9] });
    expect(move.outcome).toBe('N');
    expect(oracle.isP(move.to)).toBe(true);
  });
});
