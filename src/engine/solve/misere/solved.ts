/**
 * Solved misère quotients: the pretending function Φ (heap → element of the quotient) proved
 * periodic, so the quotient of heaps 0..N answers heaps of every size.
 *
 * The periodicity theorem (Plambeck & Siegel, "Misère quotients for impartial games", JCTA 115
 * (2008); Siegel, "Misère games and misère quotients", Games of No Chance 5), in the form nimber
 * proves and applies (docs/misere.md has the proof): with Φ read in the one quotient of heaps 0..N,
 * when Φ(n + p) = Φ(n) for all n >= e with n + p <= N and N + 1 >= `certificationLength(e, p)` (for
 * octal games splitting into two heaps 2e' + 2p + k, e' = max(e, 1), k the largest removal: the
 * Guy–Smith range e <= n < 2e' + p + k), then Φ(n + p) = Φ(n) for every n >= e and the quotient never
 * grows again. The family's bound matches every option of heap m = N + 1 with an option of heap m − p
 * whose heaps are the same except one shifted by p (both >= e), so heap m with element Φ(m − p) has
 * heap m − p's element and options' elements and passes the quotient's verification (no P-to-P move,
 * a move from every N to P) exactly as heap m − p did; by induction every heap does. CGSuite's
 * MisereSolver asks two heaps more (2e + 2p + k + 2): a margin; tests/…/periodicity-bound.test.ts
 * shows games that one heap fewer than nimber's bound would call solved wrongly.
 */
import { InputError, isInputError } from '../../errors.ts';
import type { HeapRuleset } from '../../types.ts';
import { MAX_QUOTIENT_HEAP, type MisereQuotient, misereQuotient } from './quotient.ts';

/** The period of a solved quotient's pretending function. */
export interface MisereSolution {
  /** Φ(n + period) = Φ(n) for every n >= preperiod. */
  readonly preperiod: number;
  readonly period: number;
  /** The heaps 0..proofLength − 1 the theorem needs computed (proofLength <= maxHeap + 1). */
  readonly proofLength: number;
}

/** A quotient and the proof that it answers every heap. */
export interface SolvedQuotient {
  readonly quotient: MisereQuotient;
  readonly solution: MisereSolution;
}

/**
 * The smallest period of the quotient's pretending function that the theorem proves from the
 * heaps computed, or null (no theorem for the ruleset, or no period proved yet).
 */
export function misereSolution(ruleset: HeapRuleset, q: MisereQuotient): MisereSolution | null {
  return provedPhiPeriod(ruleset, q.heapElement, q.maxHeap + 1);
}

/**
 * The smallest period of a pretending function Φ(0..length − 1) (elements of one quotient) that the
 * theorem proves from those heaps, or null. Each period p is scanned back from the end while
 * Φ(n + p) = Φ(n), so a Φ that is not periodic costs about one comparison per p.
 */
export function provedPhiPeriod(ruleset: HeapRuleset, phi: Int32Array, length: number): MisereSolution | null {
  const theorem = ruleset.certificationLength;
  if (!theorem) return null;
  for (let p = 1; p < length; p++) {
    let e = length - p;
    while (e > 0 && phi[e - 1 + p] === phi[e - 1]) e--;
    const proofLength = theorem(e, p);
    if (proofLength <= length) return { preperiod: e, period: p, proofLength };
  }
  return null;
}

/** Largest heaps tried, in turn, when looking for a proof (each quotient is built afresh). */
const SOLVE_STEPS = [60, 120, 250, 500, MAX_QUOTIENT_HEAP];

/**
 * The quotient of the ruleset with a proof that its pretending function is periodic, computing
 * quotients of heaps up to 60, 120, … 1,000 until the theorem applies; null when it does not within
 * those (or the quotient passes its limits first).
 */
export function solveMisereQuotient(ruleset: HeapRuleset): SolvedQuotient | null {
  if (!ruleset.certificationLength) return null;
  for (const max of SOLVE_STEPS) {
    if (max > ruleset.maxHeap) break;
    let quotient: MisereQuotient;
    try {
      quotient = misereQuotient(ruleset, max);
    } catch (e) {
      if (isInputError(e) && e.kind === 'too-large') return null;
      throw e;
    }
    const solution = misereSolution(ruleset, quotient);
    if (solution) return { quotient, solution };
  }
  return null;
}

/** The solved quotient, or one line saying why heaps this large get no misère answer. */
export function requireSolvedQuotient(ruleset: HeapRuleset, largest: bigint): SolvedQuotient {
  const solved = solveMisereQuotient(ruleset);
  if (!solved)
    throw new InputError(
      `heap ${largest} is above ${MAX_QUOTIENT_HEAP}: misère play answers it only from a solved quotient, and no period of ${ruleset.spec}'s misère quotient is proved within heaps 0..${MAX_QUOTIENT_HEAP}`,
      'too-large',
    );
  return solved;
}

/** Φ(heap) for a heap of any size. */
export function solvedElementOf(s: SolvedQuotient, heap: bigint): number {
  const { preperiod, period } = s.solution;
  const q = s.quotient;
  if (heap <= BigInt(q.maxHeap)) return q.heapElement[Number(heap)];
  const n = preperiod + Number((heap - BigInt(preperiod)) % BigInt(period));
  return q.heapElement[n];
}

/**
 * How many heaps of 0..max have each element (exact bigints): the computed heaps one by one, the
 * rest by their residues modulo the period.
 */
export function solvedElementCounts(s: SolvedQuotient, max: bigint): Map<number, bigint> {
  const counts = new Map<number, bigint>();
  const add = (e: number, c: bigint) => counts.set(e, (counts.get(e) ?? 0n) + c);
  const q = s.quotient;
  const { preperiod, period } = s.solution;
  const direct = max < BigInt(preperiod) ? Number(max) : preperiod - 1;
  for (let h = 0; h <= direct; h++) add(q.heapElement[h], 1n);
  if (max >= BigInt(preperiod)) {
    // heaps preperiod..max: residue r (heap preperiod + r + j·period) occurs floor((span − r − 1) / period) + 1 times
    const span = max - BigInt(preperiod) + 1n;
    const P = BigInt(period);
    for (let r = 0; r < period; r++) {
      const R = BigInt(r);
      if (R >= span) break;
      add(q.heapElement[preperiod + r], (span - R - 1n) / P + 1n);
    }
  }
  return counts;
}

/** Most winning moves listed for a misère position with far heaps. */
export const MAX_SOLVED_MOVES = 100;
/** Most options examined per heap. */
const SCAN_BUDGET = 1_000_000;

/** A misère analysis of heaps of any size (bigint) from a solved quotient. */
export interface SolvedMisereAnalysis {
  readonly ruleset: string;
  readonly heaps: bigint[];
  readonly convention: 'misere';
  readonly method: 'quotient';
  readonly outcome: 'P' | 'N';
  /** Winning moves found, at most MAX_SOLVED_MOVES, among the options whose free part is below preperiod + period. */
  readonly winningMoves: { to: bigint[] }[];
  /** True when more winning moves exist (or may exist) than are listed. */
  readonly truncated: boolean;
  readonly genus: null;
  readonly element: string;
  readonly quotientSize: number;
  /** The proved period of the pretending function that answered. */
  readonly solved: MisereSolution;
}

/**
 * Outcome and winning moves of heaps of any size under misère play, from a solved quotient. A huge
 * heap's options are listed by the family's `farOptions` with a free part (the smaller heap of a
 * split, any removal) below preperiod + period + 1: they take every element an option of the heap
 * can take, so a heap with a winning move shows one among them.
 */
export function analyzeSolvedMisere(
  ruleset: HeapRuleset,
  heaps: readonly bigint[],
  solved: SolvedQuotient,
  limit = MAX_SOLVED_MOVES,
): SolvedMisereAnalysis {
  const q = solved.quotient;
  const mul = (a: number, b: number) => q.table[a * q.size + b];
  const elements = heaps.map((h) => solvedElementOf(solved, h));
  const n = heaps.length;
  const prefix = new Int32Array(n + 1);
  const suffix = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = mul(prefix[i], elements[i]);
  for (let i = n - 1; i >= 0; i--) suffix[i] = mul(suffix[i + 1], elements[i]);
  const whole = prefix[n];
  const winningMoves: { to: bigint[] }[] = [];
  let truncated = false;
  const horizon = solved.solution.preperiod + solved.solution.period + 1;
  const seen = new Set<string>();
  if (!q.pPortion[whole]) {
    let full = false;
    for (let i = 0; i < n && !full; i++) {
      const rest = mul(prefix[i], suffix[i + 1]);
      const h = heaps[i];
      let options: Iterable<readonly bigint[]>;
      const far = h > BigInt(q.maxHeap);
      if (!far) {
        options = [...ruleset.heapOptions(Number(h))].map((parts) => parts.map(BigInt));
      } else if (ruleset.farOptions) {
        const listed = ruleset.farOptions(h, horizon);
        options = listed.options;
        if (!listed.complete) truncated = true;
      } else {
        truncated = true;
        continue;
      }
      let scanned = 0;
      for (const parts of options) {
        if (++scanned > SCAN_BUDGET) {
          truncated = true;
          break;
        }
        let e = rest;
        for (const p of parts) e = mul(e, solvedElementOf(solved, p));
        if (!q.pPortion[e]) continue;
        // beyond the horizon the same elements come again: a far heap has more winning moves than listed
        if (far) truncated = true;
        const to = [...heaps.slice(0, i), ...(parts.length === 0 ? [0n] : parts), ...heaps.slice(i + 1)];
        const key = to.join(',');
        if (seen.has(key)) continue;
        if (winningMoves.length >= limit) {
          truncated = full = true;
          break;
        }
        seen.add(key);
        winningMoves.push({ to });
      }
    }
  }
  return {
    ruleset: ruleset.spec,
    heaps: [...heaps],
    convention: 'misere',
    method: 'quotient',
    outcome: q.pPortion[whole] ? 'P' : 'N',
    winningMoves,
    truncated,
    genus: null,
    element: q.words[whole],
    quotientSize: q.size,
    solved: solved.solution,
  };
}
