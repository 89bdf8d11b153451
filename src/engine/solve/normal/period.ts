/**
 * Periodicity of Grundy sequences: smallest period, preperiod and saltus (CGSuite's convention:
 * g(n + period) = g(n) + saltus for every n >= preperiod), proved where a theorem applies.
 *
 * Proofs (certified: true) come from the family: a closed form valid for every heap
 * (`provedPeriod`, e.g. Nim: period 1 with saltus 1 from 0), or a periodicity theorem saying how
 * many computed values prove a plain period (`certificationLength`: finite subtraction sets,
 * take-and-break codes; see their folders). Everything else reports what the computed values
 * show, with certified: false.
 *
 * The smallest period: for each p ascending, the preperiod e(p) is found by scanning back from the
 * end of the computed values while g(n + p) - g(n) stays equal to the last difference. Every
 * period of an eventually periodic sequence is a multiple of the smallest one and shares its
 * preperiod, so the first p accepted is the smallest. A multiple of a p that already repeats
 * over the end of the values repeats there too, so its scan starts below p's preperiod: O(L) for
 * the true period and O(1) (typically) for each of its multiples.
 */
import { InputError, checkMax } from '../../errors.ts';
import { grundySequence } from './grundy.ts';
import { MAX_SEQUENCE } from '../../limits.ts';
import type { HeapRuleset, ObservedPeriod, TupleRuleset, SequenceComputation } from '../../types.ts';

export type { ObservedPeriod } from '../../types.ts';

export interface Periodicity {
  /** Smallest period, or null when none shows in the computed values. */
  readonly period: number | null;
  readonly preperiod: number | null;
  /** g(n + period) - g(n) from the preperiod on (0 for plain periodicity). */
  readonly saltus: number | null;
  /** True when a theorem proves that the period holds forever. */
  readonly certified: boolean;
  /** Heaps 0..computed-1 were computed. */
  readonly computed: number;
  /** True when the search stopped because the work budget ran out (a longer search might prove more). */
  readonly budgetSpent?: boolean;
}

/** Default longest stretch computed by `periodicity` (heaps 0..DEFAULT_PERIOD_LENGTH-1). */
export const DEFAULT_PERIOD_LENGTH = 1 << 14;

/** First length tried when a proof may come early (doubled until proved or the limit). */
const FIRST_LENGTH = 256;

/** Evidence asked of an unproved period: the repeating tail spans 3 periods and at least this many heaps. */
const MIN_OBSERVED_TAIL = 32;

/**
 * The computed length a proof needs, as a function of (preperiod, period), or null when no
 * theorem applies (every theorem here is for plain periodicity, saltus 0).
 */
export function certificationLength(ruleset: HeapRuleset): ((preperiod: number, period: number) => number) | null {
  const theorem = ruleset.certificationLength;
  return theorem ? (e, p) => theorem(e, p) : null;
}

/**
 * The smallest period shown by values[0..length): accepted when `accept(e, p, saltus)` says so.
 * Returns null when no p <= length/2 is accepted.
 */
export function smallestPeriod(
  values: Uint32Array | Uint16Array,
  accept: (e: number, p: number, saltus: number) => boolean,
): ObservedPeriod | null {
  const L = values.length;
  // [d, e, saltus] for periods d that repeat over at least d values at the end and are not
  // multiples of an earlier one (few: a shortcut only, so the list is capped)
  const matched: [number, number, number][] = [];
  for (let p = 1; 2 * p <= L; p++) {
    let saltus = values[L - 1] - values[L - 1 - p];
    let n = L - 1 - p;
    // if a divisor d of p repeats from e_d on, so does p (with d's saltus times p/d) on [e_d, L - p):
    // only the stretch below e_d is left to scan
    let multiple = false;
    for (const [d, ed, sd] of matched) {
      if (p % d === 0 && ed <= n) {
        n = ed - 1;
        saltus = (p / d) * sd;
        multiple = true;
      }
    }
    while (n >= 0 && values[n + p] - values[n] === saltus) n--;
    const e = n + 1;
    if (accept(e, p, saltus)) return { period: p, preperiod: e, saltus };
    if (!multiple && L - p - e >= p && matched.length < 64) matched.push([p, e, saltus]);
  }
  return null;
}

/** Whether a stretch of values is evidence enough for an unproved period. */
export function observedEnough(length: number, e: number, p: number): boolean {
  const tail = length - e;
  return tail >= 3 * p && tail >= MIN_OBSERVED_TAIL;
}

export interface PeriodOptions {
  /** Longest stretch computed: heaps 0..maxLength-1 (default 16384, capped by the ruleset; with a budget, the ruleset's maximum). */
  readonly maxLength?: number;
  /**
   * Milliseconds the search may spend: lengths keep doubling until the theorem proves the period,
   * maxLength is reached, or the next doubling would overrun this (absent: no time bound).
   */
  readonly budgetMs?: number;
  /** Clock in milliseconds (default performance.now). */
  readonly now?: () => number;
  /** Told the values that proved a period (heaps 0..computed-1), so a caller may keep the proof. */
  readonly onProved?: (values: ArrayLike<number>, proved: ObservedPeriod) => void;
}

/** Default work budget of `nimber period` (milliseconds). */
export const DEFAULT_PERIOD_BUDGET_MS = 10_000;

/** The periodicity of a heap ruleset's Grundy sequence; proved where a theorem applies. */
export function periodicity(ruleset: TupleRuleset, options: PeriodOptions = {}): Periodicity {
  if (ruleset.kind !== 'heap')
    throw new InputError(`'${ruleset.spec}' is not a heap game: it has no Grundy sequence to be periodic`);
  if (ruleset.provedPeriod) return { ...ruleset.provedPeriod, certified: true, computed: 0 };
  const limit = Math.min(ruleset.maxHeap, MAX_SEQUENCE) + 1;
  const needed = certificationLength(ruleset);
  const budget = options.budgetMs;
  // with a budget and a theorem, the search may go as far as the ruleset's maximum
  const requested =
    options.maxLength ?? (budget !== undefined && needed ? limit : Math.min(DEFAULT_PERIOD_LENGTH, limit));
  if (!Number.isSafeInteger(requested) || requested < 2)
    throw new InputError(`the length to compute must be an integer of at least 2, got ${requested}`);
  const maxLength = checkMax(requested, 'length to compute', limit);
  const now = options.now ?? (() => performance.now());
  const start = now();
  let lastStep = 0,
    previousStep = 0;

  // doublings where a theorem may prove the period, or a budget may run out first (a game with no
  // theorem and a slow kernel, coin-heaps:ruler, took minutes for 16,384 heaps whatever the budget)
  const doubling = needed !== null || budget !== undefined;
  let length = doubling ? Math.min(FIRST_LENGTH, maxLength) : maxLength;
  // the lengths of the doublings, which jumps to a proof's length do not shift
  let grid = length;
  // a resumable kernel extends the last length instead of starting again from heap 0
  const run = doubling ? (ruleset.computation?.(maxLength) ?? null) : null;
  for (;;) {
    const t0 = now();
    const values = run ? extended(run, length) : grundySequence(ruleset, length - 1);
    if (needed) {
      const proved = smallestPeriod(values, (e, p, s) => s === 0 && needed(e, p) <= length);
      if (proved) {
        options.onProved?.(values, proved);
        return { ...proved, certified: true, computed: length };
      }
    }
    previousStep = lastStep;
    lastStep = now() - t0;
    // a last step of a few heaps (maxima are often 2^k + 1) is folded into the one before it
    const doubled = 2 * grid + ((2 * grid) >> 3) >= maxLength ? maxLength : 2 * grid;
    const next = needed ? proofLength(values, length, doubled, needed) : doubled;
    // after a jump that proved nothing (a period shown early may not last) the doublings go on where they were
    if (next === doubled) grid = doubled;
    // a doubling costs this step's time times the growth seen so far (2x linear, 4x quadratic kernels)
    const growth = previousStep > 0 ? Math.min(4, Math.max(2, lastStep / previousStep)) : 4;
    const nextCost = lastStep * growth ** Math.log2(Math.max(1, next / length));
    const spent = budget !== undefined && length < maxLength && now() - start + nextCost > budget;
    if (length >= maxLength || spent) {
      const seen = smallestPeriod(values, (e, p) => observedEnough(length, e, p));
      const budgetSpent = spent ? { budgetSpent: true } : {};
      return seen
        ? { ...seen, certified: false, computed: length, ...budgetSpent }
        : { period: null, preperiod: null, saltus: null, certified: false, computed: length, ...budgetSpent };
    }
    length = next;
  }
}

/**
 * The next length of a proof search: `doubled`, or sooner exactly the length the theorem needs to
 * prove the period the values show (a doubling past it would cost up to twice the proof's work:
 * takebreak:0.376 climbed to 2^25 heaps for a proof at fewer than 2^24 + 2^23). A longer jump is not
 * taken: the period shown may not last.
 */
export function proofLength(
  values: Uint32Array | Uint16Array,
  length: number,
  doubled: number,
  needed: (preperiod: number, period: number) => number,
): number {
  const seen = smallestPeriod(values, (e, p, s) => s === 0 && observedEnough(length, e, p));
  if (!seen) return doubled;
  const proof = needed(seen.preperiod, seen.period);
  return proof > length && proof < doubled ? proof : doubled;
}

/** g(0..length-1) from a resumable computation, in the kernel's width (a view: no copy of hundreds of MB per doubling). */
function extended(run: SequenceComputation, length: number): Uint32Array | Uint16Array {
  run.extendTo(length);
  const values = run.values();
  return values.length === length ? values : values.subarray(0, length);
}
