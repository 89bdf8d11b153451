/** The take-and-break and split rulesets: spec parsing, canonical specs, aliases, and their options. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/engine/errors.ts';
import { distinctSplits, MAX_SPLIT_LISTING } from '../../../../src/engine/families/split/index.ts';
import { MAX_THREE_SPLIT_HEAP, MAX_TWO_SPLIT_HEAP } from '../../../../src/engine/families/takebreak/index.ts';
import { MAX_SEQUENCE } from '../../../../src/engine/limits.ts';
import { parseRuleset } from '../../../../src/engine/spec.ts';
import type { HeapRuleset } from '../../../../src/engine/types.ts';
import type { TakeBreakRuleset } from '../../../../src/engine/families/takebreak/index.ts';
import { anyCode } from './arbitraries.ts';

const heap = (spec: string) => parseRuleset(spec) as HeapRuleset;
const options = (spec: string, n: number) => Array.from(heap(spec).heapOptions(n));
const inputError = (spec: string) => {
  try {
    parseRuleset(spec);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as InputError).message;
  }
  throw new Error(`'${spec}' was accepted`);
};

describe('takebreak specs', () => {
  it('aliases stand for the published codes', () => {
    expect(heap('kayles').spec).toBe('takebreak:0.77');
    expect(heap('dawsons-kayles').spec).toBe('takebreak:0.07');
    expect(heap('grundys-game').spec).toBe('takebreak:4!.0');
    expect(heap('Kayles').title).toContain('Kayles');
    expect(heap('grundys-game').title).toContain("Grundy's game");
  });

  it('canonical form: a missing d0 is 0, trailing zeros go, hex digits are upper case, idle ! is dropped', () => {
    expect(heap('takebreak:.77').spec).toBe('takebreak:0.77');
    expect(heap('takebreak:0.0700').spec).toBe('takebreak:0.07');
    expect(heap('takebreak:0.f!3').spec).toBe('takebreak:0.F!3');
    expect(heap('takebreak:0.3!').spec).toBe('takebreak:0.3'); // '!' without a split means nothing
    expect(heap('takebreak:4!.').spec).toBe('takebreak:4!.0');
    expect(heap('takebreak:0.').spec).toBe('takebreak:0.0');
  });

  it('parses digits and ! flags', () => {
    const r = heap('takebreak:4!.0B!') as TakeBreakRuleset;
    expect(r.digits).toEqual([4, 0, 11]);
    expect(r.unequal).toEqual([true, false, true]);
  });

  it('property: the canonical spec parses back to the same ruleset', () => {
    fc.assert(
      fc.property(anyCode, (code) => {
        const r = heap(`takebreak:${code}`) as TakeBreakRuleset;
        const again = heap(r.spec) as TakeBreakRuleset;
        expect(again.spec).toBe(r.spec);
        expect(again.digits).toEqual(r.digits);
        expect(again.unequal).toEqual(r.unequal);
      }),
      { numRuns: 200 },
    );
  });

  it('documented maxima depend on how many heaps a move may leave', () => {
    expect(heap('takebreak:0.77').maxHeap).toBe(MAX_TWO_SPLIT_HEAP);
    expect(heap('takebreak:0.8').maxHeap).toBe(MAX_THREE_SPLIT_HEAP);
    expect(heap('takebreak:0.33').maxHeap).toBe(MAX_SEQUENCE); // no splits: only the sequence limit
    expect(MAX_TWO_SPLIT_HEAP).toBeGreaterThanOrEqual(2 ** 27);
  });

  it('bad codes are one InputError that says what is wrong', () => {
    expect(inputError('takebreak:077')).toMatch(/needs a point/);
    expect(inputError('takebreak:0.7G')).toMatch(/'G'.*not a digit/);
    expect(inputError('takebreak:2.7')).toMatch(/d0 = 2 is not allowed/);
    expect(inputError('takebreak:1.7')).toMatch(/d0 = 1 is not allowed/);
    expect(inputError('takebreak:04.7')).toMatch(/only one digit \(d0\)/);
    expect(inputError('takebreak:0.!7')).toMatch(/'!' must follow a digit/);
    expect(inputError('takebreak:0.7!!')).toMatch(/'!' must follow a digit/);
    expect(inputError('takebreak:')).toMatch(/needs arguments/);
    expect(inputError('takebreak:0.' + '7'.repeat(300))).toMatch(/maximum/);
  });
});

describe('takebreak options (each listed as the heaps left, zeros omitted)', () => {
  it('Kayles: take 1 or 2, leaving zero, one or two heaps', () => {
    expect(options('kayles', 0)).toEqual([]);
    expect(options('kayles', 1)).toEqual([[]]);
    expect(options('kayles', 2)).toEqual([[1], []]);
    expect(options('kayles', 4)).toEqual([[3], [1, 2], [2], [1, 1]]);
  });

  it("Grundy's game: split into two unequal heaps", () => {
    expect(options('grundys-game', 2)).toEqual([]);
    expect(options('grundys-game', 6)).toEqual([
      [1, 5],
      [2, 4],
    ]);
    expect(options('takebreak:4.0', 6)).toEqual([
      [1, 5],
      [2, 4],
      [3, 3],
    ]);
  });

  it('hex digit 8 leaves three heaps; with ! they are pairwise unequal', () => {
    expect(options('takebreak:0.8', 7)).toEqual([
      [1, 1, 4],
      [1, 2, 3],
      [2, 2, 2],
    ]);
    expect(options('takebreak:0.8!', 7)).toEqual([[1, 2, 3]]);
    expect(options('takebreak:0.8!', 6)).toEqual([]);
  });

  it('digit 1 removes a whole heap only; digit 2 leaves exactly one heap', () => {
    expect(options('takebreak:0.01', 2)).toEqual([[]]);
    expect(options('takebreak:0.01', 3)).toEqual([]);
    expect(options('takebreak:0.02', 2)).toEqual([]);
    expect(options('takebreak:0.02', 5)).toEqual([[3]]);
  });

  it('property: every option removes d tokens with the digit allowing that many heaps, all non-empty', () => {
    fc.assert(
      fc.property(anyCode, fc.integer({ min: 0, max: 14 }), (code, n) => {
        const r = heap(`takebreak:${code}`) as TakeBreakRuleset;
        for (const parts of r.heapOptions(n)) {
          const k = n - parts.reduce((a, b) => a + b, 0);
          expect(parts.every((p) => p > 0)).toBe(true);
          expect(r.digits[k] & (1 << parts.length)).not.toBe(0);
          if (r.unequal[k]) expect(new Set(parts).size).toBe(parts.length);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('split:distinct', () => {
  it('alias stone-piles; bad rules are InputErrors', () => {
    expect(heap('stone-piles').spec).toBe('split:distinct');
    expect(inputError('split:equal')).toMatch(/unknown rule 'equal'/);
  });

  it('8 splits as in PROBLEMS.md: 1+2+5, 1+3+4, 1+7, 2+6, 3+5', () => {
    expect(options('split:distinct', 8)).toEqual([
      [1, 2, 5],
      [1, 3, 4],
      [1, 7],
      [2, 6],
      [3, 5],
    ]);
    expect(options('split:distinct', 2)).toEqual([]);
  });

  it('the number of splits is q(n) - 1 (partitions into distinct parts, OEIS A000009)', () => {
    const q = [1, 1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 12, 15, 18, 22, 27, 32, 38, 46, 54, 64];
    for (let n = 1; n <= 20; n++) expect(Array.from(distinctSplits(n)).length).toBe(q[n] - 1);
  });

  it('refuses to list the splits of a heap above the listing maximum', () => {
    expect(() => Array.from(distinctSplits(MAX_SPLIT_LISTING + 1))).toThrow(/too many splits/);
  });
});
