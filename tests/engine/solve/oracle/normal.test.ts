/** The oracle itself: classical facts it must reproduce without any Sprague–Grundy reasoning. */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/engine/errors.ts';
import { Oracle, forEachTuple, oracleFor } from '../../../../src/engine/solve/oracle/normal.ts';
import { parseTupleSpec } from '../../../../src/engine/spec.ts';

describe('oracle', () => {
  it('single-heap subtract:1,2,3 loses exactly at multiples of 4', () => {
    const o = oracleFor(parseTupleSpec('subtract:1,2,3'));
    for (let n = 0; n <= 40; n++) expect(o.isP([n])).toBe(n % 4 === 0);
  });

  it('two-heap Nim loses exactly when the heaps are equal (the mirror strategy)', () => {
    const o = oracleFor(parseTupleSpec('nim'));
    for (let a = 0; a <= 12; a++) for (let b = 0; b <= 12; b++) expect(o.isP([a, b])).toBe(a === b);
  });

  it('handles deep games without overflowing the stack', () => {
    const o = oracleFor(parseTupleSpec('subtract:1'));
    expect(o.isP([200_000])).toBe(true);
    expect(o.isP([200_001])).toBe(false);
  });

  it('refuses politely beyond its budget', () => {
    const small = new Oracle<number[]>(
      {
        *moves(p) {
          if (p[0] > 0) yield [p[0] - 1];
        },
        key: (p) => p.join(','),
      },
      100,
    );
    expect(() => small.isP([1000])).toThrow(InputError);
  });

  it('enumerates tuples in each order', () => {
    const seen: Record<string, number> = {};
    for (const order of ['sorted', 'ordered', 'distinct'] as const) {
      let n = 0;
      forEachTuple(3, 4, order, () => n++);
      seen[order] = n;
    }
    expect(seen).toEqual({ sorted: 35, ordered: 125, distinct: 10 });
  });
});
