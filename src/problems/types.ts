/** The shape of a catalog problem: judge text in, judge text out, through the engine. */
import { InputError, parseNatural } from '../engine/errors.ts';
import type { GrundySequence, HeapRuleset } from '../engine/types.ts';

export interface Problem<Input = unknown, Output = unknown> {
  /** Id used by `nimber solve <id>` and the API. */
  readonly id: string;
  readonly title: string;
  /** One paragraph: what the input is and what is printed. */
  readonly summary: string;
  /** A sample input and its expected output, from the problem's public statement. */
  readonly sample: { readonly input: string; readonly output: string };
  /** Parses judge input; throws InputError naming the line or value that is wrong. */
  parse(text: string): Input;
  solve(input: Input): Output;
  /** Judge output text (no trailing newline). */
  format(output: Output): string;
  /** Machine output for --json and the API; big integers as decimal strings. */
  json(output: Output): unknown;
  /** The same answer computed by the brute-force oracle; throws InputError when too large for it. */
  verify?(input: Input): Output;
  /** The same as solve, reporting progress (units done of a total) for long runs. */
  solveWithProgress?(input: Input, onProgress: (done: number, total: number) => void): Output;
}

/**
 * A problem answered from one heap ruleset's Grundy sequence: a face may compute the sequence its
 * own way (disk cache, worker threads, progress) and pass it in; the problem stays free of I/O.
 */
export interface SequenceProblem<Input = unknown, Output = unknown> extends Problem<Input, Output> {
  /** The ruleset and the largest heap whose sequence `solveWith` needs. */
  sequenceFor(input: Input): { ruleset: HeapRuleset; maxHeap: number };
  /** The same answer as solve(input), from g(0..maxHeap). */
  solveWith(input: Input, sequence: GrundySequence): Output;
}

export function isSequenceProblem<I, O>(problem: Problem<I, O>): problem is SequenceProblem<I, O> {
  return typeof (problem as Partial<SequenceProblem<I, O>>).solveWith === 'function';
}

/** Parses input that is one natural number N (at most `max`); `id` names the problem in the message. */
export function parseSingleNumber(text: string, id: string, max: number): number {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  if (tokens.length !== 1)
    throw new InputError(`${id} expects one number N, got ${tokens.length === 0 ? 'nothing' : `'${text.trim()}'`}`);
  return parseNatural(tokens[0], 'N', max);
}

/** Solves judge text end to end. */
export function solveText<I, O>(problem: Problem<I, O>, text: string): string {
  return problem.format(problem.solve(problem.parse(text)));
}
