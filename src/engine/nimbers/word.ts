/**
 * Nim arithmetic on machine words (plain numbers below 2^32, and 64-bit values as two 32-bit halves):
 * the fast path under every larger computation. 16-bit nimbers multiply by logarithm tables
 * (./tables.ts); a 32-bit product is three 16-bit ones by the halves rule over F = 2^16,
 *   a ⊗ b = ((a1 ⊕ a0) ⊗ (b1 ⊕ b0) ⊕ a0 ⊗ b0)·F ⊕ a0 ⊗ b0 ⊕ a1 ⊗ b1 ⊗ F/2,
 * and a 64-bit product three 32-bit ones over F = 2^32 plus a product by 2^31 (three 16-bit products
 * by the constant 2^15). About 12 exponential and 20 logarithm reads per 64-bit product.
 */
import { type NimTables, ORDER16, nimTables } from './tables.ts';

let LOG: Uint16Array = new Uint16Array(0);
let EXP: Uint16Array = new Uint16Array(0);
let LH = 0;

/** Loads the tables into this module's bindings (on the first call of any word operation). */
function load(): NimTables {
  const t = nimTables();
  LOG = t.log;
  EXP = t.exp;
  LH = t.logHalf;
  return t;
}

/** Makes sure the tables are loaded; every exported operation calls it first. */
export function ensureTables(): void {
  if (LH === 0) load();
}

/** a ⊗ b for a, b < 2^16 (tables loaded). */
export function mul16(a: number, b: number): number {
  return a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]];
}

/** a ⊗ 2^15 for a < 2^16: the top bit of the 16-bit field (tables loaded). */
function half16(a: number): number {
  return a === 0 ? 0 : EXP[LOG[a] + LH];
}

/** a ⊗ b for a, b < 2^32 (tables loaded). */
export function mul32(a: number, b: number): number {
  const a1 = a >>> 16;
  const a0 = a & 0xffff;
  const b1 = b >>> 16;
  const b0 = b & 0xffff;
  const low = mul16(a0, b0);
  if ((a1 | b1) === 0) return low;
  const cross = mul16(a1 ^ a0, b1 ^ b0) ^ low;
  const top = a1 === 0 || b1 === 0 ? 0 : EXP[LOG[a1] + LOG[b1] + LH];
  return ((cross << 16) | (low ^ top)) >>> 0;
}

/** x ⊗ 2^31 for x < 2^32 (2^31 = 2^16 ⊗ 2^15: the top bit of the 32-bit field; tables loaded). */
export function half32(x: number): number {
  const u1 = half16(x >>> 16);
  const u0 = half16(x & 0xffff);
  return (((u1 ^ u0) << 16) | half16(u1)) >>> 0;
}

/** a ⊗ a for a < 2^32: the Frobenius map is additive, so a square is two half squares (tables loaded). */
export function square32(a: number): number {
  const a1 = a >>> 16;
  const a0 = a & 0xffff;
  const s1 = a1 === 0 ? 0 : EXP[2 * LOG[a1]];
  const s0 = a0 === 0 ? 0 : EXP[2 * LOG[a0]];
  return ((s1 << 16) | (s0 ^ half16(s1))) >>> 0;
}

/** The square root of a < 2^16: exp(log a / 2), with log a made even by adding the odd group order. */
function sqrt16(a: number): number {
  if (a === 0) return 0;
  const l = LOG[a];
  return EXP[(l & 1 ? l + ORDER16 : l) >>> 1];
}

/** The square root of a < 2^32 (tables loaded): sqrt(a1·F ⊕ a0) = sqrt(a1)·F ⊕ sqrt(a0 ⊕ a1 ⊗ F/2). */
export function sqrt32(a: number): number {
  const a1 = a >>> 16;
  return ((sqrt16(a1) << 16) | sqrt16((a & 0xffff) ^ half16(a1))) >>> 0;
}

/**
 * The inverse of 0 < a < 2^32 (tables loaded): over the quadratic extension F^2 = F ⊕ F/2 the
 * conjugate of a1·F ⊕ a0 is a1·F ⊕ a0 ⊕ a1, their product the norm a0 ⊗ (a0 ⊕ a1) ⊕ a1² ⊗ F/2 in
 * the subfield, and inv(a) = conjugate ⊗ inv(norm).
 */
export function inverse32(a: number): number {
  const a1 = a >>> 16;
  const a0 = a & 0xffff;
  if (a1 === 0) return EXP[ORDER16 - LOG[a0]];
  const norm = mul16(a0, a0 ^ a1) ^ EXP[2 * LOG[a1] + LH];
  const li = ORDER16 - LOG[norm];
  return ((EXP[LOG[a1] + li] << 16) | mul16(a0 ^ a1, EXP[li])) >>> 0;
}

/**
 * (ahi·2^32 + alo) ⊗ (bhi·2^32 + blo) for 32-bit halves; the low half of the result is returned and
 * the high half left in `high` (tables loaded).
 */
export function mul64(ahi: number, alo: number, bhi: number, blo: number): number {
  const low = mul32(alo, blo);
  if ((ahi | bhi) === 0) {
    high = 0;
    return low;
  }
  high = (mul32(ahi ^ alo, bhi ^ blo) ^ low) >>> 0;
  return (low ^ half32(mul32(ahi, bhi))) >>> 0;
}

/** The high half of the last mul64 result. */
export let high = 0;

/** The nim-product of two values below 2^32 (a plain number, exact). */
export function nimProductSmall(a: number, b: number): number {
  ensureTables();
  return mul32(a >>> 0, b >>> 0);
}

/**
 * out[i] = a[i] ⊗ b[i] for 64-bit values in TypeScript (the WebAssembly kernel's fallback; see
 * ./batch.ts). The arrays are read as 32-bit halves in the platform's byte order (little-endian on
 * every runtime nimber targets). The word products are written out here with the tables in locals:
 * V8 runs this loop about twice as fast as one calling mul64.
 */
export function jsNimProductArray(a: BigUint64Array, b: BigUint64Array, out: BigUint64Array): BigUint64Array {
  if (a.length !== b.length || out.length !== a.length)
    throw new RangeError('nimProductArray: a, b and out must have one length');
  const { log, exp, logHalf } = load();
  const m16 = (x: number, y: number): number => (x === 0 || y === 0 ? 0 : exp[log[x] + log[y]]);
  const h16 = (x: number): number => (x === 0 ? 0 : exp[log[x] + logHalf]);
  const m32 = (x: number, y: number): number => {
    const x1 = x >>> 16;
    const x0 = x & 0xffff;
    const y1 = y >>> 16;
    const y0 = y & 0xffff;
    const low = m16(x0, y0);
    const top = x1 === 0 || y1 === 0 ? 0 : exp[log[x1] + log[y1] + logHalf];
    return ((m16(x1 ^ x0, y1 ^ y0) ^ low) << 16) | (low ^ top);
  };
  const a32 = new Uint32Array(a.buffer, a.byteOffset, 2 * a.length);
  const b32 = new Uint32Array(b.buffer, b.byteOffset, 2 * b.length);
  const o32 = new Uint32Array(out.buffer, out.byteOffset, 2 * out.length);
  for (let i = 0; i < a32.length; i += 2) {
    const alo = a32[i];
    const ahi = a32[i + 1];
    const blo = b32[i];
    const bhi = b32[i + 1];
    const low = m32(alo, blo);
    const top = m32(ahi, bhi);
    const u1 = h16(top >>> 16);
    const u0 = h16(top & 0xffff);
    o32[i] = low ^ (((u1 ^ u0) << 16) | h16(u1));
    o32[i + 1] = m32(ahi ^ alo, bhi ^ blo) ^ low;
  }
  return out;
}
