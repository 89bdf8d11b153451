/**
 * A search's table is sized for the time its request has left (issue 35: resident memory under
 * 300 MB): the worker's task carries the wall-clock time its answer is due, and the search's own time
 * limit ends SEARCH_STOP_BEFORE_MS before it, so the search stops itself, the worker answers 504 and
 * is kept (the pool's deadline, which replaces a worker, is for a task that does not stop).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { readRequest } from '../../src/service/operation-table.ts';
import { ENGINE_ENV } from '../../src/service/env.ts';
import { API_LIMITS, runTask, SEARCH_STOP_BEFORE_MS, taskEnv } from '../../src/server/tasks.ts';

describe('a task with a due time', () => {
  it("gives its searches the time left before it, less the margin; a task without one keeps the worker's limits", () => {
    const task = { op: 'analyze' as const, request: readRequest('analyze', { ruleset: 'cram:9x9' }) };
    const env = { ...ENGINE_ENV, limits: API_LIMITS };
    expect(taskEnv(task, env)).toBe(env);
    const before = Date.now();
    const searchMs = taskEnv({ ...task, until: before + 5000 }, env).limits?.searchMs ?? 0;
    // the time that passed while it was computed is the machine's (it was assumed under 850 ms)
    const passed = Date.now() - before;
    expect(searchMs).toBeGreaterThan(0);
    expect(searchMs).toBeLessThanOrEqual(5000 - SEARCH_STOP_BEFORE_MS);
    expect(searchMs).toBeGreaterThanOrEqual(5000 - SEARCH_STOP_BEFORE_MS - passed);
    expect(taskEnv({ ...task, until: Date.now() + 5000 }, env).limits?.maxValues).toBe(API_LIMITS.maxValues);
    // long past due: the search still gets a positive limit (it stops at its first look at the clock)
    expect(taskEnv({ ...task, until: Date.now() - 10_000 }, env).limits?.searchMs).toBe(1);
  });

  it('a search that stops itself at its time limit is answered as a time-limit refusal, not thrown out of the worker', async () => {
    // Cram 9 x 9 takes far longer than half a second on any machine (the CLI's analyze runs minutes)
    const task = {
      op: 'analyze' as const,
      request: readRequest('analyze', { ruleset: 'cram:9x9' }),
      until: Date.now() + 500,
    };
    const result = await runTask(task, { ...ENGINE_ENV, limits: API_LIMITS });
    expect(result).toMatchObject({ ok: false, kind: 'time-limit' });
  });
});

describe('the server', () => {
  // a generous limit: the worker's first load on a busy machine must not be what runs out
  const app = createApp({ timeLimitMs: 3000, threads: 1, staticDir: null });
  beforeAll(() => app.pool.warmUp(), 600_000);
  afterAll(() => app.close());
  const post = (path: string, body: unknown) =>
    app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('answers a search that reaches the limit 504 with the time limit', async () => {
    const res = await post('/api/analyze', { ruleset: 'cram:9x9' });
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ error: 'time limit exceeded', limitMs: 3000 });
  });
});
