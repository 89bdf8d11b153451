/**
 * Analysis of positions with heaps of any size (bigint), from heap values that a proved period
 * extends to every heap: Grundy values, nim-sum and outcome exactly; winning moves listed from the
 * family's far options (`farOptions`), at most a limit of them.
 *
 * With preperiod e and period p, an option's value depends on its free part (the smaller heap of a
 * split) only through that part when it is below e and its residue mod p above, so the options whose
 * free part is below e + p show every value an option of the heap can have: a heap that has a
 * winning move has one among them. A huge heap has about as many winning moves as tokens, so the
 * list is cut short (`truncated`).
 */
import { InputError, checkMax } from '../../errors.ts';
import { MAX_HEAPS } from '../../limits.ts';
import type { HeapValues } from './periodic.ts';
import { nimSumOf, type OptionsOfValue, winningMovesOfSum } from './winning-moves.ts';
import type { BigClosedForm, HeapRuleset, Outcome } from '../../types.ts';

/** Most winning moves listed for a position with far heaps. */
export const MAX_FAR_MOVES = 100;
/** Most options examined per heap (three-heap splits have quadratically many below the horizon). */
export const FAR_SCAN_BUDGET = 1_000_000;

export interface FarAnalysis {
  readonly ruleset: string;
  readonly heaps: bigint[];
  /** bigint where a closed form gives values of any size (Nim, Lasker's Nim beyond their maxima). */
  readonly grundy: (number | bigint)[];
  readonly nimSum: number | bigint;
  readonly outcome: Outcome;
  /** Winning moves found (positions with bigint heaps), in the order of the family's far options. */
  readonly winningMoves: { to: bigint[] }[];
  /** True when more winning moves exist (or may exist) than are listed. */
  readonly truncated: boolean;
}

/** The analysis of a position whose heaps may be far beyond any computed sequence. */
export function analyzeFar(
  ruleset: HeapRuleset,
  heaps: readonly bigint[],
  values: HeapValues,
  limit = MAX_FAR_MOVES,
): FarAnalysis {
  return farAnalysis(ruleset, heaps, (h) => values.at(h), 0, limit, farOptionsOfValue(ruleset, values));
}

/** Free parts below this show every value an option can have (the preperiod and one period, see above). */
export function farHorizon(values: HeapValues): number {
  const c = values.certificate;
  return c ? c.preperiod + c.period + 1 : values.prefix.length;
}

/**
 * The options of a heap of any size with a given value, from the family's far options below the
 * horizon (null where the family cannot list options of heaps this large: the answer is truncated).
 */
export function farOptionsOfValue(
  ruleset: HeapRuleset,
  values: HeapValues,
): (heap: bigint, target: number) => OptionsOfValue<bigint> | null {
  const horizon = farHorizon(values);
  const farOptions = ruleset.farOptions?.bind(ruleset);
  return (heap, target) => (farOptions ? optionsOfValue(farOptions(heap, horizon), target, values) : null);
}

/**
 * The far options (below the horizon only: a large heap has further winning moves of the same
 * values) whose parts' values XOR to `target`, scanning at most FAR_SCAN_BUDGET of them.
 */
function optionsOfValue(
  far: { readonly options: Iterable<readonly bigint[]>; readonly complete: boolean },
  target: number,
  values: HeapValues,
): OptionsOfValue<bigint> {
  let overBudget = false;
  function* matching(): Generator<readonly bigint[]> {
    let scanned = 0;
    for (const parts of far.options) {
      if (++scanned > FAR_SCAN_BUDGET) {
        overBudget = true;
        return;
      }
      let x = 0;
      for (const part of parts) x ^= values.at(part);
      if (x >>> 0 === target) yield parts;
    }
  }
  return {
    options: matching(),
    get complete() {
      return far.complete && !overBudget;
    },
  };
}

/**
 * The analysis of a position with heaps of any size from a family's closed forms over bigints, for
 * families whose values grow with the heap: exact bigint values and nim-sum, and the winning moves
 * that the closed form's options of the target value g XOR s give, heap by heap.
 */
export function analyzeClosedForm(
  ruleset: HeapRuleset,
  heaps: readonly bigint[],
  form: BigClosedForm,
  limit = MAX_FAR_MOVES,
): FarAnalysis {
  // an option may have a larger value than its heap (Lasker's splits): every heap is asked
  return farAnalysis(
    ruleset,
    heaps,
    (h) => form.grundyOf(h),
    0n,
    limit,
    (heap, target) => form.optionsWithValue(heap, target),
  );
}

/** The far analysis from heap values of either type and the options of each value. */
function farAnalysis<V extends number | bigint>(
  ruleset: HeapRuleset,
  heaps: readonly bigint[],
  valueOfHeap: (heap: bigint) => V,
  zero: V,
  limit: number,
  optionsOf: (heap: bigint, target: V) => OptionsOfValue<bigint> | null,
): FarAnalysis {
  if (heaps.length === 0) throw new InputError('give at least one heap size');
  checkMax(heaps.length, 'number of heaps', MAX_HEAPS);
  const grundy = heaps.map(valueOfHeap);
  const nimSum = nimSumOf(grundy, zero);
  const { winningMoves, truncated } = winningMovesOfSum(heaps, grundy, nimSum, optionsOf, limit);
  return {
    ruleset: ruleset.spec,
    heaps: [...heaps],
    grundy,
    nimSum,
    outcome: nimSum === zero ? 'P' : 'N',
    winningMoves,
    truncated,
  };
}
