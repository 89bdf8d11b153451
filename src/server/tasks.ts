/** The computations behind the API: one validated task in, JSON text (or a typed input error) out, through the service layer. */
import { InputError, checkMax } from '../engine/errors.ts';
import { requireHeapRuleset } from '../engine/solve/normal/grundy.ts';
import { parseRuleset, tryParseRuleset } from '../engine/spec.ts';
import type { Convention, CountOrder } from '../engine/types.ts';
import { isGameSpec, parseGameSpec, tryParseGameSpec } from '../engine/games.ts';
import { analyzeGame, type GameAnalysisReply } from '../service/games.ts';
import { analyzeMiserePosition, countMiserePositions, misereEngineMove, quotientReply } from '../service/misere.ts';
import { PROBLEMS, findProblem } from '../problems/index.ts';
import type { Problem } from '../problems/types.ts';
import {
  analyzePosition,
  countPPositions,
  describe,
  engineMove,
  grundyValues,
  listPPositions,
  options,
  period,
  solveProblem,
} from '../service/operations.ts';
import type { CountReply, GrundyWindowReply, PPositionsReply, SolveReply } from '../service/replies.ts';
import { engineSequences, type SequenceSource } from '../service/sequences.ts';
import { analyzeLargeHeaps, countLargeHeaps, grundyWindow } from '../service/large-heaps.ts';
import { checkModulus } from '../engine/solve/normal/count-big.ts';

export type { SequenceSource } from '../service/sequences.ts';

/** Most Grundy values one API reply carries (the engine computes further, but the reply would be huge). */
export const API_MAX_VALUES = 1_000_000;
/** Work budget of /api/period without a length, and of looking for a proof for heaps beyond the maximum (milliseconds; the default time limit is 2 s). */
export const API_PERIOD_BUDGET_MS = 1000;
/** Most legal moves listed by /api/options. */
export const API_MAX_OPTIONS = 2000;
/** Largest pile and most positions of one /api/ppositions reply (coupled games). */
export const API_MAX_PILE = 5000;
export const API_MAX_PPOSITIONS = 5000;

export type Task =
  | { kind: 'solve'; problem: string; input: string }
  /** `from`: a window from..to of at most API_MAX_VALUES values, of any size where a period is proved. */
  | { kind: 'grundy'; ruleset: string; to: number | bigint; from?: number | bigint }
  /** `length`: heaps 0..length-1 may be computed looking for the period (default: the engine's). */
  | { kind: 'period'; ruleset: string; length?: number }
  /** Heaps above 2^53 - 1 are bigints (answered from a proved period). */
  | { kind: 'analyze'; ruleset: string; heaps: (number | bigint)[]; convention?: Convention }
  /** A game on a board or graph: the board text, or the spec's start position when absent. */
  | { kind: 'analyze-game'; ruleset: string; board?: string }
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
  | { kind: 'move'; ruleset: string; position: number[]; convention?: Convention }
  /** The misère quotient of a heap ruleset with heaps 0..max. */
  | { kind: 'quotient'; ruleset: string; max: number }
  | { kind: 'options'; ruleset: string; position: number[] }
  /** What a spec names: heap or coupled ruleset, its title and pile count. */
  | { kind: 'describe'; ruleset: string }
  /** The P-positions of a coupled ruleset, piles sorted, sizes 0..max. */
  | { kind: 'ppositions'; ruleset: string; max: number; piles?: number }
  /** Internal: loads the engine into a fresh worker before the first real request. */
  | { kind: 'ping' };

/** A task's outcome as it crosses the thread boundary: JSON text, or the input error's kind and words. */
export type TaskResult = { ok: true; json: string } | { ok: false; kind: InputError['kind']; message: string };

/** Runs a task with the engine alone (sequences computed in this thread); input errors become values, anything else propagates. */
export function runTask(task: Task): Promise<TaskResult> {
  return runTaskWith(task, engineSequences);
}

/** Runs a task, taking the Grundy sequences of grundy, count and sequence problems from `sequences`. */
export async function runTaskWith(task: Task, sequences: SequenceSource): Promise<TaskResult> {
  try {
    const value = await compute(task, sequences);
    return { ok: true, json: JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)) };
  } catch (e) {
    if (e instanceof InputError) return { ok: false, kind: e.kind, message: e.message };
    throw e;
  }
}

/**
 * The cheap part of a task's validation, for the main thread before the task is queued: the ruleset
 * spec parses and the problem exists. So an invalid spec is 422 (or 413) even when every worker is
 * busy or the queue is full. Undefined when the task may go to a worker.
 */
export function precheck(task: Task): Extract<TaskResult, { ok: false }> | undefined {
  if ('ruleset' in task) {
    const parsed = isGameSpec(task.ruleset) ? tryParseGameSpec(task.ruleset) : tryParseRuleset(task.ruleset);
    if (!parsed.ok) return { ok: false, kind: parsed.error.kind, message: parsed.error.message };
  }
  if (task.kind === 'solve' && !findProblem(task.problem))
    return { ok: false, kind: 'invalid', message: unknownProblem(task.problem) };
  return undefined;
}

async function compute(task: Task, sequences: SequenceSource): Promise<unknown> {
  switch (task.kind) {
    case 'solve': {
      const problem = problemOf(task.problem);
      const start = performance.now();
      const output = problem.format(await solveProblem(problem, problem.parse(task.input), sequences));
      return { problem: problem.id, output, elapsedMs: round(performance.now() - start) } satisfies SolveReply;
    }
    case 'grundy': {
      const ruleset = requireHeapRuleset(parseRuleset(task.ruleset));
      if (task.from === undefined) return grundyValues(ruleset, checkSafe(task.to, 'to', API_MAX_VALUES), sequences);
      const from = BigInt(task.from),
        to = BigInt(task.to);
      if (to >= from && to - from >= BigInt(API_MAX_VALUES))
        throw new InputError(
          `a window of ${to - from + 1n} values is above the maximum of ${API_MAX_VALUES}`,
          'too-large',
        );
      const window = await grundyWindow(ruleset, from, to, sequences, { budgetMs: API_PERIOD_BUDGET_MS });
      const pPositions: string[] = [];
      window.values.forEach((v, i) => {
        if (v === 0) pPositions.push(String(from + BigInt(i)));
      });
      return {
        ruleset: ruleset.spec,
        title: ruleset.title,
        from: String(from),
        to: String(to),
        values: Array.from(window.values),
        pPositions,
      } satisfies GrundyWindowReply;
    }
    case 'period':
      // without a length, longer stretches until proved, within a budget that leaves the time limit room
      return period(
        parseRuleset(task.ruleset),
        task.length,
        task.length === undefined ? API_PERIOD_BUDGET_MS : undefined,
      );
    case 'analyze': {
      const ruleset = parseRuleset(task.ruleset);
      if (task.convention === 'misere')
        return analyzeMiserePosition(
          ruleset,
          task.heaps.map((h) => checkSafe(h, 'heap')),
        );
      if (ruleset.kind === 'heap')
        return analyzeLargeHeaps(ruleset, task.heaps.map(BigInt), sequences, { budgetMs: API_PERIOD_BUDGET_MS });
      return analyzePosition(
        ruleset,
        task.heaps.map((h) => checkSafe(h, 'pile')),
      );
    }
    case 'analyze-game':
      // no time limit of its own: the pool's limit stops the worker (504)
      return analyzeGame(parseGameSpec(task.ruleset), task.board) satisfies GameAnalysisReply;
    case 'count': {
      const ruleset = parseRuleset(task.ruleset);
      if (task.convention === 'misere') {
        if (task.min !== undefined || task.modulus !== undefined)
          throw new InputError('min and mod are for counts under normal play');
        return {
          count: String(countMiserePositions(ruleset, task.heapCount, checkSafe(task.max, 'max'), task.order)),
        } satisfies CountReply;
      }
      if (ruleset.kind === 'heap') {
        const modulus = task.modulus === undefined ? undefined : checkModulus(BigInt(task.modulus));
        const count = await countLargeHeaps(
          ruleset,
          { heapCount: task.heapCount, min: BigInt(task.min ?? 0), max: BigInt(task.max), order: task.order, modulus },
          sequences,
          { budgetMs: API_PERIOD_BUDGET_MS },
        );
        return { count: String(count) } satisfies CountReply;
      }
      if (task.min !== undefined || task.modulus !== undefined)
        throw new InputError(
          'min and mod are for heap rulesets; piles that move together are counted over 0..max exactly',
        );
      const count = await countPPositions(
        ruleset,
        { heapCount: task.heapCount, max: checkSafe(task.max, 'max'), order: task.order },
        sequences,
      );
      return { count: String(count) } satisfies CountReply;
    }
    case 'move':
      if (task.convention === 'misere') return misereEngineMove(parseRuleset(task.ruleset), task.position);
      return engineMove(parseRuleset(task.ruleset), task.position);
    case 'quotient':
      return quotientReply(parseRuleset(task.ruleset), task.max);
    case 'options':
      return options(parseRuleset(task.ruleset), task.position, API_MAX_OPTIONS);
    case 'describe':
      return describe(parseRuleset(task.ruleset));
    case 'ppositions': {
      const ruleset = parseRuleset(task.ruleset);
      if (ruleset.kind === 'coupled') checkMax(task.max, 'max', API_MAX_PILE);
      return listPPositions(ruleset, task.max, task.piles, API_MAX_PPOSITIONS) satisfies PPositionsReply;
    }
    case 'ping':
      return {};
  }
}

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
