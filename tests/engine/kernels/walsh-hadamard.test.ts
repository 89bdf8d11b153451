/** The Walsh–Hadamard transform, both variants, against its definition and a direct O(L^2) XOR-convolution on random inputs. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { walshHadamard, walshHadamardBig } from '../../../src/engine/kernels/walsh-hadamard.ts';

const popcount = (x: number) => {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
};

/** Ĥ(w) = Σ_v h[v]·(-1)^popcount(v&w), straight from the definition. */
function definition(h: readonly bigint[]): bigint[] {
  return h.map((_, w) => h.reduce((sum, x, v) => (popcount(v & w) % 2 === 0 ? sum + x : sum - x), 0n));
}

/** c[w] = Σ_{u^v=w} a[u]·b[v], directly. */
function xorConvolution(a: readonly bigint[], b: readonly bigint[]): bigint[] {
  const c = new Array<bigint>(a.length).fill(0n);
  for (let u = 0; u < a.length; u++) for (let v = 0; v < b.length; v++) c[u ^ v] += a[u] * b[v];
  return c;
}

/** Two arrays of one random power-of-two length (1 to 64) with entries from `entry`. */
function pairOf<T>(entry: fc.Arbitrary<T>) {
  return fc
    .integer({ min: 0, max: 6 })
    .chain((m) =>
      fc.tuple(
        fc.array(entry, { minLength: 1 << m, maxLength: 1 << m }),
        fc.array(entry, { minLength: 1 << m, maxLength: 1 << m }),
      ),
    );
}

const smallInteger = fc.integer({ min: -1000, max: 1000 });
const hugeInteger = fc.bigInt({ min: -(2n ** 200n), max: 2n ** 200n });

const viaFloat = (h: readonly bigint[]) => {
  const t = Float64Array.from(h, Number);
  walshHadamard(t);
  return Array.from(t, BigInt);
};
const viaBig = (h: readonly bigint[]) => {
  const t = [...h];
  walshHadamardBig(t);
  return t;
};

describe.each([
  { name: 'walshHadamard (Float64Array)', transform: viaFloat, entries: smallInteger.map(BigInt) },
  { name: 'walshHadamardBig (bigint[])', transform: viaBig, entries: hugeInteger },
])('$name', ({ transform, entries }) => {
  it('property: equals the definition Σ_v h[v]·(-1)^popcount(v&w)', () => {
    fc.assert(
      fc.property(pairOf(entries), ([h]) => {
        expect(transform(h)).toEqual(definition(h));
      }),
    );
  });

  it('property: turns a direct XOR-convolution into a pointwise product', () => {
    fc.assert(
      fc.property(pairOf(entries), ([a, b]) => {
        const A = transform(a);
        const B = transform(b);
        expect(transform(xorConvolution(a, b))).toEqual(A.map((x, w) => x * B[w]));
      }),
    );
  });

  it('property: applied twice gives L·h', () => {
    fc.assert(
      fc.property(pairOf(entries), ([h]) => {
        const L = BigInt(h.length);
        expect(transform(transform(h))).toEqual(h.map((x) => L * x));
      }),
    );
  });

  it('transforms the histogram of nim values 0..3 to (4, 0, 0, 0) and a point mass to a ±1 row', () => {
    expect(transform([1n, 1n, 1n, 1n])).toEqual([4n, 0n, 0n, 0n]);
    expect(transform([0n, 0n, 0n, 1n])).toEqual([1n, -1n, -1n, 1n]);
    expect(transform([7n])).toEqual([7n]);
  });
});
