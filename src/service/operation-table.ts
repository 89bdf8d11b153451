/**
 * The operation table: every operation a face can ask of the service over the wire (an HTTP route,
 * a worker thread's task, a library call by name) is one entry here, with
 *  - `schema`: its request, one zod schema whose field names are the same in the HTTP body or query,
 *    a queued task and a library call (no face renames a field);
 *  - `check(request, env)`: everything that can be refused without computing (the spec parses, the
 *    ruleset can do it, every size is within its documented maximum, operands parse). Cheap: a face
 *    runs it before anything is queued, so a refusal never waits for a worker;
 *  - `run(request, env)`: the answer, checking again (a library caller may skip `check`).
 * Adding an operation is one schema and one entry; the server's route table names the entry.
 */
import type { z } from 'zod';
import { requireCapability } from '../engine/capabilities.ts';
import { SearchStopped } from '../engine/solve/search/budgeted.ts';
import { InputError, checkMax, readBigNatural } from '../engine/errors.ts';
import { parseRuleset } from '../engine/spec.ts';
import { findProblem, PROBLEMS } from '../problems/index.ts';
import type { Problem } from '../problems/types.ts';
import {
  type AnalyzeReply,
  analyzePosition,
  checkEngineMove,
  compare,
  engineMove,
  type MoveReply,
  type Verification,
  verifiedAnalysis,
} from './analyze.ts';
import { type CertificateSummary, certifiedAnalysis, type VerifyReply, verifyCertificate } from './certificates.ts';
import { isQuartoProofText, type QuartoProofReply, verifyQuartoProof } from '../engine/families/quarto/proof-verify.ts';
import { type BoardResult, computeBoard } from './board-table.ts';
import { checkTableBoard } from './games.ts';
import type { GameRuleset } from '../engine/types.ts';
import {
  checkSizedTable,
  checkTable,
  MAX_TABLE_CELL_MS,
  runSizedTable,
  runTable,
  type SizedTableReply,
  type TableReply,
} from './table-requests.ts';
import { type PlayReply, playTurn } from './play.ts';
import { checkStartOption, searchStartOption, type StartOptionResult } from './start-options.ts';
import { quartoLeafJob, quartoLeafPosition, type QuartoLeafResult, searchQuartoLeaf } from './quarto-leaf.ts';
import { type CensusRunReply, checkCensusRun, runCensusRequest } from './census/census-run.ts';
import { computeJob } from './census/compute.ts';
import { censusRuleset } from './census/game.ts';
import { storedSpace } from './census/store-names.ts';
import type { CensusRow } from './census/types.ts';
import type { AnyCensusTable } from './census/tables.ts';
import {
  checkCount,
  checkGrundy,
  checkOptions,
  checkPeriod,
  checkPosition,
  checkPPositions,
  checkQuotient,
  checkWindow,
} from './checks.ts';
import { countPositions, verifiedCount } from './count.ts';
import type { FaceLimits, ServiceEnv, StoredCensus } from './env.ts';
import type { Limits } from './requests.ts';
import { exceedsExact, pPositionsOf } from './export.ts';
import { checkUserRules, type RulesCheckReply, requestRuleset } from './user-rules.ts';
import { checkExplain, type Explanation, explainPosition, type FarExplanation } from './explain.ts';
import type { ResultExplanation } from './results.ts';
import type { QuotientReply } from './misere.ts';
import {
  checkNimArithmetic,
  explainProduct,
  nimArithmetic,
  type NimReply,
  type ProductExplanation,
} from './nim-arithmetic.ts';
import {
  describe,
  grundyValues,
  grundyValuesWindow,
  listPPositions,
  options,
  period,
  quotient,
  solveProblem,
} from './operations.ts';
import type {
  CountReply,
  GrundyReply,
  GrundyWindowReply,
  OptionsReply,
  PeriodReply,
  PPositionsReply,
  RulesetInfo,
  SolveReply,
} from './replies.ts';
import {
  analyzeBody,
  censusGameJob,
  checkRulesBody,
  censusQuery,
  censusRunBody,
  certificateBody,
  countBody,
  explainBody,
  describeQuery,
  grundyQuery,
  nimBody,
  optionsBody,
  periodQuery,
  playBody,
  positionBody,
  pPositionsQuery,
  quotientQuery,
  sizedTableBody,
  solveBody,
  startOptionJob,
  tableBody,
  tableBoardJob,
  verifyBody,
} from './request-schemas.ts';

/** One operation: its request schema, its cheap check and its computation. */
export interface Operation<S extends z.ZodType, R> {
  readonly schema: S;
  readonly check: (request: z.output<S>, env: ServiceEnv) => void;
  readonly run: (request: z.output<S>, env: ServiceEnv) => R | Promise<R>;
}

/** GET /api/census: the stored censuses, or one's table. */
export type CensusReply = { readonly censuses: readonly StoredCensus[] } | AnyCensusTable;

/** The nim arithmetic reply, with a product worked out step by step when asked. */
export type NimArithmeticReply = NimReply & { explanation?: ProductExplanation & { lines: string[] } };

/** A stored census that is not there (a 404, not an input error). */
export class MissingStore extends Error {
  override readonly name = 'MissingStore';
}

/** True for the error of a search that stopped at its own time limit (a face answers it as its time limit). */
export function isSearchTimeLimit(e: unknown): e is Error {
  return e instanceof SearchStopped && e.reason === 'time-limit';
}

function operation<S extends z.ZodType, R>(entry: Operation<S, R>): Operation<S, R> {
  return entry;
}

/** The face's maximum, or no maximum. */
const most = (limits: FaceLimits | undefined, key: keyof FaceLimits) => limits?.[key] ?? Number.POSITIVE_INFINITY;

function problemOf(id: string): Problem<unknown, unknown> {
  const problem = findProblem(id);
  if (!problem) throw new InputError(`unknown problem '${id}'; known: ${PROBLEMS.map((p) => p.id).join(', ')}`);
  return problem;
}

/** A size that must be a safe integer here, at most `max`. */
function safeSize(value: number | bigint, what: string, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value === 'bigint') throw new InputError(`${what} = ${value} is above the maximum of ${max}`, 'too-large');
  return checkMax(value, what, max);
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

/**
 * How long a computation may work and who hears it, from the environment: a search has no time limit
 * of its own unless the face sets one (the server's deadline ends the thread), a period is looked for
 * within the face's budget.
 */
function limitsOf(env: ServiceEnv): Limits {
  return {
    budgetMs: env.limits?.periodBudgetMs,
    timeLimitMs: env.limits?.searchMs ?? Number.POSITIVE_INFINITY,
    signal: env.signal,
    onProgress: env.progress?.search,
    resume: env.search?.resume,
  };
}

/** A board or graph position's analysis with the certificate of its value, checked before it is sent: the lines of its file. */
export interface CertificateReply {
  readonly analysis: AnalyzeReply;
  readonly certificate: CertificateSummary;
  readonly lines: readonly string[];
}

/** A reply with the brute-force oracle's verdict beside it (`verify: true`). */
export type Verified<R> = R & { readonly verification?: Verification };

/** Every operation, by name. */
export const OPERATIONS = {
  solve: operation({
    schema: solveBody,
    // parsing a judge input is linear in its length and bounds every number in it
    check: (request) => {
      const problem = problemOf(request.problem);
      problem.parse(request.input);
      if (request.verify && !problem.verify) throw new InputError(`problem '${problem.id}' has no brute-force check`);
    },
    run: async (request, env): Promise<Verified<SolveReply & { answer: unknown }>> => {
      const problem = problemOf(request.problem);
      const input = problem.parse(request.input);
      const start = performance.now();
      const solved = await solveProblem(problem, input, env, env.progress?.steps);
      const reply = {
        problem: problem.id,
        output: problem.format(solved),
        answer: problem.json(solved),
        elapsedMs: round(performance.now() - start),
      };
      if (!request.verify || !problem.verify) return reply;
      return { ...reply, verification: compare(reply.answer, problem.json(problem.verify(input))) };
    },
  }),
  grundy: operation({
    schema: grundyQuery,
    check: (request, env) =>
      checkGrundy(requestRuleset(request, env), request.to, request.from, most(env.limits, 'maxValues')),
    run: async (request, env): Promise<GrundyReply | GrundyWindowReply> => {
      const maxValues = most(env.limits, 'maxValues');
      const ruleset = requestRuleset(request, env);
      if (request.from === undefined) return grundyValues(ruleset, safeSize(request.to, 'to', maxValues), env);
      const from = BigInt(request.from);
      const to = BigInt(request.to);
      checkWindow(from, to, maxValues);
      const window = await grundyValuesWindow(ruleset, from, to, env, {
        budgetMs: env.limits?.periodBudgetMs,
      });
      return {
        ruleset: window.ruleset,
        title: window.title,
        from: String(from),
        to: String(to),
        values: exceedsExact(window.values) ? Array.from(window.values, String) : Array.from(window.values, Number),
        pPositions: pPositionsOf(window.values).map((i) => String(from + BigInt(i))),
      };
    },
  }),
  describe: operation({
    schema: describeQuery,
    check: (request) => void parseRuleset(request.ruleset),
    run: (request): RulesetInfo => describe(request.ruleset),
  }),
  ppositions: operation({
    schema: pPositionsQuery,
    check: (request, env) =>
      checkPPositions(parseRuleset(request.ruleset), request.max, most(env.limits, 'maxPile'), request.piles),
    run: (request, env): PPositionsReply =>
      listPPositions(
        request.ruleset,
        request.max,
        request.piles,
        most(env.limits, 'maxPPositions'),
        most(env.limits, 'maxPile'),
      ),
  }),
  period: operation({
    schema: periodQuery,
    check: (request, env) => checkPeriod(requestRuleset(request, env), request.length, request.to),
    // longer stretches until proved, up to the bound asked for, within the face's budget
    run: (request, env): PeriodReply => {
      const length = request.to === undefined ? request.length : request.to + 1;
      const lastHeap = request.to === undefined ? 'length - 1' : 'to';
      return period(requestRuleset(request, env), length, env.limits?.periodBudgetMs, lastHeap, env.proofs);
    },
  }),
  analyze: operation({
    schema: analyzeBody,
    check: (request, env) =>
      checkPosition(
        requestRuleset(request, env),
        { heaps: request.heaps, board: request.board },
        false,
        request.convention,
      ),
    run: async (request, env): Promise<Verified<AnalyzeReply>> => {
      const analysis = {
        ruleset: requestRuleset(request, env),
        position: { heaps: request.heaps, board: request.board },
        convention: request.convention,
        limits: limitsOf(env),
        allMoves: request.allMoves,
      };
      if (!request.verify) return analyzePosition(analysis, env);
      const { reply, verification } = await verifiedAnalysis(analysis, env);
      return { ...reply, verification };
    },
  }),
  explain: operation({
    schema: explainBody,
    check: (request, env) => {
      checkExplain(requestRuleset(request, env), { heaps: request.heaps, board: request.board }, request.convention);
    },
    run: (request, env): Promise<Explanation | FarExplanation | ResultExplanation> =>
      explainPosition(
        {
          ruleset: requestRuleset(request, env),
          position: { heaps: request.heaps, board: request.board },
          convention: request.convention,
          limits: limitsOf(env),
        },
        env,
      ),
  }),
  count: operation({
    schema: countBody,
    // absent heaps: the ruleset's own number of piles, else 3, both below every maximum
    check: (request, env) =>
      checkCount(requestRuleset(request, env), request.heaps ?? 0, request.mod, request.max, request.convention),
    run: async (request, env): Promise<Verified<CountReply>> => {
      const count = {
        ruleset: requestRuleset(request, env),
        heapCount: request.heaps,
        max: request.max,
        min: request.min,
        modulus: request.mod,
        order: request.order,
        convention: request.convention,
        visit: env.listed,
        onProgress: env.progress?.steps,
        limits: { budgetMs: env.limits?.periodBudgetMs },
      };
      if (!request.verify) return { count: String(await countPositions(count, env)) };
      const checked = await verifiedCount(count, env);
      return { count: String(checked.count), verification: checked.verification };
    },
  }),
  move: operation({
    schema: positionBody,
    check: (request) => {
      const ruleset = parseRuleset(request.ruleset);
      checkEngineMove(ruleset);
      checkPosition(ruleset, { heaps: request.position, board: request.board }, true);
    },
    run: (request, env): MoveReply =>
      engineMove(
        {
          ruleset: request.ruleset,
          position: { heaps: request.position, board: request.board },
          convention: request.convention,
          limits: { timeLimitMs: Number.POSITIVE_INFINITY },
        },
        env,
      ),
  }),
  options: operation({
    schema: optionsBody,
    check: (request, env) =>
      checkOptions(
        parseRuleset(request.ruleset),
        { heaps: request.position, board: request.board },
        request.offset ?? 0,
        {
          limit: most(env.limits, 'maxOptions'),
          maxSize: most(env.limits, 'maxOptionsSize'),
          maxScan: most(env.limits, 'maxOptionsScan'),
        },
      ),
    run: (request, env): OptionsReply =>
      options({
        ruleset: request.ruleset,
        position: { heaps: request.position, board: request.board },
        limit: most(env.limits, 'maxOptions'),
        offset: request.offset,
        maxSize: most(env.limits, 'maxOptionsSize'),
      }),
  }),
  // the user's rules checked (the CLI's `nimber check-rules`): only a face that runs user code resolves them
  'check-rules': operation({
    schema: checkRulesBody,
    check: (request, env) => void requestRuleset(request, env),
    run: (request, env): RulesCheckReply => checkUserRules(request, env),
  }),
  // one turn of a game against the perfect opponent; the face sends each turn's `state` back
  play: operation({
    schema: playBody,
    check: (request, env) =>
      checkPosition(
        requestRuleset(request, env),
        { heaps: request.heaps, board: request.board },
        true,
        request.convention,
      ),
    run: (request, env): Promise<PlayReply> =>
      playTurn({ ...request, ruleset: requestRuleset(request, env) }, env, limitsOf(env)),
  }),
  quotient: operation({
    schema: quotientQuery,
    check: (request) => checkQuotient(parseRuleset(request.ruleset), request.max),
    run: (request, env): QuotientReply => {
      let steps = 0;
      const { maxWork, maxSize, maxStates, maxRecalibrations } = request;
      const heard = env.progress?.quotientHeap;
      return quotient(
        request.ruleset,
        request.max,
        request.solve === true,
        heard && ((heap, size) => heard(heap, size, steps)),
        {
          ...(maxWork === undefined ? {} : { maxWork }),
          ...(maxSize === undefined ? {} : { maxSize }),
          ...(maxStates === undefined ? {} : { maxStates }),
          ...(maxRecalibrations === undefined ? {} : { maxRecalibrations }),
          ...(env.progress?.quotient ? { onProgress: env.progress.quotient } : {}),
          ...(env.quotientStore ? { store: env.quotientStore } : {}),
          onWork: (used) => {
            steps = used;
          },
        },
      );
    },
  }),
  'nim-arithmetic': operation({
    schema: nimBody,
    check: (request) => checkNimArithmetic({ op: request.op, operands: request.values }),
    run: (request): NimArithmeticReply => {
      const reply = nimArithmetic({ op: request.op, operands: request.values });
      return request.explain
        ? { ...reply, explanation: explainProduct(request.values[0], request.values[1] ?? '') }
        : reply;
    },
  }),
  certificate: operation({
    schema: certificateBody,
    check: (request) => {
      if (request.convention !== 'normal')
        throw new InputError('a certificate proves a Grundy value, which exists under normal play only');
      checkPosition(parseRuleset(request.ruleset), { heaps: request.heaps, board: request.board }, false, 'normal');
    },
    run: (request, env): CertificateReply => {
      const { reply, lines, certificate } = certifiedAnalysis(
        {
          ruleset: request.ruleset,
          position: { heaps: request.heaps, board: request.board },
          convention: request.convention,
          limits: limitsOf(env),
        },
        env,
        env.progress?.facts,
        request.format,
        request.claim,
      );
      return { analysis: reply, certificate, lines };
    },
  }),
  verify: operation({
    schema: verifyBody,
    // reading the certificate is its check: no cheaper refusal than the first line that fails
    check: () => {},
    // a certificate is lines; a Quarto proof file (scripts/quarto-empty.ts) is one JSON object
    run: (request, env): VerifyReply | QuartoProofReply =>
      isQuartoProofText(request.certificate)
        ? verifyQuartoProof(request.certificate, request.leaves === true, (_leaf, i, of) =>
            env.progress?.steps?.(i + 1, of),
          )
        : verifyCertificate(request.certificate.split('\n')),
  }),
  // a table of boards or of sized starts (the CLI's `nimber table`): the executor, the keeping of
  // boards and the listeners are the face's (env.table)
  table: operation({
    schema: tableBody,
    check: (request, env) => void checkTable(request, env),
    run: (request, env): Promise<TableReply> => runTable(request, env),
  }),
  'sized-table': operation({
    schema: sizedTableBody,
    check: (request, env) => void checkSizedTable(request, env),
    run: (request, env): SizedTableReply | Promise<SizedTableReply> => runSizedTable(request, env),
  }),
  // The queue's jobs: a worker reads a job's data with the entry's schema and check before it computes.
  'table-board': operation({
    schema: tableBoardJob,
    check: (request) => {
      const ruleset = parseRuleset(request.game);
      requireCapability(ruleset, 'rectangles', 'table');
      checkTableBoard(ruleset as GameRuleset, request.rows, request.cols);
    },
    run: (request): BoardResult => computeBoard(request),
  }),
  // one leaf of a Quarto opening proof for one bound (scripts/quarto-empty.ts --queue)
  'quarto-leaf': operation({
    schema: quartoLeafJob,
    check: (request) => void quartoLeafPosition(request.board),
    run: (request): QuartoLeafResult => searchQuartoLeaf(request),
  }),
  // one option of a sized start under one play (`nimber table … --spots … --queue`), with the
  // face's endgame store for what a normal-play search proves
  'start-option': operation({
    schema: startOptionJob,
    check: (request) => {
      checkMax(request.cellMs, 'cellMs', MAX_TABLE_CELL_MS);
      checkStartOption(request);
    },
    run: (request, env): StartOptionResult => searchStartOption(request, env),
  }),
  'census-game': operation({
    schema: censusGameJob,
    check: (request) => void censusRuleset(request.code),
    run: (request): CensusRow => computeJob(request),
  }),
  census: operation({
    schema: censusQuery,
    check: (request, env) => {
      if (request.name !== undefined) storedSpace(request.name, most(env.limits, 'maxCensusCodes'));
    },
    run: (request, env): CensusReply => {
      if (request.name === undefined) return { censuses: env.census?.list() ?? [] };
      storedSpace(request.name, most(env.limits, 'maxCensusCodes'));
      const table = env.census?.table(request.name) ?? null;
      if (table === null) throw new MissingStore(`no census stored under the name ${request.name}`);
      return table;
    },
  }),
  // a batch of games (the CLI's `nimber census`): the executor, the store and the progress are the face's
  'census-run': operation({
    schema: censusRunBody,
    check: (request) => void checkCensusRun(request),
    run: (request, env): Promise<CensusRunReply> => runCensusRequest(request, env.censusRun, env.signal),
  }),
} as const;

export type OperationName = keyof typeof OPERATIONS;

/** The request of an operation as its schema gives it (after parsing). */
export type OperationRequest<N extends OperationName> = z.output<(typeof OPERATIONS)[N]['schema']>;
/** The request of an operation as a client writes it (numbers or decimal strings, defaults left out). */
export type OperationInput<N extends OperationName> = z.input<(typeof OPERATIONS)[N]['schema']>;
/** What an operation answers. */
export type OperationReply<N extends OperationName> = Awaited<ReturnType<(typeof OPERATIONS)[N]['run']>>;

/** True for a name of the table (user text is never looked up on a plain object). */
export function isOperationName(name: string): name is OperationName {
  return Object.hasOwn(OPERATIONS, name);
}

/** The operation's cheap check of a parsed request (throws the InputError its run would). */
export function checkOperation<N extends OperationName>(name: N, request: OperationRequest<N>, env: ServiceEnv): void {
  (OPERATIONS[name].check as (request: OperationRequest<N>, env: ServiceEnv) => void)(request, env);
}

/**
 * A request as a face other than HTTP gives it (the CLI's arguments, a library call), read by the
 * operation's schema; a refusal is one InputError naming the first field at fault (413-class when a
 * size is beyond a maximum).
 */
export function readRequest<N extends OperationName>(name: N, input: OperationInput<N>): OperationRequest<N> {
  const parsed = OPERATIONS[name].schema.safeParse(input);
  if (parsed.success) return parsed.data as OperationRequest<N>;
  const issue = parsed.error.issues[0];
  // a number's refusal is the number schemas' custom issue; a text field's own (too long, a pattern) stays the schema's
  const numberError = issue.code === 'custom' ? wordedNumber(input, issue.path) : undefined;
  if (numberError) throw numberError;
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new InputError(where + issue.message, issue.code === 'too_big' ? 'too-large' : 'invalid');
}

/**
 * A number the user typed (a CLI word) that the schema refused, worded as the parsers word it:
 * "heap 2 must be a non-negative integer, got 'x'" rather than the schema's path. Only for text: a
 * JSON number's refusal stays the schema's.
 */
function wordedNumber(input: unknown, path: readonly PropertyKey[]): InputError | undefined {
  const [field, index] = path;
  if (typeof field !== 'string' || !isRecord(input) || !Object.hasOwn(input, field)) return undefined;
  const value = input[field];
  if (typeof value === 'string' && path.length === 1) return asError(readBigNatural(value, field));
  if (Array.isArray(value) && typeof index === 'number' && typeof value[index] === 'string') {
    const name = field === 'heaps' ? 'heap' : field;
    return asError(readBigNatural(value[index], `${name} ${index + 1}`));
  }
  return undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const asError = (read: bigint | InputError) => (read instanceof InputError ? read : undefined);

/** Runs an operation on a parsed request: its check, then its computation. */
export async function runOperation<N extends OperationName>(
  name: N,
  request: OperationRequest<N>,
  env: ServiceEnv,
): Promise<OperationReply<N>> {
  checkOperation(name, request, env);
  const run = OPERATIONS[name].run as (request: OperationRequest<N>, env: ServiceEnv) => unknown;
  return (await run(request, env)) as OperationReply<N>;
}
