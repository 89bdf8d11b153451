/**
 * Periodicity of Grundy sequences: smallest period, preperiod and saltus (CGSuite's convention:
 * g(n + period) = g(n) + saltus for every n >= preperiod), proved where a theorem applies.
 *
 * Proofs (certified: true):
 *  - finite subtraction sets, largest move m: g(n) depends only on g(n-m..n-1) once n >= m, so
 *    g(n + p) = g(n) for preperiod e <= n < e + m (a computed length e + p + m) repeats forever;
 *  - take-and-break codes (finite), largest removal k: the periodicity theorem (Guy–Smith for
 *    octal games). Matching every option of n + p with an option of n (subtract p from the largest
 *    heap left, which is >= e' = max(e, 1) once n is large) shows that g(n + p) = g(n) for all
 *    e <= n < B implies it for every n >= e, with
 *      B = e' + k                    moves that leave at most one heap,
 *      B = 2e' + p + k               two heaps (Guy–Smith),
 *      B = 2e' + 2p + k              two unequal heaps ('!'; an option a + p, a of n + p, whose
 *                                    shift would be a, a, is matched by (a + p) + (a - p) of n),
 *      B = 3e' + 2p + k              three heaps,
 *      B = 3e' + 5p + k              three pairwise unequal heaps (same repair, one more case);
 *  - Nim: g(n) = n, period 1 with saltus 1 from 0.
 * Everything else reports what the computed values show, with certified: false.
 *
 * The smallest period: for each p ascending, the preperiod e(p) is found by scanning back from the
 * end of the computed values while g(n + p) - g(n) stays equal to the last difference. Every
 * period of an eventually periodic sequence is a multiple of the smallest one and shares its
 * preperiod, so the first p accepted is the smallest. A multiple of a p that already repeats
 * over the end of the values repeats there too, so its scan starts below p's preperiod: O(L) for
 * the true period and O(1) (typically) for each of its multiples.
 */
import { InputError, checkMax } from '../errors.ts';
import { grundySequence } from './grundy.ts';
import { MAX_SEQUENCE } from '../limits.ts';
import type { GrundySequence, HeapRuleset, Ruleset } from '../types.ts';

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
}

/** An observed (arithmetic) periodicity of a finite stretch of values. */
export interface ObservedPeriod {
  readonly period: number;
  readonly preperiod: number;
  readonly saltus: number;
}

/** Default longest stretch computed by `periodicity` (heaps 0..DEFAULT_PERIOD_LENGTH-1). */
export const DEFAULT_PERIOD_LENGTH = 1 << 14;

/** First length tried when a proof may come early (doubled until proved or the limit). */
const FIRST_LENGTH = 256;

/** Evidence asked of an unproved period: the repeating tail spans 3 periods and at least this many heaps. */
const MIN_OBSERVED_TAIL = 32;

/**
 * The computed length a proof needs, as a function of (preperiod, period), or null when no
 * theorem applies (or only for saltus 0: every proof here is for plain periodicity).
 */
export function certificationLength(ruleset: HeapRuleset): ((preperiod: number, period: number) => number) | null {
  switch (ruleset.family) {
    case 'subtraction': {
      if (!ruleset.set.finite) return null;
      const members = ruleset.set.upTo(MAX_SEQUENCE);
      const m = members.length === 0 ? 0 : members[members.length - 1];
      return (e, p) => e + m + p;
    }
    case 'takebreak': {
      const k = Math.max(0, ruleset.digits.length - 1);
      let pairs = false, pairsUnequal = false, triples = false, triplesUnequal = false;
      ruleset.digits.forEach((d, i) => {
        if (d & 4) { pairs = true; if (ruleset.unequal[i]) pairsUnequal = true; }
        if (d & 8) { triples = true; if (ruleset.unequal[i]) triplesUnequal = true; }
      });
      return (e, p) => {
        const e1 = Math.max(e, 1);
        let bound = e1 + k;
        if (pairs) bound = Math.max(bound, 2 * e1 + (pairsUnequal ? 2 * p : p) + k);
        if (triples) bound = Math.max(bound, 3 * e1 + (triplesUnequal ? 5 * p : 2 * p) + k);
        return bound + p;
      };
    }
    default:
      return null;
  }
}

/**
 * The smallest period shown by values[0..length): accepted when `accept(e, p, saltus)` says so.
 * Returns null when no p <= length/2 is accepted.
 */
export function smallestPeriod(values: GrundySequence, accept: (e: number, p: number, saltus: number) => boolean): ObservedPeriod | null {
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
  /** Longest stretch computed: heaps 0..maxLength-1 (default 16384, capped by the ruleset). */
  readonly maxLength?: number;
}

/** The periodicity of a heap ruleset's Grundy sequence; proved where a theorem applies. */
export function periodicity(ruleset: Ruleset, options: PeriodOptions = {}): Periodicity {
  if (ruleset.kind !== 'heap') throw new InputError(`'${ruleset.spec}' is not a heap game: it has no Grundy sequence to be periodic`);
  if (ruleset.family === 'nim') return { period: 1, preperiod: 0, saltus: 1, certified: true, computed: 0 };
  const limit = Math.min(ruleset.maxHeap, MAX_SEQUENCE) + 1;
  const requested = options.maxLength ?? Math.min(DEFAULT_PERIOD_LENGTH, limit);
  if (!Number.isSafeInteger(requested) || requested < 2) throw new InputError(`the length to compute must be an integer of at least 2, got ${requested}`);
  const maxLength = checkMax(requested, 'length to compute', limit);
  const needed = certificationLength(ruleset);

  let length = needed ? Math.min(FIRST_LENGTH, maxLength) : maxLength;
  for (;;) {
    const values = grundySequence(ruleset, length - 1);
    if (needed) {
      const proved = smallestPeriod(values, (e, p, s) => s === 0 && needed(e, p) <= length);
      if (proved) return { ...proved, certified: true, computed: length };
    }
    if (length >= maxLength) {
      const seen = smallestPeriod(values, (e, p) => observedEnough(length, e, p));
      return seen ? { ...seen, certified: false, computed: length } : { period: null, preperiod: null, saltus: null, certified: false, computed: length };
    }
    length = Math.min(maxLength, length * 2);
  }
}
