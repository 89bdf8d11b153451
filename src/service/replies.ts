/** The JSON shapes the HTTP API sends, declared once for the server (which builds them) and the page (which reads them). */
import type { CountOrder, Outcome } from '../engine/types.ts';

/** GET /api/catalog: what the server offers (problems, ruleset families, aliases) and its documented maxima. */
export interface CatalogReply {
  timeLimitMs: number;
  problems: { id: string; title: string; summary: string; sample: { input: string; output: string } }[];
  families: { name: string; help: string; args: 'required' | 'none' | 'optional' }[];
  aliases: Record<string, string>;
  orders: readonly CountOrder[];
  limits: {
    sequence: number;
    nimHeap: number;
    heaps: number;
    grundyValues: number;
    options: number;
    pPositionsPile: number;
    pPositions: number;
    bodyBytes: number;
    inputChars: number;
  };
}

/** POST /api/solve: a catalog problem's judge output for one judge input. */
export interface SolveReply {
  problem: string;
  output: string;
  elapsedMs: number;
}

/** GET /api/grundy: the Grundy values g(0..to) of a heap ruleset and the heaps where g = 0. */
export interface GrundyReply {
  ruleset: string;
  title: string;
  values: number[];
  pPositions: number[];
}

/** GET /api/grundy with `from`: g(from..to), heaps of any size where a period is proved (heap numbers as decimal strings). */
export interface GrundyWindowReply {
  ruleset: string;
  title: string;
  from: string;
  to: string;
  values: number[];
  pPositions: string[];
}

/** POST /api/analyze: the engine's Analysis of one position (Grundy values and nim-sum null for coupled rulesets). */
export interface AnalyzeReply {
  ruleset: string;
  heaps: number[];
  grundy: number[] | null;
  nimSum: number | null;
  outcome: Outcome;
  winningMoves: { to: number[] }[];
}

/** GET /api/period: the engine's periodicity of a heap ruleset's Grundy values (nulls when no period shows). */
export interface PeriodReply {
  ruleset: string;
  title: string;
  period: number | null;
  preperiod: number | null;
  saltus: number | null;
  certified: boolean;
  computed: number;
  /** True when the search stopped at its work budget. */
  budgetSpent?: boolean;
}

/** GET /api/ruleset: what a spec names; `piles` is the fixed pile count of a coupled ruleset, else null. */
export interface RulesetInfo {
  ruleset: string;
  title: string;
  kind: 'heap' | 'coupled';
  family: string;
  piles: number | null;
}

/** GET /api/ppositions: the sorted P-positions of a coupled ruleset with piles of 0..max, cut short when `truncated`. */
export interface PPositionsReply {
  ruleset: string;
  title: string;
  piles: number;
  max: number;
  positions: number[][];
  truncated: boolean;
}

/** POST /api/move: the engine's move from `from`; `to` is null when it has no move. */
export interface MoveReply {
  from: number[];
  to: number[] | null;
  outcome: Outcome;
}

/** POST /api/options: the positions one move away, cut short when `truncated`. */
export interface OptionsReply {
  options: number[][];
  truncated: boolean;
}

/** POST /api/count: a number of positions; bigints travel as decimal strings. */
export interface CountReply {
  count: string;
}

/** GET /api/health: the time limit, the worker pool and the reply cache. */
export interface HealthReply {
  status: 'ok';
  timeLimitMs: number;
  threads: number;
  workersReady: boolean;
  queued: number;
  cache: { entries: number; hits: number; misses: number };
}
