/**
 * Logarithm and exponential tables of the nimbers below 2^16, the field GF(2^16) (Conway, On Numbers
 * and Games ch. 6): every non-zero x is EXP[i] for one i in 0..65534 (LOG[x] = i), so a product of
 * 16-bit nimbers is one addition and three table reads. Built once, on first use, in about a
 * millisecond: the 8-bit products by the defining halves rule (each row from the products by powers of
 * two, since x ⊗ b is linear in b), 16-bit products from those, then the powers of a generator.
 */

/** The order of the multiplicative group of GF(2^16). */
export const ORDER16 = 65_535;

export interface NimTables {
  /** log[x] for 0 < x < 2^16 (log[0] is unused). */
  readonly log: Uint16Array;
  /**
   * exp[i] = g^(i mod 65535) for 0 <= i < 3·65535, so a sum of up to three logarithms indexes it
   * without a reduction.
   */
  readonly exp: Uint16Array;
  /** log[2^15]: the product by 2^15 (half of the Fermat 2-power 2^16) is an addition of this. */
  readonly logHalf: number;
}

let built: NimTables | undefined;

/** a ⊗ b for a, b < 2^bits, bits a power of two: the defining halves rule, for the 8-bit table only. */
function slowProduct(a: number, b: number, bits: number): number {
  if (a < 2 || b < 2) return a * b;
  const half = bits >>> 1;
  const mask = (1 << half) - 1;
  const a1 = a >>> half;
  const a0 = a & mask;
  const b1 = b >>> half;
  const b0 = b & mask;
  const low = slowProduct(a0, b0, half);
  const cross = slowProduct(a1 ^ a0, b1 ^ b0, half) ^ low;
  const top = slowProduct(slowProduct(a1, b1, half), 1 << (half - 1), half);
  return (cross << half) | (low ^ top);
}

/** The 256 x 256 table of 8-bit nim-products, row a at a·256. */
function productTable8(): Uint8Array {
  const table = new Uint8Array(65_536);
  for (let a = 0; a < 256; a++) {
    const row = a << 8;
    for (let bit = 1; bit < 256; bit <<= 1) table[row | bit] = slowProduct(a, bit, 8);
    for (let b = 3; b < 256; b++) if (b & (b - 1)) table[row | b] = table[row | (b & (b - 1))] ^ table[row | (b & -b)];
  }
  return table;
}

/** The tables, built on the first call. */
export function nimTables(): NimTables {
  if (built) return built;
  const t8 = productTable8();
  const mul16 = (a: number, b: number): number => {
    const a1 = a >>> 8;
    const a0 = a & 255;
    const b1 = b >>> 8;
    const b0 = b & 255;
    const low = t8[(a0 << 8) | b0];
    const cross = t8[((a1 ^ a0) << 8) | (b1 ^ b0)] ^ low;
    return (cross << 8) | (low ^ t8[(t8[(a1 << 8) | b1] << 8) | 128]);
  };
  const power = (x: number, e: number): number => {
    let r = 1;
    for (; e > 0; e >>>= 1, x = mul16(x, x)) if (e & 1) r = mul16(r, x);
    return r;
  };
  // g generates the group of order 65535 = 3·5·17·257 when no g^(65535/p) is 1. Elements below 256
  // lie in the subfield GF(2^8): start above them.
  let g = 256;
  while ([3, 5, 17, 257].some((p) => power(g, ORDER16 / p) === 1)) g++;
  const exp = new Uint16Array(3 * ORDER16);
  for (let i = 0, x = 1; i < ORDER16; i++, x = mul16(x, g)) exp[i] = x;
  for (let i = ORDER16; i < exp.length; i++) exp[i] = exp[i - ORDER16];
  const log = new Uint16Array(65_536);
  for (let i = 0; i < ORDER16; i++) log[exp[i]] = i;
  built = { log, exp, logHalf: log[0x8000] };
  return built;
}
