/** The JSON shapes the HTTP API sends, declared once for the server (which builds them) and the page (which reads them). */
import type { Capability } from '../engine/capabilities.ts';
import type { CountOrder, FamilyExample, RulesetKind } from '../engine/types.ts';

export type { AnalyzeReply, MoveReply } from './analyze.ts';

/** One family of GET /api/catalog: its spec help, and a small example with what it is and what it can do. */
export interface CatalogFamily {
  name: string;
  help: string;
  args: 'required' | 'none' | 'optional';
  /** A small instance: a spec and a position of it (heap or pile sizes, or a board's text; neither when the spec names its start). */
  example: FamilyExample;
  /** What the example is, in words. */
  what: string;
  /** What the example can do. */
  capabilities: Capability[];
}

/** GET /api/catalog: what the server offers (problems, ruleset families, aliases) and its documented maxima. */
export interface CatalogReply {
  timeLimitMs: number;
  problems: { id: string; title: string; summary: string; sample: { input: string; output: string } }[];
  families: CatalogFamily[];
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

/**
 * GET /api/grundy with `from`: g(from..to), heaps of any size where a period is proved or a closed
 * form answers them (heap numbers as decimal strings; the values too, all of them, when one reaches 2^53).
 */
export interface GrundyWindowReply {
  ruleset: string;
  title: string;
  from: string;
  to: string;
  values: number[] | string[];
  pPositions: string[];
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
  /** For an observed plain period that is not proved: the length the family's theorem would prove it from (null otherwise). */
  provableFrom: number | null;
}

/** GET /api/ruleset: what a spec names, what it can do, and how its positions are written. */
export interface RulesetInfo {
  ruleset: string;
  title: string;
  kind: RulesetKind;
  family: string;
  /** What kind of game it is, in words. */
  what: string;
  capabilities: Capability[];
  /** The fixed pile count of a ruleset whose piles move together, else null. */
  piles: number | null;
  /** What one number of a position is ('heap' or 'pile'); null for positions written as text. */
  unit: 'heap' | 'pile' | null;
  /** How a position is written, in words. */
  positionFormat: string;
  /** The start position the spec names, as text (games on boards and graphs), else null. */
  start: string | null;
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

/** POST /api/options: a page of the positions one move away, cut short when `truncated`. */
export interface OptionsReply {
  /** Positions of numbers, or position texts for games on boards and graphs. */
  options: number[][] | string[];
  truncated: boolean;
  /** When `truncated`: the `offset` that asks for the next page. */
  next?: number;
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
