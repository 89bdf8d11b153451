/** The HTTP API through app.request() (no port): every route, status codes, cache, and the registries. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/engine/solve/normal/analyze.ts';
import { countPositions } from '../../src/engine/solve/normal/count.ts';
import { wythoffPair } from '../../src/engine/families/equal-removal/wythoff.ts';
import { periodicity } from '../../src/engine/solve/normal/period.ts';
import type { HeapRuleset } from '../../src/engine/types.ts';
import { SequenceCache } from '../../src/adapters/disk-cache.ts';
import { capabilitiesOf, describeKind } from '../../src/engine/capabilities.ts';
import { FAMILIES, parseRuleset, parseTupleSpec } from '../../src/engine/spec.ts';
import type { CatalogReply } from '../../src/service/replies.ts';
import { PROBLEMS } from '../../src/problems/index.ts';
import { createApp, MAX_BODY_BYTES, type NimberApp } from '../../src/server/app.ts';
import { API_MAX_VALUES } from '../../src/server/tasks.ts';

let app: NimberApp;

const post2 = (a: NimberApp, path: string, body: unknown) =>
  body === undefined
    ? a.request(path)
    : a.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  // A generous limit: these tests check answers, not time limits (limits.test.ts does).
  app = createApp({ timeLimitMs: 300_000, threads: 2, staticDir: null });
  await app.pool.warmUp();
});
afterAll(() => app.close());

const get = (path: string) => app.request(path);
const post = (path: string, body: unknown) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('GET routes', () => {
  it('/api/health reports the time limit and the pool', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', timeLimitMs: 300_000, threads: 2, workersReady: true });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('/api/catalog lists every registered problem and ruleset family, each with its example, what it is and can do', async () => {
    const body = (await (await get('/api/catalog')).json()) as CatalogReply;
    expect(body.problems.map((p) => p.id)).toEqual(PROBLEMS.map((p) => p.id));
    expect(body.families.map((f) => f.name)).toEqual(FAMILIES.map((f) => f.name));
    expect(body.families.map((f) => f.example)).toEqual(FAMILIES.map((f) => f.example));
    for (const [i, f] of body.families.entries()) {
      const example = parseRuleset(FAMILIES[i]!.example.spec);
      expect(f.what).toBe(describeKind(example));
      expect(f.capabilities).toEqual(capabilitiesOf(example));
    }
    expect(body.timeLimitMs).toBe(300_000);
  });

  it('/api/grundy: subtract:squares 0..29 and its P-positions (published values)', async () => {
    const res = await get('/api/grundy?ruleset=subtract:squares&to=29');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { values: number[]; pPositions: number[] };
    expect(body.values.join(' ')).toBe('0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 3 2 3 4 5');
    expect(body.pPositions).toEqual([0, 2, 5, 7, 10, 12, 15, 17, 20, 22]);
  });

  it('/api/grundy: bad queries are 422, beyond the reply maximum 413', async () => {
    expect((await get('/api/grundy?to=5')).status).toBe(422);
    expect((await get('/api/grundy?ruleset=nim&to=-1')).status).toBe(422);
    expect((await get('/api/grundy?ruleset=nim&to=ten')).status).toBe(422);
    const unknown = await get('/api/grundy?ruleset=nonsense&to=5');
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { error: string }).error).toMatch(/unknown ruleset 'nonsense'/);
    expect((await get(`/api/grundy?ruleset=nim&to=${API_MAX_VALUES + 1}`)).status).toBe(413);
  });

  it("/api/period: the engine's periodicity (kayles: period 12 from 71, proved); coupled rulesets 422", async () => {
    for (const spec of ['kayles', 'subtract:1,3,4', 'subtract:squares', 'nim']) {
      const res = await get(`/api/period?ruleset=${encodeURIComponent(spec)}`);
      expect(res.status).toBe(200);
      const ruleset = parseTupleSpec(spec);
      expect(await res.json()).toMatchObject({ ruleset: ruleset.spec, title: ruleset.title, ...periodicity(ruleset) });
    }
    expect(await (await get('/api/period?ruleset=kayles')).json()).toMatchObject({
      period: 12,
      preperiod: 71,
      saltus: 0,
      certified: true,
    });
    expect((await get('/api/period?ruleset=wythoff')).status).toBe(422);
    expect((await get('/api/period?ruleset=kayles&length=x')).status).toBe(422);
    expect((await get('/api/period?ruleset=subtract:squares&length=200000000')).status).toBe(413);
  });

  it("/api/ruleset describes a spec; /api/ppositions lists a coupled ruleset's P-positions (Wythoff pairs, stone-game)", async () => {
    expect(await (await get('/api/ruleset?ruleset=wythoff')).json()).toMatchObject({
      ruleset: 'equal-removal:2',
      kind: 'coupled',
      piles: 2,
    });
    expect(await (await get('/api/ruleset?ruleset=kayles')).json()).toMatchObject({
      ruleset: 'takebreak:0.77',
      kind: 'heap',
      piles: null,
    });
    const wythoff = (await (await get('/api/ppositions?ruleset=wythoff&max=100')).json()) as {
      positions: number[][];
      truncated: boolean;
    };
    const pairs: number[][] = [];
    for (let k = 0; ; k++) {
      const pair = wythoffPair(k);
      if (pair[1] > 100) break;
      pairs.push(pair);
    }
    expect(wythoff).toMatchObject({ positions: pairs, truncated: false });
    const stones = (await (await get('/api/ppositions?ruleset=stone-game&max=3')).json()) as { positions: number[][] };
    expect(stones.positions).toContainEqual([0, 1, 2]);
    expect(stones.positions).toContainEqual([1, 3, 3]);
    expect(stones.positions).not.toContainEqual([0, 0, 1]);
    expect((await get('/api/ppositions?ruleset=kayles&max=5')).status).toBe(422);
    expect((await get('/api/ppositions?ruleset=wythoff&max=99999')).status).toBe(413);
    expect((await get('/api/ruleset?ruleset=')).status).toBe(422);
  });

  it('unknown API routes are 404 (a wrong method 405) with an error; / without a built page explains how to build it', async () => {
    const res = await get('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toHaveProperty('error');
    const wrongMethod = await get('/api/solve');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expect(await (await get('/')).text()).toMatch(/npm start/);
  });
});

describe('POST /api/solve', () => {
  it.each(PROBLEMS.map((p) => [p.id, p] as const))(
    '%s: the sample input gives the sample output',
    async (_id, problem) => {
      const res = await post('/api/solve', { problem: problem.id, input: problem.sample.input });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { output: string; elapsedMs: number };
      expect(body.output).toBe(problem.sample.output);
      expect(body.elapsedMs).toBeGreaterThanOrEqual(0);
    },
  );

  it('nim-square 29 is 1160; a repeat comes from the cache', async () => {
    const first = await post('/api/solve', { problem: 'nim-square', input: '29\n' });
    expect(((await first.json()) as { output: string }).output).toBe('1160');
    const again = await post('/api/solve', { problem: 'nim-square', input: '29\n' });
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(((await again.json()) as { output: string }).output).toBe('1160');
  });

  it('unknown problems and bad input are 422 with words; too-large input 413', async () => {
    const unknown = await post('/api/solve', { problem: 'chess', input: '1' });
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { error: string }).error).toMatch(/unknown problem 'chess'/);
    const bad = await post('/api/solve', { problem: 'nim-square', input: 'twenty' });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: string }).error).toMatch(/N must be a non-negative integer/);
    expect((await post('/api/solve', { problem: 'nim-square', input: '1000000000' })).status).toBe(413);
    expect((await post('/api/solve', { problem: 'nim-square' })).status).toBe(422);
  });
});

describe('POST /api/analyze, /api/count, /api/move, /api/options', () => {
  it('analyze: the same JSON as the engine (and `nimber analyze --json`)', async () => {
    const res = await post('/api/analyze', { ruleset: 'nim', heaps: [13, 12, 8] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ...JSON.parse(JSON.stringify(analyze(parseTupleSpec('nim'), [13, 12, 8]))),
      convention: 'normal',
      method: 'closed form',
    });
    expect((await post('/api/analyze', { ruleset: 'nim', heaps: ['13', '12', '8'] })).status).toBe(200);
    expect((await post('/api/analyze', { ruleset: 'nim', heaps: [] })).status).toBe(422);
    expect((await post('/api/analyze', { ruleset: 'nim', heaps: [1.5] })).status).toBe(422);
    expect((await post('/api/analyze', { ruleset: 'nim', heaps: new Array(1001).fill(1) })).status).toBe(413);
    // past Nim's maximum its closed form answers (values as strings); a ruleset without one is refused
    const far = await post('/api/analyze', { ruleset: 'nim', heaps: [2 ** 32] });
    expect(far.status).toBe(200);
    expect(await far.json()).toMatchObject({ grundy: ['4294967296'], nimSum: '4294967296', outcome: 'N' });
    expect((await post('/api/analyze', { ruleset: 'subtract:squares', heaps: [2 ** 32] })).status).toBe(413);
  });

  it('count: Nim Square for 29 is "1160" (a string), 100000 is 2586528661783', async () => {
    const res = await post('/api/count', { ruleset: 'subtract:squares', heaps: 3, max: 29, order: 'sorted' });
    expect(await res.json()).toEqual({ count: '1160' });
    const big = await post('/api/count', { ruleset: 'subtract:squares', heaps: '3', max: '100000' });
    expect(await big.json()).toEqual({ count: '2586528661783' });
    expect((await post('/api/count', { ruleset: 'subtract:squares', heaps: 3, max: 29, order: 'random' })).status).toBe(
      422,
    );
    expect((await post('/api/count', { ruleset: 'nim', heaps: 5000, max: 3 })).status).toBe(413);
  });

  it('move: a winning move from an N-position, a delaying move from a P-position, none at the end', async () => {
    const win = (await (await post('/api/move', { ruleset: 'nim', position: [1, 2, 4] })).json()) as {
      to: number[];
      outcome: string;
    };
    expect(win.outcome).toBe('N');
    expect(win.to.reduce((a, b) => a ^ b, 0)).toBe(0);
    const lose = (await (await post('/api/move', { ruleset: 'nim', position: [1, 2, 3] })).json()) as {
      to: number[];
      outcome: string;
    };
    expect(lose.outcome).toBe('P');
    expect(lose.to.reduce((a, b) => a + b, 0)).toBe(5);
    expect(await (await post('/api/move', { ruleset: 'subtract:2', position: [1, 1] })).json()).toEqual({
      from: [1, 1],
      to: null,
      outcome: 'P',
    });
    expect((await post('/api/move', { ruleset: 'nim', position: 'x' })).status).toBe(422);
  });

  it('options: every legal move', async () => {
    const res = await post('/api/options', { ruleset: 'subtract:1,2', position: [3, 1] });
    expect(await res.json()).toEqual({
      options: [
        [2, 1],
        [1, 1],
        [3, 0],
      ],
      truncated: false,
    });
  });
});

describe('disk cache behind the LRU', () => {
  it('long sequences computed for a request are written to the cache directory and reused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nimber-api-cache-'));
    const cached = createApp({ timeLimitMs: 300_000, threads: 1, staticDir: null, cacheDir: dir });
    try {
      // subtract:squares has no periodicity theorem, so its sequence is computed to max (a finite set's period would be proved first)
      const first = await post2(cached, '/api/count', {
        ruleset: 'subtract:squares',
        heaps: 2,
        max: 99_999,
        order: 'ordered',
      });
      expect(first.status).toBe(200);
      expect(new SequenceCache(dir).list().map((e) => [e.spec, e.length])).toEqual([['subtract:squares', 100_000]]);
      // A different reply (so not from the LRU) whose sequence is a prefix of the cached one.
      const second = await post2(cached, '/api/grundy?ruleset=subtract:squares&to=13', undefined);
      expect(((await second.json()) as { values: number[] }).values.join('')).toBe('01012010120101'); // g(0..13) of subtract:squares, as in the README
      expect(await first.json()).toEqual({
        count: String(
          countPositions(parseTupleSpec('subtract:squares') as HeapRuleset, {
            heapCount: 2,
            max: 99_999,
            order: 'ordered',
          }),
        ),
      });
    } finally {
      await cached.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the built page', () => {
  it('serves files from the static directory, index.html for other paths, and nothing outside it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nimber-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>page</title>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
    const site = createApp({ threads: 1, staticDir: dir });
    try {
      expect(await (await site.request('/')).text()).toContain('<title>page</title>');
      const js = await site.request('/assets/app.js');
      expect(js.headers.get('content-type')).toMatch(/javascript/);
      expect(await js.text()).toBe('console.log(1)');
      expect(await (await site.request('/play')).text()).toContain('<title>page</title>');
      expect(await (await site.request('/../package.json')).text()).not.toContain('"name"');
      expect((await site.request('/api/health')).status).toBe(200);
    } finally {
      await site.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('request bodies', () => {
  it('non-JSON bodies are 422, bodies above the limit 413', async () => {
    expect((await post('/api/analyze', '{"ruleset": "nim", ')).status).toBe(422);
    const huge = await post('/api/solve', { problem: 'nim-square', input: 'x'.repeat(MAX_BODY_BYTES + 10) });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toHaveProperty('error');
  });
});
