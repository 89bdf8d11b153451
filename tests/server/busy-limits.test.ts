/**
 * Every documented limit while every worker is busy (issue 35): a refusal that needs no computation is
 * checked before anything is queued, so it is 413 or 422 even when the worker runs a search and the
 * queue is full, never 503 (queue full) or 504 (time limit). The statuses are those of the table of
 * limits in docs/http-api.md; one row per case, so a failure names its case. Last, over a real socket:
 * a body over 1 MiB is answered 413 every time (never a reset under a client still sending), and the
 * connection is then closed or keeps working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postHead, rawRequest } from '../../scripts/soak.ts';
import { createApp, MAX_BODY_BYTES, type NimberApp } from '../../src/server/app.ts';
import { type RunningServer, serve } from '../../src/server/serve.ts';

/**
 * Longer than any machine takes to send the cases, so the searches filling the pool are still running
 * when the last case is sent (20 s was within a loaded machine's reach: the first search then ends,
 * the queue drains and a case meant to meet a full pool is queued). afterAll's close ends them.
 */
const TIME_LIMIT_MS = 600_000;
const MAX_QUEUE = 2;

interface LimitCase {
  name: string;
  /** A GET path with its query, or a POST path with `body`. */
  path: string;
  /** A JSON body: an object is stringified, a string sent as it is. */
  body?: unknown;
  status: 413 | 422;
  /** Where the docs allow a correct answer instead of the refusal: the answer's `result`. */
  orExactResult?: string;
}

const rows = (r: number, c: number, cell: string) => Array(r).fill(cell.repeat(c)).join('/');

const CASES: LimitCase[] = [
  // /api/nim: an unknown op, a bad operand, a zero divisor (422); an operand beyond its size (413)
  { name: 'nim: unknown op', path: '/api/nim', body: { op: 'xor', values: [1, 2] }, status: 422 },
  { name: 'nim: op __proto__', path: '/api/nim', body: { op: '__proto__', values: [1, 2] }, status: 422 },
  { name: 'nim: op constructor', path: '/api/nim', body: { op: 'constructor', values: [1] }, status: 422 },
  { name: 'nim: a negative operand', path: '/api/nim', body: { op: 'sum', values: [-1, 2] }, status: 422 },
  { name: 'nim: the operand "NaN"', path: '/api/nim', body: { op: 'sum', values: ['NaN', 2] }, status: 422 },
  { name: 'nim: the operand 1e308', path: '/api/nim', body: '{"op":"sum","values":[1e308,2]}', status: 422 },
  { name: 'nim: the wrong number of values', path: '/api/nim', body: { op: 'mul', values: [3] }, status: 422 },
  { name: 'nim: division by 0', path: '/api/nim', body: { op: 'div', values: [5, 0] }, status: 422 },
  { name: 'nim: the inverse of 0', path: '/api/nim', body: { op: 'inv', values: [0] }, status: 422 },
  { name: 'nim: an operand of 2^65536', path: '/api/nim', body: { op: 'sum', values: ['2^65536', 1] }, status: 413 },
  { name: 'nim: a pow base of 1025 bits', path: '/api/nim', body: { op: 'pow', values: ['2^1024', 3] }, status: 413 },
  {
    name: 'nim: an operand of 25,001 characters',
    path: '/api/nim',
    body: { op: 'sum', values: ['1'.repeat(25_001), 1] },
    status: 413,
  },
  {
    // 2^53 + 1 is not a double: JSON.parse reads it as 2^53; the docs promise 422 (or the exact sum)
    name: 'nim: the unsafe integer 9007199254740993',
    path: '/api/nim',
    body: '{"op":"sum","values":[9007199254740993,0]}',
    status: 422,
    orExactResult: '9007199254740993',
  },
  // the judge problems' maxima
  {
    name: 'solve: nim-square 10^30',
    path: '/api/solve',
    body: { problem: 'nim-square', input: `1${'0'.repeat(30)}` },
    status: 413,
  },
  { name: 'solve: stone-game 20001', path: '/api/solve', body: { problem: 'stone-game', input: '20001' }, status: 413 },
  {
    name: 'solve: equations 10^7+1',
    path: '/api/solve',
    body: { problem: 'equations', input: '10000001' },
    status: 413,
  },
  {
    name: 'solve: an input of 512 K + 1 characters',
    path: '/api/solve',
    body: { problem: 'nim-square', input: '1'.repeat(512 * 1024 + 1) },
    status: 413,
  },
  {
    name: 'solve: an unknown problem',
    path: '/api/solve',
    body: { problem: 'no-such-problem', input: '1' },
    status: 422,
  },
  // sequence lengths, refused before anything is computed
  {
    name: 'grundy: subtract:squares at 1e9',
    path: '/api/grundy?ruleset=subtract:squares&from=999999000&to=1000000000',
    status: 413,
  },
  {
    name: 'count: subtract:squares max 1e9',
    path: '/api/count',
    body: { ruleset: 'subtract:squares', heaps: 2, max: 1e9 },
    status: 413,
  },
  {
    name: 'analyze: subtract:squares heap 1e9',
    path: '/api/analyze',
    body: { ruleset: 'subtract:squares', heaps: [1e9] },
    status: 413,
  },
  { name: 'grundy: split:distinct to 20001', path: '/api/grundy?ruleset=split:distinct&to=20001', status: 413 },
  { name: 'grundy: to above 100,000', path: '/api/grundy?ruleset=kayles&to=100001', status: 413 },
  { name: 'period: kayles length 10^8+1', path: '/api/period?ruleset=kayles&length=100000001', status: 413 },
  { name: 'ppositions: piles=5001', path: '/api/ppositions?ruleset=equal-removal&max=20&piles=5001', status: 413 },
  { name: 'ppositions: wythoff max=5001', path: '/api/ppositions?ruleset=wythoff&max=5001', status: 413 },
  { name: 'quotient: max=1001', path: '/api/quotient?ruleset=kayles&max=1001', status: 413 },
  // count
  { name: 'count: mod 1', path: '/api/count', body: { ruleset: 'nim', heaps: 3, max: 100, mod: 1 }, status: 422 },
  {
    name: 'count: mod 2^62+1',
    path: '/api/count',
    body: { ruleset: 'nim', heaps: 3, max: 100, mod: '4611686018427387905' },
    status: 413,
  },
  {
    name: 'count: 1,001 heaps without mod',
    path: '/api/count',
    body: { ruleset: 'nim', heaps: 1001, max: 3 },
    status: 413,
  },
  { name: 'count: a board game', path: '/api/count', body: { ruleset: 'cram:3x3', heaps: 2, max: 5 }, status: 422 },
  // boards, graphs, Sprouts, posets, coins
  {
    name: 'analyze: a 2 x 2 board for cram:4x5',
    path: '/api/analyze',
    body: { ruleset: 'cram:4x5', board: '../..' },
    status: 422,
  },
  {
    name: 'analyze: a bad character on a Cram board',
    path: '/api/analyze',
    body: { ruleset: 'cram', board: '..x./....' },
    status: 422,
  },
  {
    name: 'analyze: ragged Cram rows',
    path: '/api/analyze',
    body: { ruleset: 'cram', board: '..../...' },
    status: 422,
  },
  {
    name: 'analyze: a Chomp board above 100 columns',
    path: '/api/analyze',
    body: { ruleset: 'chomp:1x101' },
    status: 413,
  },
  {
    name: 'analyze: a heap list for a board game',
    path: '/api/analyze',
    body: { ruleset: 'cram:3x3', heaps: [1, 2] },
    status: 422,
  },
  {
    name: 'analyze: a Sprouts region never closed',
    path: '/api/analyze',
    body: { ruleset: 'sprouts', board: '{3.2A2A' },
    status: 422,
  },
  {
    name: 'analyze: a Sprouts spot with 5 lives',
    path: '/api/analyze',
    body: { ruleset: 'sprouts', board: '{5}' },
    status: 422,
  },
  {
    name: 'analyze: Sprouts with 81 lives (27 spots)',
    path: '/api/analyze',
    body: { ruleset: 'sprouts', board: `{${Array(27).fill('3').join('.')}}` },
    status: 413,
  },
  { name: 'analyze: sprouts:27', path: '/api/analyze', body: { ruleset: 'sprouts:27' }, status: 413 },
  {
    name: 'move: a Sprouts spot with 5 lives',
    path: '/api/move',
    body: { ruleset: 'sprouts', board: '{5}' },
    status: 422,
  },
  {
    name: 'analyze: an unknown poset element',
    path: '/api/analyze',
    body: { ruleset: 'poset:divisors:30', board: '1 2 7' },
    status: 422,
  },
  {
    name: 'analyze: coins:any with 18 coins',
    path: '/api/analyze',
    body: { ruleset: 'coins:any', board: 'H'.repeat(18) },
    status: 413,
  },
  {
    name: 'analyze: tartan 65 x 65',
    path: '/api/analyze',
    body: { ruleset: 'tartan:twins*twins', board: rows(65, 65, 'H') },
    status: 413,
  },
  {
    name: 'move: a Nim heap of 2^32',
    path: '/api/move',
    body: { ruleset: 'nim', position: [4294967296, 1] },
    status: 413,
  },
  {
    name: 'options: a Nim heap of 2^32',
    path: '/api/options',
    body: { ruleset: 'nim', position: [4294967296] },
    status: 413,
  },
  {
    name: 'play: a Nim heap of 2^32',
    path: '/api/play',
    body: { ruleset: 'nim', heaps: [4294967296, 1], action: 'engine' },
    status: 413,
  },
  {
    name: 'play: a Sprouts spot with 5 lives',
    path: '/api/play',
    body: { ruleset: 'sprouts', board: '{5}' },
    status: 422,
  },
  {
    name: 'play: an unknown action',
    path: '/api/play',
    body: { ruleset: 'nim', heaps: [3], action: 'undo' },
    status: 422,
  },
  {
    name: 'play: a typed move over 10,000 characters',
    path: '/api/play',
    body: { ruleset: 'nim', heaps: [3], action: 'move', move: '1 '.repeat(6000) },
    status: 413,
  },
  // specs and bodies
  { name: 'ruleset: an unknown family', path: '/api/grundy?ruleset=chess&to=5', status: 422 },
  { name: 'ruleset: __proto__', path: '/api/period?ruleset=__proto__', status: 422 },
  {
    name: 'ruleset: a spec over 1,000 characters',
    path: `/api/ruleset?ruleset=subtract:${'1,'.repeat(600)}1`,
    status: 413,
  },
  { name: 'body: not JSON', path: '/api/analyze', body: '{"ruleset":"nim","heaps":[1,2', status: 422 },
  {
    name: 'body: nested 65 deep',
    path: '/api/analyze',
    body: `{"ruleset":"nim","heaps":${'['.repeat(65)}1${']'.repeat(65)}}`,
    status: 422,
  },
  {
    name: 'body: 1,001 heaps',
    path: '/api/analyze',
    body: { ruleset: 'nim', heaps: Array(1001).fill(1) },
    status: 413,
  },
  {
    name: 'body: an unsafe integer heap',
    path: '/api/analyze',
    body: '{"ruleset":"nim","heaps":[9007199254740993]}',
    status: 422,
  },
  {
    name: 'body: over 1 MiB',
    path: '/api/analyze',
    body: `{"ruleset":"nim","heaps":[1],"pad":"${'x'.repeat(MAX_BODY_BYTES)}"}`,
    status: 413,
  },
];

/** Searches that run far past a second each, all different (no reply cache or shared computation). */
const SEARCHES: unknown[] = [
  ['/api/count', { ruleset: 'subtract:squares', heaps: 3, max: 10_000_001 }],
  ['/api/analyze', { ruleset: 'cram:9x9' }],
  ['/api/analyze', { ruleset: 'sprouts:17' }],
  ['/api/analyze', { ruleset: 'poset:subsets:6' }],
  ['/api/count', { ruleset: 'subtract:squares', heaps: 3, max: 10_000_002 }],
  ['/api/count', { ruleset: 'subtract:squares', heaps: 3, max: 10_000_003 }],
];

let app: NimberApp;
/** The searches' replies: settled when the time limit ends them (or the app is closed). */
let inFlight: Promise<number>[] = [];

const send = async (path: string, body?: unknown): Promise<Response> =>
  body === undefined
    ? await app.request(path)
    : await app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });

beforeAll(async () => {
  app = createApp({ timeLimitMs: TIME_LIMIT_MS, threads: 1, maxQueue: MAX_QUEUE, staticDir: null });
  await app.pool.warmUp();
  // one search on the worker, MAX_QUEUE waiting, the rest refused with 503: proof the pool is full
  inFlight = (SEARCHES as [string, unknown][]).map(([path, body]) =>
    send(path, body).then(
      async (res) => {
        await res.arrayBuffer();
        return res.status;
      },
      () => 0,
    ),
  );
  const full = await Promise.race([
    Promise.any(inFlight.map((p) => p.then((status) => (status === 503 ? status : Promise.reject(status))))),
    Promise.all(inFlight).then(() => 'every search ended'),
  ]);
  expect(full, 'a search beyond the queue is refused with 503').toBe(503);
});

afterAll(async () => {
  await app?.close();
  await Promise.allSettled(inFlight);
});

it.each(CASES)('$name: $status while the worker and the queue are full', async (limit) => {
  const res = await send(limit.path, limit.body);
  const reply = (await res.json()) as { error?: string; result?: string };
  if (limit.orExactResult !== undefined && res.status === 200) {
    expect(reply.result).toBe(limit.orExactResult);
    return;
  }
  expect({ status: res.status, error: typeof reply.error }).toEqual({ status: limit.status, error: 'string' });
});

it('the pool was still full after the cases', async () => {
  const health = (await (await app.request('/api/health')).json()) as { queued?: number };
  expect(health.queued).toBe(MAX_QUEUE);
});

describe('a body over 1 MiB over a socket', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await serve({ port: 0, host: '127.0.0.1', staticDir: null, threads: 1, timeLimitMs: TIME_LIMIT_MS });
  });
  afterAll(() => server?.close());

  it('is answered 413 on each of 20 tries, then the connection is closed or answers the next request', async () => {
    const url = new URL(server.url);
    const body = `{"ruleset":"nim","heaps":[1],"pad":"${'x'.repeat(MAX_BODY_BYTES + 50_000)}"}`;
    const wrong: string[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await rawRequest(url, postHead(url, '/api/analyze', body.length), [body], { followUp: true });
      if (r.status !== 413 || r.after === 'silent')
        wrong.push(`try ${i + 1}: ${r.status === 0 ? `no reply (${r.error ?? 'closed'})` : r.status}, then ${r.after}`);
    }
    expect(wrong).toEqual([]);
  });
});
