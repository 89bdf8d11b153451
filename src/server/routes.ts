/**
 * The HTTP API's route table: every route once. app.ts registers the routes from it and derives the
 * 405 answers (path -> allowed methods, the Allow header) from it, so the two cannot drift apart.
 */
import { MAX_HEAPS, MAX_NIM_HEAP, MAX_SEQUENCE } from '../engine/limits.ts';
import { capabilitiesOf, describeKind } from '../engine/capabilities.ts';
import { ALIASES, FAMILIES, parseRuleset } from '../engine/spec.ts';
import { COUNT_ORDERS } from '../engine/types.ts';
import { PROBLEMS } from '../problems/index.ts';
import type { OperationInput, OperationName, OperationReply } from '../service/operation-table.ts';
import type { CatalogReply, HealthReply } from '../service/replies.ts';
import { MAX_INPUT_CHARS } from '../service/request-schemas.ts';
import { MAX_BODY_BYTES } from './defaults.ts';
import type { Lru } from './lru.ts';
import type { TaskPool } from './pool.ts';
import { API_MAX_OPTIONS, API_MAX_PILE, API_MAX_PPOSITIONS, API_MAX_VALUES } from './tasks.ts';

export type { CensusReply } from '../service/operation-table.ts';

export type Method = 'GET' | 'POST';

/**
 * A route answered by an operation of the service's table (GET: from the query; POST: from the JSON
 * body, validated by the operation's schema). The type parameters carry what the typed client reads:
 * the input a client sends and the operation's reply; `input` and `reply` are never set at run time.
 */
export interface OperationRoute<
  M extends Method = Method,
  P extends string = string,
  N extends OperationName = OperationName,
> {
  readonly method: M;
  readonly path: P;
  readonly op: N;
  readonly input?: OperationInput<N>;
  readonly reply?: OperationReply<N>;
}

/** What the routes without a task read: the server's own state. */
export interface ServerState {
  readonly timeLimitMs: number;
  readonly pool: TaskPool;
  readonly cache: Lru;
}

/**
 * A route answered on the spot from the server's state (no worker, no cache); the query, if it
 * reads one, is validated by the answer (InputError: 422; null: 404).
 */
export interface StateRoute<M extends Method = Method, P extends string = string, Q = never, R = unknown> {
  readonly method: M;
  readonly path: P;
  readonly answer: (server: ServerState, query: Q) => R | null;
}

// biome-ignore lint/suspicious/noExplicitAny: the table holds routes of every input and reply type
export type ApiRoute = OperationRoute | StateRoute<Method, string, any, unknown>;

/** A route that runs operation `op` of the service's table. */
function route<M extends Method, P extends string, N extends OperationName>(
  method: M,
  path: P,
  op: N,
): OperationRoute<M, P, N> {
  return { method, path, op };
}

/** A route answered from the server's state; its query type is the answer's. */
function stateRoute<M extends Method, P extends string, R, Q = Record<string, never>>(
  method: M,
  path: P,
  answer: (server: ServerState, query: Q) => R | null,
): StateRoute<M, P, Q, R> {
  return { method, path, answer };
}

/** Every API route, in registration order. */
export const API_ROUTES = [
  stateRoute('GET', '/api/health', health),
  // What the page offers, straight from the registries: new rulesets and problems appear by themselves.
  stateRoute('GET', '/api/catalog', catalog),
  route('POST', '/api/solve', 'solve'),
  route('GET', '/api/grundy', 'grundy'),
  route('GET', '/api/ruleset', 'describe'),
  route('GET', '/api/ppositions', 'ppositions'),
  route('GET', '/api/period', 'period'),
  route('POST', '/api/analyze', 'analyze'),
  route('POST', '/api/count', 'count'),
  route('POST', '/api/explain', 'explain'),
  route('POST', '/api/move', 'move'),
  route('POST', '/api/options', 'options'),
  // One turn of a game against the perfect opponent (what `nimber play` asks at each line).
  route('POST', '/api/play', 'play'),
  route('GET', '/api/quotient', 'quotient'),
  route('POST', '/api/nim', 'nim-arithmetic'),
  // A certificate re-checked from the game's rules alone (what `nimber verify` does with a file).
  route('POST', '/api/verify', 'verify'),
  // The certificate of a board position's value (what `nimber analyze --certificate` writes), checked before it is sent.
  route('POST', '/api/certificate', 'certificate'),
  // Stored census tables (nimber census): the list, or one table with ?name=takebreak-octal-3.
  route('GET', '/api/census', 'census'),
] as const satisfies readonly ApiRoute[];

/** Path -> the methods the table answers there, in table order (the 405 answers and their Allow header). */
export function methodsByPath(routes: readonly ApiRoute[]): Map<string, Method[]> {
  const methods = new Map<string, Method[]>();
  for (const r of routes) methods.set(r.path, [...(methods.get(r.path) ?? []), r.method]);
  return methods;
}

function health({ timeLimitMs, pool, cache }: ServerState): HealthReply {
  return {
    status: 'ok',
    timeLimitMs,
    threads: pool.threads,
    workersReady: pool.warm,
    queued: pool.queued,
    cache: { entries: cache.size, hits: cache.hits, misses: cache.misses },
  };
}

function catalog({ timeLimitMs }: ServerState): CatalogReply {
  return {
    timeLimitMs,
    problems: PROBLEMS.map((p) => ({ id: p.id, title: p.title, summary: p.summary, sample: p.sample })),
    families: FAMILIES.map((f) => {
      const example = parseRuleset(f.example.spec);
      return {
        name: f.name,
        help: f.help,
        args: f.args,
        example: f.example,
        what: describeKind(example),
        capabilities: capabilitiesOf(example),
      };
    }),
    aliases: Object.fromEntries(ALIASES),
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
  };
}
