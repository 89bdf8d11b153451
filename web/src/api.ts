/**
 * The page's API client: every server call goes through here and its errors become words. The page
 * computes only cheap Grundy sequences itself (local.ts, which words input errors as explain() does
 * for 422 and 413); everything else is asked of the server.
 */

import { conventionField, type Convention } from './convention.ts';
import type { QuotientReply } from '../../src/service/misere.ts';
import type { StoredCensus } from '../../src/adapters/census-store.ts';
import type { CensusTable } from '../../src/service/census/table.ts';
import type { Analysis, Outcome } from '../../src/engine/types.ts';
import type {
  CatalogReply,
  GrundyReply,
  PeriodReply,
  PPositionsReply,
  RulesetInfo,
  SolveReply,
} from '../../src/service/replies.ts';

/** The replies of a position of heaps or piles (what the Play tab sends). */
type AnalyzeReply = Analysis & { method?: string };
type MoveReply = { from: number[]; to: number[] | null; outcome: Outcome };
type OptionsReply = { options: number[][]; truncated: boolean };

// The reply shapes are the server's own declarations (type-only: nothing from src is bundled).
export type {
  AnalyzeReply as Analysis,
  CatalogReply as Catalog,
  GrundyReply,
  MoveReply,
  OptionsReply,
  PeriodReply,
  PPositionsReply,
  RulesetInfo,
  SolveReply,
};

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

async function call<T>(path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(
      path,
      body === undefined
        ? {}
        : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    );
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
  return json as T;
}

export const api = {
  catalog: () => call<CatalogReply>('/api/catalog'),
  solve: (problem: string, input: string) => call<SolveReply>('/api/solve', { problem, input }),
  grundy: (ruleset: string, to: number) =>
    call<GrundyReply>(`/api/grundy?ruleset=${encodeURIComponent(ruleset)}&to=${to}`),
  describe: (ruleset: string) => call<RulesetInfo>(`/api/ruleset?ruleset=${encodeURIComponent(ruleset)}`),
  pPositions: (ruleset: string, max: number) =>
    call<PPositionsReply>(`/api/ppositions?ruleset=${encodeURIComponent(ruleset)}&max=${max}`),
  period: (ruleset: string) => call<PeriodReply>(`/api/period?ruleset=${encodeURIComponent(ruleset)}`),
  /** Misère analyses carry `method` (and no Grundy values). */
  analyze: (ruleset: string, heaps: number[], convention: Convention = 'normal') =>
    call<AnalyzeReply & { method?: string }>('/api/analyze', { ruleset, heaps, ...conventionField(convention) }),
  move: (ruleset: string, position: number[], convention: Convention = 'normal') =>
    call<MoveReply>('/api/move', { ruleset, position, ...conventionField(convention) }),
  options: (ruleset: string, position: number[]) => call<OptionsReply>('/api/options', { ruleset, position }),
  quotient: (ruleset: string, max: number) =>
    call<QuotientReply>(`/api/quotient?ruleset=${encodeURIComponent(ruleset)}&max=${max}`),
  census: () => call<{ censuses: StoredCensus[] }>('/api/census'),
  censusTable: (name: string) => call<CensusTable>(`/api/census?name=${encodeURIComponent(name)}`),
};

/** The message of any error, for display. */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
