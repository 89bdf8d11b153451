/**
 * Nim multiplication on integers of any size (the field of nimbers, Conway's On Numbers and Games
 * ch. 6; Lenstra, "Nim multiplication", 1978). With F = 2^(2^k) a Fermat 2-power and a = a1·F ⊕ a0,
 * b = b1·F ⊕ b0 (halves below F), the rules F ⊗ x = F·x for x < F and F ⊗ F = F ⊕ F/2 give
 *   a ⊗ b = ((a1 ⊕ a0) ⊗ (b1 ⊕ b0) ⊕ a0 ⊗ b0)·F  ⊕  a0 ⊗ b0  ⊕  (a1 ⊗ b1) ⊗ F/2,
 * three half-size products and one product by F/2 (Karatsuba's trick): O(n^log2(3)) word products.
 * Values below 2^32 go through the number path; larger ones split as bigints.
 */

/** The nim-product of two values below 2^32 (a plain number, exact). */
export function nimProductSmall(a: number, b: number): number {
  return nimProductBits(a >>> 0, b >>> 0, 32);
}

/** a ⊗ b where a, b < 2^bits and bits is a power of two no larger than 32. */
function nimProductBits(a: number, b: number, bits: number): number {
  if (a < 2 || b < 2) return a * b;
  const half = bits >>> 1;
  const mask = half === 16 ? 0xffff : (1 << half) - 1;
  const a1 = a >>> half;
  const a0 = a & mask;
  const b1 = b >>> half;
  const b0 = b & mask;
  const low = nimProductBits(a0, b0, half);
  const cross = nimProductBits(a1 ^ a0, b1 ^ b0, half) ^ low;
  const top = nimProductBits(a1, b1, half);
  // top ⊗ F/2 with F/2 = 2^(half-1) < F: a product of two values below F.
  const topHalf = nimProductBits(top, 2 ** (half - 1), half);
  return (cross * 2 ** half + (low ^ topHalf)) >>> 0;
}

/** The nim-product of two non-negative bigints of any size. */
export function nimProduct(a: bigint, b: bigint): bigint {
  if (a < 0n || b < 0n) throw new RangeError('nim-products are defined on non-negative integers');
  if (a < 2n || b < 2n) return a * b;
  if (a < 0x1_0000_0000n && b < 0x1_0000_0000n) return BigInt(nimProductSmall(Number(a), Number(b)));
  const top = a > b ? a : b;
  let bits = 64n;
  while (top >> bits !== 0n) bits <<= 1n;
  return nimProductBig(a, b, bits);
}

/** a ⊗ b where a, b < 2^bits, bits a power of two of at least 64. */
function nimProductBig(a: bigint, b: bigint, bits: bigint): bigint {
  if (bits <= 32n) return BigInt(nimProductSmall(Number(a), Number(b)));
  if (a < 2n || b < 2n) return a * b;
  const half = bits >> 1n;
  const mask = (1n << half) - 1n;
  const a1 = a >> half;
  const a0 = a & mask;
  const b1 = b >> half;
  const b0 = b & mask;
  const low = nimProductBig(a0, b0, half);
  const cross = nimProductBig(a1 ^ a0, b1 ^ b0, half) ^ low;
  const top = nimProductBig(a1, b1, half);
  const topHalf = nimProductBig(top, 1n << (half - 1n), half);
  return (cross << half) | (low ^ topHalf);
}
