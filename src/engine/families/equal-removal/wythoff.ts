/** Wythoff's P-positions from Beatty's formula, in exact integer arithmetic (no floating φ). */

/** floor(sqrt(v)) for a non-negative bigint (Newton's method from above). */
export function isqrt(v: bigint): bigint {
  if (v < 0n) throw new RangeError('isqrt of a negative number');
  if (v < 2n) return v;
  let x = BigInt(Math.floor(Math.sqrt(Number(v)))) + 1n; // an upper bound, refined below
  while (x * x > v) x = (x + v / x) >> 1n;
  while ((x + 1n) * (x + 1n) <= v) x++;
  return x;
}

/**
 * The k-th P-position of Wythoff's game, (floor(kφ), floor(kφ²)) with φ = (1 + √5) / 2.
 * floor(kφ) = floor((k + k√5) / 2) = floor((k + floor(√(5k²))) / 2) because k is an integer,
 * and floor(kφ²) = floor(kφ) + k since φ² = φ + 1.
 */
export function wythoffPair(k: number): [number, number] {
  if (!Number.isSafeInteger(k) || k < 0) throw new RangeError(`k must be a non-negative integer, got ${k}`);
  const K = BigInt(k);
  const a = Number((K + isqrt(5n * K * K)) / 2n);
  return [a, a + k];
}
