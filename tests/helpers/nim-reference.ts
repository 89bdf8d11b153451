/** A slow, table-free nim-product: the test's independent reference and the benchmark's baseline. */

/**
 * The halves rule on plain bigints, without tables or word arrays (the Karatsuba split over Fermat
 * 2-powers down to single bits): correct for values of any size, and slow.
 */
export function plainNimProduct(a: bigint, b: bigint, bits = 0n): bigint {
  if (a < 2n || b < 2n) return a * b;
  if (bits === 0n) {
    bits = 1n;
    while (a >> bits !== 0n || b >> bits !== 0n) bits <<= 1n;
  }
  const half = bits >> 1n;
  const mask = (1n << half) - 1n;
  const [a1, a0, b1, b0] = [a >> half, a & mask, b >> half, b & mask];
  const low = plainNimProduct(a0, b0, half);
  const cross = plainNimProduct(a1 ^ a0, b1 ^ b0, half) ^ low;
  const top = plainNimProduct(plainNimProduct(a1, b1, half), 1n << (half - 1n), half);
  return (cross << half) | (low ^ top);
}
