/** The computations behind the API: one validated task in, JSON text (or a typed input error) out, through the service layer. */
import { InputError, checkMax } from '../engine/errors.ts';
import { tryParseRuleset } from '../engine/spec.ts';
import type { Convention, CountOrder, Ruleset } from '../engine/types.ts';
import { PROBLEMS, findProblem } from '../problems/index.ts';
import type { Problem } from '../problems/types.ts';
import { type AnalyzeReply, type MoveReply, analyzePosition, engineMove } from '../service/analyze.ts';
import {
  checkCount,
  checkGrundy,
  checkOptions,
  checkPeriod,
  checkPosition,
  checkPPositions,
  checkQuotient,
  checkWindow,
} from '../service/checks.ts';
import { countPositions } from '../service/count.ts';
import { exceedsExact, pPositionsOf } from '../service/export.ts';
import {
  describe,
  grundyValues,
  grundyValuesWindow,
  listPPositions,
  options,
  period,
  quotient,
  solveProblem,
} from '../service/operations.ts';
import type { QuotientReply } from '../service/misere.ts';
import { explainProduct, nimArithmetic, type NimReply, type ProductExplanation } from '../service/nim-arithmetic.ts';
import type {
  CountReply,
  GrundyReply,
  GrundyWindowReply,
  OptionsReply,
  PeriodReply,
  PPositionsReply,
  RulesetInfo,
  SolveReply,
} from '../service/replies.ts';
import { engineSequences, type SequenceSource } from '../service/sequences.ts';
import type { AnyCensusTable } from '../service/census/tables.ts';
import { type StoredCensus, storedSpace } from '../adapters/census-store.ts';

export type { SequenceSource } from '../service/sequences.ts';

/**
 * Most Grundy values one API reply carries (about 1 MB of JSON); more are read in windows with `from`.
 * A million (7 MB replies) let eight requests at once take the server past 600 MB.
 */
export const API_MAX_VALUES = 100_000;
/** Work budget of /api/period without a length, and of looking for a proof for heaps beyond the maximum (milliseconds; the default time limit is 2 s). */
export const API_PERIOD_BUDGET_MS = 1000;
/** Most legal moves listed by one /api/options reply. */
export const API_MAX_OPTIONS = 2000;
/**
 * Most numbers (heap positions) or characters (positions as text) in one /api/options reply: 2,000
 * options of a 1,000-heap position were a 22 MB reply. The rest come in pages (`offset`, `next`).
 */
export const API_MAX_OPTIONS_SIZE = 100_000;
/** Most numbers of the options a page may skip and list together (the skipped ones are remembered to drop repeats). */
export const API_MAX_OPTIONS_SCAN = 1_000_000;
/** Longest JSON reply (characters): a reply that would be longer is 413, never built on the main thread. */
export const API_MAX_REPLY_CHARS = 4_000_000;
/** Largest pile and most positions of one /api/ppositions reply (coupled games). */
export const API_MAX_PILE = 5000;
export const API_MAX_PPOSITIONS = 5000;

export type Task =
  | { kind: 'solve'; problem: string; input: string }
  /** `from`: a window from..to of at most API_MAX_VALUES values, of any size where a period is proved. */
  | { kind: 'grundy'; ruleset: string; to: number | bigint; from?: number | bigint }
  /** `length`: heaps 0..length-1 may be computed looking for the period (default: the engine's). */
  | { kind: 'period'; ruleset: string; length?: number }
  /**
   * A position: heap sizes (above 2^53 - 1 as bigints, answered from a proved period), or the text of
   * a board or graph (absent: the spec's start position).
   */
  | { kind: 'analyze'; ruleset: string; heaps?: (number | bigint)[]; board?: string; convention?: Convention }
  /** `heapCount`: the number of heaps (piles) counted over; the API's body names it `heaps`. */
  /** `max`, `min` of any size for heap rulesets with a proved period; `modulus`: the count modulo it. */
  | {
      kind: 'count';
      ruleset: string;
      heapCount: number;
      max: number | bigint;
      min?: number | bigint;
      modulus?: number | bigint;
      order: CountOrder;
      convention?: Convention;
    }
  | { kind: 'move'; ruleset: string; position?: number[]; board?: string; convention?: Convention }
  /** The misère quotient of a heap ruleset with heaps 0..max. */
  | { kind: 'quotient'; ruleset: string; max: number; solve?: boolean }
  /** A page of the positions one move away: the first `offset` are skipped. */
  | { kind: 'options'; ruleset: string; position?: number[]; board?: string; offset?: number }
  /** What a spec names: its kind, capabilities, title, pile count and position format. */
  | { kind: 'describe'; ruleset: string }
  /** The P-positions of a coupled ruleset, piles sorted, sizes 0..max. */
  | { kind: 'ppositions'; ruleset: string; max: number; piles?: number }
  /** Nim arithmetic: an operation and its one or two operands; `explain`: a product worked out step by step. */
  | { kind: 'nim-arithmetic'; op: string; values: (string | number)[]; explain?: boolean }
  /** The stored censuses, or (with `name`) one's table: read in a worker, under the time limit. */
  | { kind: 'census'; name?: string }
  /** Internal: loads the engine into a fresh worker before the first real request. */
  | { kind: 'ping' };

/**
 * What each task answers (before JSON: bigints travel as decimal strings). The route table reads a
 * route's reply type from here through its task, and COMPUTE is checked against it, so the typed
 * client and the server cannot disagree on a reply's shape.
 */
export interface TaskReplies {
  solve: SolveReply;
  grundy: GrundyReply | GrundyWindowReply;
  period: PeriodReply;
  analyze: AnalyzeReply;
  count: CountReply;
  move: MoveReply;
  quotient: QuotientReply;
  options: OptionsReply;
  describe: RulesetInfo;
  ppositions: PPositionsReply;
  'nim-arithmetic': NimReply & { explanation?: ProductExplanation & { lines: string[] } };
  census: CensusReply;
  ping: Record<string, never>;
}

/** GET /api/census: the stored censuses, or one's table. */
export type CensusReply = { readonly censuses: readonly StoredCensus[] } | AnyCensusTable;

/** Most codes of a census space whose table /api/census builds (octal up to 5 digits, hex up to 3). */
export const API_MAX_CENSUS_CODES = 100_000;

/** Where a worker reads stored censuses (the adapters' census store); null: the server has none. */
export interface CensusStores {
  list(): StoredCensus[];
  /** One store's table; null when there is no such store. */
  table(name: string): AnyCensusTable | null;
}

/** A task's outcome as it crosses the thread boundary: JSON text, or the input error's kind (or 'missing': 404) and words. */
export type TaskResult =
  | { ok: true; json: string }
  | { ok: false; kind: InputError['kind'] | 'missing'; message: string };

/** Runs a task with the engine alone (sequences computed in this thread); input errors become values, anything else propagates. */
export function runTask(task: Task): Promise<TaskResult> {
  return runTaskWith(task, engineSequences);
}

/** A stored census that is not there (a 404, not an input error). */
class Missing extends Error {}

/** Runs a task, taking the Grundy sequences of grundy, count and sequence problems from `sequences`. */
export async function runTaskWith(
  task: Task,
  sequences: SequenceSource,
  stores: CensusStores | null = null,
): Promise<TaskResult> {
  try {
    const value = await compute(task, sequences, stores);
    const json = JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
    if (json.length > API_MAX_REPLY_CHARS)
      return {
        ok: false,
        kind: 'too-large',
        message: `the reply would have ${json.length} characters, above the maximum of ${API_MAX_REPLY_CHARS}: ask for fewer heaps, values or positions`,
      };
    return { ok: true, json };
  } catch (e) {
    if (e instanceof InputError) return { ok: false, kind: e.kind, message: e.message };
    if (e instanceof Missing) return { ok: false, kind: 'missing', message: e.message };
    throw e;
  }
}

/**
 * The cheap part of a task's validation, for the main thread before the task is queued: the spec
 * parses, the problem exists, the ruleset can do what the task asks, and every size with a documented
 * maximum is within it. So an invalid request is 413 or 422 even when every worker is busy or the
 * queue is full, never 504. Undefined when the task may go to a worker (which checks again).
 */
export function precheck(task: Task): Extract<TaskResult, { ok: false }> | undefined {
  if ('problem' in task && !findProblem(task.problem))
    return { ok: false, kind: 'invalid', message: unknownProblem(task.problem) };
  const parsed = 'ruleset' in task ? tryParseRuleset(task.ruleset) : undefined;
  if (parsed !== undefined && !parsed.ok) return { ok: false, kind: parsed.error.kind, message: parsed.error.message };
  try {
    // a task without a ruleset gets none: its checks do not read it
    (PRECHECK[task.kind] as (task: Task, ruleset: Ruleset | undefined) => void)(task, parsed?.value);
  } catch (e) {
    if (e instanceof InputError) return { ok: false, kind: e.kind, message: e.message };
    throw e;
  }
  return undefined;
}

/** The checks of each task kind that need no computation (each throws the InputError its service call would). */
const PRECHECK: { [K in Task['kind']]: (task: Extract<Task, { kind: K }>, ruleset: Ruleset) => void } = {
  solve: () => {},
  grundy: (task, ruleset) => checkGrundy(ruleset, task.to, task.from, API_MAX_VALUES),
  period: (task, ruleset) => checkPeriod(ruleset, task.length),
  analyze: (task, ruleset) => checkPosition(ruleset, { heaps: task.heaps, board: task.board }),
  count: (task, ruleset) => checkCount(ruleset, task.heapCount, task.modulus),
  move: (task, ruleset) => checkPosition(ruleset, { heaps: task.position, board: task.board }),
  quotient: (_task, ruleset) => checkQuotient(ruleset),
  options: (task, ruleset) =>
    checkOptions(ruleset, { heaps: task.position, board: task.board }, task.offset ?? 0, {
      limit: API_MAX_OPTIONS,
      maxSize: API_MAX_OPTIONS_SIZE,
      maxScan: API_MAX_OPTIONS_SCAN,
    }),
  describe: () => {},
  census: (task) => {
    if (task.name !== undefined) storedSpace(task.name, API_MAX_CENSUS_CODES);
  },
  'nim-arithmetic': () => {},
  ppositions: (task, ruleset) => checkPPositions(ruleset, task.max, API_MAX_PILE),
  ping: () => {},
};

/** Each task is one service call: the service decides how to answer (the worker's time limit bounds it). */
function compute(task: Task, sequences: SequenceSource, stores: CensusStores | null): Promise<unknown> | unknown {
  const run = COMPUTE[task.kind] as (task: Task, sequences: SequenceSource, stores: CensusStores | null) => unknown;
  return run(task, sequences, stores);
}

/** Work budget of the requests that look for a period (see API_PERIOD_BUDGET_MS). */
const LIMITS = { budgetMs: API_PERIOD_BUDGET_MS };

/** The service call of each task kind, checked against the reply type TaskReplies declares for it. */
const COMPUTE: {
  [K in Task['kind']]: (
    task: Extract<Task, { kind: K }>,
    sequences: SequenceSource,
    stores: CensusStores | null,
  ) => TaskReplies[K] | Promise<TaskReplies[K]>;
} = {
  solve: async (task, sequences) => {
    const problem = problemOf(task.problem);
    const start = performance.now();
    const output = problem.format(await solveProblem(problem, problem.parse(task.input), sequences));
    return { problem: problem.id, output, elapsedMs: round(performance.now() - start) };
  },
  grundy: async (task, sequences) => {
    if (task.from === undefined) return grundyValues(task.ruleset, checkSafe(task.to, 'to', API_MAX_VALUES), sequences);
    const from = BigInt(task.from);
    const to = BigInt(task.to);
    checkWindow(from, to, API_MAX_VALUES);
    const window = await grundyValuesWindow(task.ruleset, from, to, sequences, LIMITS);
    return {
      ruleset: window.ruleset,
      title: window.title,
      from: String(from),
      to: String(to),
      values: exceedsExact(window.values) ? Array.from(window.values, String) : Array.from(window.values, Number),
      pPositions: pPositionsOf(window.values).map((i) => String(from + BigInt(i))),
    };
  },
  // without a length, longer stretches until proved, within a budget that leaves the time limit room
  period: (task) => period(task.ruleset, task.length, task.length === undefined ? API_PERIOD_BUDGET_MS : undefined),
  // no search time limit of its own: the pool's limit stops the worker (504)
  analyze: (task, sequences) =>
    analyzePosition(
      {
        ruleset: task.ruleset,
        position: { heaps: task.heaps, board: task.board },
        convention: task.convention,
        limits: { ...LIMITS, timeLimitMs: Number.POSITIVE_INFINITY },
      },
      sequences,
    ),
  count: async (task, sequences) => {
    const count = await countPositions(
      {
        ruleset: task.ruleset,
        heapCount: task.heapCount,
        max: task.max,
        min: task.min,
        modulus: task.modulus,
        order: task.order,
        convention: task.convention,
        limits: LIMITS,
      },
      sequences,
    );
    return { count: String(count) };
  },
  move: (task) =>
    engineMove({
      ruleset: task.ruleset,
      position: { heaps: task.position, board: task.board },
      convention: task.convention,
      limits: { timeLimitMs: Number.POSITIVE_INFINITY },
    }),
  quotient: (task) => quotient(task.ruleset, task.max, task.solve === true),
  options: (task) =>
    options({
      ruleset: task.ruleset,
      position: { heaps: task.position, board: task.board },
      limit: API_MAX_OPTIONS,
      offset: task.offset,
      maxSize: API_MAX_OPTIONS_SIZE,
    }),
  describe: (task) => describe(task.ruleset),
  ppositions: (task) => listPPositions(task.ruleset, task.max, task.piles, API_MAX_PPOSITIONS, API_MAX_PILE),
  'nim-arithmetic': (task) => {
    const reply = nimArithmetic({ op: task.op, operands: task.values });
    return task.explain ? { ...reply, explanation: explainProduct(task.values[0], task.values[1] ?? '') } : reply;
  },
  census: (task, _sequences, stores) => {
    if (task.name === undefined) return { censuses: stores?.list() ?? [] };
    storedSpace(task.name, API_MAX_CENSUS_CODES);
    const table = stores?.table(task.name) ?? null;
    if (table === null) throw new Missing(`no census stored under the name ${task.name}`);
    return table;
  },
  ping: () => ({}),
};

function problemOf(id: string): Problem<unknown, unknown> {
  const problem = findProblem(id);
  if (!problem) throw new InputError(unknownProblem(id));
  return problem;
}

function unknownProblem(id: string): string {
  return `unknown problem '${id}'; known: ${PROBLEMS.map((p) => p.id).join(', ')}`;
}

/** A size that must be a safe integer here (coupled games have no period to reach further), at most `max`. */
function checkSafe(value: number | bigint, what: string, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value === 'bigint') throw new InputError(`${what} = ${value} is above the maximum of ${max}`, 'too-large');
  return checkMax(value, what, max);
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
