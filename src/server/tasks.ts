/** The computations behind the API: one validated task in, JSON text (or a typed input error) out. */
import { analyze } from '../engine/analyze.ts';
import { count } from '../engine/count.ts';
import { InputError, checkMax } from '../engine/errors.ts';
import { grundySequence } from '../engine/grundy/index.ts';
import { chooseMove, legalMoves } from '../engine/play.ts';
import { parseRuleset } from '../engine/spec.ts';
import type { CountOrder, HeapRuleset } from '../engine/types.ts';
import { PROBLEMS, findProblem } from '../problems/index.ts';

/** Most Grundy values one API reply carries (the engine computes further, but the reply would be huge). */
export const API_MAX_VALUES = 1_000_000;
/** Most legal moves listed by /api/options. */
export const API_MAX_OPTIONS = 2000;

export type Task =
  | { kind: 'solve'; problem: string; input: string }
  | { kind: 'grundy'; ruleset: string; to: number }
  | { kind: 'analyze'; ruleset: string; heaps: number[] }
  | { kind: 'count'; ruleset: string; heaps: number; max: number; order: CountOrder }
  | { kind: 'move'; ruleset: string; position: number[] }
  | { kind: 'options'; ruleset: string; position: number[] }
  /** Internal: loads the engine into a fresh worker before the first real request. */
  | { kind: 'ping' };

/** A task's outcome as it crosses the thread boundary: JSON text, or the input error's kind and words. */
export type TaskResult =
  | { ok: true; json: string }
  | { ok: false; kind: InputError['kind']; message: string };

/** Runs a task; input errors become values, anything else is a bug and propagates. */
export function runTask(task: Task): TaskResult {
  try {
    return { ok: true, json: JSON.stringify(compute(task), (_k, v) => (typeof v === 'bigint' ? v.toString() : v)) };
  } catch (e) {
    if (e instanceof InputError) return { ok: false, kind: e.kind, message: e.message };
    throw e;
  }
}

function compute(task: Task): unknown {
  switch (task.kind) {
    case 'solve': {
      const problem = findProblem(task.problem);
      if (!problem) throw new InputError(`unknown problem '${task.problem}'; known: ${PROBLEMS.map((p) => p.id).join(', ')}`);
      const start = performance.now();
      const output = problem.format(problem.solve(problem.parse(task.input)));
      return { problem: problem.id, output, elapsedMs: round(performance.now() - start) };
    }
    case 'grundy': {
      const ruleset = heapRuleset(task.ruleset);
      checkMax(task.to, 'to', API_MAX_VALUES);
      const values = grundySequence(ruleset, task.to);
      const pPositions: number[] = [];
      for (let n = 0; n < values.length; n++) if (values[n] === 0) pPositions.push(n);
      return { ruleset: ruleset.spec, title: ruleset.title, values: Array.from(values), pPositions };
    }
    case 'analyze':
      return analyze(parseRuleset(task.ruleset), task.heaps);
    case 'count':
      return { count: count(parseRuleset(task.ruleset), { heaps: task.heaps, max: task.max, order: task.order }) };
    case 'move':
      return chooseMove(parseRuleset(task.ruleset), task.position);
    case 'ping':
      return {};
    case 'options': {
      const { moves, truncated } = legalMoves(parseRuleset(task.ruleset), task.position, API_MAX_OPTIONS);
      return { options: moves, truncated };
    }
  }
}

function heapRuleset(spec: string): HeapRuleset {
  const ruleset = parseRuleset(spec);
  if (ruleset.kind !== 'heap') throw new InputError(`'${ruleset.spec}' is not a heap game: Grundy values of single heaps do not describe it`);
  return ruleset;
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
