/** Closed forms over bigint heaps (Nim, Lasker's Nim beyond their maxima) against the usual analysis and the closed forms' own definitions. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../../src/engine/solve/normal/analyze.ts';
import { analyzeClosedForm } from '../../../../src/engine/solve/normal/analyze-far.ts';
import { lasker, laskerBigValue, laskerValue } from '../../../../src/engine/families/lasker/index.ts';
import { nim } from '../../../../src/engine/families/nim/index.ts';
import type { HeapRuleset } from '../../../../src/engine/types.ts';

const FAMILIES: [string, HeapRuleset][] = [
  ['nim', nim],
  ["Lasker's Nim", lasker],
];

/** Is `parts` an option of `heap` in Nim or Lasker's Nim (take any number; Lasker also splits in two)? */
function isBigOption(ruleset: HeapRuleset, heap: bigint, parts: readonly bigint[]): boolean {
  if (parts.length === 0) return heap > 0n;
  if (parts.length === 1) return parts[0] >= 1n && parts[0] < heap;
  return ruleset === lasker && parts.length === 2 && parts[0] >= 1n && parts[1] >= 1n && parts[0] + parts[1] === heap;
}

describe.each(FAMILIES)('%s: closed forms over bigints', (_name, ruleset) => {
  const form = ruleset.bigClosedForm!;

  it('agrees with the usual analysis (and its complete list of winning moves) on small heaps', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 1, maxLength: 4 }), (heaps) => {
        const usual = analyze(ruleset, heaps);
        const closed = analyzeClosedForm(ruleset, heaps.map(BigInt), form, 10_000);
        expect(closed.grundy.map(Number)).toEqual(usual.grundy);
        expect(Number(closed.nimSum)).toBe(usual.nimSum);
        expect(closed.outcome).toBe(usual.outcome);
        expect(closed.truncated).toBe(false);
        const key = (to: readonly (number | bigint)[]) => to.join(' ');
        expect(closed.winningMoves.map((m) => key(m.to)).sort()).toEqual(
          usual.winningMoves.map((m) => key(m.to)).sort(),
        );
      }),
    );
  });

  it('at heaps up to 10^30: exact outcome, and every listed move is an option that leaves nim-sum 0', () => {
    // sizes near the split scan's reach (8193) as well as huge ones
    const huge = fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.bigInt({ min: 8000n, max: 8400n }));
    fc.assert(
      fc.property(fc.array(huge, { minLength: 1, maxLength: 4 }), (heaps) => {
        const a = analyzeClosedForm(ruleset, heaps, form);
        const nimSum = heaps.reduce((s, h) => s ^ form.grundyOf(h), 0n);
        expect(a.nimSum).toBe(nimSum);
        expect(a.outcome).toBe(nimSum === 0n ? 'P' : 'N');
        // a position with nim-sum s != 0 has a winning move; the closed forms list one (Lasker: see laskerBigOptions)
        if (nimSum !== 0n) expect(a.winningMoves.length).toBeGreaterThan(0);
        for (const { to } of a.winningMoves) {
          expect(to.reduce((s, h) => s ^ form.grundyOf(h), 0n)).toBe(0n);
          const i = heaps.findIndex((h, j) => to[j] !== h);
          const parts = to.slice(i, i + to.length - heaps.length + 1).filter((p) => p !== 0n);
          expect(isBigOption(ruleset, heaps[i], parts)).toBe(true);
          expect(to.slice(i + to.length - heaps.length + 1)).toEqual(heaps.slice(i + 1));
        }
      }),
    );
  });
});

describe("Lasker's Nim over bigints", () => {
  it('laskerBigValue is laskerValue on safe integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), (n) => {
        expect(laskerBigValue(BigInt(n))).toBe(BigInt(laskerValue(n)));
      }),
    );
  });
  it('g(10^18 + k) = 10^18 + k for k ≡ 1, 2, swaps 3 and 4 (mod 4): Winning Ways, ch. 4', () => {
    const e = 10n ** 18n; // divisible by 4
    expect([1n, 2n, 3n, 4n].map((k) => laskerBigValue(e + k))).toEqual([e + 1n, e + 2n, e + 4n, e + 3n]);
  });
});
