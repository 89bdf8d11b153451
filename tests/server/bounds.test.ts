/** Bounded replies and limits checked before queueing (issue 28, items 13 and 16). */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp, type NimberApp } from '../../src/server/app.ts';
import {
  API_MAX_OPTIONS,
  API_MAX_OPTIONS_SIZE,
  API_MAX_REPLY_CHARS,
  API_MAX_VALUES,
  runTask,
} from '../../src/server/tasks.ts';
import { legalMoves } from '../../src/engine/solve/normal/play.ts';
import { parseTupleSpec } from '../../src/engine/spec.ts';

let app: NimberApp;
beforeAll(async () => {
  app = createApp({ timeLimitMs: 300_000, threads: 1, staticDir: null });
  await app.pool.warmUp();
});
afterAll(() => app.close());

const post = (a: NimberApp, path: string, body: unknown) =>
  a.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('/api/options replies are pages of bounded size', () => {
  it('a 1,000-heap position lists at most API_MAX_OPTIONS_SIZE numbers, and `next` pages through every option once', async () => {
    // Nim with heaps 1..1000 of sizes 1000..1999: 1000 + 1001 + … options, each a 1,000-heap position
    const position = Array.from({ length: 1000 }, (_, i) => 1000 + i);
    const first = await post(app, '/api/options', { ruleset: 'nim', position });
    const text = await first.text();
    const reply = JSON.parse(text) as { options: number[][]; truncated: boolean; next?: number };
    expect(first.status).toBe(200);
    expect(reply.truncated).toBe(true);
    expect(reply.options.length * position.length).toBeLessThanOrEqual(API_MAX_OPTIONS_SIZE);
    expect(text.length).toBeLessThan(1_000_000); // it was 22 MB
    expect(reply.next).toBe(reply.options.length);
    const second = (await (
      await post(app, '/api/options', { ruleset: 'nim', position, offset: reply.next })
    ).json()) as {
      options: number[][];
    };
    // the pages follow each other in the engine's order, without gaps or repeats
    const expected = legalMoves(parseTupleSpec('nim'), position, reply.options.length * 2).moves;
    expect([...reply.options, ...second.options]).toEqual(expected);
  });

  it('a small position lists up to API_MAX_OPTIONS per page, the last page without `next`', async () => {
    const position = [2500, 3];
    const pages: number[][] = [];
    let offset = 0;
    for (;;) {
      const r = (await (await post(app, '/api/options', { ruleset: 'nim', position, offset })).json()) as {
        options: number[][];
        truncated: boolean;
        next?: number;
      };
      expect(r.options.length).toBeLessThanOrEqual(API_MAX_OPTIONS);
      pages.push(...r.options);
      if (!r.truncated) {
        expect(r.next).toBeUndefined();
        break;
      }
      offset = r.next!;
    }
    expect(pages).toEqual(legalMoves(parseTupleSpec('nim'), position, 10_000).moves);
    expect(pages.length).toBe(2503);
  });

  it('an offset whose skipped options would be too many to remember is 413', async () => {
    const res = await post(app, '/api/options', { ruleset: 'nim', position: Array(1000).fill(5), offset: 10_000 });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toMatch(/offset 10000 is above the maximum/);
  });
});

describe('/api/grundy replies carry at most API_MAX_VALUES values; more come in windows', () => {
  it('to = API_MAX_VALUES answers, one more is 413, and a window past it answers', async () => {
    const res = await app.request(`/api/grundy?ruleset=nim&to=${API_MAX_VALUES}`);
    expect(res.status).toBe(200);
    expect((await res.text()).length).toBeLessThan(API_MAX_REPLY_CHARS);
    expect((await app.request(`/api/grundy?ruleset=nim&to=${API_MAX_VALUES + 1}`)).status).toBe(413);
    const window = await app.request(`/api/grundy?ruleset=kayles&from=${API_MAX_VALUES}&to=${API_MAX_VALUES + 11}`);
    expect(window.status).toBe(200);
    // Kayles is periodic with period 12 from heap 71 on (Guy and Smith 1956): 100000..100011 repeat 4..15 of a period
    const values = ((await window.json()) as { values: number[] }).values;
    expect(values).toHaveLength(12);
    const again = (await (
      await app.request(`/api/grundy?ruleset=kayles&from=${API_MAX_VALUES + 12}&to=${API_MAX_VALUES + 23}`)
    ).json()) as { values: number[] };
    expect(again.values).toEqual(values);
  });

  it('a reply that would pass API_MAX_REPLY_CHARS is 413, not sent', async () => {
    // 999 distinct odd Nim heaps and one more making the nim-sum 1: each odd heap has a winning move,
    // each a 1,000-heap position of 10-digit numbers (about 11 MB in all)
    const heaps = Array.from({ length: 999 }, (_, i) => 4294967295 - 2 * i);
    heaps.push((heaps.reduce((s, h) => (s ^ h) >>> 0, 0) ^ 1) >>> 0);
    const body = JSON.stringify({ ruleset: 'nim', heaps });
    const res = await app.request('/api/analyze', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toMatch(
      new RegExp(`^the reply would have \\d+ characters, above the maximum of ${API_MAX_REPLY_CHARS}`),
    );
    // the same position's value alone answers
    const move = await post(app, '/api/move', { ruleset: 'nim', position: heaps });
    expect(move.status).toBe(200);
  });

  it("a board game's options are bounded by their characters", async () => {
    const board = Array.from({ length: 20 }, () => '.'.repeat(20)).join('/');
    const options = await runTask({ op: 'options', request: { ruleset: 'cram', board, convention: 'normal' } });
    expect(options.ok).toBe(true);
    if (options.ok) {
      const reply = JSON.parse(options.json) as { options: string[]; truncated: boolean; next: number };
      expect(reply.options.join('').length).toBeLessThanOrEqual(API_MAX_OPTIONS_SIZE);
      expect(reply).toMatchObject({ truncated: true, next: reply.options.length });
    }
  });
});

describe('limits that need no computation are checked before queueing (item 16)', () => {
  it('with the only worker busy and the queue full, over-limit and invalid requests are 413/422 at once, never 504', async () => {
    // A limit no busy machine reaches before the checks are done: the runaways hold the worker and the
    // queue until they are cancelled below, however slowly this test runs.
    const busy = createApp({ timeLimitMs: 600_000, threads: 1, maxQueue: 1, staticDir: null });
    const cancel = new AbortController();
    try {
      await busy.pool.warmUp();
      let settled = 0;
      const runaways = [0, 1].map((i) =>
        Promise.resolve(
          busy.request('/api/count', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ ruleset: 'subtract:squares', heaps: 3, max: 10_000_000 + i }),
            signal: cancel.signal,
          }),
        ).finally(() => settled++),
      );
      // one runaway on the worker, the other waiting: the queue is full
      await vi.waitFor(() => expect(busy.pool.queued).toBe(1), { timeout: 60_000 });
      const checks: [Response | Promise<Response>, number][] = [
        [busy.request(`/api/grundy?ruleset=nim&to=${API_MAX_VALUES + 1}`), 413],
        [busy.request('/api/grundy?ruleset=kayles&from=0&to=200000'), 413],
        [busy.request('/api/grundy?ruleset=kayles&from=9&to=3'), 422],
        [busy.request('/api/grundy?ruleset=cram:3x3&to=5'), 422],
        [busy.request('/api/period?ruleset=wythoff'), 422],
        [busy.request('/api/period?ruleset=kayles&length=1000000000000'), 413],
        [busy.request('/api/ppositions?ruleset=wythoff&max=6000'), 413],
        [busy.request('/api/ppositions?ruleset=kayles&max=6'), 422],
        [busy.request('/api/quotient?ruleset=wythoff&max=6'), 422],
        [post(busy, '/api/count', { ruleset: 'cram:3x3', heaps: 3, max: 5 }), 422],
        [post(busy, '/api/count', { ruleset: 'nim', heaps: 5000, max: 5 }), 413],
        [post(busy, '/api/analyze', { ruleset: 'cram:3x3', heaps: [1] }), 422],
        [post(busy, '/api/analyze', { ruleset: 'nim', board: '...' }), 422],
        [post(busy, '/api/move', { ruleset: 'wythoff', position: [1, 2, 3] }), 422],
        [post(busy, '/api/options', { ruleset: 'nim', position: [2 ** 40] }), 413],
        [post(busy, '/api/analyze', { ruleset: 'nim', heaps: Array(100_000).fill('1e18') }), 413],
      ];
      for (const [reply, status] of checks) {
        const res = await reply;
        expect({ status: res.status, url: res.url }).toMatchObject({ status });
      }
      // none waited for the worker: every check was answered while both runaways still held it
      expect(settled).toBe(0);
      cancel.abort();
      expect((await Promise.all(runaways)).map((res) => res.status)).toEqual([400, 400]);
    } finally {
      cancel.abort();
      await busy.close();
    }
  });
});
