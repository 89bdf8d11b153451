/** Hostile requests (issue 16): prototype names, deep JSON, huge keys and lists, time-outs, contract limits, Host and the page's headers. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp, type NimberApp } from '../../src/server/app.ts';
import { Lru } from '../../src/server/lru.ts';
import { MAX_INPUT_CHARS, MAX_JSON_DEPTH, MAX_LIST, MAX_SPEC_CHARS, scanJsonText } from '../../src/server/schemas.ts';

let app: NimberApp;
beforeAll(async () => {
  app = createApp({ timeLimitMs: 300_000, threads: 1, staticDir: null });
  await app.pool.warmUp();
});
afterAll(() => app.close());

const postText = (a: NimberApp, path: string, body: string, headers: Record<string, string> = {}) =>
  a.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
const post = (path: string, body: unknown) => postText(app, path, JSON.stringify(body));
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

describe('ruleset names that are Object.prototype members (defect 1)', () => {
  it.each([
    '__proto__',
    'constructor',
    'CONSTRUCTOR',
    'toString',
    'subtract:__proto__',
    'subtract:valueOf',
    'subtract:hasOwnProperty',
    'subtract:toString',
    'subtract:constructor',
    'takebreak:__proto__',
    'equal-removal:constructor',
    'split:__proto__',
  ])('%j is 422 with a message naming it, on every ruleset route', async (spec) => {
    const q = encodeURIComponent(spec);
    for (const res of [
      await app.request(`/api/ruleset?ruleset=${q}`),
      await app.request(`/api/grundy?ruleset=${q}&to=5`),
      await app.request(`/api/period?ruleset=${q}`),
      await post('/api/analyze', { ruleset: spec, heaps: [1, 2] }),
      await post('/api/count', { ruleset: spec, heaps: 2, max: 5 }),
    ]) {
      expect(res.status).toBe(422);
      expect(await errorOf(res)).toContain(spec.includes(':') ? spec.slice(spec.indexOf(':') + 1) : spec);
    }
  });

  it('a query key __proto__ is an ordinary missing field, and valid specs still answer', async () => {
    expect((await app.request('/api/ruleset?__proto__=nim')).status).toBe(422);
    expect(await (await app.request('/api/ruleset?ruleset=kayles')).json()).toMatchObject({
      ruleset: 'takebreak:0.77',
      kind: 'heap',
    });
  });
});

describe('deeply nested JSON (defect 2)', () => {
  const deep = (levels: number) => '['.repeat(levels) + '1' + ']'.repeat(levels);

  it('5,000 levels in an integer field is 422 with a short message, not 500', async () => {
    for (const [path, body] of [
      ['/api/analyze', `{"ruleset":"nim","heaps":[${deep(5000)}]}`],
      ['/api/count', `{"ruleset":"nim","heaps":${deep(5000)},"max":3}`],
      ['/api/move', `{"ruleset":"nim","position":${deep(5000)}}`],
    ] as const) {
      const res = await postText(app, path, body);
      expect(res.status).toBe(422);
      const error = await errorOf(res);
      expect(error).toMatch(/nests deeper than 64 levels/);
      expect(error.length).toBeLessThan(200);
    }
  });

  it('a bad value is named by its kind, never echoed (65 levels is refused, 60 levels is a short 422)', async () => {
    expect((await postText(app, '/api/analyze', `{"ruleset":"nim","heaps":[${deep(MAX_JSON_DEPTH)}]}`)).status).toBe(
      422,
    );
    const res = await postText(app, '/api/analyze', `{"ruleset":"nim","heaps":[${deep(60)}]}`);
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toBe('heaps.0: expected a non-negative integer, got an array');
    const secret = 'x'.repeat(5000);
    const echoed = await post('/api/count', { ruleset: 'nim', heaps: { secret }, max: 3 });
    expect(echoed.status).toBe(422);
    const error = await errorOf(echoed);
    expect(error).not.toContain('xxxx');
    expect(error).toBe('heaps: expected a non-negative integer, got an object');
  });

  it('the scan reads the text, exactly, ignoring brackets and commas inside strings', () => {
    const deepText = (text: string, max: number) => scanJsonText(text, max, 1000) === 'deep';
    expect(deepText(deep(100_000), 64)).toBe(true);
    expect(deepText(deep(64), 64)).toBe(false);
    expect(deepText(deep(65), 64)).toBe(true);
    expect(deepText(JSON.stringify({ a: [{ b: [] }] }), 3)).toBe(true);
    expect(deepText(JSON.stringify({ a: [{ b: 1 }] }), 3)).toBe(false);
    expect(deepText(JSON.stringify({ a: '[[[[{{{{\\"[[[[' }), 1)).toBe(false);
    expect(deepText('"text"', 0)).toBe(false);
    // a prefix of a nest (no closing brackets) counts too: the check runs before JSON.parse
    expect(deepText('['.repeat(65), 64)).toBe(true);
    // arrays of at most 3 elements
    expect(scanJsonText('[1,2,3]', 64, 3)).toBe(null);
    expect(scanJsonText('[1,2,3,4]', 64, 3)).toBe('long');
    expect(scanJsonText('[ ]', 64, 0)).toBe(null);
    expect(scanJsonText('[0]', 64, 0)).toBe('long');
    expect(scanJsonText('{"a":1,"b":2,"c":3,"d":4}', 64, 3)).toBe(null); // objects' keys are not elements
    expect(scanJsonText('{"a":[1,2],"b":[[1,2,3],[4,5,6]]}', 64, 3)).toBe(null);
    expect(scanJsonText('["a,b,c,d",",,,,"]', 64, 3)).toBe(null);
    expect(scanJsonText(`[${'1,'.repeat(10)}`, 64, 3)).toBe('long'); // unfinished: still too long
  });

  it('a 1 MiB body nested 500,000 deep is refused before it is parsed', async () => {
    const body = `{"ruleset":"nim","heaps":${'['.repeat(500_000)}1${']'.repeat(500_000)}}`;
    const res = await postText(app, '/api/analyze', body);
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatch(/nests deeper than 64 levels/);
  });
});

describe('the reply cache counts its keys (defect 3)', () => {
  it('many large-key entries: the counted characters include the keys and stay under the bound', () => {
    const lru = new Lru(1000, 100_000);
    lru.set('k'.repeat(40_000), 'v');
    expect(lru.chars).toBe(40_001);
    for (let i = 0; i < 50; i++) lru.set(String(i).padEnd(30_000, 'k'), 'value');
    expect(lru.chars).toBeLessThanOrEqual(100_000);
    expect(lru.size).toBe(3); // 3 x 30,005 characters fit, 4 do not
    lru.set('k'.repeat(100_000), 'v'); // key and value together above the bound: not kept
    expect(lru.size).toBe(3);
  });

  it('a /api/solve reply with a 500 K input is cached under a short key', async () => {
    const fresh = createApp({ timeLimitMs: 300_000, threads: 1, staticDir: null });
    try {
      const input = '29' + ' '.repeat(500_000);
      const res = await postText(fresh, '/api/solve', JSON.stringify({ problem: 'nim-square', input }));
      expect(res.status).toBe(200);
      expect(fresh.cache.size).toBe(1);
      expect(fresh.cache.chars).toBeTypeOf('number');
      expect(fresh.cache.chars).toBeLessThan(1000);
      const again = await postText(fresh, '/api/solve', JSON.stringify({ problem: 'nim-square', input }));
      expect(again.headers.get('x-cache')).toBe('hit');
    } finally {
      await fresh.close();
    }
  });
});

describe('huge invalid lists (defect 6)', () => {
  it('1,000 invalid heap sizes: 422 naming the first, under 1 KB', async () => {
    const res = await post('/api/analyze', { ruleset: 'nim', heaps: Array.from({ length: MAX_LIST }, () => 'x') });
    const text = await res.text();
    expect(res.status).toBe(422);
    expect(text.length).toBeLessThan(1024);
    expect(JSON.parse(text)).toEqual({
      error:
        'heaps.0: expected a non-negative integer, got a string that is not a non-negative integer (digits, 1_000, 1e6 or 2^20)',
    });
  });

  it('100,000 "1e18" heaps are 413 on their count, before any element is read (issue 28, item 14)', async () => {
    const res = await post('/api/analyze', { ruleset: 'nim', heaps: Array.from({ length: 100_000 }, () => '1e18') });
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toBe(
      `the request body has a list of more than ${MAX_LIST} elements (a position has at most ${MAX_LIST} heaps)`,
    );
  });

  it('a judge input error quoting a 500 K line is clipped to a short message', async () => {
    const res = await post('/api/solve', { problem: 'nim-square', input: 'x'.repeat(500_000) });
    expect(res.status).toBe(422);
    const error = await errorOf(res);
    expect(error.length).toBeLessThan(600);
    expect(error).toMatch(/^N must be a non-negative integer, got 'x+… \(\d+ more characters\)$/);
  });

  it('a bad element after good ones is named by its index', async () => {
    const res = await post('/api/move', { ruleset: 'nim', position: [1, 2, 3, -4, 'x'] });
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toBe('position.3: expected a non-negative integer, got a negative or unsafe integer');
  });
});

describe('the time limit (defect 7)', () => {
  it('is 504, not 408 (which browsers resend on a kept-alive connection)', async () => {
    const tiny = createApp({ timeLimitMs: 300, threads: 1, staticDir: null });
    try {
      await tiny.pool.warmUp();
      const res = await postText(
        tiny,
        '/api/count',
        JSON.stringify({ ruleset: 'subtract:squares', heaps: 3, max: 10_000_000 }),
      );
      expect(res.status).toBe(504);
      expect(await res.json()).toEqual({ error: 'time limit exceeded', limitMs: 300 });
    } finally {
      await tiny.close();
    }
  });
});

describe('the documented limits and their status codes (defect 8)', () => {
  it('a judge input over 512 K characters is 413', async () => {
    const res = await post('/api/solve', { problem: 'nim-square', input: '1'.repeat(MAX_INPUT_CHARS + 1) });
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toMatch(/more than 524288 characters/);
  });

  it('a heap list over 1,000 is 413, at any length', async () => {
    expect((await post('/api/analyze', { ruleset: 'nim', heaps: Array(MAX_LIST + 1).fill(1) })).status).toBe(413);
    expect((await post('/api/options', { ruleset: 'nim', position: Array(MAX_LIST + 1).fill(1) })).status).toBe(413);
    expect((await post('/api/analyze', { ruleset: 'nim', heaps: Array(100_001).fill(1) })).status).toBe(413);
  });

  it('a spec over 1,000 characters is 413; at 1,000 it is parsed (422 here: not a ruleset)', async () => {
    const long = await app.request(`/api/ruleset?ruleset=subtract:${'1,'.repeat(MAX_SPEC_CHARS)}`);
    expect(long.status).toBe(413);
    expect(await errorOf(long)).toMatch(/at most 1000 characters/);
    expect((await app.request(`/api/ruleset?ruleset=${'x'.repeat(MAX_SPEC_CHARS)}`)).status).toBe(422);
  });

  it('an invalid spec or problem is 422 even when the queue is full', async () => {
    // A limit no busy machine reaches before the checks are done: the runaways hold the worker and the
    // queue until they are cancelled below, however slowly this test runs.
    const busy = createApp({ timeLimitMs: 600_000, threads: 1, maxQueue: 1, staticDir: null });
    const cancel = new AbortController();
    try {
      await busy.pool.warmUp();
      const runaways = [0, 1, 2].map((i) =>
        busy.request('/api/count', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ruleset: 'subtract:squares', heaps: 3, max: 10_000_000 + i }),
          signal: cancel.signal,
        }),
      );
      // one runaway on the worker, one waiting (the third is turned away): the queue is full
      await vi.waitFor(() => expect(busy.pool.queued).toBe(1), { timeout: 60_000 });
      expect((await postText(busy, '/api/analyze', JSON.stringify({ ruleset: 'subtract:0', heaps: [1] }))).status).toBe(
        422,
      );
      expect((await busy.request('/api/grundy?ruleset=chess&to=5')).status).toBe(422);
      expect(
        (await postText(busy, '/api/solve', JSON.stringify({ problem: 'no-such-problem', input: '1' }))).status,
      ).toBe(422);
      // The same requests with valid specs are turned away: the queue really is full.
      expect((await busy.request('/api/grundy?ruleset=nim&to=5')).status).toBe(503);
      cancel.abort();
      expect((await Promise.all(runaways)).map((res) => res.status).sort()).toEqual([400, 400, 503]);
    } finally {
      cancel.abort();
      await busy.close();
    }
  });

  it('the page: /favicon.ico is 404, not the page; the page carries a Content-Security-Policy', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nimber-page-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>page</title>');
    const page = createApp({ timeLimitMs: 300_000, threads: 1, staticDir: dir });
    try {
      expect((await page.request('/favicon.ico')).status).toBe(404);
      expect((await page.request('/assets/missing.js')).status).toBe(404);
      const home = await page.request('/');
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<title>page</title>');
      expect((await page.request('/play')).status).toBe(200); // the page's own routes
      const csp = home.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).toContain("worker-src 'self'");
    } finally {
      await page.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a Host that is not a loopback name is 421; loopback names with any port are answered', async () => {
    for (const host of [
      'evil.example',
      'evil.example:8310',
      '127.0.0.1.evil.example',
      '10.0.0.1:8310',
      'localhost.evil.example',
    ]) {
      const res = await app.request('/api/health', { headers: { host } });
      expect(res.status, host).toBe(421);
    }
    expect((await app.request('http://evil.example/api/health')).status).toBe(421);
    for (const host of [
      'localhost',
      'localhost:8310',
      '127.0.0.1',
      '127.0.0.1:1',
      '[::1]',
      '[::1]:8310',
      'LOCALHOST:80',
    ]) {
      expect((await app.request('/api/health', { headers: { host } })).status, host).toBe(200);
    }
    const open = createApp({ threads: 1, staticDir: null, hosts: 'any' });
    try {
      expect((await open.request('/api/health', { headers: { host: 'nimber.example' } })).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});
