/** Equations (PROBLEMS.md problem 6): solutions of 1/x + 1/y = 1/N!, i.e. divisors of (N!)^2. */

/** The judge's modulus, 1000007 (= 29 * 34483, not prime; only products are taken). */
export const EQUATIONS_MODULUS = 1_000_007;

/**
 * With M = N!, 1/x + 1/y = 1/M is (x - M)(y - M) = M^2 with x, y > M, so the solutions are the
 * divisors d of M^2 (x = M + d). Their number is the product over primes p <= N of (2 e_p + 1),
 * e_p = sum_k floor(N / p^k) (Legendre's formula for the exponent of p in N!).
 *
 * Sieve of Eratosthenes over odd numbers only (a byte per odd number, N/2 bytes: 5 MB at N = 1e7),
 * crossing out from p^2; then one Legendre sum per prime. O(N log log N) time. Each factor
 * 2 e_p + 1 <= 2N + 1 < 2^25 and the running product stays below the modulus < 2^20, so every
 * product is below 2^45 and exact in doubles. Returns the count mod 1000007; N = 0 gives 1 (0! = 1).
 */
export function equationsCount(n: number, modulus = EQUATIONS_MODULUS): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`N must be a non-negative integer, got ${n}`);
  if (!Number.isSafeInteger(modulus) || modulus < 1 || modulus > 2 ** 26)
    throw new RangeError(`modulus must be in 1..2^26, got ${modulus}`);
  let product = 1 % modulus;
  if (n < 2) return product;
  product = (product * ((2 * legendre(n, 2) + 1) % modulus)) % modulus;
  // composite[i] marks the odd number 2i + 1.
  const half = (n + 1) >> 1;
  const composite = new Uint8Array(half);
  for (let i = 1; i < half; i++) {
    if (composite[i] !== 0) continue;
    const p = 2 * i + 1;
    if (p * p <= n) for (let j = (p * p) >> 1; j < half; j += p) composite[j] = 1;
    product = (product * ((2 * legendre(n, p) + 1) % modulus)) % modulus;
  }
  return product;
}

/** Exponent of the prime p in n! (Legendre): sum of floor(n / p^k). */
export function legendre(n: number, p: number): number {
  let e = 0;
  for (let q = Math.floor(n / p); q > 0; q = Math.floor(q / p)) e += q;
  return e;
}

/**
 * A second reference, fast enough for the judge's samples: factorises every k = 2..N by trial
 * division (no sieve, no Legendre formula), adds twice each exponent (N!^2 is the product of the
 * k^2), then multiplies (exponent + 1) mod `modulus`. O(N sqrt N) in the worst case; about a second
 * at N = 1e6.
 */
export function equationsCountByTrialDivision(n: number, modulus = EQUATIONS_MODULUS): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`N must be a non-negative integer, got ${n}`);
  const exponent = new Float64Array(n + 1);
  for (let k = 2; k <= n; k++) {
    let m = k;
    for (let d = 2; d * d <= m; d++) {
      while (m % d === 0) {
        exponent[d] += 2;
        m /= d;
      }
    }
    if (m > 1) exponent[m] += 2;
  }
  let product = 1 % modulus;
  for (let p = 2; p <= n; p++) if (exponent[p] > 0) product = (product * ((exponent[p] + 1) % modulus)) % modulus;
  return product;
}

/**
 * The reference: builds (N!)^2 as a BigInt and counts its divisors by factorising it with trial
 * division (d = 2, 3, 4, ... while d^2 <= what is left), multiplying (exponent + 1) over the
 * factors found. Knows nothing of Legendre's formula or sieves; exact, not reduced. Slow: only for
 * small N (a few hundred).
 */
export function divisorCountOfFactorialSquare(n: number): bigint {
  let rest = 1n;
  for (let k = 2n; k <= BigInt(n); k++) rest *= k;
  rest *= rest;
  let divisors = 1n;
  for (let d = 2n; d * d <= rest; d++) {
    let e = 0n;
    while (rest % d === 0n) {
      rest /= d;
      e++;
    }
    divisors *= e + 1n;
  }
  if (rest > 1n) divisors *= 2n;
  return divisors;
}
