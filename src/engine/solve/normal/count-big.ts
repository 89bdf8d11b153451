/**
 * Counts of P-positions from a histogram with bigint entries (heap ranges up to 10^18 and beyond,
 * from a proved period), exactly or modulo m. The same transform as count.ts (see there): with
 * V a power of two above every value, Ĥ the Walsh–Hadamard transform of the histogram and
 * a = (T + Ĥ)/2, b = (T - Ĥ)/2 for T heap sizes, the count is (1/V) Σ_w term(Ĥ(w)) with
 *   ordered:  Ĥ^k
 *   sorted:   Σ_j C(a+j-1, j) · (-1)^(k-j) C(b+k-j-1, k-j)
 *   distinct: Σ_j C(a, j) · (-1)^(k-j) C(b, k-j)
 * Each distinct Ĥ is evaluated once: O(V log V + D·k) arithmetic for D distinct transform values.
 *
 * Exact answers have about k·log2(T) bits, so exact counts keep to MAX_HEAPS heaps. Modulo m:
 *   ordered: every term modulo m·V, and the sum divided by V (exact: the true sum is V·count);
 *   sorted, distinct: modulo an odd prime m > k, where j! and V are invertible, so the binomials'
 *   divisions become multiplications by inverses: O(k) per distinct Ĥ, heap counts up to 10^5.
 * Other moduli with more heaps than MAX_HEAPS are refused (InputError).
 */
import { InputError, checkMax } from '../../errors.ts';
import { walshHadamardBig } from '../../kernels/walsh-hadamard.ts';
import { MAX_HEAPS } from '../../limits.ts';
import { MAX_TRANSFORM, transformTerm } from './count.ts';
import { COUNT_ORDERS, type CountOrder } from '../../types.ts';

/** Most heaps in a count modulo m (the answer's size no longer grows with them). */
export const MAX_MOD_HEAPS = 100_000;

/**
 * Largest exact count, in bits of K·log2(T) (about 60,000 decimal digits): the terms' products grow
 * with it, and 1000 heaps over 10^99 sizes (330,000 bits) took half a minute. Counts modulo m have
 * no such bound.
 */
export const MAX_EXACT_BITS = 200_000;

/** Largest modulus accepted (--mod). */
export const MAX_MODULUS = 2n ** 62n;

/** The count of k heaps (in the order) whose values XOR to 0, from a histogram of bigint counts; modulo m when given. */
export function countFromBigHistogram(
  histogram: readonly bigint[],
  k: number,
  order: CountOrder,
  modulus?: bigint,
): bigint {
  if (!COUNT_ORDERS.includes(order))
    throw new InputError(`order must be one of ${COUNT_ORDERS.join(', ')}, got '${order}'`);
  checkHeapCountFor(k, order, modulus);
  let size = 1;
  while (size < histogram.length) size *= 2;
  if (size > MAX_TRANSFORM)
    throw new InputError(
      `Grundy values reach ${histogram.length - 1}: too many for an exact count (limit ${MAX_TRANSFORM})`,
      'too-large',
    );
  const t: bigint[] = new Array<bigint>(size).fill(0n);
  let total = 0n;
  for (let v = 0; v < histogram.length; v++) {
    t[v] = histogram[v];
    total += histogram[v];
  }
  walshHadamardBig(t);
  const multiplicity = new Map<bigint, bigint>();
  for (const hat of t) multiplicity.set(hat, (multiplicity.get(hat) ?? 0n) + 1n);
  const V = BigInt(size);

  if (modulus === undefined) {
    const bits = k * total.toString(2).length;
    if (bits > MAX_EXACT_BITS) {
      throw new InputError(
        `an exact count of ${k} heaps over ${total} heap sizes has about ${Math.round(bits * Math.LOG10E * Math.LN2)} digits, above the maximum of ${Math.round(MAX_EXACT_BITS * Math.LOG10E * Math.LN2)}: count modulo m instead`,
        'too-large',
      );
    }
    let sum = 0n;
    for (const [hat, mult] of multiplicity) sum += mult * transformTerm(hat, total, k, order);
    if (sum % V !== 0n) throw new Error(`internal: transform sum ${sum} not divisible by ${V}`);
    return sum / V;
  }
  if (order === 'ordered') {
    const mv = modulus * V;
    let sum = 0n;
    for (const [hat, mult] of multiplicity) sum = (sum + mult * powMod(mod(hat, mv), BigInt(k), mv)) % mv;
    return sum / V;
  }
  if (isOddPrimeAbove(modulus, k)) {
    const inverses = inverseTable(k, modulus);
    let sum = 0n;
    for (const [hat, mult] of multiplicity)
      sum = (sum + mult * modTerm(hat, total, k, order, modulus, inverses)) % modulus;
    return (sum * powMod(V % modulus, modulus - 2n, modulus)) % modulus;
  }
  // small heap counts: the exact count, reduced
  return countFromBigHistogram(histogram, k, order) % modulus;
}

/** Checks the number of heaps for a count in this order and modulus; returns it. */
export function checkHeapCountFor(k: number, order: CountOrder, modulus?: bigint): number {
  if (!Number.isSafeInteger(k) || k < 1) throw new InputError(`number of heaps must be a positive integer, got ${k}`);
  if (modulus === undefined) return checkMax(k, 'number of heaps (exact count)', MAX_HEAPS);
  checkMax(k, 'number of heaps', MAX_MOD_HEAPS);
  if (k > MAX_HEAPS && order !== 'ordered' && !isOddPrimeAbove(modulus, k)) {
    throw new InputError(
      `counting ${order} positions of more than ${MAX_HEAPS} heaps modulo m needs m to be an odd prime above the number of heaps (${k}), got ${modulus}`,
    );
  }
  return k;
}

/** Checks a modulus: an integer 2..2^62. */
export function checkModulus(m: bigint): bigint {
  if (m < 2n) throw new InputError(`the modulus must be at least 2, got ${m}`);
  if (m > MAX_MODULUS) throw new InputError(`the modulus = ${m} is above the maximum of ${MAX_MODULUS}`, 'too-large');
  return m;
}

/** transformTerm (count.ts) modulo a prime m > k (inverses[j] = 1/j mod m). */
function modTerm(hat: bigint, total: bigint, k: number, order: CountOrder, m: bigint, inverses: bigint[]): bigint {
  const a = mod((total + hat) / 2n, m);
  const b = mod((total - hat) / 2n, m);
  const plus = new Array<bigint>(k + 1);
  const minus = new Array<bigint>(k + 1);
  plus[0] = 1n;
  minus[0] = 1n;
  for (let j = 1; j <= k; j++) {
    const J = BigInt(j);
    if (order === 'sorted') {
      plus[j] = (((plus[j - 1] * ((a + J - 1n) % m)) % m) * inverses[j]) % m;
      minus[j] = mod(-(((minus[j - 1] * ((b + J - 1n) % m)) % m) * inverses[j]), m);
    } else {
      plus[j] = (((plus[j - 1] * mod(a - J + 1n, m)) % m) * inverses[j]) % m;
      minus[j] = mod(-(((minus[j - 1] * mod(b - J + 1n, m)) % m) * inverses[j]), m);
    }
  }
  let s = 0n;
  for (let j = 0; j <= k; j++) s = (s + plus[j] * minus[k - j]) % m;
  return s;
}

function mod(x: bigint, m: bigint): bigint {
  const r = x % m;
  return r < 0n ? r + m : r;
}

function powMod(base: bigint, exponent: bigint, m: bigint): bigint {
  let result = 1n % m;
  let b = base % m;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % m;
    b = (b * b) % m;
    e >>= 1n;
  }
  return result;
}

/** 1/j mod a prime m for j = 1..k (k < m). */
function inverseTable(k: number, m: bigint): bigint[] {
  const inv = new Array<bigint>(k + 1).fill(0n);
  if (k >= 1) inv[1] = 1n;
  for (let j = 2; j <= k; j++) {
    const J = BigInt(j);
    inv[j] = mod(-(m / J) * inv[Number(m % J)], m);
  }
  return inv;
}

/** Whether m is an odd prime above k (Miller–Rabin with the first 12 prime bases: exact below 3.3·10^24). */
export function isOddPrimeAbove(m: bigint, k: number): boolean {
  if (m <= BigInt(k) || m < 3n || m % 2n === 0n) return false;
  const bases = [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n];
  for (const p of bases) {
    if (m === p) return true;
    if (m % p === 0n) return false;
  }
  let d = m - 1n,
    s = 0;
  while (d % 2n === 0n) {
    d /= 2n;
    s++;
  }
  outer: for (const a of bases) {
    let x = powMod(a, d, m);
    if (x === 1n || x === m - 1n) continue;
    for (let r = 1; r < s; r++) {
      x = (x * x) % m;
      if (x === m - 1n) continue outer;
    }
    return false;
  }
  return true;
}
