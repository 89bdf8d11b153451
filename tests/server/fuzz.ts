/**
 * The API fuzzer: random and hostile requests over every route of the route table (fast-check),
 * each reply checked against the contract — never a 500, every refusal a JSON {"error"} under
 * 1 KB on /api/, no reply later than the time limit + 1 s. `npm test` runs a bounded number of cases
 * (tests/server/fuzz.test.ts); `npm run fuzz` runs 10,000 and prints a summary.
 */
import fc from 'fast-check';
import { API_ROUTES } from '../../src/server/routes.ts';
import type { NimberApp } from '../../src/server/app.ts';

/** Strings a hostile client would try: prototype names, numbers out of range, odd syntax, long text. */
const hostileText = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'toString',
    'subtract:__proto__',
    'subtract:toString',
    'takebreak:constructor',
    'equal-removal:__proto__',
    'split:valueOf',
  ),
  fc.constantFrom(
    'nim',
    'kayles',
    'lasker',
    'subtract:1,3,4',
    'subtract:squares',
    'takebreak:4!.0',
    'split:distinct',
    'wythoff',
    'stone-game',
    'equal-removal',
  ),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '1e400',
    '1e6',
    'NaN',
    'Infinity',
    '0x10',
    '9007199254740993',
    '1.5',
    'null',
    '[]',
    '{}',
    '%00',
    '\u0000',
    '😀',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 900, maxLength: 1100 }),
);

/** Numbers, mostly small (cheap requests), sometimes at or past every documented maximum. */
const hostileNumber = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 60 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(-1, 0.5, 1000, 1001, 100_000, 1_000_001, 2 ** 32, Number.MAX_SAFE_INTEGER, 1e300),
  },
);

/** Any JSON value a field might receive: numbers, hostile strings, arrays, objects, deep nests. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileNumber },
  { weight: 3, arbitrary: hostileText },
  { weight: 2, arbitrary: fc.array(fc.oneof(hostileNumber, hostileText), { maxLength: 8 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 60, max: 3000 }).map((depth) => {
      let v: unknown = 1;
      for (let i = 0; i < depth; i++) v = [v];
      return v;
    }),
  },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 100_001 }, () => 'x')) },
);

/** The fields the routes read, plus keys a hostile client adds. */
const FIELDS = [
  'ruleset',
  'to',
  'heaps',
  'max',
  'order',
  'position',
  'problem',
  'input',
  'length',
  'piles',
  '__proto__',
  'constructor',
];

export interface FuzzRequest {
  readonly method: string;
  readonly path: string;
  readonly body?: string;
}

/** One request: a table route (or a near miss) with a random query or body, sometimes not JSON at all. */
export const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    // Mostly a table route with its own method; sometimes another method or a path outside the table.
    fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...API_ROUTES.map((r) => [r.path, r.method] as const)) },
      {
        weight: 2,
        arbitrary: fc.tuple(
          fc.constantFrom(...API_ROUTES.map((r) => r.path), '/api/nope', '/api/grundy/extra', '/favicon.ico'),
          fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        ),
      },
    ),
    fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 5 }),
    fc.oneof(
      { weight: 9, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom('{', 'not json', '[1,2', '"x"', 'null', '') },
    ),
  )
  .map(([[path, method], fields, rawBody]) => {
    if (method === 'GET' || method === 'DELETE') {
      const query = Object.entries(fields).map(
        ([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`,
      );
      return { method, path: query.length > 0 ? `${path}?${query.join('&')}` : path };
    }
    return { method, path, body: rawBody ?? JSON.stringify(fields) };
  });

export interface FuzzSummary {
  requests: number;
  byStatus: Map<number, number>;
  defects: string[];
  slowestMs: number;
}

/**
 * Sends `runs` random requests to the app (app.request(), no port) and checks each reply against the contract.
 * A reply more than `lateMs` after the time limit is a defect: 1 s on a machine of its own (`npm run fuzz`);
 * a test on a shared, loaded machine passes more, as the answer at the limit waits for a timer there.
 */
export async function fuzzApp(
  app: NimberApp,
  timeLimitMs: number,
  runs: number,
  seed?: number,
  lateMs = 1000,
): Promise<FuzzSummary> {
  const summary: FuzzSummary = { requests: 0, byStatus: new Map(), defects: [], slowestMs: 0 };
  await fc.assert(
    fc.asyncProperty(fuzzRequest, async (request) => {
      const start = performance.now();
      const res = await app.request(request.path, {
        method: request.method,
        headers: request.body === undefined ? {} : { 'content-type': 'application/json' },
        body: request.body,
      });
      const text = await res.text();
      const ms = performance.now() - start;
      summary.requests++;
      summary.slowestMs = Math.max(summary.slowestMs, ms);
      summary.byStatus.set(res.status, (summary.byStatus.get(res.status) ?? 0) + 1);
      const where = `${request.method} ${request.path.slice(0, 120)}`;
      if (res.status === 500 || res.status > 504)
        summary.defects.push(`${where}: status ${res.status}: ${text.slice(0, 200)}`);
      // The API's refusals are JSON; other paths (the page's files) answer as a file server does.
      if (res.status >= 400 && request.path.startsWith('/api/')) {
        let error: unknown;
        try {
          error = (JSON.parse(text) as { error?: unknown }).error;
        } catch {
          error = undefined;
        }
        if (typeof error !== 'string')
          summary.defects.push(`${where}: ${res.status} without a JSON error: ${text.slice(0, 200)}`);
        if (text.length >= 1024) summary.defects.push(`${where}: ${res.status} error of ${text.length} characters`);
      }
      if (ms > timeLimitMs + lateMs) summary.defects.push(`${where}: answered after ${Math.round(ms)} ms`);
    }),
    { numRuns: runs, seed, endOnFailure: true },
  );
  return summary;
}
