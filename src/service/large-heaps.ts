/**
 * Operations on heaps of any size (bigint): Grundy values in a window far out, analyses and counts
 * of P-positions over min..N, answered from a proved period where the family's theorem gives one
 * (heapValuesUpTo), and from the computed sequence within the documented maximum otherwise.
 */
import { InputError } from '../engine/errors.ts';
import { analyze } from '../engine/solve/normal/analyze.ts';
import { analyzeClosedForm, analyzeFar, type FarAnalysis } from '../engine/solve/normal/analyze-far.ts';
import { MAX_TRANSFORM } from '../engine/solve/normal/count.ts';
import { checkHeapCountFor, countFromBigHistogram } from '../engine/solve/normal/count-big.ts';
import { sequenceLimit } from '../engine/solve/normal/grundy.ts';
import { MAX_SEQUENCE } from '../engine/limits.ts';
import type { Analysis, CountOrder, HeapRuleset } from '../engine/types.ts';
import { heapValuesUpTo, type HeapValuesOptions } from './heap-values.ts';
import type { ServiceEnv } from './env.ts';

/** Most values in one window (`grundy --from A --to B`). */
export const MAX_WINDOW = MAX_SEQUENCE + 1;

export interface GrundyWindow {
  readonly ruleset: string;
  readonly title: string;
  readonly from: bigint;
  readonly to: bigint;
  /** g(from..to). */
  readonly values: Uint32Array;
  /** The proved period the values far out came from, or null when all were computed. */
  readonly period: { preperiod: number; period: number; saltus: number } | null;
}

/** g(from..to): heaps beyond the sequence maximum from a proved period. */
export async function grundyWindow(
  ruleset: HeapRuleset,
  from: bigint,
  to: bigint,
  env: ServiceEnv,
  options: HeapValuesOptions = {},
): Promise<GrundyWindow> {
  if (from > to) throw new InputError(`--from (${from}) must not be above --to (${to})`);
  const length = to - from + 1n;
  if (length > BigInt(MAX_WINDOW))
    throw new InputError(`a window of ${length} heaps is above the maximum of ${MAX_WINDOW}`, 'too-large');
  const values = await heapValuesUpTo(ruleset, to, env, options);
  return {
    ruleset: ruleset.spec,
    title: ruleset.title,
    from,
    to,
    values: values.window(from, to),
    period: values.certificate,
  };
}

/**
 * The analysis of a heap position with sizes of any size: the usual analysis (every winning move)
 * within the sequence maximum, with values from a proved period when there is one; beyond it, a
 * FarAnalysis (bigint heaps, winning moves listed up to a limit).
 */
export async function analyzeLargeHeaps(
  ruleset: HeapRuleset,
  heaps: readonly bigint[],
  env: ServiceEnv,
  options: HeapValuesOptions = {},
): Promise<Analysis | FarAnalysis> {
  return (await analyzeHeaps(ruleset, heaps, env, options)).analysis;
}

/** How the values of an analysis of heaps were found. */
export type HeapMethod = 'closed form' | 'Grundy values' | 'proved period';

/** analyzeLargeHeaps, saying how the values were found. */
export async function analyzeHeaps(
  ruleset: HeapRuleset,
  heaps: readonly bigint[],
  env: ServiceEnv,
  options: HeapValuesOptions = {},
): Promise<{ analysis: Analysis | FarAnalysis; method: HeapMethod }> {
  if (heaps.length === 0) throw new InputError('give at least one heap size');
  const largest = heaps.reduce((a, b) => (a > b ? a : b), 0n);
  const within = largest <= BigInt(Math.min(ruleset.maxHeap, Number.MAX_SAFE_INTEGER));
  // closed forms answer any heap within the family's maximum without a sequence
  if (within && ruleset.grundyOf) return { analysis: analyze(ruleset, heaps.map(Number)), method: 'closed form' };
  // values that grow with the heap, past the family's maximum: its closed forms over bigints
  if (!within && ruleset.bigClosedForm)
    return { analysis: analyzeClosedForm(ruleset, heaps, ruleset.bigClosedForm), method: 'closed form' };
  const values = await heapValuesUpTo(ruleset, largest, env, options);
  const method = values.certificate && largest >= BigInt(values.prefix.length) ? 'proved period' : 'Grundy values';
  if (within && largest <= BigInt(sequenceLimit(ruleset)))
    return { analysis: analyze(ruleset, heaps.map(Number), (h) => values.atSafe(h)), method };
  return { analysis: analyzeFar(ruleset, heaps, values), method };
}

/**
 * The ruleset with the values of heaps 0..max known (from a proved period, or computed once): the
 * engine's paths that ask for `grundyOf` (analysis, the perfect opponent) take them instead of
 * computing a sequence per position. Moves never make a heap larger, so a game from heaps up to
 * max stays within them.
 */
export async function withKnownValues(
  ruleset: HeapRuleset,
  max: number,
  env: ServiceEnv,
  options: HeapValuesOptions = {},
): Promise<HeapRuleset> {
  if (ruleset.grundyOf) return ruleset;
  const values = await heapValuesUpTo(ruleset, BigInt(max), env, options);
  return { ...ruleset, grundyOf: (heap: number) => values.atSafe(heap) };
}

export interface LargeCountRequest {
  readonly heapCount: number;
  /** Heap sizes range over min..max. */
  readonly min: bigint;
  readonly max: bigint;
  readonly order: CountOrder;
  /** Count modulo this (absent: exact). */
  readonly modulus?: bigint;
}

/**
 * The number of P-positions of k heaps with sizes in min..max, from the histogram of values over
 * that range: O(e + p) from a proved period however large max is, O(max) from a computed sequence;
 * then the Walsh–Hadamard transform (count-big.ts). What would be refused is refused before anything
 * is computed: the number of heaps, sizes beyond the maximum without a theorem, and values that
 * provably grow past the transform's limit.
 */
export async function countLargeHeaps(
  ruleset: HeapRuleset,
  request: LargeCountRequest,
  env: ServiceEnv,
  options: HeapValuesOptions = {},
): Promise<bigint> {
  const { min, max, heapCount, order, modulus } = request;
  checkHeapCountFor(heapCount, order, modulus);
  if (min > max) throw new InputError(`the smallest heap (${min}) must not be above the largest (${max})`);
  checkValuesFitTransform(ruleset, max);
  const values = await heapValuesUpTo(ruleset, max, env, options);
  return countFromBigHistogram(values.histogram(min, max), heapCount, order, modulus);
}

/**
 * Refuses up front a count whose values provably reach the transform's limit: with a closed-form
 * period of saltus s, g(n) >= s·floor((n - e)/p), so heaps up to max reach at least that value.
 */
export function checkValuesFitTransform(ruleset: HeapRuleset, max: bigint): void {
  const c = ruleset.provedPeriod;
  if (!c || c.saltus === 0 || max < BigInt(c.preperiod)) return;
  const lowest = (BigInt(c.saltus) * (max - BigInt(c.preperiod))) / BigInt(c.period);
  if (lowest >= BigInt(MAX_TRANSFORM)) {
    throw new InputError(
      `Grundy values of ${ruleset.spec} reach at least ${lowest} for heaps up to ${max}: too many for an exact count (limit ${MAX_TRANSFORM})`,
      'too-large',
    );
  }
}
