/**
 * A client that goes away frees what it asked for: its task leaves the queue, or its worker is ended,
 * so an abandoned page's long request never holds the worker the next client needs (a page that
 * left Explore mid-search made Play's next request wait out the whole time limit: a 504).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningServer, serve } from '../../src/server/serve.ts';

let server: RunningServer;
// one worker and a limit longer than the test's own: without the cancellation the next request waits
// the abandoned one out, past the test's timeout
beforeAll(async () => {
  server = await serve({ port: 0, host: '127.0.0.1', staticDir: null, timeLimitMs: 900_000, threads: 1 });
  await server.ready;
}, 600_000);
afterAll(() => server?.close());

it("a client that hangs up while its long request computes does not hold the worker for the next client's", async () => {
  // Cram on 9 x 9 is far beyond a search of minutes (Beling's table stops at 7 x 9): it computes until it is stopped
  const gone = new AbortController();
  const abandoned = fetch(new URL('/api/analyze', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ruleset: 'cram:9x9' }),
    signal: gone.signal,
  }).catch((e: Error) => e.name);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  gone.abort();
  expect(await abandoned).toBe('AbortError');
  const res = await fetch(new URL('/api/ruleset?ruleset=cram%3A2x3', server.url));
  expect(res.status).toBe(200);
  expect((await res.json()).ruleset).toBe('cram:2x3');
}, 300_000);
