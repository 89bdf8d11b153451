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
 * Inputs are never modified. Products work in place on one scratch stack (no allocation per step:
 * it was most of their time); the rarer operations allocate their halves.
 */
import { half32, high, inverse32, mul32, mul64, sqrt32, square32 } from './word.ts';

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

/**
 * Scratch words for the products' temporaries, used as a stack (the recursion is depth first): a
 * product of n words needs 4n/2 + 4n/4 + ... < 4n below its frame. Sized by the entry points before
 * a recursion starts (growing it inside one would strand the callers' references to the old array).
 */
let scratch = new Uint32Array(1024);
let top = 0;

function reserve(words: number): void {
  if (top + 4 * words > scratch.length) scratch = new Uint32Array(Math.max(2 * scratch.length, top + 4 * words));
}

/** out[o..o+m) = x[xo..xo+m) ⊗ 2^(32m - 1), the product by F/2 of the next level up (out apart from x). */
function halfInto(x: Uint32Array, xo: number, m: number, out: Uint32Array, o: number): void {
  if (m === 1) {
    out[o] = half32(x[xo]);
    return;
  }
  const h = m >>> 1;
  // u = x1 ⊗ g in the high half, u ⊗ g in the low half, then the high half gains x0 ⊗ g.
  halfInto(x, xo + h, h, out, o + h);
  halfInto(out, o + h, h, out, o);
  const t = top;
  top += h;
  halfInto(x, xo, h, scratch, t);
  for (let i = 0; i < h; i++) out[o + h + i] ^= scratch[t + i];
  top = t;
}

function zeroAt(x: Uint32Array, from: number, length: number): boolean {
  for (let i = from; i < from + length; i++) if (x[i] !== 0) return false;
  return true;
}

/** out[o..o+n) = a[ao..ao+n) ⊗ b[bo..bo+n) (out apart from a and b). */
function mulInto(a: Uint32Array, ao: number, b: Uint32Array, bo: number, n: number, out: Uint32Array, o: number): void {
  if (n === 1) {
    out[o] = mul32(a[ao], b[bo]);
    return;
  }
  if (n === 2) {
    out[o] = mul64(a[ao + 1], a[ao], b[bo + 1], b[bo]);
    out[o + 1] = high;
    return;
  }
  const h = n >>> 1;
  const a1zero = zeroAt(a, ao + h, h);
  const b1zero = zeroAt(b, bo + h, h);
  mulInto(a, ao, b, bo, h, out, o);
  // A factor below F multiplies each half on its own (F ⊗ y = F·y).
  if (a1zero && b1zero) {
    out.fill(0, o + h, o + n);
    return;
  }
  if (b1zero || a1zero) {
    if (b1zero) mulInto(a, ao + h, b, bo, h, out, o + h);
    else mulInto(a, ao, b, bo + h, h, out, o + h);
    return;
  }
  const sa = top;
  const sb = sa + h;
  const t1 = sb + h;
  const t2 = t1 + h;
  top = t2 + h;
  for (let i = 0; i < h; i++) {
    scratch[sa + i] = a[ao + i] ^ a[ao + h + i];
    scratch[sb + i] = b[bo + i] ^ b[bo + h + i];
  }
  mulInto(scratch, sa, scratch, sb, h, scratch, t1);
  for (let i = 0; i < h; i++) out[o + h + i] = scratch[t1 + i] ^ out[o + i];
  mulInto(a, ao + h, b, bo + h, h, scratch, t1);
  halfInto(scratch, t1, h, scratch, t2);
  for (let i = 0; i < h; i++) out[o + i] ^= scratch[t2 + i];
  top = sa;
}

/** x ⊗ 2^(32n - 1) for x of n words: the product by F/2 of the next level up. */
export function halfWords(x: Uint32Array): Uint32Array {
  const out = new Uint32Array(x.length);
  reserve(x.length);
  halfInto(x, 0, x.length, out, 0);
  return out;
}

/** a ⊗ b for a, b of one power-of-two length n. */
export function mulWords(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length);
  reserve(a.length);
  mulInto(a, 0, b, 0, a.length, out, 0);
  return out;
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
