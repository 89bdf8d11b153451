/** Periodicity: smallest period, preperiod and saltus; certified only where a theorem proves it. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/engine/errors.ts';
import { grundySequence } from '../../../../src/engine/solve/normal/grundy.ts';
import {
  certificationLength,
  observedEnough,
  periodicity,
  proofLength,
  smallestPeriod,
} from '../../../../src/engine/solve/normal/period.ts';
import { parseRuleset } from '../../../../src/engine/spec.ts';
import type { HeapRuleset } from '../../../../src/engine/types.ts';
import { codeText } from '../../families/takebreak/arbitraries.ts';

const heap = (spec: string) => parseRuleset(spec) as HeapRuleset;
const core = (spec: string, maxLength?: number) => {
  const { period, preperiod, saltus, certified } = periodicity(heap(spec), { maxLength });
  return { period, preperiod, saltus, certified };
};

describe('known periods', () => {
  it('Kayles: period 12, preperiod 71, certified', () => {
    expect(core('kayles')).toEqual({ period: 12, preperiod: 71, saltus: 0, certified: true });
  });

  it("Dawson's Kayles: period 34, preperiod 53; Dawson's chess (0.137, the same game shifted by one) 34 and 52", () => {
    expect(core('dawsons-kayles')).toEqual({ period: 34, preperiod: 53, saltus: 0, certified: true });
    expect(core('takebreak:0.137')).toEqual({ period: 34, preperiod: 52, saltus: 0, certified: true });
  });

  it('finite subtraction sets are certified: subtract:1,3,4 has period 7 from 0', () => {
    expect(core('subtract:1,3,4')).toEqual({ period: 7, preperiod: 0, saltus: 0, certified: true });
    expect(core('subtract:1,2,3')).toEqual({ period: 4, preperiod: 0, saltus: 0, certified: true });
  });

  it('Nim: period 1 with saltus 1, proved', () => {
    expect(core('nim')).toEqual({ period: 1, preperiod: 0, saltus: 1, certified: true });
  });

  it('split:distinct is observed arithmetic-periodic (g(n+1) = g(n) + 1 from 9) but not certified', () => {
    expect(core('split:distinct', 2000)).toEqual({ period: 1, preperiod: 9, saltus: 1, certified: false });
  });

  it("Grundy's game shows no period in its first 3000 values; subtract:squares none either", () => {
    expect(core('grundys-game', 3000)).toEqual({ period: null, preperiod: null, saltus: null, certified: false });
    expect(core('subtract:squares', 3000)).toEqual({ period: null, preperiod: null, saltus: null, certified: false });
  });

  it('a certifiable game not yet proved within the length is reported as observed, certified: false', () => {
    // Kayles needs 168 values for its proof (2·71 + 12 + 2, plus one period)
    expect(certificationLength(heap('kayles'))!(71, 12)).toBe(168);
    expect(core('kayles', 160)).toMatchObject({ certified: false });
  });

  it('bad lengths and coupled games are InputErrors', () => {
    expect(() => periodicity(heap('kayles'), { maxLength: 1 })).toThrow(InputError);
    expect(() => periodicity(heap('kayles'), { maxLength: 1e12 })).toThrow(/above the maximum/);
  });
});

describe('smallestPeriod', () => {
  it('returns the smallest period and the least preperiod, never a multiple', () => {
    const seq = Uint32Array.from([9, 9, 7, ...Array.from({ length: 60 }, (_, i) => [1, 2, 3][i % 3])]);
    expect(smallestPeriod(seq, (e, p) => observedEnough(seq.length, e, p))).toEqual({
      period: 3,
      preperiod: 3,
      saltus: 0,
    });
  });

  it('a multiple of a repeating period gets the same preperiod (its scan starts below it)', () => {
    const seq = Uint32Array.from([9, 9, 7, ...Array.from({ length: 60 }, (_, i) => [1, 2, 3][i % 3])]);
    expect(smallestPeriod(seq, (e, p) => p % 2 === 0 && observedEnough(seq.length, e, p))).toEqual({
      period: 6,
      preperiod: 3,
      saltus: 0,
    });
    expect(smallestPeriod(seq, (_e, p) => p === 9)).toEqual({ period: 9, preperiod: 3, saltus: 0 });
  });

  it('finds saltus for arithmetic periodicity', () => {
    const seq = Uint32Array.from({ length: 50 }, (_, n) => (n < 5 ? 0 : 2 * Math.floor(n / 2) + (n % 2) * 7));
    expect(smallestPeriod(seq, (e, p) => observedEnough(seq.length, e, p))).toEqual({
      period: 2,
      preperiod: 5,
      saltus: 2,
    });
  });
});

/** Checks a claimed (period, preperiod) on a longer stretch: it holds, the preperiod is least, no smaller period works. */
function checkClaim(values: Uint32Array, p: number, e: number): void {
  const L = values.length;
  for (let n = e; n + p < L; n++) expect(values[n + p]).toBe(values[n]);
  if (e > 0) expect(values[e - 1 + p]).not.toBe(values[e - 1]);
  for (let q = 1; q < p; q++) {
    let holds = true;
    for (let n = e; n + q < L && holds; n++) holds = values[n + q] === values[n];
    expect(holds).toBe(false);
  }
}

describe('random games: certified periods are right, least and proved', () => {
  it('property: random octal codes', () => {
    fc.assert(
      fc.property(codeText({ hex: false, maxDigits: 3 }), (code) => {
        const r = heap(`takebreak:${code}`);
        const found = periodicity(r, { maxLength: 2048 });
        fc.pre(found.certified);
        checkClaim(grundySequence(r, 4 * found.computed), found.period!, found.preperiod!);
        expect(found.saltus).toBe(0);
      }),
      { numRuns: 60 },
    );
  });

  it('property: random hex codes (three-heap splits, ! rules)', () => {
    fc.assert(
      fc.property(codeText({ hex: true, maxDigits: 2 }), (code) => {
        const r = heap(`takebreak:${code}`);
        const found = periodicity(r, { maxLength: 512 });
        fc.pre(found.certified);
        checkClaim(grundySequence(r, 2 * found.computed), found.period!, found.preperiod!);
      }),
      { numRuns: 20 },
    );
  });

  it('property: random finite subtraction sets are always certified', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 15 }), { minLength: 1, maxLength: 4 }), (set) => {
        const r = heap(`subtract:${set.join(',')}`);
        const found = periodicity(r);
        expect(found.certified).toBe(true);
        checkClaim(grundySequence(r, 4 * found.computed), found.period!, found.preperiod!);
      }),
      { numRuns: 60 },
    );
  });
});

describe('a proof search jumps to the length its proof needs (issue 28, item 11a)', () => {
  it('proofLength: the theorem length of the period the values show, when it falls before the doubling', () => {
    // 0,1,2 repeated: preperiod 0, period 3, shown in 300 values
    const values = Uint32Array.from({ length: 300 }, (_, i) => i % 3);
    expect(proofLength(values, 300, 600, (e, p) => 2 * e + p + 400)).toBe(403);
    expect(proofLength(values, 300, 600, (e, p) => 2 * e + p + 700)).toBe(600); // beyond the doubling: doubled
    expect(proofLength(values, 300, 600, () => 200)).toBe(600); // already passed: doubled
    const noPeriod = Uint32Array.from({ length: 300 }, (_, i) => i);
    expect(proofLength(noPeriod, 300, 600, () => 400)).toBe(600);
  });

  it.each([
    ['takebreak:0.44', 143, 24],
    ['takebreak:0.356', 7315, 142],
  ])('%s is proved at exactly its certification length, not the next doubling', (spec, e, p) => {
    const ruleset = heap(spec);
    const found = periodicity(ruleset, { budgetMs: 60_000 });
    expect(found).toMatchObject({ preperiod: e, period: p, saltus: 0, certified: true });
    expect(found.computed).toBe(ruleset.certificationLength!(e, p));
    // the values agree with a sequence computed without the jump, well past the proof
    const values = grundySequence(ruleset, 2 * found.computed);
    for (let n = e; n + p < values.length; n++) expect(values[n + p]).toBe(values[n]);
  });

  it('a jump that proves nothing leaves the doublings where they were (takebreak:0.16 is still proved at 2^19)', () => {
    // the jump taken at 2^17 (to the proof length of a period the values showed then) proves nothing
    const found = periodicity(heap('takebreak:0.16'), { budgetMs: 60_000 });
    expect(found).toMatchObject({ preperiod: 105351, period: 149459, certified: true, computed: 524288 });
  });

  it('a game with no theorem stops at its budget too, by doublings (coin-heaps:ruler took minutes for 16,384 heaps)', () => {
    let clock = 0;
    // every reading of the clock is a second later: the first stretch's time says the next would overrun
    const found = periodicity(heap('coin-heaps:ruler'), {
      budgetMs: 1500,
      maxLength: 2048,
      now: () => (clock += 1000),
    });
    expect(found).toMatchObject({ period: null, certified: false, computed: 256, budgetSpent: true });
    // without a budget the stretch asked for is computed whole
    expect(periodicity(heap('coin-heaps:ruler'), { maxLength: 300 }).computed).toBe(300);
  });
});
