/** Operations on heaps of any size: refusals up front, the proof budget, analyses and counts against the usual paths. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/engine/errors.ts';
import { analyze } from '../../src/engine/solve/normal/analyze.ts';
import { analyzeFar } from '../../src/engine/solve/normal/analyze-far.ts';
import { count } from '../../src/engine/solve/normal/count.ts';
import { grundySequence } from '../../src/engine/solve/normal/grundy.ts';
import type { HeapValues } from '../../src/engine/solve/normal/periodic.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import { COUNT_ORDERS, type HeapRuleset } from '../../src/engine/types.ts';
import { heapValuesUpTo } from '../../src/service/heap-values.ts';
import { analyzeLargeHeaps, countLargeHeaps, grundyWindow } from '../../src/service/large-heaps.ts';
import { parseBigNatural } from '../../src/engine/errors.ts';
import { engineSequences, type SequenceSource } from '../../src/service/sequences.ts';
import { ENGINE_ENV } from '../../src/service/env.ts';

const heap = (spec: string) => parseRuleset(spec) as HeapRuleset;

/** A source that records the longest sequence asked of it. */
function recording(): { source: SequenceSource; longest: () => number } {
  let longest = 0;
  return {
    source: async (r, max) => {
      longest = Math.max(longest, max + 1);
      return engineSequences(r, max);
    },
    longest: () => longest,
  };
}

describe('heapValuesUpTo', () => {
  it('computes only until the period is proved: Kayles to 10^18 from 256 values', async () => {
    const { source, longest } = recording();
    const values = await heapValuesUpTo(heap('kayles'), 10n ** 18n, { sequences: source });
    expect(values.certificate).toEqual({ preperiod: 71, period: 12, saltus: 0 });
    expect(longest()).toBe(256);
  });

  it('refuses heaps beyond the maximum up front when no theorem applies, naming the maximum and the reason', async () => {
    const { source, longest } = recording();
    await expect(heapValuesUpTo(heap('subtract:squares'), 10n ** 18n, { sequences: source })).rejects.toThrow(
      'heap size = 1000000000000000000 is above the maximum of 100000000 for subtract:squares (no periodicity theorem applies, so no period is proved)',
    );
    expect(longest()).toBe(0);
    await expect(heapValuesUpTo(heap('nim'), 2n ** 40n, { sequences: source })).rejects.toThrow(
      /above the maximum of 4294967295 for nim \(its Grundy values grow/,
    );
  });

  it('stops at its budget when the theorem proves nothing (a clock that runs fast)', async () => {
    let t = 0;
    const now = () => (t += 400);
    const err = await heapValuesUpTo(heap('grundys-game'), 10n ** 18n, ENGINE_ENV, { budgetMs: 2000, now }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toMatch(
      /^heap size = 1000000000000000000 is above the maximum of 100000000 for takebreak:4!\.0 \(no period is proved in heaps 0\.\.\d+ within the 2 s budget\)$/,
    );
  });
});

describe('grundyWindow, analyses and counts', () => {
  it('a window far out; a window beyond the maximum without a proof is refused', async () => {
    const w = await grundyWindow(heap('subtract:1,3,4'), 10n ** 18n, 10n ** 18n + 6n, ENGINE_ENV);
    // period 7 from 0: 0 1 0 1 2 3 2, and 10^18 = 1 (mod 7)
    expect(Array.from(w.values)).toEqual([1, 0, 1, 2, 3, 2, 0]);
    await expect(grundyWindow(heap('subtract:primes'), 10n ** 9n, 10n ** 9n, ENGINE_ENV)).rejects.toThrow(
      /no periodicity theorem/,
    );
    await expect(grundyWindow(heap('kayles'), 5n, 4n, ENGINE_ENV)).rejects.toThrow(InputError);
  });

  it('property: counts from proved periods equal the transform over the computed sequence (random finite sets, min..max)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(...COUNT_ORDERS),
        async (set, a, b, k, order) => {
          const r = heap(`subtract:${set.join(',')}`);
          const [min, max] = a <= b ? [a, b] : [b, a];
          // reference: heaps min..max as heaps 0..max-min of a shifted copy of the sequence
          const direct = grundySequence(r, max).subarray(min);
          const shifted = {
            ...r,
            sequence: () => direct,
            provedPeriod: undefined,
            certificationLength: undefined,
          } as HeapRuleset;
          const expected = count(shifted, { heapCount: k, max: max - min, order });
          expect(
            await countLargeHeaps(r, { heapCount: k, min: BigInt(min), max: BigInt(max), order }, ENGINE_ENV),
          ).toBe(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('counts beyond any sequence: 10^18 heaps of Kayles, modulo a prime and exact, agree with each other', async () => {
    const r = heap('kayles');
    const exact = await countLargeHeaps(r, { heapCount: 5, min: 1n, max: 10n ** 18n, order: 'sorted' }, ENGINE_ENV);
    const mod = await countLargeHeaps(
      r,
      { heapCount: 5, min: 1n, max: 10n ** 18n, order: 'sorted', modulus: 1_000_000_007n },
      ENGINE_ENV,
    );
    expect(mod).toBe(exact % 1_000_000_007n);
    expect(exact > 10n ** 70n).toBe(true);
  });

  it('refuses before computing: Nim values beyond the transform, too many heaps', async () => {
    const { source, longest } = recording();
    await expect(
      countLargeHeaps(
        heap('nim'),
        { heapCount: 3, min: 0n, max: 100_000_000n, order: 'sorted' },
        { sequences: source },
      ),
    ).rejects.toThrow(/too many for an exact count/);
    await expect(
      countLargeHeaps(heap('kayles'), { heapCount: 1001, min: 0n, max: 10n, order: 'sorted' }, { sequences: source }),
    ).rejects.toThrow(/number of heaps/);
    expect(longest()).toBe(0);
  });

  it('property: far analysis agrees with the full analysis (outcome, values; every far move is a winning move, one exists when any does)', async () => {
    const specs = ['kayles', 'dawsons-kayles', 'subtract:1,3,4', 'takebreak:0.51', 'takebreak:4.07', 'takebreak:0.137'];
    const proofs = new Map<string, HeapValues>();
    for (const spec of specs) proofs.set(spec, await heapValuesUpTo(heap(spec), 10n ** 18n, ENGINE_ENV));
    fc.assert(
      fc.property(
        fc.constantFrom(...specs),
        fc.array(fc.integer({ min: 0, max: 600 }), { minLength: 1, maxLength: 3 }),
        (spec, heaps) => {
          const r = heap(spec);
          const full = analyze(r, heaps);
          const far = analyzeFar(r, heaps.map(BigInt), proofs.get(spec)!, 10_000);
          expect(far.outcome).toBe(full.outcome);
          expect(far.grundy).toEqual(full.grundy);
          const fullMoves = new Set(full.winningMoves.map((m) => m.to.join(' ')));
          for (const m of far.winningMoves) expect(fullMoves.has(m.to.join(' ')), m.to.join(' ')).toBe(true);
          if (full.outcome === 'N') expect(far.winningMoves.length).toBeGreaterThan(0);
          if (!far.truncated) expect(far.winningMoves.length).toBe(full.winningMoves.length);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('analyzeLargeHeaps: usual analysis within the maximum, far analysis beyond; every listed far move reaches a P-position', async () => {
    const within = await analyzeLargeHeaps(heap('kayles'), [4_194_304n, 7n], ENGINE_ENV);
    expect('truncated' in within).toBe(false);
    const far = await analyzeLargeHeaps(heap('dawsons-kayles'), [10n ** 18n, 5n, 10n ** 20n], ENGINE_ENV);
    if (!('truncated' in far)) throw new Error('expected a far analysis');
    expect(far.outcome).toBe('N');
    const values = await heapValuesUpTo(heap('dawsons-kayles'), 10n ** 20n, ENGINE_ENV);
    for (const m of far.winningMoves)
      expect(
        m.to.reduce((x, h) => x ^ values.at(h), 0),
        m.to.join(' '),
      ).toBe(0);
  });

  it('parseBigNatural: decimal and scientific shorthand of any size; junk refused', () => {
    expect(parseBigNatural('1e18', 'n')).toBe(10n ** 18n);
    expect(parseBigNatural('1_000_000_000_000_000_000_000', 'n')).toBe(10n ** 21n);
    expect(parseBigNatural('2.5e20', 'n')).toBe(25n * 10n ** 19n);
    for (const bad of ['-1', '1.5', 'x', '1e', '']) expect(() => parseBigNatural(bad, 'n'), bad).toThrow(InputError);
    expect(() => parseBigNatural('9'.repeat(101), 'n')).toThrow(/digits/);
  });
});
