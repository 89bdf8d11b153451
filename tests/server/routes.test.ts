/** The route table drives the app: each route answers its method, every other method 405 with Allow, other paths 404. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type NimberApp } from '../../src/server/app.ts';
import { API_ROUTES, type ApiRoute } from '../../src/server/routes.ts';
import { certifiedAnalysis } from '../../src/service/certificates.ts';
import { ENGINE_ENV } from '../../src/service/env.ts';

let app: NimberApp;
beforeAll(async () => {
  app = createApp({ timeLimitMs: 300_000, threads: 1, staticDir: null });
  await app.pool.warmUp();
});
afterAll(() => app.close());

/** A valid input for each task route (GET: the query string; POST: the body); keys must match the table. */
const SAMPLES: Record<string, string | object> = {
  'POST /api/solve': { problem: 'nim-square', input: '29\n' },
  'GET /api/grundy': 'ruleset=subtract:1,3,4&to=20',
  'GET /api/ruleset': 'ruleset=wythoff',
  'GET /api/ppositions': 'ruleset=wythoff&max=20',
  'GET /api/period': 'ruleset=kayles',
  'POST /api/analyze': { ruleset: 'nim', heaps: [1, 2, 4] },
  'POST /api/count': { ruleset: 'nim', heaps: 2, max: 5 },
  'POST /api/explain': { ruleset: 'nim', heaps: [13, 12, 8] },
  'POST /api/move': { ruleset: 'kayles', position: [5] },
  'POST /api/options': { ruleset: 'nim', position: [2, 1] },
  'POST /api/play': { ruleset: 'nim', heaps: [2, 1], action: 'move', move: '1 1' },
  'GET /api/quotient': 'ruleset=kayles&max=12',
  'POST /api/nim': { op: 'mul', values: ['2^400', '3'] },
  'POST /api/verify': {
    certificate: certifiedAnalysis({ ruleset: 'cram:2x3', position: {} }, ENGINE_ENV).lines.join('\n'),
  },
  'POST /api/certificate': { ruleset: 'cram:2x3' },
  'GET /api/census': '',
};

/** Routes whose empty input is valid (GET /api/census lists the stores): an input their schema rejects, and its status. */
const REJECTED: Record<string, [string, number]> = {
  'GET /api/census': [`name=${'x'.repeat(300)}`, 413],
};

/** Methods tried on every table path. HEAD is left out: hono answers it with the GET route. */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const name = (r: ApiRoute) => `${r.method} ${r.path}`;
const taskRoutes = API_ROUTES.filter((r) => 'op' in r);
const paths = [...new Set(API_ROUTES.map((r) => r.path))];
const tableMethods = (path: string): string[] => API_ROUTES.filter((r) => r.path === path).map((r) => r.method);

/** Asks the app: a string input is the query, an object the JSON body, none neither. */
async function ask(method: string, path: string, input?: string | object): Promise<Response> {
  if (typeof input === 'string') return app.request(`${path}?${input}`, { method });
  if (input === undefined) return app.request(path, { method });
  return app.request(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
}

describe('the route table', () => {
  it('is the API this page and its documentation know (written out by hand)', () => {
    expect(API_ROUTES.map(name)).toEqual([
      'GET /api/health',
      'GET /api/catalog',
      'POST /api/solve',
      'GET /api/grundy',
      'GET /api/ruleset',
      'GET /api/ppositions',
      'GET /api/period',
      'POST /api/analyze',
      'POST /api/count',
      'POST /api/explain',
      'POST /api/move',
      'POST /api/options',
      'POST /api/play',
      'GET /api/quotient',
      'POST /api/nim',
      'POST /api/verify',
      'POST /api/certificate',
      'GET /api/census',
    ]);
  });

  it('has a sample input for every task route', () => {
    expect(taskRoutes.map(name).sort()).toEqual(Object.keys(SAMPLES).sort());
  });
});

describe('each route answers its method', () => {
  it.each(API_ROUTES.map((r) => [name(r), r] as const))('%s: 200 with JSON', async (_name, r) => {
    const res = await ask(r.method, r.path, SAMPLES[name(r)]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toBeTypeOf('object');
  });

  it.each(taskRoutes.map((r) => [name(r), r] as const))(
    '%s: input its schema rejects is 422 (or 413) with an error',
    async (_name, r) => {
      const [input, status] = REJECTED[name(r)] ?? [r.method === 'GET' ? '' : {}, 422];
      const res = await ask(r.method, r.path, input);
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    },
  );
});

describe('405: a table path asked with another method', () => {
  const cases = paths.flatMap((path) =>
    METHODS.filter((m) => !tableMethods(path).includes(m)).map((method) => [method, path] as const),
  );

  it.each(cases)("%s %s is 405 with Allow listing the table's methods", async (method, path) => {
    const res = await ask(method, path);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(tableMethods(path).join(', '));
    expect(await res.json()).toEqual({
      error: `${path} answers ${tableMethods(path).join(', ')} requests, not ${method}`,
    });
  });

  it('covers every table path (hand-written: GET /api/analyze allows POST, POST /api/grundy allows GET)', async () => {
    expect(new Set(cases.map(([, path]) => path))).toEqual(new Set(paths));
    const analyze = await app.request('/api/analyze');
    expect(analyze.status).toBe(405);
    expect(analyze.headers.get('allow')).toBe('POST');
    expect(await analyze.json()).toEqual({ error: '/api/analyze answers POST requests, not GET' });
    const grundy = await app.request('/api/grundy?ruleset=nim&to=3', { method: 'POST', body: '{}' });
    expect(grundy.status).toBe(405);
    expect(grundy.headers.get('allow')).toBe('GET');
  });
});

describe('404: a path outside the table', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/nope'],
    ['GET', '/api/grundy/extra'],
    ['DELETE', '/api/'],
  ])('%s %s is 404 with an error and no Allow', async (method, path) => {
    const res = await app.request(path, { method });
    expect(res.status).toBe(404);
    expect(res.headers.get('allow')).toBeNull();
    expect(await res.json()).toEqual({ error: `no such API route: ${method} ${path}` });
  });
});
