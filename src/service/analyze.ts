/**
 * Analysis and the perfect opponent's move for every ruleset and both conventions: the service
 * chooses how to answer (closed form, Grundy values, proved period, the family's solver or the oracle;
 * genus, quotient or misère search; the search over positions) and reports it as `method`. Faces
 * send an AnalyzeRequest and print the reply; they never ask what kind of game it is.
 */
import { describeKind } from '../engine/capabilities.ts';
import { InputError, checkMax } from '../engine/errors.ts';
import { analyze } from '../engine/solve/normal/analyze.ts';
import type { FarAnalysis } from '../engine/solve/normal/analyze-far.ts';
import { MisereOracle, misereOracleFor } from '../engine/solve/oracle/misere.ts';
import { Oracle, oracleFor } from '../engine/solve/oracle/normal.ts';
import { chooseMove } from '../engine/solve/normal/play.ts';
import type { Analysis, Convention, GameRuleset, Outcome, Ruleset, TupleRuleset } from '../engine/types.ts';
import {
  DEFAULT_SEARCH_MS,
  type GameAnalysisReply,
  type GameSearchOptions,
  analyzeGame,
  gameMove,
  gamePosition,
} from './games.ts';
import { analyzeHeaps } from './large-heaps.ts';
import { type MisereAnalyzeReply, analyzeMiserePosition, misereEngineMove } from './misere.ts';
import type { SolvedMisereAnalysis } from '../engine/solve/misere/solved.ts';
import {
  type AnalyzeRequest,
  type Limits,
  type PositionInput,
  conventionOf,
  heapSizes,
  rulesetOf,
} from './requests.ts';
import type { ServiceEnv } from './env.ts';
import { checkVerifiable } from './verify-limits.ts';
import { type ByKind, byKind } from './by-kind.ts';
import { type ResultAnalysisReply, analyzeResult } from './results.ts';

/** How a normal-play analysis of heaps or piles was answered. */
export type NormalMethod = 'closed form' | 'Grundy values' | 'proved period' | 'family solver' | 'oracle';

/** The analysis of heaps or piles under normal play, with how it was answered. */
export type NormalAnalyzeReply = Analysis & { readonly convention: 'normal'; readonly method: NormalMethod };
/** The same for heaps far beyond any sequence (bigint heaps, winning moves up to a limit). */
export type FarAnalyzeReply = FarAnalysis & { readonly convention: 'normal'; readonly method: NormalMethod };

/** Every shape of POST /api/analyze's reply. */
export type AnalyzeReply =
  | NormalAnalyzeReply
  | FarAnalyzeReply
  | MisereAnalyzeReply
  | SolvedMisereAnalysis
  | GameAnalysisReply
  | ResultAnalysisReply;

/** Heaps and piles have no table of a search to resume. */
function refuseResume(ruleset: Ruleset, request: AnalyzeRequest): void {
  if (request.limits?.resume)
    throw new InputError(
      `a resumable search keeps the table of a search over boards and graphs; '${ruleset.spec}' is answered from Grundy values`,
    );
}

type AnalyzeArgs = [request: AnalyzeRequest, convention: Convention, env: ServiceEnv];

/** The analysis of each kind of ruleset. */
const ANALYZE: ByKind<AnalyzeArgs, Promise<AnalyzeReply> | AnalyzeReply> = {
  game: (ruleset, request, convention, env) =>
    analyzeGame(ruleset, boardOf(ruleset, request.position), convention, {
      ...searchOptions(request.limits, env),
      allMoves: request.allMoves,
    }),
  heap: async (ruleset, request, convention, env) => {
    refuseResume(ruleset, request);
    const heaps = heapsOf(ruleset, request.position);
    if (convention === 'misere') return analyzeMiserePosition(ruleset, heaps);
    const { analysis, method } = await analyzeHeaps(ruleset, heaps.map(BigInt), env, {
      budgetMs: request.limits?.budgetMs,
    });
    return { ...analysis, convention, method } as NormalAnalyzeReply | FarAnalyzeReply;
  },
  coupled: (ruleset, request, convention) => {
    refuseResume(ruleset, request);
    const heaps = heapsOf(ruleset, request.position);
    if (convention === 'misere') return analyzeMiserePosition(ruleset, heaps);
    return {
      ...analyze(ruleset, heaps.map(safeSize)),
      convention,
      method: ruleset.winningMoves ? 'family solver' : 'oracle',
    };
  },
  // the family's solver within the time limit: an unproved result is an answer (proved: false), not an error
  result: (ruleset, request, convention) => analyzeResult(ruleset, request.position, convention, request.limits),
};

/** The analysis a request asks for. */
export async function analyzePosition(request: AnalyzeRequest, env: ServiceEnv): Promise<AnalyzeReply> {
  const ruleset = rulesetOf(request.ruleset);
  return byKind(ANALYZE, ruleset, request, conventionOf(request.convention), env);
}

/** The perfect opponent's move: `to` is null when it has no move (it has lost under normal play, won under misère). */
export interface MoveReply {
  from: number[] | string;
  to: number[] | string | null;
  /** The move in words (games on boards and graphs). */
  move?: string | null;
  outcome: Outcome;
}

/** The perfect opponent's move for each kind of ruleset. */
const ENGINE_MOVE: ByKind<AnalyzeArgs, MoveReply> = {
  game: (ruleset, request, convention, env) =>
    gameMove(ruleset, boardOf(ruleset, request.position), convention, searchOptions(request.limits, env)),
  heap: (ruleset, request, convention) => tupleMove(ruleset, request, convention),
  coupled: (ruleset, request, convention) => tupleMove(ruleset, request, convention),
  result: (ruleset) => {
    throw moveRefusal(ruleset);
  },
};

/** A move to a P-position has no meaning where the result decides: play's 'engine' action answers it. */
function moveRefusal(ruleset: Ruleset): InputError {
  return new InputError(
    `a move to a P-position is asked of games won by the last move; '${ruleset.spec}' is ${describeKind(ruleset)}: the perfect opponent's move comes from play (its 'engine' action) or analyze (its best moves)`,
  );
}

/** Which rulesets the perfect opponent's move (the `move` operation) answers: all but those decided by a result. */
const MOVE_ANSWERED: ByKind<[], void> = {
  game: () => {},
  heap: () => {},
  coupled: () => {},
  result: (ruleset) => {
    throw moveRefusal(ruleset);
  },
};

/** The `move` operation's cheap refusal of a ruleset it does not answer. */
export function checkEngineMove(ruleset: Ruleset): void {
  byKind(MOVE_ANSWERED, ruleset);
}

function tupleMove(ruleset: TupleRuleset, request: AnalyzeRequest, convention: Convention): MoveReply {
  const heaps = heapsOf(ruleset, request.position).map(safeSize);
  return convention === 'misere' ? misereEngineMove(ruleset, heaps) : chooseMove(ruleset, heaps);
}

/** The perfect opponent's move from a position, under the request's convention. */
export function engineMove(request: AnalyzeRequest, env: ServiceEnv): MoveReply {
  const ruleset = rulesetOf(request.ruleset);
  return byKind(ENGINE_MOVE, ruleset, request, conventionOf(request.convention), env);
}

/** What --verify found: the fast answer and the brute-force oracle's, as JSON text. */
export interface Verification {
  readonly agrees: boolean;
  readonly fast: string;
  readonly oracle: string;
}

/**
 * The analysis, checked against the brute-force oracle (which knows no theory): an analysis the
 * oracle could not check in about 10 s is refused up front.
 */
export async function verifiedAnalysis(
  request: AnalyzeRequest,
  env: ServiceEnv,
): Promise<{ reply: AnalyzeReply; verification: Verification }> {
  const ruleset = rulesetOf(request.ruleset);
  const convention = conventionOf(request.convention);
  byKind(VERIFIABLE, ruleset, request.position);
  // the oracle lists every winning move: so must the answer it checks
  const reply = await analyzePosition({ ...request, allMoves: true }, env);
  if ('truncated' in reply)
    throw new InputError('--verify checks positions the oracle can reach: heaps beyond the computed sequence are not');
  if ('result' in reply) throw refuseVerify(ruleset);
  const fast = { outcome: reply.outcome, winningMoves: sortedMoves(reply.winningMoves) };
  return { reply, verification: compare(fast, byKind(ORACLE_ANSWER, ruleset, convention, request.position, reply)) };
}

/** Refuses up front a --verify the oracle could not finish: heaps and piles by their sizes; a search over positions has its own time limit. */
const VERIFIABLE: ByKind<[position: PositionInput], void> = {
  game: () => {},
  heap: (ruleset, position) => checkVerifiable(ruleset, heapsOf(ruleset, position)),
  coupled: (ruleset, position) => checkVerifiable(ruleset, heapsOf(ruleset, position)),
  result: (ruleset) => {
    throw refuseVerify(ruleset);
  },
};

/** --verify of a result game: the oracle knows games won by the last move only. */
function refuseVerify(ruleset: Ruleset): InputError {
  return new InputError(
    `--verify checks an analysis against the brute-force oracle of games won by the last move; '${ruleset.spec}' is ${describeKind(ruleset)} (its solver is checked against a plain minimax in the tests)`,
  );
}

/** The oracle's outcome and winning moves, written as the reply writes them. */
interface OracleAnswer {
  readonly outcome: Outcome;
  readonly winningMoves: string[];
}

type OracleArgs = [convention: Convention, input: PositionInput, reply: AnalyzeReply];

/** The brute-force oracle's answer for each kind of ruleset. */
const ORACLE_ANSWER: ByKind<OracleArgs, OracleAnswer> = {
  game: (ruleset, convention, input) => {
    const position = gamePosition(ruleset, boardOf(ruleset, input));
    const oracle = convention === 'misere' ? new MisereOracle(ruleset) : new Oracle(ruleset);
    return {
      outcome: oracle.outcome(position),
      winningMoves: oracle
        .winningMoves(position)
        .map((m) => ruleset.notation.formatPosition(m.to))
        .sort(),
    };
  },
  heap: (ruleset, convention, _input, reply) => tupleOracleAnswer(ruleset, convention, reply),
  coupled: (ruleset, convention, _input, reply) => tupleOracleAnswer(ruleset, convention, reply),
  result: (ruleset) => {
    throw refuseVerify(ruleset);
  },
};

function tupleOracleAnswer(ruleset: TupleRuleset, convention: Convention, reply: AnalyzeReply): OracleAnswer {
  const heaps = 'heaps' in reply ? (reply.heaps as number[]) : [];
  const oracle = convention === 'misere' ? misereOracleFor(ruleset) : oracleFor(ruleset);
  return { outcome: oracle.outcome(heaps), winningMoves: sortedMoves(oracle.winningMoves(heaps)) };
}

/** Moves as sorted text (positions as the reply writes them), for comparing answers. */
function sortedMoves(moves: readonly { to: unknown }[]): string[] {
  return moves.map((m) => (Array.isArray(m.to) ? m.to.join(' ') : String(m.to))).sort();
}

/** Compares two answers through their JSON text. */
export function compare(fast: unknown, oracle: unknown): Verification {
  const json = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x));
  const a = json(fast);
  const b = json(oracle);
  return { agrees: a === b, fast: a, oracle: b };
}

/** The heap or pile sizes of a request; refuses a board in one line. */
export function heapsOf(ruleset: TupleRuleset, position: PositionInput): (number | bigint)[] {
  if (position.board !== undefined)
    throw new InputError(
      `a board is a position of a game on a board or graph; '${ruleset.spec}' is ${describeKind(ruleset)}: give ${unitOf(ruleset)} sizes`,
    );
  return heapSizes(position.heaps ?? [], unitOf(ruleset));
}

/** The position text of a request for a game on a board or graph (undefined: the spec's start); refuses heap sizes. */
export function boardOf(ruleset: GameRuleset, position: PositionInput): string | undefined {
  if (position.heaps !== undefined && position.heaps.length > 0)
    throw new InputError(
      `'${ruleset.spec}' is ${describeKind(ruleset)}: give its position as text (${ruleset.notation.positionFormat}), not heap sizes`,
    );
  return position.board;
}

/** What one number of a position is called, for each kind of ruleset whose positions are numbers. */
const UNIT: Readonly<Record<TupleRuleset['kind'], 'heap' | 'pile'>> = { heap: 'heap', coupled: 'pile' };

/** What one number of the ruleset's positions is called. */
export function unitOf(ruleset: TupleRuleset): 'heap' | 'pile' {
  return UNIT[ruleset.kind];
}

/** Sizes that must be safe integers here (only heap games with a proved period reach further). */
export function safeSizes(heaps: readonly (number | bigint)[]): number[] {
  return heaps.map(safeSize);
}

function safeSize(value: number | bigint, i: number): number {
  if (typeof value === 'bigint' && value > BigInt(Number.MAX_SAFE_INTEGER))
    throw new InputError(`heap ${i + 1} is above the maximum of ${Number.MAX_SAFE_INTEGER}`, 'too-large');
  return checkMax(Number(value), `heap ${i + 1}`, Number.MAX_SAFE_INTEGER);
}

/** Search options from a request's limits (the default time limit when none is given). */
export function searchOptions(
  limits: Limits | undefined,
  env: ServiceEnv,
): GameSearchOptions & { timeLimitMs: number } {
  return {
    resources: env.search,
    timeLimitMs: limits?.timeLimitMs ?? DEFAULT_SEARCH_MS,
    signal: limits?.signal,
    onProgress: limits?.onProgress,
    resume: limits?.resume,
  };
}
