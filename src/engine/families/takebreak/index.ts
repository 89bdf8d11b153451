/** Take-and-break games written as codes d0.d1d2… (octal or hex digits, '!' for pairwise unequal heaps). */
import { InputError } from '../../errors.ts';
import { MAX_SEQUENCE } from '../../limits.ts';
import type { Family, HeapRuleset } from '../../types.ts';
import { fastTakeBreakComputation, fastTakeBreakSequence } from './kernel.ts';
import { takeBreakMoves } from './sparse.ts';

/**
 * Take-and-break game given by a code d0.d1d2…: digit k says what may remain after removing k
 * tokens from one heap (bit 1: nothing, 2: one heap, 4: two heaps, 8: three heaps).
 */
export interface TakeBreakRuleset extends HeapRuleset {
  /** The code in canonical form, e.g. '0.77' or '4!.0'. */
  readonly code: string;
  /** digits[k] = d_k (0..15); ends at the last non-zero digit (empty when no move exists). */
  readonly digits: readonly number[];
  /** unequal[k]: after removing k, the heaps left must be pairwise unequal (the '!' rule). */
  readonly unequal: readonly boolean[];
}

/** Longest code accepted (digits after the point): removals of up to this many tokens. */
export const MAX_CODE_DIGITS = 256;

/**
 * Largest heap for codes that may split a heap in two: 2^27 (134,217,728), far enough to certify
 * the census's hardest solved codes (.354 needs about 20.2 million heaps). Memory: 2 bytes per heap
 * while every value fits in 16 bits (256 MiB of values at 2^27), 4 bytes per heap from the first
 * larger value (512 MiB), in a WebAssembly memory of at most 4 GiB; growing the room copies the
 * values into a memory twice as large, so the peak is about 1.5 times that while it grows. The
 * sparse-space kernel computes codes with few rare heaps at about 0.3–1 µs per heap; codes without
 * a sparse space cost O(N^2) and are stopped by time budgets (the API's time limit, the census's
 * per-game seconds), not by this bound.
 */
export const MAX_TWO_SPLIT_HEAP = 1 << 27;

/** Largest heap for codes that may split a heap in three: every option is O(n^2) triples. */
export const MAX_THREE_SPLIT_HEAP = 2000;

/** Names the field uses for some codes (used in titles). */
const KNOWN_GAMES: ReadonlyMap<string, string> = new Map([
  ['0.77', 'Kayles'],
  ['0.07', "Dawson's Kayles"],
  ['0.137', "Dawson's chess"],
  ['4!.0', "Grundy's game"],
]);

/**
 * Parses the text after 'takebreak:'. Grammar: [d0['!']] '.' (d['!'])*, each d one hex digit
 * 0–9, A–F (octal codes are the special case of digits up to 7). d0 (removing nothing) may only
 * split the heap, so it takes no bit 1 or 2.
 */
export function parseTakeBreak(args: string): TakeBreakRuleset {
  const text = args.trim();
  const example = "e.g. 'takebreak:0.77' (Kayles) or 'takebreak:4!.0' (Grundy's game)";
  const point = text.indexOf('.');
  if (point < 0) throw new InputError(`takebreak code '${text}' needs a point: d0.d1d2…, ${example}`);
  const before = text.slice(0, point);
  const after = text.slice(point + 1);
  const digits: number[] = [];
  const unequal: boolean[] = [];
  const read = (part: string, what: string) => {
    for (let i = 0; i < part.length; i++) {
      const c = part[i];
      if (c === '!') {
        if (i === 0 || part[i - 1] === '!') throw new InputError(`takebreak code '${text}': '!' must follow a digit`);
        unequal[unequal.length - 1] = true;
        continue;
      }
      if (!/^[0-9a-fA-F]$/.test(c))
        throw new InputError(`takebreak code '${text}': '${c}' in ${what} is not a digit 0-9 or A-F, ${example}`);
      digits.push(parseInt(c, 16));
      unequal.push(false);
    }
  };
  if (before === '') {
    digits.push(0);
    unequal.push(false);
  } else read(before, 'd0');
  if (digits.length !== 1)
    throw new InputError(`takebreak code '${text}': only one digit (d0) may stand before the point`);
  read(after, 'the digits after the point');
  return takeBreak(digits, unequal);
}

/**
 * The ruleset of a code given as digits d0, d1, … (each 0..15) and '!' flags; flags on digits
 * without splits are dropped. Throws InputError for a d0 with bit 1 or 2 or an over-long code.
 */
export function takeBreak(rawDigits: readonly number[], rawUnequal: readonly boolean[]): TakeBreakRuleset {
  if (rawDigits.some((d) => !Number.isInteger(d) || d < 0 || d > 15))
    throw new InputError('takebreak digits must be 0..15');
  if ((rawDigits[0] ?? 0) & 3) {
    throw new InputError(
      `takebreak: d0 = ${rawDigits[0].toString(16).toUpperCase()} is not allowed; removing nothing must split the heap, so d0 is 0, 4, 8 or C`,
    );
  }
  let length = rawDigits.length;
  while (length > 0 && rawDigits[length - 1] === 0) length--;
  if (length - 1 > MAX_CODE_DIGITS) {
    throw new InputError(
      `takebreak code has ${length - 1} digits after the point; the maximum is ${MAX_CODE_DIGITS}`,
      'too-large',
    );
  }
  const digits = rawDigits.slice(0, length);
  // '!' only constrains moves that leave two or more heaps
  const unequal = digits.map((d, k) => Boolean(rawUnequal[k]) && (d & 12) !== 0);
  const code = formatCode(digits, unequal);
  const splitsInThree = digits.some((d) => (d & 8) !== 0);
  const splitsInTwo = digits.some((d) => (d & 4) !== 0);
  const known = KNOWN_GAMES.get(code);
  const ruleset: TakeBreakRuleset = {
    kind: 'heap',
    family: 'takebreak',
    spec: `takebreak:${code}`,
    title: known ? `${known} (take-and-break ${code})` : `take-and-break ${code}`,
    maxHeap: splitsInThree ? MAX_THREE_SPLIT_HEAP : splitsInTwo ? MAX_TWO_SPLIT_HEAP : MAX_SEQUENCE,
    code,
    digits,
    unequal,
    heapOptions: (n: number) => takeBreakOptions(digits, unequal, n),
    farOptions: (n: bigint, horizon: number) => ({
      options: farTakeBreakOptions(digits, unequal, n, horizon),
      complete: false,
    }),
    sequence: (maxHeap) => fastTakeBreakSequence(ruleset, maxHeap),
    computation: (capacity) => fastTakeBreakComputation(ruleset, capacity),
    certificationLength: periodicityTheorem(digits, unequal),
    workEstimate: (maxHeap) => denseWork(ruleset, maxHeap),
    kernelName: () => "the engine's take-and-break kernel",
  };
  return ruleset;
}

/**
 * The periodicity theorem (Guy–Smith for octal games), extended to '!' rules and three-heap
 * splits. With largest removal k and e' = max(e, 1), matching every option of n + p with an
 * option of n (subtract p from the largest heap left, which is >= e' once n is large) shows that
 * g(n + p) = g(n) for all e <= n < B implies it for every n >= e, with
 *   B = e' + k                    moves that leave at most one heap,
 *   B = 2e' + p + k               two heaps (Guy–Smith),
 *   B = 2e' + 2p + k              two unequal heaps ('!'; an option a + p, a of n + p, whose
 *                                 shift would be a, a, is matched by (a + p) + (a - p) of n),
 *   B = 3e' + 2p + k              three heaps,
 *   B = 3e' + 5p + k              three pairwise unequal heaps (same repair, one more case);
 * the computed length needed is B + p.
 */
function periodicityTheorem(digits: readonly number[], unequal: readonly boolean[]): (e: number, p: number) => number {
  const k = Math.max(0, digits.length - 1);
  let pairs = false,
    pairsUnequal = false,
    triples = false,
    triplesUnequal = false;
  digits.forEach((d, i) => {
    if (d & 4) {
      pairs = true;
      if (unequal[i]) pairsUnequal = true;
    }
    if (d & 8) {
      triples = true;
      if (unequal[i]) triplesUnequal = true;
    }
  });
  return (e, p) => {
    const e1 = Math.max(e, 1);
    let bound = e1 + k;
    if (pairs) bound = Math.max(bound, 2 * e1 + (pairsUnequal ? 2 * p : p) + k);
    if (triples) bound = Math.max(bound, 3 * e1 + (triplesUnequal ? 5 * p : 2 * p) + k);
    return bound + p;
  };
}

/** Per-heap overhead of the kernels, in steps. */
const PER_HEAP_STEPS = 16;
/** Measured cost of a two-heap split and of a three-heap split, in subtraction-step units (headless chromium). */
const PAIR_WEIGHT = 1.5;
const TRIPLE_WEIGHT = 4;

/**
 * Upper estimate of the kernel steps for heaps 0..maxHeap, costed as the dense kernel (the
 * sparse-space kernel is often far cheaper, so never optimistic): a heap of size n costs its
 * whole/single moves, about n/2 pairs for each two-heap move and n²/12 triples for each three-heap
 * move: N²/4 and N³/36 summed over n ≤ N.
 */
function denseWork(ruleset: TakeBreakRuleset, maxHeap: number): number {
  const n = maxHeap + 1;
  const moves = takeBreakMoves(ruleset);
  return (
    n * (PER_HEAP_STEPS + moves.whole.length + moves.single.length) +
    (PAIR_WEIGHT * moves.pair.length * (n * n)) / 4 +
    (TRIPLE_WEIGHT * moves.triple.length * (n * n * n)) / 36
  );
}

export const takeBreakFamily: Family = {
  name: 'takebreak',
  help: "takebreak:<code> — take-and-break code d0.d1d2… (octal or hex digits): d_k says what may remain after removing k tokens (1 nothing, 2 one heap, 4 two heaps, 8 three heaps; sums combine); '!' after a digit: the heaps left must differ (Grundy's game is 4!.0)",
  args: 'required',
  example: { spec: 'takebreak:0.77', heaps: [4, 6] },
  sequences: [
    ['takebreak:0.77', { id: 'A002186', name: 'Sprague-Grundy values for Kayles' }],
    ['takebreak:0.137', { id: 'A002187', name: "Sprague-Grundy values for Dawson's chess" }],
    ['takebreak:4!.0', { id: 'A002188', name: "Sprague-Grundy values for Grundy's game" }],
  ],
  aliases: [
    ['kayles', 'takebreak:0.77'],
    ['dawsons-kayles', 'takebreak:0.07'],
    ['grundys-game', 'takebreak:4!.0'],
  ],
  parse: parseTakeBreak,
};

/**
 * Options of a heap of any size whose smaller parts are below `horizon`: removals first (nothing
 * or one heap left), then two-heap splits a + (r - a) for a = 1, 2, … interleaved over the
 * removals, then three-heap splits a + b + c with a, b - a below the horizon. With a proved
 * period p and preperiod e, horizon e + p shows every value an option can take.
 */
function* farTakeBreakOptions(
  digits: readonly number[],
  unequal: readonly boolean[],
  n: bigint,
  horizon: number,
): Generator<bigint[]> {
  for (let k = 0; k < digits.length && BigInt(k) <= n; k++) {
    const r = n - BigInt(k);
    if (digits[k] & 1 && r === 0n) yield [];
    if (digits[k] & 2 && r >= 1n) yield [r];
  }
  for (let a = 1n; a < BigInt(horizon); a++) {
    for (let k = 0; k < digits.length && BigInt(k) <= n; k++) {
      const r = n - BigInt(k);
      if (digits[k] & 4 && 2n * a <= r && !(unequal[k] && 2n * a === r)) yield [a, r - a];
    }
  }
  if (!digits.some((d) => d & 8)) return;
  for (let a = 1n; a < BigInt(horizon) && 3n * a <= n; a++) {
    for (let b = a; b < a + BigInt(horizon) && a + 2n * b <= n; b++) {
      for (let k = 0; k < digits.length && BigInt(k) <= n; k++) {
        const r = n - BigInt(k);
        const c = r - a - b;
        if (!(digits[k] & 8) || c < b || (unequal[k] && (a === b || b === c))) continue;
        yield [a, b, c];
      }
    }
  }
}

/** Canonical code text: d0['!'] '.' d1…; at least one digit after the point; hex digits upper case. */
function formatCode(digits: readonly number[], unequal: readonly boolean[]): string {
  const digit = (k: number) => (digits[k] ?? 0).toString(16).toUpperCase() + (unequal[k] ? '!' : '');
  let out = digit(0) + '.';
  if (digits.length <= 1) return out + '0';
  for (let k = 1; k < digits.length; k++) out += digit(k);
  return out;
}

/**
 * Every option of a heap of n: for each removal k allowed by d_k, the heaps left (ascending,
 * zeros omitted). Lazily generated: a heap of n has O(n) two-heap and O(n^2) three-heap options.
 */
function* takeBreakOptions(digits: readonly number[], unequal: readonly boolean[], n: number): Generator<number[]> {
  for (let k = 0; k < digits.length && k <= n; k++) {
    const d = digits[k];
    if (d === 0) continue;
    const r = n - k;
    const distinct = unequal[k];
    if (d & 1 && r === 0) yield [];
    if (d & 2 && r >= 1) yield [r];
    if (d & 4) {
      for (let a = 1; 2 * a <= r; a++) {
        if (distinct && 2 * a === r) continue;
        yield [a, r - a];
      }
    }
    if (d & 8) {
      for (let a = 1; 3 * a <= r; a++) {
        for (let b = a; a + 2 * b <= r; b++) {
          const c = r - a - b;
          if (distinct && (a === b || b === c)) continue;
          yield [a, b, c];
        }
      }
    }
  }
}
