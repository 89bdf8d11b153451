/**
 * Exact counts of P-positions over k heaps, from the histogram of Grundy values alone.
 *
 * Let h[v] be the number of heap sizes in 0..N with Grundy value v, V a power of two above every
 * value, and Ĥ(w) = Σ_v h[v]·(-1)^popcount(v&w) its Walsh–Hadamard transform. In the transform
 * domain XOR-convolution is a product and each heap size contributes χ_w = ±1, so with
 * a = (N+1+Ĥ)/2 sizes of sign + and b = (N+1-Ĥ)/2 of sign -:
 *   ordered  (all tuples):  Ĥ^k
 *   sorted   (multisets):   [x^k] (1-x)^-a (1+x)^-b = Σ_j C(a+j-1, j) · (-1)^(k-j) C(b+k-j-1, k-j)
 *   distinct (sets):        [x^k] (1+x)^a (1-x)^b   = Σ_j C(a, j) · (-1)^(k-j) C(b, k-j)
 * and the count is (1/V) Σ_w of that. Terms depend on w only through Ĥ(w), so each distinct
 * transform value is evaluated once: O(V log V + D·k) bigint work for D distinct values.
 */
import { InputError, checkMax } from '../../errors.ts';
import { walshHadamard } from '../../kernels/walsh-hadamard.ts';
import { grundySequence } from './grundy.ts';
import { forEachOraclePPosition } from '../oracle/normal.ts';
import { MAX_HEAPS } from '../../limits.ts';
import type {
  CountOrder,
  CoupledRuleset,
  GrundySequence,
  HeapRuleset,
  PileQuery,
  PositionVisitor,
  TupleRuleset,
} from '../../types.ts';
import { COUNT_ORDERS } from '../../types.ts';

/** Largest Walsh–Hadamard length (Grundy values must stay below it). */
export const MAX_TRANSFORM = 1 << 24;

export interface CountOptions {
  /** Number of heaps (or piles) k >= 1. */
  heapCount: number;
  /** Each heap ranges over 0..max. */
  max: number;
  order?: CountOrder;
}

/** The number of P-positions among k heaps (or piles) of sizes 0..max, counted in the given order. */
export function count(ruleset: TupleRuleset, options: CountOptions): bigint {
  if (ruleset.kind === 'heap') return countPositions(ruleset, options);
  // Coupled games have no Grundy histogram: their own solver (or the oracle) counts the positions.
  return forEachCoupledPPosition(ruleset, { pileCount: options.heapCount, max: options.max, order: options.order });
}

/** Checks a number of heaps for a count; returns it. */
export function checkHeapCount(heapCount: number): number {
  if (!Number.isSafeInteger(heapCount) || heapCount < 1)
    throw new InputError(`number of heaps must be a positive integer, got ${heapCount}`);
  return checkMax(heapCount, 'number of heaps', MAX_HEAPS);
}

/** Heap rulesets: Sprague–Grundy reduces the count to the histogram of single-heap values. */
export function countPositions(ruleset: HeapRuleset, options: CountOptions): bigint {
  const heapCount = checkHeapCount(options.heapCount);
  return countFromSequence(grundySequence(ruleset, options.max), heapCount, options.order ?? 'sorted');
}

/**
 * Visits the P-positions of a coupled ruleset (piles sorted unless the order says otherwise) and
 * returns their number: the family's own solver where it has one, else the oracle.
 */
export function forEachCoupledPPosition(ruleset: CoupledRuleset, query: PileQuery, visit?: PositionVisitor): bigint {
  if (ruleset.forEachPPosition) return ruleset.forEachPPosition(query, visit);
  return forEachOraclePPosition(ruleset, query, visit);
}

/** Histogram of a Grundy sequence: entry v counts the heap sizes whose value is v. */
export function grundyHistogram(sequence: ArrayLike<number>): number[] {
  // One pass over the sequence (it runs once per command, mostly before V8 optimizes it), into
  // a typed array that doubles when a larger value shows up.
  let h = new Float64Array(256);
  let top = 0;
  for (let i = 0; i < sequence.length; i++) {
    const v = sequence[i];
    if (v >= h.length) {
      const wider = new Float64Array(Math.max(v + 1, 2 * h.length));
      wider.set(h);
      h = wider;
    }
    if (v > top) top = v;
    h[v]++;
  }
  return Array.from(h.subarray(0, top + 1));
}

export function countFromSequence(sequence: GrundySequence, k: number, order: CountOrder): bigint {
  return countFromHistogram(grundyHistogram(sequence), k, order);
}

/** The count of k-tuples (in the given order) whose values XOR to 0, from the value histogram. */
export function countFromHistogram(histogram: readonly number[], k: number, order: CountOrder): bigint {
  if (!COUNT_ORDERS.includes(order))
    throw new InputError(`order must be one of ${COUNT_ORDERS.join(', ')}, got '${order}'`);
  let size = 1;
  while (size < histogram.length) size *= 2;
  if (size > MAX_TRANSFORM)
    throw new InputError(
      `Grundy values reach ${histogram.length - 1}: too many for an exact count (limit ${MAX_TRANSFORM})`,
      'too-large',
    );
  const t = new Float64Array(size);
  let total = 0;
  for (let v = 0; v < histogram.length; v++) {
    t[v] = histogram[v];
    total += histogram[v];
  }
  // the entries sum to the number of heap sizes (below 2^53), so the transform stays exact
  walshHadamard(t);
  const multiplicity = new Map<number, bigint>();
  for (let w = 0; w < size; w++) multiplicity.set(t[w], (multiplicity.get(t[w]) ?? 0n) + 1n);
  let sum = 0n;
  for (const [hat, mult] of multiplicity) sum += mult * transformTerm(BigInt(hat), BigInt(total), k, order);
  const V = BigInt(size);
  if (sum % V !== 0n) throw new Error(`internal: transform sum ${sum} not divisible by ${V}`);
  return sum / V;
}

/** The transform-domain term for one value Ĥ of T = `total` heap sizes, exactly; see the file comment. */
export function transformTerm(hat: bigint, total: bigint, k: number, order: CountOrder): bigint {
  if (order === 'ordered') return hat ** BigInt(k);
  const a = (total + hat) / 2n;
  const b = (total - hat) / 2n;
  // plus[j]: coefficient of x^j from the + part; minus[j]: from the - part (with its sign)
  const plus = new Array<bigint>(k + 1);
  const minus = new Array<bigint>(k + 1);
  plus[0] = 1n;
  minus[0] = 1n;
  for (let j = 1; j <= k; j++) {
    const J = BigInt(j);
    if (order === 'sorted') {
      plus[j] = (plus[j - 1] * (a + J - 1n)) / J; // C(a+j-1, j)
      minus[j] = -(minus[j - 1] * (b + J - 1n)) / J; // (-1)^j C(b+j-1, j)
    } else {
      plus[j] = (plus[j - 1] * (a - J + 1n)) / J; // C(a, j)
      minus[j] = -(minus[j - 1] * (b - J + 1n)) / J; // (-1)^j C(b, j)
    }
  }
  let s = 0n;
  for (let j = 0; j <= k; j++) s += plus[j] * minus[k - j];
  return s;
}
