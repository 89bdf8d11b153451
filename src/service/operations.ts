/**
 * The operations every face shares (CLI, HTTP worker, library): a parsed ruleset and plain
 * numbers in, a reply value out. Pure: Grundy sequences come through the SequenceSource port,
 * so the face decides where they are computed (memory, disk cache, worker threads).
 */
import { analyze } from '../engine/solve/normal/analyze.ts';
import { forEachCoupledPPosition } from '../engine/solve/normal/count.ts';
import { InputError, checkMax } from '../engine/errors.ts';
import { requireHeapRuleset, sequenceLimit } from '../engine/solve/normal/grundy.ts';
import { periodicity } from '../engine/solve/normal/period.ts';
import { chooseMove, legalMoves } from '../engine/solve/normal/play.ts';
import type { CountOrder, CoupledRuleset, PositionVisitor, Ruleset } from '../engine/types.ts';
import { isSequenceProblem, type Problem } from '../problems/types.ts';
import type { AnalyzeReply, GrundyReply, MoveReply, OptionsReply, PeriodReply, RulesetInfo } from './replies.ts';
import type { SequenceSource } from './sequences.ts';
import { heapValuesUpTo } from './heap-values.ts';
import { countLargeHeaps } from './large-heaps.ts';

/** Piles of a P-position listing when neither the ruleset nor the request fixes them. */
export const DEFAULT_PILE_COUNT = 3;

/** g(0..to) of a heap ruleset, with the heaps where g = 0. */
export async function grundyValues(ruleset: Ruleset, to: number, sequences: SequenceSource): Promise<GrundyReply> {
  const heap = requireHeapRuleset(ruleset);
  checkMax(to, 'heap size', sequenceLimit(heap));
  return grundyReply(ruleset, (await heapValuesUpTo(heap, BigInt(to), sequences)).window(0n, BigInt(to)));
}

/** The reply shape of a computed sequence (also for sequences computed elsewhere, e.g. in a browser). */
export function grundyReply(ruleset: Ruleset, values: ArrayLike<number>): GrundyReply {
  const pPositions: number[] = [];
  for (let n = 0; n < values.length; n++) if (values[n] === 0) pPositions.push(n);
  return { ruleset: ruleset.spec, title: ruleset.title, values: Array.from(values), pPositions };
}

/** What a count covers: heapCount heaps (or piles) of sizes 0..max in an order. */
export interface CountRequest {
  /** Number of heaps (piles for coupled rulesets). */
  readonly heapCount: number;
  readonly max: number;
  readonly order: CountOrder;
  /** Coupled rulesets: each P-position counted, in the order's arrangement; false stops. */
  readonly visit?: PositionVisitor;
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * The exact number of P-positions: from the heaps' Grundy histogram (heap rulesets), or by the
 * family's solver or the oracle (coupled rulesets, which may also list them).
 */
export async function countPPositions(
  ruleset: Ruleset,
  request: CountRequest,
  sequences: SequenceSource,
): Promise<bigint> {
  if (ruleset.kind === 'coupled') {
    return forEachCoupledPPosition(
      ruleset,
      { pileCount: request.heapCount, max: request.max, order: request.order, onProgress: request.onProgress },
      request.visit,
    );
  }
  if (request.visit)
    throw new InputError('P-positions of heap games are counted from their Grundy values, not listed one by one');
  // from a proved period when there is one (any max), else the sequence up to max
  return countLargeHeaps(
    ruleset,
    { heapCount: request.heapCount, min: 0n, max: BigInt(request.max), order: request.order },
    sequences,
  );
}

/** The number of piles a listing or count of a coupled ruleset uses: the request's, the ruleset's own, or the default. */
export function pileCountOf(ruleset: CoupledRuleset, requested?: number): number {
  return requested ?? ruleset.piles ?? DEFAULT_PILE_COUNT;
}

/** Sorted P-positions of a coupled ruleset with piles of 0..max, at most `limit` of them. */
export function listPPositions(ruleset: Ruleset, max: number, requestedPiles: number | undefined, limit: number) {
  if (ruleset.kind !== 'coupled')
    throw new InputError(
      `'${ruleset.spec}' is a sum of heaps: its P-positions follow from the Grundy values (GET /api/grundy)`,
    );
  const piles = pileCountOf(ruleset, requestedPiles);
  const positions: number[][] = [];
  let truncated = false;
  forEachCoupledPPosition(ruleset, { pileCount: piles, max, order: 'sorted' }, (t) => {
    if (positions.length === limit) {
      truncated = true;
      return false;
    }
    positions.push([...t]);
  });
  return { ruleset: ruleset.spec, title: ruleset.title, piles, max, positions, truncated };
}

/** Outcome, Grundy values and every winning move of a position. */
export function analyzePosition(ruleset: Ruleset, heaps: readonly number[]): AnalyzeReply {
  return analyze(ruleset, heaps);
}

/** The periodicity of a heap ruleset's values, computing at most heaps 0..length-1. */
export function period(ruleset: Ruleset, length?: number, budgetMs?: number): PeriodReply {
  return { ruleset: ruleset.spec, title: ruleset.title, ...periodicity(ruleset, { maxLength: length, budgetMs }) };
}

/** The perfect opponent's move. */
export function engineMove(ruleset: Ruleset, position: readonly number[]): MoveReply {
  return chooseMove(ruleset, position);
}

/** The positions one move away, at most `limit`. */
export function options(ruleset: Ruleset, position: readonly number[], limit: number): OptionsReply {
  const { moves, truncated } = legalMoves(ruleset, position, limit);
  return { options: moves, truncated };
}

/** What a spec names. */
export function describe(ruleset: Ruleset): RulesetInfo {
  const piles = ruleset.kind === 'coupled' ? (ruleset.piles ?? null) : null;
  return { ruleset: ruleset.spec, title: ruleset.title, kind: ruleset.kind, family: ruleset.family, piles };
}

/**
 * A catalog problem's answer for parsed input: problems that rest on one heap sequence take it
 * from the source (cache, threads, progress); the others compute on their own.
 */
export async function solveProblem<I, O>(
  problem: Problem<I, O>,
  input: I,
  sequences: SequenceSource,
  onProgress?: (done: number, total: number) => void,
): Promise<O> {
  if (isSequenceProblem(problem)) {
    const need = problem.sequenceFor(input);
    return problem.solveWith(input, await sequences(need.ruleset, need.maxHeap));
  }
  if (onProgress && problem.solveWithProgress) return problem.solveWithProgress(input, onProgress);
  return problem.solve(input);
}
