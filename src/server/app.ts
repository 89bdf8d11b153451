/**
 * The HTTP face: createApp() builds the hono app (API + the built page) without listening.
 * Every computation runs in a worker under the time limit; replies are cached in an LRU.
 *
 * Status codes: 200 ok; 404 unknown route; 405 a route asked with the wrong method; 408 time limit
 * exceeded; 413 a body or a size beyond a documented maximum; 422 invalid input; 503 queue full
 * (with Retry-After).
 */
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { z } from 'zod';
import { MAX_HEAPS, MAX_NIM_HEAP, MAX_SEQUENCE } from '../engine/limits.ts';
import { ALIASES, FAMILIES } from '../engine/spec.ts';
import { COUNT_ORDERS } from '../engine/types.ts';
import { PROBLEMS } from '../problems/index.ts';
import { DEFAULT_TIME_LIMIT_MS, MAX_BODY_BYTES } from './defaults.ts';
import { Lru } from './lru.ts';
import { QueueFull, TaskPool, TimeLimitExceeded } from './pool.ts';
import { analyzeBody, countBody, describeIssues, describeQuery, grundyQuery, MAX_INPUT_CHARS, periodQuery, positionBody, pPositionsQuery, solveBody } from './schemas.ts';
import { API_MAX_OPTIONS, API_MAX_PILE, API_MAX_PPOSITIONS, API_MAX_VALUES, type Task } from './tasks.ts';

export { DEFAULT_TIME_LIMIT_MS, MAX_BODY_BYTES };

export interface AppOptions {
  /** Per-request time limit (ms), default 2000. */
  timeLimitMs?: number;
  /** Worker threads. */
  threads?: number;
  /** Tasks that may wait for a worker before 503. */
  maxQueue?: number;
  /** Directory of the disk cache of Grundy sequences (behind the LRU); null or absent: none. */
  cacheDir?: string | null;
  /** Replies kept in the in-memory LRU. */
  cacheEntries?: number;
  /** Directory of the built page (vite's output); null serves the API only. */
  staticDir?: string | null;
}

/** The hono app, plus what its owner needs to inspect and shut it down. */
export type NimberApp = Hono<Env> & {
  readonly pool: TaskPool;
  readonly cache: Lru;
  close(): Promise<void>;
};

type Env = { Variables: { startedAt: number } };

/** Where `npm start` builds the page. */
export const DEFAULT_STATIC_DIR = resolve(import.meta.dirname, '../../dist/web');

export function createApp(options: AppOptions = {}): NimberApp {
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const pool = new TaskPool({ timeLimitMs, threads: options.threads, maxQueue: options.maxQueue, cacheDir: options.cacheDir });
  const cache = new Lru(options.cacheEntries ?? 1000);
  const app = new Hono<Env>();

  app.use('*', async (c, next) => {
    c.set('startedAt', performance.now());
    await next();
  });
  app.use('*', secureHeaders());
  app.use(
    '/api/*',
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: `request body is larger than ${MAX_BODY_BYTES} bytes` }, 413) }),
  );

  /** Runs a task through the cache and the pool and maps every failure to its status code. */
  async function reply(c: Context<Env>, task: Task): Promise<Response> {
    const key = JSON.stringify(task);
    const cached = cache.get(key);
    if (cached !== undefined) return jsonText(c, cached, 'hit');
    let result;
    try {
      result = await pool.run(task, c.get('startedAt'));
    } catch (e) {
      if (e instanceof TimeLimitExceeded) return c.json({ error: 'time limit exceeded', limitMs: timeLimitMs }, 408);
      if (e instanceof QueueFull) {
        c.header('Retry-After', String(Math.max(1, Math.ceil(timeLimitMs / 1000))));
        return c.json({ error: 'the server is busy: too many computations are waiting; retry shortly' }, 503);
      }
      throw e;
    }
    if (!result.ok) return c.json({ error: result.message }, result.kind === 'too-large' ? 413 : 422);
    cache.set(key, result.json);
    return jsonText(c, result.json, 'miss');
  }

  app.get('/api/health', (c) =>
    c.json({
      status: 'ok',
      timeLimitMs,
      threads: pool.threads,
      workersReady: pool.warm,
      queued: pool.queued,
      cache: { entries: cache.size, hits: cache.hits, misses: cache.misses },
    }),
  );

  // What the page offers, straight from the registries: new rulesets and problems appear by themselves.
  app.get('/api/catalog', (c) =>
    c.json({
      timeLimitMs,
      problems: PROBLEMS.map((p) => ({ id: p.id, title: p.title, summary: p.summary, sample: p.sample })),
      families: FAMILIES.map((f) => ({ name: f.name, help: f.help, args: f.args })),
      aliases: ALIASES,
      orders: COUNT_ORDERS,
      limits: {
        sequence: MAX_SEQUENCE,
        nimHeap: MAX_NIM_HEAP,
        heaps: MAX_HEAPS,
        grundyValues: API_MAX_VALUES,
        options: API_MAX_OPTIONS,
        pPositionsPile: API_MAX_PILE,
        pPositions: API_MAX_PPOSITIONS,
        bodyBytes: MAX_BODY_BYTES,
        inputChars: MAX_INPUT_CHARS,
      },
    }),
  );

  app.post('/api/solve', async (c) => {
    const body = await parseBody(c, solveBody);
    if (body instanceof Response) return body;
    return reply(c, { kind: 'solve', problem: body.problem, input: body.input });
  });

  app.get('/api/grundy', async (c) => {
    const query = grundyQuery.safeParse(c.req.query());
    if (!query.success) return c.json({ error: describeIssues(query.error) }, 422);
    return reply(c, { kind: 'grundy', ruleset: query.data.ruleset, to: query.data.to });
  });

  app.get('/api/ruleset', async (c) => {
    const query = describeQuery.safeParse(c.req.query());
    if (!query.success) return c.json({ error: describeIssues(query.error) }, 422);
    return reply(c, { kind: 'describe', ruleset: query.data.ruleset });
  });

  app.get('/api/ppositions', async (c) => {
    const query = pPositionsQuery.safeParse(c.req.query());
    if (!query.success) return c.json({ error: describeIssues(query.error) }, 422);
    return reply(c, { kind: 'ppositions', ruleset: query.data.ruleset, max: query.data.max, piles: query.data.piles });
  });

  app.get('/api/period', async (c) => {
    const query = periodQuery.safeParse(c.req.query());
    if (!query.success) return c.json({ error: describeIssues(query.error) }, 422);
    return reply(c, { kind: 'period', ruleset: query.data.ruleset, length: query.data.length });
  });

  app.post('/api/analyze', async (c) => {
    const body = await parseBody(c, analyzeBody);
    if (body instanceof Response) return body;
    return reply(c, { kind: 'analyze', ruleset: body.ruleset, heaps: body.heaps });
  });

  app.post('/api/count', async (c) => {
    const body = await parseBody(c, countBody);
    if (body instanceof Response) return body;
    return reply(c, { kind: 'count', ruleset: body.ruleset, heaps: body.heaps, max: body.max, order: body.order });
  });

  app.post('/api/move', async (c) => {
    const body = await parseBody(c, positionBody);
    if (body instanceof Response) return body;
    return reply(c, { kind: 'move', ruleset: body.ruleset, position: body.position });
  });

  app.post('/api/options', async (c) => {
    const body = await parseBody(c, positionBody);
    if (body instanceof Response) return body;
    return reply(c, { kind: 'options', ruleset: body.ruleset, position: body.position });
  });

  const routes: Record<string, string> = {
    '/api/health': 'GET', '/api/catalog': 'GET', '/api/grundy': 'GET', '/api/period': 'GET', '/api/ruleset': 'GET', '/api/ppositions': 'GET',
    '/api/solve': 'POST', '/api/analyze': 'POST', '/api/count': 'POST', '/api/move': 'POST', '/api/options': 'POST',
  };
  app.all('/api/*', (c) => {
    const allowed = routes[c.req.path];
    if (allowed) {
      c.header('Allow', allowed);
      return c.json({ error: `${c.req.path} answers ${allowed} requests, not ${c.req.method}` }, 405);
    }
    return c.json({ error: `no such API route: ${c.req.method} ${c.req.path}` }, 404);
  });

  const staticDir = options.staticDir === undefined ? DEFAULT_STATIC_DIR : options.staticDir;
  if (staticDir !== null && existsSync(resolve(staticDir, 'index.html'))) {
    // serveStatic resolves against the working directory.
    const root = relative(process.cwd(), staticDir) || '.';
    app.use('*', serveStatic({ root }));
    app.get('*', serveStatic({ root, path: 'index.html' }));
  } else {
    app.get('/', (c) =>
      c.html('<!doctype html><title>nimber</title><p>The page is not built. Run <code>npm start</code> (it builds the page with vite, then serves it). The API is at <code>/api/…</code>.</p>'),
    );
  }

  app.onError((e, c) => {
    console.error(`nimber: internal error on ${c.req.method} ${c.req.path}:`, e);
    return c.json({ error: `internal error: ${e instanceof Error ? e.message : String(e)}` }, 500);
  });

  return Object.assign(app, { pool, cache, close: () => pool.close() });
}

/** Reads a JSON body and validates it; a Response (422) when it is not what the route expects. */
async function parseBody<S extends z.ZodType>(c: Context<Env>, schema: S): Promise<z.output<S> | Response> {
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    return c.json({ error: 'the request body must be JSON' }, 422);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return c.json({ error: describeIssues(parsed.error) }, 422);
  return parsed.data;
}

function jsonText(c: Context<Env>, json: string, cache: 'hit' | 'miss'): Response {
  return c.body(json, 200, { 'content-type': 'application/json; charset=utf-8', 'x-cache': cache });
}
