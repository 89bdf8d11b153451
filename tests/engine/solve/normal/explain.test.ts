/** explain(): the mex worked out, the nim-sum in binary columns, backward induction; against the kernels, the oracle and the classic examples. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explain, explainHeap, mex } from '../../../../src/engine/solve/normal/explain.ts';
import { formatExplanation } from '../../../../src/engine/wording/explanation.ts';
import { grundySequence } from '../../../../src/engine/solve/normal/grundy.ts';
import { oracleFor } from '../../../../src/engine/solve/oracle/normal.ts';
import { parseTupleSpec } from '../../../../src/engine/spec.ts';
import type { HeapRuleset } from '../../../../src/engine/types.ts';
import { anyCode } from '../../families/takebreak/arbitraries.ts';

describe('explain', () => {
  it('mex: the smallest missing value', () => {
    expect(mex([])).toBe(0);
    expect(mex([0, 2])).toBe(1);
    expect(mex([1, 2, 3])).toBe(0);
    expect(mex([3, 0, 1, 2, 2])).toBe(4);
  });

  it('subtract-a-square, heap 13: options 12, 9, 4 of values {0, 2}, so g(13) = mex = 1', () => {
    const e = explain(parseTupleSpec('subtract:squares'), [13]);
    expect(e.heaps).toHaveLength(1);
    const h = e.heaps[0];
    expect(h.options.map((o) => [o.parts.join('+'), o.value])).toEqual([
      ['12', 0],
      ['9', 2],
      ['4', 2],
    ]);
    expect(h.seen).toEqual([0, 2]);
    expect(h.mex).toBe(1);
    expect(e.outcome).toBe('N');
  });

  it('Nim 13 12 8: columns 1101, 1100, 1000 give 1001 = 9; the highest bit 8 gives three winning moves', () => {
    const e = explain(parseTupleSpec('nim'), [13, 12, 8]);
    const s = e.nimSum!;
    expect(s.rows.map((r) => r.binary)).toEqual(['1101', '1100', '1000']);
    expect(s.binary).toBe('1001');
    expect(s.nimSum).toBe(9);
    expect(s.highestBit).toBe(3);
    expect(s.moves.map((m) => [m.target, m.to?.join(' ')])).toEqual([
      [4, '4 12 8'],
      [5, '13 5 8'],
      [1, '13 12 1'],
    ]);
    const text = formatExplanation(e);
    expect(text).toContain('nim-sum = 9      1001');
    expect(text).toContain('heap 1: 13 xor 9 = 4, move to 4 12 8');
    expect(text).toMatch(/So 13 12 8 is an N-position/);
  });

  it("Grundy's game, heap 7: options 1+6, 2+5, 3+4 of values {1, 2}: g(7) = 0, a P-position", () => {
    const e = explain(parseTupleSpec('grundys-game'), [7]);
    expect(e.heaps[0].options.map((o) => o.parts.join('+')).sort()).toEqual(['1+6', '2+5', '3+4']);
    expect(e.heaps[0].mex).toBe(0);
    expect(e.nimSum!.highestBit).toBeNull();
    expect(e.outcome).toBe('P');
    // the verdict is stated once, in the closing line (issue 39, item 10)
    const text = formatExplanation(e);
    expect(text.match(/P-position/g)).toHaveLength(1);
    expect(text.endsWith('So 7 is a P-position: the player to move loses.')).toBe(true);
  });

  it('Wythoff: backward induction finds the P-positions (0,0), (1,2), (2,1), (3,5), (5,3) up to 5', () => {
    const e = explain(parseTupleSpec('wythoff'), [3, 5]);
    const r = e.region!;
    expect(r.max).toBe(5);
    expect(r.cells.filter((c) => c.outcome === 'P').map((c) => c.position.join(','))).toEqual([
      '0,0',
      '1,2',
      '2,1',
      '3,5',
      '5,3',
    ]);
    for (const c of r.cells)
      if (c.outcome === 'N') expect(r.cells.find((d) => d.position.join() === c.reaches!.join())?.outcome).toBe('P');
    expect(e.outcome).toBe('P');
  });

  it("property: on random take-and-break codes, the mex of the options is the kernel value and the outcome the oracle's", () => {
    fc.assert(
      fc.property(anyCode, fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 3 }), (code, heaps) => {
        const ruleset = parseTupleSpec(`takebreak:${code}`) as HeapRuleset;
        const values = grundySequence(ruleset, 12);
        for (const h of heaps) expect(explainHeap(ruleset, h).mex).toBe(values[h]);
        const e = explain(ruleset, heaps);
        const oracle = oracleFor(ruleset);
        expect(e.outcome).toBe(oracle.outcome(heaps));
        for (const m of e.nimSum!.moves) expect(m.to && oracle.outcome(m.to)).toBe('P');
      }),
      { numRuns: 60 },
    );
  });
});
