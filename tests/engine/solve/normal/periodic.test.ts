/** Heap values from proved periods: far values, windows and histograms against direct computation and published tables. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grundySequence } from '../../../../src/engine/solve/normal/grundy.ts';
import { HeapValues, fillFromPeriod, provePeriod } from '../../../../src/engine/solve/normal/periodic.ts';
import { parseRuleset } from '../../../../src/engine/spec.ts';
import type { HeapRuleset } from '../../../../src/engine/types.ts';
import { codeText } from '../../families/takebreak/arbitraries.ts';
import { DAWSONS_CHESS_GRUNDY, DAWSONS_KAYLES_PERIOD, KAYLES_GRUNDY, KAYLES_PERIOD } from '../../published.ts';

const heap = (spec: string) => parseRuleset(spec) as HeapRuleset;

/** Doubles from 256 until the theorem proves a period (test helper, independent of the service's loop). */
function proved(ruleset: HeapRuleset, maxLength = 1 << 16): HeapValues | null {
  for (let length = 256; length <= maxLength; length *= 2) {
    const values = grundySequence(ruleset, length - 1);
    const certificate = provePeriod(ruleset, values);
    if (certificate) return new HeapValues(values, certificate);
  }
  return null;
}

/**
 * The histogram over lo..hi by brute force plus extrapolation, written separately from
 * HeapValues.histogram: counts over 0..N for N below `direct.length` are counted one by one; a
 * larger N is brought down by whole periods, each adding one period's histogram.
 */
function bruteHistogram(direct: Uint32Array, e: number, p: number, lo: bigint, hi: bigint): Map<number, bigint> {
  const upTo = (N: bigint): Map<number, bigint> => {
    const h = new Map<number, bigint>();
    if (N < 0n) return h;
    let shifts = 0n;
    const L = BigInt(direct.length);
    if (N >= L) shifts = (N - L) / BigInt(p) + 1n; // N - shifts·p < L, and still >= e + p
    const small = Number(N - shifts * BigInt(p));
    for (let n = 0; n <= small; n++) h.set(direct[n], (h.get(direct[n]) ?? 0n) + 1n);
    for (let n = e; n < e + p; n++) h.set(direct[n], (h.get(direct[n]) ?? 0n) + shifts);
    return h;
  };
  const high = upTo(hi),
    low = upTo(lo - 1n);
  for (const [v, c] of low) high.set(v, high.get(v)! - c);
  for (const [v, c] of [...high]) if (c === 0n) high.delete(v);
  return high;
}

/** The first index where two sequences differ, or -1 (a deep equality over millions of values is slow). */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : Math.min(a.length, b.length);
}

const asMap = (h: bigint[]) => new Map(h.flatMap((c, v) => (c > 0n ? [[v, c] as const] : [])));

describe('published periods', () => {
  it('Kayles far out: g(n) = A002186(71 + (n - 71) mod 12) at n = 10^18 + i', () => {
    const values = proved(heap('kayles'))!;
    expect(values.certificate).toMatchObject({ ...KAYLES_PERIOD, saltus: 0 });
    const base = 10n ** 18n;
    const window = values.window(base, base + 40n);
    for (let i = 0; i <= 40; i++) {
      const n = base + BigInt(i);
      const expected = KAYLES_GRUNDY[Number(71n + ((n - 71n) % 12n))];
      expect(window[i]).toBe(expected);
      expect(values.at(n)).toBe(expected);
    }
    for (const n of [72, 1000, 2 ** 53 - 1]) expect(values.atSafe(n)).toBe(values.at(BigInt(n)));
  });

  it("Dawson's Kayles far out: g(n) = A002187(n - 1) reduced by its period 34", () => {
    const values = proved(heap('dawsons-kayles'))!;
    expect(values.certificate).toMatchObject({ ...DAWSONS_KAYLES_PERIOD, saltus: 0 });
    for (const n of [10n ** 12n, 10n ** 18n + 7n, 2n ** 64n + 3n]) {
      // A002187 is periodic from 52 on: reduce n - 1 into 52..85
      const a = Number(52n + ((n - 1n - 52n) % 34n));
      expect(values.at(n)).toBe(DAWSONS_CHESS_GRUNDY[a]);
    }
  });
});

describe('against direct computation', () => {
  it('property: random finite subtraction sets, values and windows up to 3,000,000 agree with the kernel', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 2_999_000 }),
        (set, from) => {
          const r = heap(`subtract:${set.join(',')}`);
          const values = proved(r)!;
          expect(values.certificate).not.toBeNull();
          const direct = grundySequence(r, 3_000_000);
          expect(Array.from(values.window(BigInt(from), BigInt(from + 999)))).toEqual(
            Array.from(direct.subarray(from, from + 1000)),
          );
          expect(values.at(3_000_000n)).toBe(direct[3_000_000]);
          for (const n of [from, from + 999, 3_000_000]) expect(values.atSafe(n)).toBe(direct[n]);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('property: random octal codes with a certified period agree with the kernel far past the proof', () => {
    fc.assert(
      fc.property(codeText({ hex: false, maxDigits: 3 }), (code) => {
        const r = heap(`takebreak:${code}`);
        const values = proved(r, 2048);
        fc.pre(values !== null);
        const length = 8 * values!.prefix.length;
        const direct = grundySequence(r, length - 1);
        expect(Array.from(values!.window(0n, BigInt(length - 1)))).toEqual(Array.from(direct));
      }),
      { numRuns: 40 },
    );
  });

  it("Kayles and Dawson's Kayles: windows up to 2^16 equal the kernel", () => {
    for (const spec of ['kayles', 'dawsons-kayles']) {
      const r = heap(spec);
      const direct = grundySequence(r, 1 << 16);
      expect(Array.from(proved(r)!.window(0n, BigInt(1 << 16)))).toEqual(Array.from(direct));
    }
  });

  it('takebreak:0.16 (period 149459 from 105351, proved from 524288 values) equals the kernel to 2,500,000', () => {
    const r = heap('takebreak:0.16');
    const values = proved(r, 1 << 20)!;
    expect(values.certificate).toEqual({ preperiod: 105351, period: 149459, saltus: 0 });
    expect(values.prefix.length).toBe(524_288);
    const direct = grundySequence(r, 2_500_000);
    const window = values.window(0n, 2_500_000n);
    expect(window.length).toBe(direct.length);
    expect(firstDifference(window, direct)).toBe(-1);
  });

  it('fillFromPeriod continues a proved prefix exactly as the kernel does', () => {
    const r = heap('subtract:2,5,7,11');
    const direct = grundySequence(r, 100_000);
    const values = proved(r)!;
    const filled = new Uint32Array(100_001);
    filled.set(direct.subarray(0, values.prefix.length));
    fillFromPeriod(filled, values.prefix.length, values.certificate!);
    expect(filled).toEqual(direct);
  });
});

describe('histograms over huge ranges', () => {
  it('property: histograms over lo..hi (hi up to 10^18) equal the brute-force extrapolation', () => {
    const rulesets = ['kayles', 'dawsons-kayles', 'subtract:1,3,4', 'subtract:2,5,7,11', 'takebreak:0.51'].map(heap);
    const proofs = rulesets.map((r) => proved(r)!);
    const directs = rulesets.map((r) => grundySequence(r, 4095));
    fc.assert(
      fc.property(
        fc.nat(rulesets.length - 1),
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        fc.boolean(),
        (i, a, b, small) => {
          const [lo, hi] = small ? [a % 5000n, (a % 5000n) + (b % 3000n)] : a <= b ? [a, b] : [b, a];
          const c = proofs[i].certificate!;
          expect(asMap(proofs[i].histogram(lo, hi))).toEqual(bruteHistogram(directs[i], c.preperiod, c.period, lo, hi));
        },
      ),
      { numRuns: 200 },
    );
  });
});
