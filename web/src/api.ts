/**
 * The page's API client, the only place in the page that calls fetch: one typed call per route of
 * the server's route table (ApiSchema, read off src/server/routes.ts), and its errors in words.
 * Every tab asks through `api`; the reply types are the server's own declarations (type-only
 * imports: nothing of the server is bundled).
 */
import type { ApiInput, ApiReply, RouteId } from '../../src/server/api-schema.ts';

export type { ApiInput, ApiReply, RouteId };

/** The client's call of each route: a name the tabs use, and the route it asks. */
export const API_CALLS = {
  health: 'GET /api/health',
  catalog: 'GET /api/catalog',
  solve: 'POST /api/solve',
  grundy: 'GET /api/grundy',
  describe: 'GET /api/ruleset',
  pPositions: 'GET /api/ppositions',
  period: 'GET /api/period',
  analyze: 'POST /api/analyze',
  count: 'POST /api/count',
  explain: 'POST /api/explain',
  move: 'POST /api/move',
  options: 'POST /api/options',
  play: 'POST /api/play',
  quotient: 'GET /api/quotient',
  census: 'GET /api/census',
  nim: 'POST /api/nim',
  verify: 'POST /api/verify',
  certificate: 'POST /api/certificate',
} as const satisfies Record<string, RouteId>;

type Calls = typeof API_CALLS;
/** Routes of the table without a call here: none, or this file does not compile. */
type Uncalled = Exclude<RouteId, Calls[keyof Calls]>;
export const EVERY_ROUTE_CALLED: [Uncalled] extends [never] ? true : Uncalled = true;

/** The client: one function per route, taking the route's input and giving its reply. */
export type Client = { [N in keyof Calls]: (input: ApiInput<Calls[N]>) => Promise<ApiReply<Calls[N]>> };

export type Catalog = ApiReply<'GET /api/catalog'>;
export type CatalogFamily = Catalog['families'][number];

/** What a ruleset field suggests as the user types: each family's name (with ':' where it takes arguments) and every alias. */
export function specSuggestions(catalog: Catalog): string[] {
  return [...catalog.families.map((f) => (f.args === 'none' ? f.name : `${f.name}:`)), ...Object.keys(catalog.aliases)];
}
export type RulesetInfo = ApiReply<'GET /api/ruleset'>;
export type GrundyReply = ApiReply<'GET /api/grundy'>;
export type PeriodReply = ApiReply<'GET /api/period'>;
export type PPositionsReply = ApiReply<'GET /api/ppositions'>;
/** An analysis of a game won by the last move (heaps, piles, boards, graphs): what the Play, Boards and Explore tabs show. */
export type AnalyzeReply = Exclude<ApiReply<'POST /api/analyze'>, { result: unknown }>;
/** An analysis of a game decided by a result at its end (Quarto): win, draw or loss, and the best moves. */
export type ResultAnalysisReply = Extract<ApiReply<'POST /api/analyze'>, { result: unknown }>;
export type MoveReply = ApiReply<'POST /api/move'>;
export type OptionsReply = ApiReply<'POST /api/options'>;
export type QuotientReply = ApiReply<'GET /api/quotient'>;
export type SolveReply = ApiReply<'POST /api/solve'>;
export type CensusReply = ApiReply<'GET /api/census'>;

/** An API failure, with a sentence a person can read. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Turns a status and the server's {error} into words. */
function explain(status: number, body: { error?: string; limitMs?: number } | null): string {
  const detail = body?.error ?? '';
  switch (status) {
    case 504: // the server's time limit (504, not 408, which browsers would resend)
      return `Time limit exceeded: the computation was stopped after ${body?.limitMs ?? '?'} ms. Try a smaller input.`;
    case 413:
      return `Too large: ${detail || 'the request is beyond a documented maximum'}.`;
    case 421:
      return 'The server answers only its own loopback address (localhost, 127.0.0.1 or [::1]); open the page there.';
    case 422:
      return `Invalid input: ${detail}.`;
    case 503:
      return 'The server is busy with other computations; try again in a moment.';
    case 404:
      return `Not found: ${detail}.`;
    default:
      return `The server answered ${status}${detail ? `: ${detail}` : ''}.`;
  }
}

/** The request for a route: GET sends the input as the query, POST as the JSON body. */
function request(route: RouteId, input: object): { url: string; init: RequestInit } {
  const [method, path] = route.split(' ') as [string, string];
  if (method !== 'GET')
    return {
      url: path,
      init: { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) },
    };
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) if (value !== undefined) query.set(key, String(value));
  const text = query.toString();
  return { url: text ? `${path}?${text}` : path, init: {} };
}

/** Asks one route of the API; an ApiError in words when the server refuses or cannot be reached. */
export async function call<K extends RouteId>(route: K, input: ApiInput<K>): Promise<ApiReply<K>> {
  const { url, init } = request(route, input as object);
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new ApiError(0, 'Cannot reach the nimber server. Is it still running?');
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: reported below
  }
  if (!response.ok) throw new ApiError(response.status, explain(response.status, json as { error?: string } | null));
  if (json === null) throw new ApiError(response.status, 'The server sent a reply that is not JSON.');
  return json as ApiReply<K>;
}

export const api = Object.fromEntries(
  Object.entries(API_CALLS).map(([name, route]) => [name, (input: object) => call(route, input as never)]),
) as Client;

/**
 * The analysis of a game won by the last move, for the tabs that draw P- and N-positions; a game
 * decided by a result (Quarto) is refused there in words, with its answer.
 */
export function lastMoveAnalysis(reply: ApiReply<'POST /api/analyze'>): AnalyzeReply {
  if ('result' in reply)
    throw new ApiError(422, `${reply.title} is decided by a result at its end, not by the last move: ${reply.summary}`);
  return reply;
}

/** The message of any error, for display. */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
