/** The HTTP API runs no user code: a request naming rules (a rules file) is refused 422 in one line that points to the CLI and the page. */
import { afterAll, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';

// no request here reaches a worker: the refusal is the operation's check, before anything is queued
const app = createApp({ timeLimitMs: 120_000, threads: 1, staticDir: null });
afterAll(() => app.close());

const post = (path: string, body: unknown) =>
  app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const refusal = /^this API runs no user code: .*nimber analyze --rules FILE.*"Your game"/;

it('refuses rules in a body, for every operation that takes them', async () => {
  for (const [path, body] of [
    ['/api/analyze', { rules: { file: 'examples/chocolate.mjs' } }],
    ['/api/play', { rules: { file: 'examples/chocolate.mjs' }, action: 'open' }],
    ['/api/count', { rules: { file: 'examples/dawson.mjs' }, max: 10 }],
    ['/api/explain', { rules: { file: 'examples/dawson.mjs' }, heaps: [3] }],
  ] as const) {
    const res = await post(path, body);
    expect(res.status, path).toBe(422);
    const { error } = (await res.json()) as { error: string };
    expect(error, path).toMatch(refusal);
    expect(error).not.toContain('\n');
  }
});

it('refuses rules in a query, and rules beside a spec', async () => {
  const res = await app.request('/api/grundy?rules=examples/dawson.mjs&to=10');
  expect(res.status).toBe(422);
  expect(((await res.json()) as { error: string }).error).toMatch(refusal);
  const both = await post('/api/analyze', { ruleset: 'nim', heaps: [3], rules: { file: 'examples/dawson.mjs' } });
  expect(both.status).toBe(422);
  expect(((await both.json()) as { error: string }).error).toBe('give a ruleset spec or rules, not both');
});
