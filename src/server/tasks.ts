/** The computations behind the API: one validated task in, JSON text (or a typed input error) out. */
import { analyze } from '../engine/solve/analyze.ts';
import { forEachCoupledPPosition } from '../engine/families/equal-removal/solver.ts';
import { count, countFromSequence } from '../engine/solve/count.ts';
import { InputError, checkMax } from '../engine/errors.ts';
import { grundySequence } from '../engine/solve/grundy.ts';
import { MAX_HEAPS } from '../engine/limits.ts';
import { forEachTuple, oracleFor } from '../engine/solve/oracle.ts';
import { periodicity } from '../engine/solve/period.ts';
import { chooseMove, legalMoves } from '../engine/solve/play.ts';
import { isEqualRemoval } from '../engine/families/equal-removal/index.ts';
import { parseRuleset } from '../engine/spec.ts';
import type { CoupledRuleset, CountOrder, GrundySequence, HeapRuleset } from '../engine/types.ts';
import { PROBLEMS, findProblem } from '../problems/index.ts';
import { isSequenceProblem, type Problem } from '../problems/types.ts';
import type { AnalyzeReply, CountReply, GrundyReply, MoveReply, OptionsReply, PeriodReply, PPositionsReply, RulesetInfo, SolveReply } from '../service/replies.ts';

/** Most Grundy values one API reply carries (the engine computes further, but the reply would be huge). */
export const API_MAX_VALUES = 1_000_000;
/** Most legal moves listed by /api/options. */
export const API_MAX_OPTIONS = 2000;
/** Largest pile and most positions of one /api/ppositions reply (coupled games). */
export const API_MAX_PILE = 5000;
export const API_MAX_PPOSITIONS = 5000;

export type Task =
  | { kind: 'solve'; problem: string; input: string }
  | { kind: 'grundy'; ruleset: string; to: number }
  /** `length`: heaps 0..length-1 may be computed looking for the period (default: the engine's). */
  | { kind: 'period'; ruleset: string; length?: number }
  | { kind: 'analyze'; ruleset: string; heaps: number[] }
  | { kind: 'count'; ruleset: string; heaps: number; max: number; order: CountOrder }
  | { kind: 'move'; ruleset: string; position: number[] }
  | { kind: 'options'; ruleset: string; position: number[] }
  /** What a spec names: heap or coupled ruleset, its title and pile count. */
  | { kind: 'describe'; ruleset: string }
  /** The P-positions of a coupled ruleset, piles sorted, sizes 0..max. */
  | { kind: 'ppositions'; ruleset: string; max: number; piles?: number }
  /** Internal: loads the engine into a fresh worker before the first real request. */
  | { kind: 'ping' };

/** A task's outcome as it crosses the thread boundary: JSON text, or the input error's kind and words. */
export type TaskResult =
  | { ok: true; json: string }
  | { ok: false; kind: InputError['kind']; message: string };

/** Where a face gets heap sequences (the worker: the disk cache and the fastest kernel). */
export type SequenceSource = (ruleset: HeapRuleset, maxHeap: number) => Promise<GrundySequence>;

/** Runs a task with the engine alone, synchronously; input errors become values, anything else propagates. */
export function runTask(task: Task): TaskResult {
  return settle(() => compute(task));
}

/** Runs a task, taking the Grundy sequences of grundy, count and sequence problems from `sequences`. */
export async function runTaskWith(task: Task, sequences: SequenceSource): Promise<TaskResult> {
  try {
    const value = await computeFromSequences(task, sequences);
    return value === undefined ? runTask(task) : settle(() => value);
  } catch (e) {
    return settle(() => {
      throw e;
    });
  }
}

function settle(work: () => unknown): TaskResult {
  try {
    return { ok: true, json: JSON.stringify(work(), (_k, v) => (typeof v === 'bigint' ? v.toString() : v)) };
  } catch (e) {
    if (e instanceof InputError) return { ok: false, kind: e.kind, message: e.message };
    throw e;
  }
}

function compute(task: Task): unknown {
  switch (task.kind) {
    case 'solve': {
      const problem = problemOf(task.problem);
      const start = performance.now();
      const output = problem.format(problem.solve(problem.parse(task.input)));
      return { problem: problem.id, output, elapsedMs: round(performance.now() - start) } satisfies SolveReply;
    }
    case 'grundy': {
      const ruleset = heapRuleset(task.ruleset);
      checkMax(task.to, 'to', API_MAX_VALUES);
      return grundyReply(ruleset, grundySequence(ruleset, task.to));
    }
    case 'period': {
      const ruleset = parseRuleset(task.ruleset);
      return { ruleset: ruleset.spec, title: ruleset.title, ...periodicity(ruleset, { maxLength: task.length }) } satisfies PeriodReply;
    }
    case 'analyze':
      return analyze(parseRuleset(task.ruleset), task.heaps) satisfies AnalyzeReply;
    case 'count':
      return { count: String(count(parseRuleset(task.ruleset), { heaps: task.heaps, max: task.max, order: task.order })) } satisfies CountReply;
    case 'move':
      return chooseMove(parseRuleset(task.ruleset), task.position) satisfies MoveReply;
    case 'ping':
      return {};
    case 'describe': {
      const ruleset = parseRuleset(task.ruleset);
      const piles = ruleset.kind === 'coupled' ? (ruleset.piles ?? null) : null;
      return { ruleset: ruleset.spec, title: ruleset.title, kind: ruleset.kind, family: ruleset.family, piles } satisfies RulesetInfo;
    }
    case 'ppositions':
      return coupledPPositions(task.ruleset, task.max, task.piles);
    case 'options': {
      const { moves, truncated } = legalMoves(parseRuleset(task.ruleset), task.position, API_MAX_OPTIONS);
      return { options: moves, truncated } satisfies OptionsReply;
    }
  }
}

/** The tasks that rest on one heap sequence, with the sequence from `sequences`; undefined for the rest. */
async function computeFromSequences(task: Task, sequences: SequenceSource): Promise<unknown> {
  switch (task.kind) {
    case 'grundy': {
      const ruleset = heapRuleset(task.ruleset);
      checkMax(task.to, 'to', API_MAX_VALUES);
      return grundyReply(ruleset, await sequences(ruleset, task.to));
    }
    case 'count': {
      const ruleset = parseRuleset(task.ruleset);
      // Out-of-range heap counts and coupled rulesets: the engine's count() says what is wrong.
      if (ruleset.kind !== 'heap' || task.heaps < 1 || task.heaps > MAX_HEAPS) return undefined;
      return { count: String(countFromSequence(await sequences(ruleset, task.max), task.heaps, task.order)) } satisfies CountReply;
    }
    case 'solve': {
      const problem = problemOf(task.problem);
      if (!isSequenceProblem(problem)) return undefined;
      const start = performance.now();
      const input = problem.parse(task.input);
      const need = problem.sequenceFor(input);
      const output = problem.format(problem.solveWith(input, await sequences(need.ruleset, need.maxHeap)));
      return { problem: problem.id, output, elapsedMs: round(performance.now() - start) } satisfies SolveReply;
    }
    default:
      return undefined;
  }
}

/** Sorted P-positions of a coupled ruleset: its solver where it has one, else the oracle. */
function coupledPPositions(spec: string, max: number, askedPiles?: number): PPositionsReply {
  const ruleset = parseRuleset(spec);
  if (ruleset.kind !== 'coupled') throw new InputError(`'${ruleset.spec}' is a sum of heaps: its P-positions follow from the Grundy values (GET /api/grundy)`);
  checkMax(max, 'max', API_MAX_PILE);
  const piles = askedPiles ?? ruleset.piles ?? 3;
  const positions: number[][] = [];
  let truncated = false;
  const visit = (t: readonly number[]) => {
    if (positions.length === API_MAX_PPOSITIONS) {
      truncated = true;
      return false;
    }
    positions.push([...t]);
  };
  if (isEqualRemoval(ruleset)) forEachCoupledPPosition(ruleset, { heaps: piles, max, order: 'sorted' }, visit);
  else oracleListing(ruleset, piles, max, visit);
  return { ruleset: ruleset.spec, title: ruleset.title, piles, max, positions, truncated };
}

function oracleListing(ruleset: CoupledRuleset, piles: number, max: number, visit: (t: readonly number[]) => false | void): void {
  if (ruleset.piles !== undefined && piles !== ruleset.piles) throw new InputError(`${ruleset.spec} is played on ${ruleset.piles} piles, not ${piles}`);
  const oracle = oracleFor(ruleset);
  let stopped = false;
  forEachTuple(piles, max, 'sorted', (t) => {
    if (!stopped && oracle.isP(t) && visit(t) === false) stopped = true;
  });
}

function problemOf(id: string): Problem<unknown, unknown> {
  const problem = findProblem(id);
  if (!problem) throw new InputError(`unknown problem '${id}'; known: ${PROBLEMS.map((p) => p.id).join(', ')}`);
  return problem;
}

function grundyReply(ruleset: HeapRuleset, values: GrundySequence): GrundyReply {
  const pPositions: number[] = [];
  for (let n = 0; n < values.length; n++) if (values[n] === 0) pPositions.push(n);
  return { ruleset: ruleset.spec, title: ruleset.title, values: Array.from(values), pPositions };
}

function heapRuleset(spec: string): HeapRuleset {
  const ruleset = parseRuleset(spec);
  if (ruleset.kind !== 'heap') throw new InputError(`'${ruleset.spec}' is not a heap game: Grundy values of single heaps do not describe it`);
  return ruleset;
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
