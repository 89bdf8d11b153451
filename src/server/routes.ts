/**
 * The HTTP API's route table: every route once. app.ts registers the routes from it and derives the
 * 405 answers (path -> allowed methods, the Allow header) from it, so the two cannot drift apart.
 */
import type { z } from 'zod';
import { MAX_HEAPS, MAX_NIM_HEAP, MAX_SEQUENCE } from '../engine/limits.ts';
import { capabilitiesOf, describeKind } from '../engine/capabilities.ts';
import { ALIASES, FAMILIES, parseRuleset } from '../engine/spec.ts';
import { COUNT_ORDERS } from '../engine/types.ts';
import { PROBLEMS } from '../problems/index.ts';
import type { CatalogReply, HealthReply } from '../service/replies.ts';
import { MAX_BODY_BYTES } from './defaults.ts';
import type { Lru } from './lru.ts';
import type { TaskPool } from './pool.ts';
import {
  analyzeBody,
  censusQuery,
  countBody,
  describeQuery,
  grundyQuery,
  MAX_INPUT_CHARS,
  optionsBody,
  periodQuery,
  positionBody,
  pPositionsQuery,
  nimBody,
  quotientQuery,
  solveBody,
} from './schemas.ts';
import {
  API_MAX_OPTIONS,
  API_MAX_PILE,
  API_MAX_PPOSITIONS,
  API_MAX_VALUES,
  type Task,
  type TaskReplies,
} from './tasks.ts';

export type { CensusReply } from './tasks.ts';

export type Method = 'GET' | 'POST';

/**
 * A route that validates its input (GET: the query; POST: the JSON body) into one task for the worker
 * pool. The type parameters carry what the typed client reads: the input a client sends (the schema's
 * input type) and the reply (the task's, from TaskReplies); `reply` is never set at run time.
 */
export interface TaskRoute<M extends Method = Method, P extends string = string, I = unknown, R = unknown> {
  readonly method: M;
  readonly path: P;
  /** The route's schema piped into its task builder: a successful parse is the task to run. */
  readonly request: z.ZodType<Task, I>;
  readonly reply?: R;
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
export type ApiRoute = TaskRoute<Method, string, any, unknown> | StateRoute<Method, string, any, unknown>;

/** A task route; `task` receives the schema's output, so the compiler checks the two against each other. */
export function route<M extends Method, P extends string, S extends z.ZodType, T extends Task>(
  method: M,
  path: P,
  schema: S,
  task: (input: z.output<S>) => T,
): TaskRoute<M, P, z.input<S>, TaskReplies[T['kind']]> {
  return { method, path, request: schema.transform((input) => task(input) as Task) };
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
  route('POST', '/api/solve', solveBody, (b) => ({ kind: 'solve', problem: b.problem, input: b.input })),
  route('GET', '/api/grundy', grundyQuery, (q) => ({ kind: 'grundy', ruleset: q.ruleset, to: q.to, from: q.from })),
  route('GET', '/api/ruleset', describeQuery, (q) => ({ kind: 'describe', ruleset: q.ruleset })),
  route('GET', '/api/ppositions', pPositionsQuery, (q) => ({
    kind: 'ppositions',
    ruleset: q.ruleset,
    max: q.max,
    piles: q.piles,
  })),
  route('GET', '/api/period', periodQuery, (q) => ({ kind: 'period', ruleset: q.ruleset, length: q.length })),
  route('POST', '/api/analyze', analyzeBody, (b) => ({
    kind: 'analyze',
    ruleset: b.ruleset,
    heaps: b.heaps,
    board: b.board,
    convention: b.convention,
  })),
  route('POST', '/api/count', countBody, (b) => ({
    kind: 'count',
    ruleset: b.ruleset,
    heapCount: b.heaps,
    max: b.max,
    min: b.min,
    modulus: b.mod,
    order: b.order,
    convention: b.convention,
  })),
  route('POST', '/api/move', positionBody, (b) => ({
    kind: 'move',
    ruleset: b.ruleset,
    position: b.position,
    board: b.board,
    convention: b.convention,
  })),
  route('POST', '/api/options', optionsBody, (b) => ({
    kind: 'options',
    ruleset: b.ruleset,
    position: b.position,
    board: b.board,
    offset: b.offset,
  })),
  route('GET', '/api/quotient', quotientQuery, (q) => ({
    kind: 'quotient',
    ruleset: q.ruleset,
    max: q.max,
    solve: q.solve === 'true',
  })),
  route('POST', '/api/nim', nimBody, (b) => ({
    kind: 'nim-arithmetic',
    op: b.op,
    values: b.values,
    explain: b.explain,
  })),
  // Stored census tables (nimber census): the list, or one table with ?name=takebreak-octal-3.
  route('GET', '/api/census', censusQuery, (q) => ({ kind: 'census', name: q.name })),
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
