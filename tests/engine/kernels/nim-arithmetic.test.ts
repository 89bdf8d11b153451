/**
 * Nim arithmetic against its defining recursion (every pair below 256), published tables (OEIS,
 * Conway's On Numbers and Games ch. 6), an independent bigint recursion without tables, and the
 * field laws as property tests on random 64-bit and 300-bit values.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fieldBits,
  nimDivide,
  nimInverse,
  nimPower,
  nimProduct,
  nimProductArray,
  nimProductSmall,
  nimSqrt,
  nimSquare,
  nimSum,
} from '../../../src/engine/kernels/nim-arithmetic.ts';
import { isInputError } from '../../../src/engine/errors.ts';
import { jsNimProductArray } from '../../../src/engine/nimbers/word.ts';
import { plainNimProduct } from '../../helpers/nim-reference.ts';

/**
 * a ⊗ b = mex { a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b }, by brute force (row a at a·size). Pairs
 * go by shells max(a, b) = m, (m, 0) .. (m, m) in turn: each needs only earlier shells and earlier
 * entries of its own, so its mirror (b, m) is known when the definition reads it (half the work).
 */
function definingTable(size: number): Uint8Array {
  const table = new Uint8Array(size * size);
  const seen = new Uint32Array(256);
  let stamp = 0;
  for (let a = 0; a < size; a++) {
    for (let b = 0; b <= a; b++) {
      stamp++;
      const rowA = a * size;
      for (let x = 0; x < a; x++) {
        const rowX = x * size;
        const xb = table[rowX + b];
        for (let y = 0; y < b; y++) seen[xb ^ table[rowA + y] ^ table[rowX + y]] = stamp;
      }
      let mex = 0;
      while (seen[mex] === stamp) mex++;
      table[rowA + b] = mex;
      table[b * size + a] = mex;
    }
  }
  return table;
}

/** Entry (n, m) of a table read by antidiagonals n + m = d, n increasing (OEIS's order for A051775). */
function antidiagonals(count: number, entry: (n: number, m: number) => number): number[] {
  const out: number[] = [];
  for (let d = 0; out.length < count; d++) for (let n = 0; n <= d && out.length < count; n++) out.push(entry(n, d - n));
  return out;
}

const u64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
const u300 = fc.bigInt({ min: 0n, max: (1n << 300n) - 1n });
const nonZero = (arb: fc.Arbitrary<bigint>) => arb.filter((x) => x !== 0n);

describe('nim multiplication against its definition and published values', () => {
  it('agrees with the defining mex recursion on every pair below 256', () => {
    const table = definingTable(256);
    for (let a = 0; a < 256; a++)
      for (let b = 0; b < 256; b++) {
        const expected = table[a * 256 + b];
        if (nimProductSmall(a, b) !== expected) expect(`${a} ⊗ ${b} = ${nimProductSmall(a, b)}`).toBe(`${expected}`);
        if (nimProduct(BigInt(a), BigInt(b)) !== BigInt(expected))
          expect(`${a} ⊗ ${b} = ${nimProduct(BigInt(a), BigInt(b))}`).toBe(`${expected}`);
      }
  });

  it('gives the nim-multiplication table of OEIS A051775 (read by antidiagonals)', () => {
    const a051775 = [
      0, 0, 0, 0, 1, 0, 0, 2, 2, 0, 0, 3, 3, 3, 0, 0, 4, 1, 1, 4, 0, 0, 5, 8, 2, 8, 5, 0, 0, 6, 10, 12, 12, 10, 6, 0, 0,
      7, 11, 15, 6, 15, 11, 7, 0, 0, 8, 9, 13, 2, 2, 13, 9, 8, 0, 0, 9, 12, 14, 14, 7, 14, 14, 12, 9, 0, 0, 10, 14, 4,
      10, 8, 8, 10, 4, 14, 10, 0, 0, 11, 15, 7, 11,
    ];
    expect(antidiagonals(a051775.length, nimProductSmall)).toEqual(a051775);
  });

  it('gives the values Conway lists (ONAG ch. 6): 2⊗2 = 3, 4⊗4 = 6, 8⊗8 = 13, 16⊗16 = 24', () => {
    expect([2, 4, 8, 16].map((x) => nimProductSmall(x, x))).toEqual([3, 6, 13, 24]);
  });

  it('squares a Fermat 2-power F = 2^(2^k) to 3F/2 and multiplies distinct ones ordinarily (ONAG ch. 6)', () => {
    for (let k = 0n; k <= 12n; k++) {
      const fermat = 1n << (1n << k);
      expect(nimProduct(fermat, fermat)).toBe(fermat + fermat / 2n);
      expect(nimSquare(fermat)).toBe(fermat + fermat / 2n);
      for (let j = 0n; j < k; j++) expect(nimProduct(fermat, 1n << (1n << j))).toBe(fermat << (1n << j));
    }
  });

  it('matches the nim-squares of OEIS A006042, square roots of A160679 and inverses of A051917', () => {
    const a006042 = [
      0, 1, 3, 2, 6, 7, 5, 4, 13, 12, 14, 15, 11, 10, 8, 9, 24, 25, 27, 26, 30, 31, 29, 28, 21, 20, 22, 23, 19, 18, 16,
      17, 52, 53, 55, 54, 50, 51, 49, 48, 57, 56, 58, 59, 63, 62, 60, 61, 44, 45, 47, 46, 42, 43, 41, 40, 33, 32, 34,
      35, 39, 38, 36, 37, 103, 102, 100, 101, 97, 96, 98, 99,
    ];
    const a160679 = [
      0, 1, 3, 2, 7, 6, 4, 5, 14, 15, 13, 12, 9, 8, 10, 11, 30, 31, 29, 28, 25, 24, 26, 27, 16, 17, 19, 18, 23, 22, 20,
      21, 57, 56, 58, 59, 62, 63, 61, 60, 55, 54, 52, 53, 48, 49, 51, 50, 39, 38, 36, 37, 32, 33, 35, 34, 41, 40, 42,
      43, 46, 47, 45, 44, 124, 125, 127, 126, 123, 122, 120,
    ];
    // A051917 starts at n = 1.
    const a051917 = [
      1, 3, 2, 15, 12, 9, 11, 10, 6, 8, 7, 5, 14, 13, 4, 170, 160, 109, 107, 131, 139, 116, 115, 228, 234, 92, 89, 73,
      77, 220, 209, 85, 214, 80, 219, 199, 179, 203, 184, 66, 226, 70, 236, 156, 247, 149, 248, 255, 182, 189, 240, 120,
      164, 174, 127, 142, 100, 98, 134,
    ];
    expect(a006042.map((_, n) => Number(nimSquare(BigInt(n))))).toEqual(a006042);
    expect(a160679.map((_, n) => Number(nimSqrt(BigInt(n))))).toEqual(a160679);
    expect(a051917.map((_, i) => Number(nimInverse(BigInt(i + 1))))).toEqual(a051917);
  });

  it('gives the nim-power table of OEIS A335162 (rows n = 0..15, exponents 0..17)', () => {
    const rows = [
      [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
      [1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3],
      [1, 3, 2, 1, 3, 2, 1, 3, 2, 1, 3, 2, 1, 3, 2, 1, 3, 2],
      [1, 4, 6, 14, 5, 2, 8, 11, 7, 10, 3, 12, 13, 9, 15, 1, 4, 6],
      [1, 5, 7, 13, 4, 2, 10, 9, 6, 8, 3, 15, 14, 11, 12, 1, 5, 7],
      [1, 6, 5, 8, 7, 3, 13, 15, 4, 14, 2, 11, 10, 12, 9, 1, 6, 5],
      [1, 7, 4, 10, 6, 3, 14, 12, 5, 13, 2, 9, 8, 15, 11, 1, 7, 4],
      [1, 8, 13, 14, 10, 1, 8, 13, 14, 10, 1, 8, 13, 14, 10, 1, 8, 13],
      [1, 9, 12, 10, 11, 2, 14, 4, 15, 13, 3, 7, 8, 5, 6, 1, 9, 12],
      [1, 10, 14, 13, 8, 1, 10, 14, 13, 8, 1, 10, 14, 13, 8, 1, 10, 14],
      [1, 11, 15, 8, 9, 2, 13, 5, 12, 14, 3, 6, 10, 4, 7, 1, 11, 15],
      [1, 12, 11, 14, 15, 3, 8, 6, 9, 10, 2, 4, 13, 7, 5, 1, 12, 11],
      [1, 13, 10, 8, 14, 1, 13, 10, 8, 14, 1, 13, 10, 8, 14, 1, 13, 10],
      [1, 14, 8, 10, 13, 1, 14, 8, 10, 13, 1, 14, 8, 10, 13, 1, 14, 8],
      [1, 15, 9, 13, 12, 3, 10, 7, 11, 8, 2, 5, 14, 6, 4, 1, 15, 9],
    ];
    expect(rows.map((row, n) => row.map((_, k) => Number(nimPower(BigInt(n), BigInt(k)))))).toEqual(rows);
  });

  it('gives the nim-sum and nim-product of Rosetta Code\'s "Nimber arithmetic" task: 21508 ⊕ 42689, 21508 ⊗ 42689', () => {
    expect(nimSum(21508n, 42689n)).toBe(62149n);
    expect(nimProduct(21508n, 42689n)).toBe(35202n);
  });
});

describe('fast paths against the independent bigint recursion', () => {
  it('agrees on random 32-, 64-, 300- and 1000-bit pairs and on mixed sizes', () => {
    const sizes = [32n, 64n, 300n, 1000n];
    fc.assert(
      fc.property(
        fc.constantFrom(...sizes),
        fc.constantFrom(...sizes),
        fc.bigInt({ min: 0n, max: (1n << 1000n) - 1n }),
        fc.bigInt({ min: 0n, max: (1n << 1000n) - 1n }),
        (bitsA, bitsB, x, y) => {
          const a = x & ((1n << bitsA) - 1n);
          const b = y & ((1n << bitsB) - 1n);
          expect(nimProduct(a, b)).toBe(plainNimProduct(a, b));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('batch products (WebAssembly and TypeScript) agree with the bigint product', () => {
    const n = 2000;
    const a = new BigUint64Array(n);
    const b = new BigUint64Array(n);
    fc.assert(
      fc.property(fc.array(fc.tuple(u64, u64), { minLength: n, maxLength: n }), (pairs) => {
        pairs.forEach(([x, y], i) => {
          a[i] = x;
          b[i] = y;
        });
        const wasm = nimProductArray(a, b, new BigUint64Array(n));
        const ts = jsNimProductArray(a, b, new BigUint64Array(n));
        for (let i = 0; i < n; i++) {
          const expected = nimProduct(a[i], b[i]);
          if (wasm[i] !== expected || ts[i] !== expected) expect([a[i], b[i], wasm[i], ts[i]]).toBe(expected);
        }
      }),
      { numRuns: 3 },
    );
  });
});

describe.each([
  ['64-bit', u64],
  ['300-bit', u300],
])('field laws on random %s values', (_name, arb) => {
  it('commutes and associates; ⊗ distributes over ⊕; 1 is the identity', () => {
    fc.assert(
      fc.property(arb, arb, arb, (a, b, c) => {
        expect(nimProduct(a, b)).toBe(nimProduct(b, a));
        expect(nimProduct(nimProduct(a, b), c)).toBe(nimProduct(a, nimProduct(b, c)));
        expect(nimProduct(a, nimSum(b, c))).toBe(nimSum(nimProduct(a, b), nimProduct(a, c)));
        expect(nimProduct(a, 1n)).toBe(a);
      }),
      { numRuns: 60 },
    );
  });

  it('inverts: a ⊗ inv(a) = 1, (a ⊘ b) ⊗ b = a', () => {
    fc.assert(
      fc.property(nonZero(arb), arb, nonZero(arb), (a, x, b) => {
        expect(nimProduct(a, nimInverse(a))).toBe(1n);
        expect(nimProduct(nimDivide(x, b), b)).toBe(x);
      }),
      { numRuns: 60 },
    );
  });

  it('takes square roots: sqrt(a) ⊗ sqrt(a) = a, sqrt(a ⊗ a) = a, and squares agree with products', () => {
    fc.assert(
      fc.property(arb, (a) => {
        const root = nimSqrt(a);
        expect(nimProduct(root, root)).toBe(a);
        expect(nimSqrt(nimProduct(a, a))).toBe(a);
        expect(nimSquare(a)).toBe(nimProduct(a, a));
      }),
      { numRuns: 60 },
    );
  });

  it('powers: a^(m+n) = a^m ⊗ a^n, (a^m)^n = a^(mn), and a^(2^(2^k)) = a in the field of 2^(2^k) nimbers', () => {
    const exponent = fc.bigInt({ min: 0n, max: 1n << 80n });
    fc.assert(
      fc.property(arb, exponent, exponent, (a, m, n) => {
        expect(nimPower(a, m + n)).toBe(nimProduct(nimPower(a, m), nimPower(a, n)));
        expect(nimPower(nimPower(a, m), n)).toBe(nimPower(a, m * n));
      }),
      { numRuns: 15 },
    );
    fc.assert(
      fc.property(arb, (a) => {
        expect(nimPower(a, 1n << BigInt(fieldBits(a)))).toBe(a);
        expect(nimPower(a, 3n)).toBe(nimProduct(a, nimProduct(a, a)));
      }),
      { numRuns: 15 },
    );
  });
});

describe('edges', () => {
  it('has 0 and 1 as the field has them; 0 has no inverse', () => {
    expect(nimProduct(0n, 1n << 500n)).toBe(0n);
    expect(nimPower(0n, 0n)).toBe(1n);
    expect(nimPower(0n, 5n)).toBe(0n);
    expect(nimSqrt(0n)).toBe(0n);
    expect(fieldBits(0n)).toBe(1);
    expect(fieldBits(255n)).toBe(8);
    expect(fieldBits(256n)).toBe(16);
    for (const call of [() => nimInverse(0n), () => nimDivide(5n, 0n)]) {
      let error: unknown;
      try {
        call();
      } catch (e) {
        error = e;
      }
      expect(isInputError(error)).toBe(true);
    }
    expect(() => nimProduct(-1n, 2n)).toThrow(RangeError);
  });

  it('reduces huge exponents by the group order: 2^(3·10^40) = 1 since 2 has order 3', () => {
    expect(nimPower(2n, 3n * 10n ** 40n)).toBe(1n);
    expect(nimPower(2n, 3n * 10n ** 40n + 1n)).toBe(2n);
  });
});
