/**
 * The page's API client (web/src/api.ts) against the server's route table: one call per route and no
 * call without a route, each sent with the route's method (GET: the query; POST: the JSON body), and
 * reply types that are the routes' own (checked by the compiler).
 */
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { ApiReply, Wire } from '../../src/server/api-schema.ts';
import { API_ROUTES } from '../../src/server/routes.ts';
import type { AnalyzeReply } from '../../src/service/analyze.ts';
import type { RulesetInfo } from '../../src/service/replies.ts';
import type { Verified } from '../../src/service/operation-table.ts';
import { API_CALLS, ApiError, api, call } from '../../web/src/api.ts';

const routeIds = API_ROUTES.map((r) => `${r.method} ${r.path}`);

/** Replaces fetch with one that records each request and answers `reply` with `status`. */
function stubFetch(reply: unknown = {}, status = 200): { method: string; url: string; body?: string }[] {
  const seen: { method: string; url: string; body?: string }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    seen.push({ method: init.method ?? 'GET', url, body: init.body as string | undefined });
    return new Response(JSON.stringify(reply), { status });
  });
  return seen;
}

afterEach(() => vi.unstubAllGlobals());

describe('the page client', () => {
  it('calls every route of the table, and only those', () => {
    expect(new Set(Object.values(API_CALLS))).toEqual(new Set(routeIds));
    expect(Object.values(API_CALLS)).toHaveLength(routeIds.length);
  });

  it("sends each call to its route with the route's method", async () => {
    const seen = stubFetch();
    for (const name of Object.keys(API_CALLS) as (keyof typeof API_CALLS)[])
      await (api[name] as (input: object) => Promise<unknown>)({ ruleset: 'x' });
    expect(seen.map((r) => `${r.method} ${new URL(r.url, 'http://localhost').pathname}`)).toEqual(
      Object.values(API_CALLS),
    );
  });

  it('writes GET inputs as the query and POST inputs as the JSON body', async () => {
    const seen = stubFetch();
    await api.grundy({ ruleset: 'subtract:1,3,4', to: 20 });
    await api.analyze({ ruleset: 'cram:1x3', convention: 'misere' });
    expect(seen[0]).toEqual({ method: 'GET', url: '/api/grundy?ruleset=subtract%3A1%2C3%2C4&to=20', body: undefined });
    expect(seen[1]!.method).toBe('POST');
    expect(JSON.parse(seen[1]!.body!)).toEqual({ ruleset: 'cram:1x3', convention: 'misere' });
  });

  it('words a refusal as the page shows it', async () => {
    stubFetch({ error: "unknown ruleset 'x'" }, 422);
    await expect(call('GET /api/ruleset', { ruleset: 'x' })).rejects.toThrow(
      new ApiError(422, "Invalid input: unknown ruleset 'x'."),
    );
  });

  it("types each reply as its route's (the service's declaration, as JSON carries it)", () => {
    expectTypeOf(api.analyze).returns.resolves.toEqualTypeOf<Wire<Verified<AnalyzeReply>>>();
    expectTypeOf(api.describe).returns.resolves.toEqualTypeOf<Wire<RulesetInfo>>();
    expectTypeOf<ApiReply<'GET /api/ruleset'>>().toEqualTypeOf<Wire<RulesetInfo>>();
    expectTypeOf(api.move).parameter(0).toHaveProperty('convention');
  });
});
