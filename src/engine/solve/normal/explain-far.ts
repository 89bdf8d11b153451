/**
 * Explanations of positions with heaps far beyond any sequence (bigint), where analyze answers them:
 * a far heap's value from its residue in a proved period (or the family's closed form), its options
 * by the values they can have (the far options whose free part is below the horizon show every such
 * value, see analyze-far.ts), the nim-sum in binary columns and the winning move of each heap whose
 * value has the nim-sum's highest bit. Small heaps of the same position are worked out as usual.
 */
import { farHorizon, farOptionsOfValue } from './analyze-far.ts';
import { EXPLAINED_HEAPS, type HeapExplanation, LISTED_OPTIONS, OPTION_SCAN, explainHeap, mex } from './explain.ts';
import type { HeapValues } from './periodic.ts';
import { type OptionsOfValue, nimAdd, nimSumOf, replaceHeap } from './winning-moves.ts';
import type { BigClosedForm, HeapRuleset, Outcome } from '../../types.ts';

/** Options listed per far heap (every value an option can have still shows in `seen`). */
export const LISTED_FAR_OPTIONS = 12;

/** How a far heap's value follows from a proved period: g(heap) = g(base) + laps · saltus. */
export interface PeriodStep {
  readonly kind: 'period';
  readonly preperiod: number;
  readonly period: number;
  readonly saltus: number;
  /** (heap − preperiod) mod period. */
  readonly residue: number;
  /** preperiod + residue: the computed heap with the same place in the period. */
  readonly base: number;
  readonly baseValue: number;
  /** (heap − preperiod) div period. */
  readonly laps: bigint;
}

/** A far heap's value from the family's closed form (named in words, e.g. "the nim rule g(n) = n"). */
export interface ClosedFormStep {
  readonly kind: 'closed form';
  readonly name: string;
}

/** One option of a far heap: the heaps it leaves and their values (XORed into `value`). */
export interface FarOption {
  readonly parts: readonly bigint[];
  readonly values: readonly number[];
  readonly value: number;
}

export interface FarHeapExplanation {
  readonly heap: bigint;
  readonly grundy: number | bigint;
  readonly step: PeriodStep | ClosedFormStep;
  /** Options whose free part is below `horizon` (period only; none for a closed form): the first LISTED_FAR_OPTIONS. */
  readonly options: readonly FarOption[];
  /** How many such options were scanned (at most OPTION_SCAN), and the horizon. */
  readonly scanned: number;
  readonly horizon: number | null;
  /** The distinct values of the scanned options, ascending: every value an option of the heap can have. */
  readonly seen: readonly number[];
  /** mex of `seen` (null without options listed): it agrees with the period's value. */
  readonly mex: number | null;
}

export interface FarNimSum {
  readonly rows: readonly { heap: bigint; grundy: number | bigint; binary: string }[];
  readonly nimSum: number | bigint;
  readonly binary: string;
  readonly highestBit: number | null;
  /** Each heap whose value has that bit: its target value and the first option of that value (null: none listed). */
  readonly moves: readonly { index: number; grundy: number | bigint; target: number | bigint; to: bigint[] | null }[];
}

export interface FarExplanation {
  readonly ruleset: string;
  readonly kind: 'far';
  readonly convention: 'normal';
  readonly position: bigint[];
  /** Small heaps of the position, worked out option by option. */
  readonly heaps: readonly HeapExplanation[];
  readonly farHeaps: readonly FarHeapExplanation[];
  readonly nimSum: FarNimSum;
  readonly outcome: Outcome;
  readonly winningMove: bigint[] | null;
}

/** Where heap values come from: a proved period (values fit 32 bits) or a closed form over bigints. */
type Source =
  | { readonly kind: 'period'; readonly values: HeapValues }
  | { readonly kind: 'closed form'; readonly form: BigClosedForm };

/** A position with heaps beyond `largestSmall` explained from a proved period (smaller heaps option by option). */
export function explainFarPeriod(
  ruleset: HeapRuleset,
  position: readonly bigint[],
  values: HeapValues,
  largestSmall: number,
): FarExplanation {
  return explainWith(ruleset, position, { kind: 'period', values }, largestSmall);
}

/** A position with heaps beyond the family's maximum explained from its closed form over bigints. */
export function explainFarClosedForm(
  ruleset: HeapRuleset,
  position: readonly bigint[],
  form: BigClosedForm,
  largestSmall: number,
): FarExplanation {
  return explainWith(ruleset, position, { kind: 'closed form', form }, largestSmall);
}

function explainWith(
  ruleset: HeapRuleset,
  position: readonly bigint[],
  source: Source,
  largestSmall: number,
): FarExplanation {
  const heapValue = (h: bigint): number | bigint =>
    source.kind === 'period' ? source.values.at(h) : source.form.grundyOf(h);
  const grundy = position.map(heapValue);
  const distinct = [...new Set(position)].slice(0, EXPLAINED_HEAPS);
  const small = (h: bigint) => h <= BigInt(largestSmall);
  const heaps = distinct.filter(small).map((h) => explainHeap(ruleset, Number(h), (n) => Number(heapValue(BigInt(n)))));
  const farHeaps = distinct.filter((h) => !small(h)).map((h) => explainFarHeap(ruleset, h, source));
  const optionsOf =
    source.kind === 'period'
      ? (heap: bigint, target: number | bigint) => farOptionsOfValue(ruleset, source.values)(heap, Number(target))
      : (heap: bigint, target: number | bigint) => source.form.optionsWithValue(heap, BigInt(target));
  const nimSum = farNimSum(position, grundy, optionsOf);
  const zero = nimSum.nimSum === 0 || nimSum.nimSum === 0n;
  return {
    ruleset: ruleset.spec,
    kind: 'far',
    convention: 'normal',
    position: [...position],
    heaps,
    farHeaps,
    nimSum,
    outcome: zero ? 'P' : 'N',
    winningMove: nimSum.moves.find((m) => m.to)?.to ?? null,
  };
}

/** A far heap: its value's step, and its options below the horizon by value. */
function explainFarHeap(ruleset: HeapRuleset, heap: bigint, source: Source): FarHeapExplanation {
  if (source.kind === 'closed form') {
    return {
      heap,
      grundy: source.form.grundyOf(heap),
      step: { kind: 'closed form', name: ruleset.kernelName(ruleset.maxHeap) },
      options: [],
      scanned: 0,
      horizon: null,
      seen: [],
      mex: null,
    };
  }
  const { values } = source;
  const c = values.certificate;
  if (!c) throw new Error(`internal: heap ${heap} is beyond the computed values and no period is proved`);
  const offset = heap - BigInt(c.preperiod);
  const residue = Number(offset % BigInt(c.period));
  const base = c.preperiod + residue;
  const step: PeriodStep = {
    kind: 'period',
    preperiod: c.preperiod,
    period: c.period,
    saltus: c.saltus,
    residue,
    base,
    baseValue: values.at(BigInt(base)),
    laps: offset / BigInt(c.period),
  };
  const horizon = farHorizon(values);
  const options: FarOption[] = [];
  const seen = new Set<number>();
  let scanned = 0;
  if (ruleset.farOptions) {
    for (const parts of ruleset.farOptions(heap, horizon).options) {
      if (scanned === OPTION_SCAN) break;
      scanned++;
      const partValues = parts.map((p) => values.at(p));
      const value = partValues.reduce((a, b) => (a ^ b) >>> 0, 0);
      seen.add(value);
      if (options.length < Math.min(LISTED_FAR_OPTIONS, LISTED_OPTIONS))
        options.push({ parts, values: partValues, value });
    }
  }
  return {
    heap,
    grundy: values.at(heap),
    step,
    options,
    scanned,
    horizon,
    seen: [...seen].sort((a, b) => a - b),
    mex: scanned > 0 ? mex(seen) : null,
  };
}

/** The nim-sum in binary columns, and for each heap with its highest bit the first option of the target value. */
function farNimSum(
  position: readonly bigint[],
  grundy: readonly (number | bigint)[],
  optionsOf: (heap: bigint, target: number | bigint) => OptionsOfValue<bigint> | null,
): FarNimSum {
  const zero = typeof grundy[0] === 'bigint' ? 0n : 0;
  const nimSum = nimSumOf(grundy, zero);
  const width = Math.max(1, ...grundy.map((g) => g.toString(2).length));
  const rows = position.map((heap, i) => ({
    heap,
    grundy: grundy[i],
    binary: grundy[i].toString(2).padStart(width, '0'),
  }));
  const binaryOf = (v: number | bigint) => v.toString(2).padStart(width, '0');
  if (nimSum === 0 || nimSum === 0n) return { rows, nimSum, binary: binaryOf(nimSum), highestBit: null, moves: [] };
  const bit = nimSum.toString(2).length - 1;
  const moves = [];
  for (let i = 0; i < position.length; i++) {
    const g = grundy[i];
    const set = typeof g === 'bigint' ? (g >> BigInt(bit)) & 1n : (g >>> bit) & 1;
    if (!set) continue;
    const target = nimAdd(g, nimSum);
    let to: bigint[] | null = null;
    for (const parts of optionsOf(position[i], target)?.options ?? []) {
      to = replaceHeap(position, i, parts);
      break;
    }
    moves.push({ index: i, grundy: g, target, to });
  }
  return { rows, nimSum, binary: binaryOf(nimSum), highestBit: bit, moves };
}
