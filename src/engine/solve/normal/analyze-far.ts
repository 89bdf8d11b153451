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
  if (heaps.length === 0) throw new InputError('give at least one heap size');
  checkMax(heaps.length, 'number of heaps', MAX_HEAPS);
  const grundy = heaps.map((h) => values.at(h));
  const nimSum = grundy.reduce((a, b) => (a ^ b) >>> 0, 0);
  const winningMoves: { to: bigint[] }[] = [];
  let truncated = false;
  let full = false;
  const c = values.certificate;
  const horizon = c ? c.preperiod + c.period + 1 : values.prefix.length;
  if (nimSum !== 0) {
    const seen = new Set<string>();
    heaps.forEach((heap, i) => {
      if (full) return;
      const target = (grundy[i] ^ nimSum) >>> 0;
      if (!ruleset.farOptions) {
        truncated = true; // the family cannot list options of heaps this large
        return;
      }
      let scanned = 0;
      const far = ruleset.farOptions(heap, horizon);
      // below the horizon only: a large heap has further winning moves of the same values
      if (!far.complete) truncated = true;
      for (const parts of far.options) {
        if (++scanned > FAR_SCAN_BUDGET) {
          truncated = true;
          break;
        }
        let x = 0;
        for (const part of parts) x ^= values.at(part);
        if (x >>> 0 !== target) continue;
        const to = [...heaps.slice(0, i), ...(parts.length === 0 ? [0n] : parts), ...heaps.slice(i + 1)];
        const key = to.join(',');
        if (seen.has(key)) continue;
        if (winningMoves.length === limit) {
          truncated = full = true;
          break;
        }
        seen.add(key);
        winningMoves.push({ to });
      }
    });
  }
  return {
    ruleset: ruleset.spec,
    heaps: [...heaps],
    grundy,
    nimSum,
    outcome: nimSum === 0 ? 'P' : 'N',
    winningMoves,
    truncated,
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
  if (heaps.length === 0) throw new InputError('give at least one heap size');
  checkMax(heaps.length, 'number of heaps', MAX_HEAPS);
  const grundy = heaps.map((h) => form.grundyOf(h));
  const nimSum = grundy.reduce((a, b) => a ^ b, 0n);
  const winningMoves: { to: bigint[] }[] = [];
  let truncated = false;
  let full = false;
  if (nimSum !== 0n) {
    for (let i = 0; i < heaps.length && !full; i++) {
      // an option may have a larger value than its heap (Lasker's splits): every heap is asked
      const target = grundy[i] ^ nimSum;
      const found = form.optionsWithValue(heaps[i], target);
      if (!found.complete) truncated = true;
      for (const parts of found.options) {
        if (winningMoves.length === limit) {
          truncated = full = true;
          break;
        }
        winningMoves.push({
          to: [...heaps.slice(0, i), ...(parts.length === 0 ? [0n] : parts), ...heaps.slice(i + 1)],
        });
      }
    }
  }
  return {
    ruleset: ruleset.spec,
    heaps: [...heaps],
    grundy,
    nimSum,
    outcome: nimSum === 0n ? 'P' : 'N',
    winningMoves,
    truncated,
  };
}
