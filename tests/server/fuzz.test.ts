/** A bounded fuzz run over the route table (the long one is `npm run fuzz`): the contract holds and the server stays alive. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp, type NimberApp } from '../../src/server/app.ts';
import { fuzzApp } from './fuzz.ts';

const TIME_LIMIT_MS = 2000;
let app: NimberApp;
beforeAll(async () => {
  app = createApp({ timeLimitMs: TIME_LIMIT_MS, threads: 2, staticDir: null });
  await app.pool.warmUp();
});
afterAll(() => app.close());

it('400 random and hostile requests: no 500, every refusal a short JSON error, none late', async () => {
  // late: over 10 s past the limit. A reply that waits for no limit (minutes of work) is still caught; the
  // 1 s of `npm run fuzz` is within a loaded machine's reach for a timer on a busy main thread
  const summary = await fuzzApp(app, TIME_LIMIT_MS, 400, undefined, 10_000);
  expect(summary.defects.slice(0, 8)).toEqual([]);
  expect(summary.requests).toBe(400);
  // The generators reach the answers and the refusals both.
  expect(summary.byStatus.get(200) ?? 0).toBeGreaterThan(0);
  expect(summary.byStatus.get(422) ?? 0).toBeGreaterThan(0);
  expect((await app.request('/api/health')).status).toBe(200);
});
