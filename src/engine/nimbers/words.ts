/**
 * Nim arithmetic on nimbers of any size as arrays of 32-bit words (little-endian, a power-of-two
 * count n: the field of 2^(32n) nimbers). With F = 2^(16n) a Fermat 2-power and x = x1·F ⊕ x0, the
 * rules F ⊗ y = F·y (y < F) and F ⊗ F = F ⊕ F/2 (Conway, On Numbers and Games ch. 6; Lenstra, "Nim
 * multiplication", 1978) give each operation from three or four at half size:
 *   product  a ⊗ b = ((a1 ⊕ a0) ⊗ (b1 ⊕ b0) ⊕ a0 ⊗ b0)·F ⊕ a0 ⊗ b0 ⊕ (a1 ⊗ b1) ⊗ F/2   (Karatsuba)
 *   by F/2   x ⊗ F/2 = (u ⊕ x0 ⊗ g)·F' ⊕ u ⊗ g with F/2 = F'·g one level down, u = x1 ⊗ g
 *   square   a² = a1²·F ⊕ a0² ⊕ a1² ⊗ F/2        (the Frobenius map is additive)
 *   root     √a = √a1·F ⊕ √(a0 ⊕ a1 ⊗ F/2)
 *   inverse  1/a = (a1·F ⊕ a0 ⊕ a1) ⊗ 1/N with the norm N = a0 ⊗ (a0 ⊕ a1) ⊕ a1² ⊗ F/2 < F
 * so a product costs O(n^log2(3)) 32-bit products (./word.ts) and an inverse about as much.
 * Inputs are never modified; halves are views, results fresh arrays.
 */
import { half32, inverse32, mul32, sqrt32, square32 } from './word.ts';

function isZero(x: Uint32Array): boolean {
  for (let i = 0; i < x.length; i++) if (x[i] !== 0) return false;
  return true;
}

function xor(x: Uint32Array, y: Uint32Array): Uint32Array {
  const out = new Uint32Array(x.length);
  for (let i = 0; i < x.length; i++) out[i] = x[i] ^ y[i];
  return out;
}

/** [low, high] as one array of twice the length. */
function join(low: Uint32Array, high: Uint32Array): Uint32Array {
  const out = new Uint32Array(2 * low.length);
  out.set(low);
  out.set(high, low.length);
  return out;
}

/** x ⊗ 2^(32n - 1) for x of n words: the product by F/2 of the next level up. */
export function halfWords(x: Uint32Array): Uint32Array {
  const n = x.length;
  if (n === 1) return Uint32Array.of(half32(x[0]));
  const h = n >>> 1;
  const u1 = halfWords(x.subarray(h));
  return join(halfWords(u1), xor(u1, halfWords(x.subarray(0, h))));
}

/** a ⊗ b for a, b of one power-of-two length n. */
export function mulWords(a: Uint32Array, b: Uint32Array): Uint32Array {
  const n = a.length;
  if (n === 1) return Uint32Array.of(mul32(a[0], b[0]));
  const h = n >>> 1;
  const a0 = a.subarray(0, h);
  const a1 = a.subarray(h);
  const b0 = b.subarray(0, h);
  const b1 = b.subarray(h);
  const a1zero = isZero(a1);
  const b1zero = isZero(b1);
  const low = mulWords(a0, b0);
  // A factor below F multiplies each half on its own (F ⊗ y = F·y).
  if (a1zero && b1zero) return join(low, new Uint32Array(h));
  if (b1zero) return join(low, mulWords(a1, b0));
  if (a1zero) return join(low, mulWords(a0, b1));
  const cross = mulWords(xor(a0, a1), xor(b0, b1));
  const top = halfWords(mulWords(a1, b1));
  for (let i = 0; i < h; i++) {
    cross[i] ^= low[i];
    low[i] ^= top[i];
  }
  return join(low, cross);
}

/** a ⊗ a. */
export function squareWords(a: Uint32Array): Uint32Array {
  const n = a.length;
  if (n === 1) return Uint32Array.of(square32(a[0]));
  const h = n >>> 1;
  const s1 = squareWords(a.subarray(h));
  const low = squareWords(a.subarray(0, h));
  const top = halfWords(s1);
  for (let i = 0; i < h; i++) low[i] ^= top[i];
  return join(low, s1);
}

/** The square root (every nimber has exactly one: squaring is an automorphism of the field). */
export function sqrtWords(a: Uint32Array): Uint32Array {
  const n = a.length;
  if (n === 1) return Uint32Array.of(sqrt32(a[0]));
  const h = n >>> 1;
  const a1 = a.subarray(h);
  return join(sqrtWords(xor(a.subarray(0, h), halfWords(a1))), sqrtWords(a1));
}

/** The inverse of a non-zero a (the caller checks a ≠ 0). */
export function inverseWords(a: Uint32Array): Uint32Array {
  const n = a.length;
  if (n === 1) return Uint32Array.of(inverse32(a[0]));
  const h = n >>> 1;
  const a0 = a.subarray(0, h);
  const a1 = a.subarray(h);
  if (isZero(a1)) return join(inverseWords(a0), new Uint32Array(h));
  const sum = xor(a0, a1);
  const norm = xor(mulWords(a0, sum), halfWords(squareWords(a1)));
  const inverseNorm = inverseWords(norm);
  return join(mulWords(sum, inverseNorm), mulWords(a1, inverseNorm));
}
