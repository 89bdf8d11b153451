/** POST /api/explain: the reasoning of `nimber explain`, from the operation table, with the same answers as the service. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { ENGINE_ENV } from '../../src/service/env.ts';
import { explainPosition } from '../../src/service/explain.ts';

// the limit is not under test: generous, as is the wait for the worker to load (a busy machine is slow)
const app = createApp({ timeLimitMs: 120_000, threads: 1, staticDir: null });
beforeAll(() => app.pool.warmUp(), 600_000);
afterAll(() => app.close());

const post = (body: unknown) =>
  app.request('/api/explain', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

it('explains a Nim position as the service does (13 ⊕ 12 ⊕ 8 = 9: an N-position)', async () => {
  const res = await post({ ruleset: 'nim', heaps: [13, 12, 8] });
  expect(res.status).toBe(200);
  const reply = await res.json();
  const service = await explainPosition({ ruleset: 'nim', position: { heaps: [13, 12, 8] } }, ENGINE_ENV);
  expect(reply).toEqual(JSON.parse(JSON.stringify(service, (_k, v) => (typeof v === 'bigint' ? String(v) : v))));
  expect(JSON.stringify(reply)).toContain('9');
});

it('refuses what explain cannot do before any worker runs: a board game 422, a far heap of a game with no period 413', async () => {
  expect((await post({ ruleset: 'cram:3x3', heaps: [1] })).status).toBe(422);
  expect((await post({ ruleset: 'subtract:squares', heaps: ['1000000000000'] })).status).toBe(413);
});
