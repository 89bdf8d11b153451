/**
 * The HTTP face: createApp() builds the hono app (API + the built page) without listening.
 * The routes come from one table (routes.ts); every computation runs in a worker under the time
 * limit; replies are cached in an LRU.
 *
 * Status codes (docs/http-api.md has the table of limits): 200 ok; 404 unknown route or file; 405 a
 * route asked with the wrong method; 413 a body or a size beyond a documented maximum; 421 a Host
 * that is not the loopback server's own; 422 invalid input; 503 queue full (with Retry-After); 504
 * time limit exceeded (not 408: browsers resend a request answered 408 on a kept-alive connection).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { clipMessage, type InputErrorKind, isInputError } from '../engine/errors.ts';
import { ENGINE_ENV, type ServiceEnv } from '../service/env.ts';
import { DEFAULT_TIME_LIMIT_MS, MAX_BODY_BYTES } from './defaults.ts';
import { Lru } from './lru.ts';
import { QueueFull, TaskPool, TimeLimitExceeded, WORKER_HEAP_MB, WorkerFailed, WorkerOutOfMemory } from './pool.ts';
import { API_ROUTES, methodsByPath, type ServerState } from './routes.ts';
import { describeIssues, MAX_JSON_DEPTH, MAX_LIST, scanJsonText } from './schemas.ts';
import { OPERATIONS } from '../service/operation-table.ts';
import { API_LIMITS, precheck, type Task } from './tasks.ts';

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
  /** Directory of the stored censuses (GET /api/census); null or absent: none. */
  censusDir?: string | null;
  /** Directory of the built page (vite's output); null serves the API only. */
  staticDir?: string | null;
  /**
   * 'loopback' (default): answer only requests whose Host is a loopback name or address (localhost,
   * 127.0.0.1, [::1], any port), 421 otherwise, so a web page cannot reach the server through DNS
   * rebinding. 'any': no check (a server listening beyond loopback).
   */
  hosts?: 'loopback' | 'any';
}

/**
 * What the checks before queueing see: the API's limits. Checks read no sequence or store, so the
 * engine's source stands in for the workers' (which hold the disk cache and the census stores).
 */
const CHECK_ENV: ServiceEnv = { ...ENGINE_ENV, limits: API_LIMITS };

/** Characters of replies the LRU keeps (one-byte JSON: about as many bytes), within the server's 300 MB. */
const REPLY_CACHE_CHARS = 16 * 1024 * 1024;

/**
 * The status of a refusal: beyond a documented maximum 413 (the table of limits), anything else
 * invalid 422; a stored census that is not there 404; a search stopped at the request's time limit 504.
 */
const INPUT_ERROR_STATUS = {
  'too-large': 413,
  invalid: 422,
  missing: 404,
  'time-limit': 504,
} as const satisfies Record<InputErrorKind | 'missing' | 'time-limit', 404 | 413 | 422 | 504>;

/**
 * The page's Content-Security-Policy: its own scripts, module worker and WebAssembly only, and blob:
 * modules, the person's own rules that "Your game" imports in its worker (made from the editor's text
 * in the browser, never fetched from elsewhere: connect-src keeps them from sending anything away).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'", 'blob:'],
  workerSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
};

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
  const pool = new TaskPool({
    timeLimitMs,
    threads: options.threads,
    maxQueue: options.maxQueue,
    cacheDir: options.cacheDir,
    censusDir: options.censusDir,
  });
  const cache = new Lru(options.cacheEntries ?? 1000, REPLY_CACHE_CHARS);
  const app = new Hono<Env>();

  app.use('*', async (c, next) => {
    c.set('startedAt', performance.now());
    await next();
  });
  if ((options.hosts ?? 'loopback') === 'loopback') {
    app.use('*', async (c, next) => {
      const host = c.req.header('host') ?? new URL(c.req.url).host;
      if (!isLoopbackHost(host))
        return c.json(
          { error: 'this server answers only requests addressed to its loopback name (localhost, 127.0.0.1 or [::1])' },
          421,
        );
      await next();
    });
  }
  app.use('*', secureHeaders({ contentSecurityPolicy: CONTENT_SECURITY_POLICY }));
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      // The rest of the body is read and dropped (up to DRAIN_BYTES, for at most DRAIN_MS) before the
      // answer, so a client still sending it hears the 413 instead of a broken pipe; then the
      // connection closes, or its next request would be read from the middle of this body.
      onError: async (c) => {
        const body = c.req.raw.body;
        if (body && !body.locked) await drain(body);
        c.header('Connection', 'close');
        return c.json({ error: `request body is larger than ${MAX_BODY_BYTES} bytes` }, 413);
      },
    }),
  );

  /** Runs a task through the cache and the pool and maps every failure to its status code. */
  async function reply(c: Context<Env>, task: Task): Promise<Response> {
    // A hash: the task can hold a 512 K judge input, which should not be kept twice.
    const key = createHash('sha256')
      .update(JSON.stringify(task, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)))
      .digest('base64');
    // a stored census changes while its census runs: read afresh each time (the worker keeps what it built)
    const cacheable = task.op !== 'census';
    const cached = cacheable ? cache.get(key) : undefined;
    if (cached !== undefined) return jsonText(c, cached, 'hit');
    const invalid = precheck(task, CHECK_ENV);
    if (invalid) return c.json({ error: clipMessage(invalid.message) }, INPUT_ERROR_STATUS[invalid.kind]);
    let result;
    // aborted when the client closes the connection before its answer (node-server's request signal)
    const gone = c.req.raw.signal;
    try {
      result = await pool.run(task, c.get('startedAt'), gone);
    } catch (e) {
      // nobody is left to read it: a quiet answer, no log line
      if (gone.aborted) return c.json({ error: 'the client closed the connection' }, 400);
      if (e instanceof TimeLimitExceeded) return c.json({ error: 'time limit exceeded', limitMs: timeLimitMs }, 504);
      if (e instanceof QueueFull) {
        c.header('Retry-After', String(Math.max(1, Math.ceil(timeLimitMs / 1000))));
        return c.json({ error: 'the server is busy: too many computations are waiting; retry shortly' }, 503);
      }
      if (e instanceof WorkerOutOfMemory)
        return c.json(
          { error: `the computation needed more than the ${WORKER_HEAP_MB.old} MB a worker may hold: ask for less` },
          413,
        );
      // a worker that died or failed to load costs this request, never the server
      if (e instanceof WorkerFailed) return c.json({ error: 'the worker computing this request failed; retry' }, 503);
      throw e;
    }
    if (!result.ok) {
      const status = INPUT_ERROR_STATUS[result.kind];
      // a search that stopped at its own time limit: the answer of a task the pool ended at its deadline
      if (status === 504) return c.json({ error: 'time limit exceeded', limitMs: timeLimitMs }, 504);
      return c.json({ error: clipMessage(result.message) }, status);
    }
    if (cacheable) cache.set(key, result.json);
    return jsonText(c, result.json, 'miss');
  }

  const server: ServerState = { timeLimitMs, pool, cache };
  for (const r of API_ROUTES) {
    if ('answer' in r) {
      app.on(r.method, r.path, (c) => {
        let answer;
        try {
          answer = r.answer(server, c.req.query());
        } catch (e) {
          if (isInputError(e)) return c.json({ error: clipMessage(e.message) }, 422);
          throw e;
        }
        return answer === null
          ? c.json(
              { error: `nothing stored under ${c.req.url.slice(c.req.url.indexOf(c.req.path)).slice(0, 120)}` },
              404,
            )
          : c.json(answer);
      });
      continue;
    }
    app.on(r.method, r.path, async (c) => {
      const raw = r.method === 'GET' ? c.req.query() : await readJson(c);
      if (raw instanceof Response) return raw;
      const parsed = OPERATIONS[r.op].schema.safeParse(raw);
      if (!parsed.success) {
        const { status, message } = describeIssues(parsed.error);
        return c.json({ error: message }, status);
      }
      return reply(c, { op: r.op, request: parsed.data } as Task);
    });
  }

  const allowed = new Map([...methodsByPath(API_ROUTES)].map(([path, methods]) => [path, methods.join(', ')]));
  app.all('/api/*', (c) => {
    const methods = allowed.get(c.req.path);
    if (methods) {
      c.header('Allow', methods);
      return c.json({ error: `${c.req.path} answers ${methods} requests, not ${c.req.method}` }, 405);
    }
    return c.json({ error: clipMessage(`no such API route: ${c.req.method} ${c.req.path}`) }, 404);
  });

  const staticDir = options.staticDir === undefined ? DEFAULT_STATIC_DIR : options.staticDir;
  if (staticDir !== null && existsSync(resolve(staticDir, 'index.html'))) {
    // serveStatic resolves against the working directory.
    const root = relative(process.cwd(), staticDir) || '.';
    app.use('*', serveStatic({ root }));
    // The page for its own routes; a missing file (favicon.ico, a stale asset) is 404, not the page.
    app.get('*', async (c, next) =>
      /\.[^/]*$/.test(c.req.path) ? c.json({ error: clipMessage(`no such file: ${c.req.path}`) }, 404) : next(),
    );
    app.get('*', serveStatic({ root, path: 'index.html' }));
  } else {
    app.get('/', (c) =>
      c.html(
        '<!doctype html><title>nimber</title><p>The page is not built. Run <code>npm start</code> (it builds the page with vite, then serves it). The API is at <code>/api/…</code>.</p>',
      ),
    );
  }

  app.onError((e, c) => {
    // a client that hung up before its body arrived: nobody hears an answer, and it is no error of ours
    if (isClientGone(e)) return c.json({ error: 'the client closed the connection' }, 400);
    console.error(`nimber: internal error on ${c.req.method} ${c.req.path}:`, e);
    return c.json({ error: `internal error: ${e instanceof Error ? e.message : String(e)}` }, 500);
  });

  return Object.assign(app, { pool, cache, close: () => pool.close() });
}

/**
 * Reads a JSON body; a Response when it nests deeper than MAX_JSON_DEPTH (422), holds an array longer
 * than any field takes (413), or is not JSON (422). The first two are found on the text, before
 * JSON.parse builds it (and before zod, which recurses into what it is given).
 */
async function readJson(c: Context<Env>): Promise<unknown> {
  const text = await c.req.text();
  const wrong = scanJsonText(text, MAX_JSON_DEPTH, MAX_LIST);
  if (wrong === 'deep') return c.json({ error: `the request body nests deeper than ${MAX_JSON_DEPTH} levels` }, 422);
  if (wrong === 'unsafe')
    return c.json(
      {
        error:
          'the request body has a number that JSON reads inexactly (an integer above 2^53 - 1, or more digits than a double keeps): send it as a decimal string',
      },
      422,
    );
  if (wrong === 'long')
    return c.json(
      {
        error: `the request body has a list of more than ${MAX_LIST} elements (a position has at most ${MAX_LIST} heaps)`,
      },
      413,
    );
  try {
    return JSON.parse(text);
  } catch {
    return c.json({ error: 'the request body must be JSON' }, 422);
  }
}

/** How much of a body over the limit is read and dropped before the 413, and for how long at most. */
const DRAIN_BYTES = 64 * MAX_BODY_BYTES;
const DRAIN_MS = 2_000;

/** Reads and drops a body until it ends, DRAIN_BYTES have come or DRAIN_MS have passed. */
async function drain(body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  const stop = setTimeout(() => void reader.cancel().catch(() => {}), DRAIN_MS);
  try {
    for (let read = 0; read < DRAIN_BYTES; ) {
      const { done, value } = await reader.read();
      if (done) break;
      read += value.byteLength;
    }
  } catch {
    // the client hung up, or the time ran out: the answer goes out anyway
  } finally {
    clearTimeout(stop);
    void reader.cancel().catch(() => {});
  }
}

/** The error reading a body throws when its client hung up mid-body (node:http's 'aborted', a reset socket). */
function isClientGone(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return (
    e instanceof Error && (e.message === 'aborted' || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE')
  );
}

/** localhost, 127.x.x.x or [::1], with or without a port. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/:\d*$/, '');
  return name === 'localhost' || name === '[::1]' || /^127(\.\d{1,3}){3}$/.test(name);
}

function jsonText(c: Context<Env>, json: string, cache: 'hit' | 'miss'): Response {
  return c.body(json, 200, { 'content-type': 'application/json; charset=utf-8', 'x-cache': cache });
}
