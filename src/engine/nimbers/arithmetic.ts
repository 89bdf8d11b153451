/**
 * The field of nimbers on bigints of any size: nim-sum, product, square, square root, inverse,
 * division and power. Values below 2^32 use the word kernels directly, larger ones the word-array
 * recursion of ./words.ts in the smallest field of 2^(32n) nimbers (n words, a power of two) holding
 * both operands: every such field is closed under these operations.
 */
import { InputError } from '../errors.ts';
import { ORDER16, nimTables } from './tables.ts';
import { ensureTables, high, inverse32, mul32, mul64, sqrt32, square32 } from './word.ts';
import { inverseWords, mulWords, sqrtWords, squareWords } from './words.ts';

const WORD = 0xffff_ffffn;

function natural(x: bigint, what: string): void {
  if (x < 0n) throw new RangeError(`${what}: nimbers are non-negative integers, got ${x}`);
}

/** Bits of x (0 for 0). */
export function bitLength(x: bigint): number {
  if (x === 0n) return 0;
  const hex = x.toString(16);
  return (hex.length - 1) * 4 + 32 - Math.clz32(Number.parseInt(hex[0], 16));
}

/**
 * The exponent 2^k of the smallest field of nimbers holding x: the nimbers below 2^(2^k) form a field,
 * and x lies in it iff x < 2^(2^k) (1 for 0 and 1: the field {0, 1}).
 */
export function fieldBits(x: bigint): number {
  const bits = bitLength(x);
  let size = 1;
  while (size < bits) size *= 2;
  return size;
}

/** Words of the smallest field of 2^(32n) nimbers holding every value. */
function wordsFor(...values: bigint[]): number {
  let top = 0n;
  for (const v of values) if (v > top) top = v;
  const words = Math.ceil(bitLength(top) / 32);
  let n = 1;
  while (n < words) n *= 2;
  return n;
}

/** x as n little-endian 32-bit words (x < 2^(32n)). */
function toWords(x: bigint, n: number): Uint32Array {
  const words = new Uint32Array(n);
  const hex = x.toString(16);
  for (let i = 0, end = hex.length; end > 0; i++, end -= 8)
    words[i] = Number.parseInt(hex.slice(Math.max(0, end - 8), end), 16);
  return words;
}

function fromWords(words: Uint32Array): bigint {
  let hex = '';
  for (let i = words.length - 1; i >= 0; i--) hex += words[i].toString(16).padStart(8, '0');
  return BigInt(`0x${hex}`);
}

/** The nim-sum a ⊕ b (bitwise exclusive or): the field's addition, each element its own negative. */
export function nimSum(a: bigint, b: bigint): bigint {
  natural(a, 'nim-sum');
  natural(b, 'nim-sum');
  return a ^ b;
}

/** The nim-product a ⊗ b of two non-negative bigints of any size. */
export function nimProduct(a: bigint, b: bigint): bigint {
  natural(a, 'nim-product');
  natural(b, 'nim-product');
  if (a < 2n || b < 2n) return a * b;
  ensureTables();
  if (a <= WORD && b <= WORD) return BigInt(mul32(Number(a), Number(b)));
  if (a >> 64n === 0n && b >> 64n === 0n) {
    const low = mul64(Number(a >> 32n), Number(a & WORD), Number(b >> 32n), Number(b & WORD));
    return (BigInt(high) << 32n) | BigInt(low);
  }
  const n = wordsFor(a, b);
  return fromWords(mulWords(toWords(a, n), toWords(b, n)));
}

/** a ⊗ a, cheaper than a product: squaring is additive (the Frobenius automorphism). */
export function nimSquare(a: bigint): bigint {
  natural(a, 'nim-square');
  ensureTables();
  if (a <= WORD) return BigInt(square32(Number(a)));
  return fromWords(squareWords(toWords(a, wordsFor(a))));
}

/** The nim-square root: the one r with r ⊗ r = a (squaring is a bijection of every finite field of nimbers). */
export function nimSqrt(a: bigint): bigint {
  natural(a, 'nim-square root');
  ensureTables();
  if (a <= WORD) return BigInt(sqrt32(Number(a)));
  return fromWords(sqrtWords(toWords(a, wordsFor(a))));
}

/** The nim-inverse: the one r with a ⊗ r = 1; an InputError for 0. */
export function nimInverse(a: bigint): bigint {
  natural(a, 'nim-inverse');
  if (a === 0n) throw new InputError('0 has no nim-inverse (division by zero)');
  ensureTables();
  if (a <= WORD) return BigInt(inverse32(Number(a)));
  return fromWords(inverseWords(toWords(a, wordsFor(a))));
}

/** The nim-quotient a ⊘ b = a ⊗ inv(b); an InputError for b = 0. */
export function nimDivide(a: bigint, b: bigint): bigint {
  natural(a, 'nim-division');
  if (b === 0n) throw new InputError('nim-division by 0');
  return nimProduct(a, nimInverse(b));
}

/**
 * a^e in nim multiplication (a^0 = 1, also for a = 0). The exponent is first reduced modulo the order
 * 2^(32n) - 1 of the multiplicative group of the field holding a, so the work is at most 32n squarings
 * and products whatever the size of e; below 2^16 it is one logarithm product.
 */
export function nimPower(a: bigint, e: bigint): bigint {
  natural(a, 'nim-power');
  if (e < 0n) throw new RangeError(`nim-power: the exponent must be non-negative, got ${e}`);
  if (e === 0n) return 1n;
  if (a < 2n) return a;
  ensureTables();
  if (a < 0x1_0000n) return BigInt(powerBelow16(Number(a), Number(e % BigInt(ORDER16))));
  const n = wordsFor(a);
  const reduced = e % ((1n << BigInt(32 * n)) - 1n);
  if (reduced === 0n) return 1n;
  if (n === 1) {
    let result = 1;
    const x = Number(a);
    for (const bit of reduced.toString(2)) {
      result = square32(result);
      if (bit === '1') result = mul32(result, x);
    }
    return BigInt(result);
  }
  const base = toWords(a, n);
  let result = toWords(1n, n);
  for (const bit of reduced.toString(2)) {
    result = squareWords(result);
    if (bit === '1') result = mulWords(result, base);
  }
  return fromWords(result);
}

/** a^e for 0 < a < 2^16 and 0 <= e < 65535: exp(e · log a). */
function powerBelow16(a: number, e: number): number {
  const { log, exp } = nimTables();
  return exp[(log[a] * e) % ORDER16];
}
