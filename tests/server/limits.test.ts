/** Time limits, a full queue and bursts of invalid bodies: the server answers 504/503/4xx and keeps working. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp, type NimberApp } from '../../src/server/app.ts';

const LIMIT_MS = 1000;
/** A count whose Grundy sequence alone takes many seconds (1e7 heaps · 3162 squares each). */
const RUNAWAY = { ruleset: 'subtract:squares', heaps: 3, max: 10_000_000 };

let app: NimberApp;
beforeAll(async () => {
  app = createApp({ timeLimitMs: LIMIT_MS, threads: 2, staticDir: null });
  await app.pool.warmUp();
});
afterAll(() => app.close());

const post = async (a: NimberApp, path: string, body: unknown): Promise<Response> =>
  a.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('time limit', () => {
  it('a runaway count gets 504 after the limit, long before it would finish, while other requests are answered', async () => {
    const start = performance.now();
    const runaway = post(app, '/api/count', RUNAWAY).then(async (res) => ({ res, ms: performance.now() - start }));
    // While one worker spins, the server and the other worker keep answering.
    const health = await app.request('/api/health');
    expect(health.status).toBe(200);
    const small = await app.request('/api/grundy?ruleset=subtract:1,3,4&to=20');
    expect(small.status).toBe(200);
    const { res, ms } = await runaway;
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ error: 'time limit exceeded', limitMs: LIMIT_MS });
    // Never before the limit. After it, the answer waits only for a timer on the main thread, but on a
    // loaded machine that timer can be late by far more than the limit (1.2x failed there, and so
    // could 2x): the bound is the count's own time, about 3e10 steps, tens of seconds on any machine,
    // so an answer within it was cut short by the limit rather than by the count finishing.
    expect(ms).toBeGreaterThanOrEqual(LIMIT_MS);
    expect(ms).toBeLessThan(10 * LIMIT_MS);
    // The killed worker is replaced: computations still work afterwards.
    await app.pool.warmUp();
    const after = await post(app, '/api/solve', { problem: 'nim-square', input: '29' });
    expect(after.status).toBe(200);
    expect(((await after.json()) as { output: string }).output).toBe('1160');
  });

  it('a full queue is 503 with Retry-After', async () => {
    // A limit no busy machine reaches while the queue is filled: with a short one, the first runaway
    // could end (and the queue drain) before the last is sent. The runaways are cancelled below.
    const tiny = createApp({ timeLimitMs: 600_000, threads: 1, maxQueue: 1, staticDir: null });
    const cancel = new AbortController();
    try {
      await tiny.pool.warmUp();
      const sent = [0, 1, 2, 3].map((i) =>
        tiny.request('/api/count', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...RUNAWAY, max: RUNAWAY.max + i }),
          signal: cancel.signal,
        }),
      );
      // one runaway on the worker, one waiting: the others are turned away at once
      await vi.waitFor(() => expect(tiny.pool.queued).toBe(1), { timeout: 60_000 });
      const busy = await Promise.race(sent);
      expect(busy.status).toBe(503);
      expect(Number(busy.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      cancel.abort();
      const statuses = (await Promise.all(sent)).map((r) => r.status);
      expect(statuses.sort()).toEqual([400, 400, 503, 503]);
    } finally {
      cancel.abort();
      await tiny.close();
    }
  });
});

describe('bursts of invalid bodies', () => {
  it('hundreds of random bodies on every POST route all get 4xx, and the server still answers', async () => {
    const bodies = [
      ...fc.sample(fc.jsonValue(), 60).map((v) => JSON.stringify(v)),
      ...fc.sample(fc.string({ maxLength: 40 }), 30),
      ...fc
        .sample(
          fc.record({
            ruleset: fc.string({ maxLength: 12 }),
            heaps: fc.anything(),
            position: fc.anything(),
            problem: fc.string(),
            input: fc.anything(),
          }),
          30,
        )
        .map((v) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x))),
      '',
      'null',
      '[]',
      '{"ruleset":"nim","heaps":[-1]}',
      '{"ruleset":"nim:3","heaps":[1]}',
      '{"ruleset":"subtract:0","position":[1]}',
    ];
    const routes = ['/api/solve', '/api/analyze', '/api/count', '/api/move', '/api/options'];
    const replies = await Promise.all(routes.flatMap((route) => bodies.map((b) => post(app, route, b ?? ''))));
    const unexpected = replies.filter((r) => r.status < 400 || r.status >= 500);
    expect(unexpected.map((r) => r.status)).toEqual([]);
    for (const r of replies.slice(0, 20)) expect(await r.json()).toHaveProperty('error');
    expect((await app.request('/api/health')).status).toBe(200);
    const ok = await post(app, '/api/analyze', { ruleset: 'nim', heaps: [3, 5] });
    expect(ok.status).toBe(200);
  });
});
