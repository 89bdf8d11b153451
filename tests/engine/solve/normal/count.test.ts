/** Exact counts of P-positions: the transform count against the oracle and the published PE310 values. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { count, countFromHistogram } from '../../../../src/engine/solve/normal/count.ts';
import { oracleCount, forEachTuple } from '../../../../src/engine/solve/oracle/normal.ts';
import { parseTupleSpec } from '../../../../src/engine/spec.ts';
import { COUNT_ORDERS } from '../../../../src/engine/types.ts';
import { InputError } from '../../../../src/engine/errors.ts';
import { NIM_SQUARE } from '../../published.ts';
import { subtractionSpec } from '../../kernels/grundy.cases.ts';

describe('count', () => {
  it('PE310: N = 29 gives 1160 and N = 100000 gives 2586528661783', () => {
    const squares = parseTupleSpec('subtract:squares');
    expect(count(squares, { heapCount: 3, max: 29, order: 'sorted' })).toBe(NIM_SQUARE[29]);
    expect(count(squares, { heapCount: 3, max: 100000, order: 'sorted' })).toBe(NIM_SQUARE[100000]);
  });

  it('agrees with the oracle for random subtraction sets, k = 1..5, every order', () => {
    fc.assert(
      fc.property(
        subtractionSpec,
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(...COUNT_ORDERS),
        fc.integer({ min: 0, max: 9 }),
        (spec, k, order, max) => {
          const n = k >= 4 ? Math.min(max, 6) : max;
          const r = parseTupleSpec(spec);
          expect(count(r, { heapCount: k, max: n, order })).toBe(oracleCount(r, k, n, order));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('agrees with the oracle for Nim and named sets', () => {
    for (const spec of ['nim', 'subtract:squares', 'subtract:primes', 'subtract:fibonacci']) {
      const r = parseTupleSpec(spec);
      for (const order of COUNT_ORDERS)
        expect(count(r, { heapCount: 3, max: 12, order }), `${spec} ${order}`).toBe(oracleCount(r, 3, 12, order));
    }
  });

  it('histogram count equals direct enumeration of XOR-zero tuples, many heaps', () => {
    // An arbitrary value histogram: values 0..5 with these multiplicities.
    const values = [0, 0, 1, 2, 2, 2, 3, 5, 5, 4];
    const histogram = [2, 1, 3, 1, 1, 2];
    for (const order of COUNT_ORDERS) {
      for (let k = 1; k <= 6; k++) {
        let direct = 0n;
        forEachTuple(k, values.length - 1, order, (t) => {
          if (t.reduce((x, i) => x ^ values[i], 0) === 0) direct++;
        });
        expect(countFromHistogram(histogram, k, order), `${order} k=${k}`).toBe(direct);
      }
    }
  });

  it('k = 10 heaps works and exceeds 2^53 exactly', () => {
    const r = parseTupleSpec('subtract:squares');
    const c = count(r, { heapCount: 10, max: 1000, order: 'ordered' });
    expect(c > 2n ** 53n).toBe(true);
    // sorted <= ordered, distinct <= sorted
    expect(count(r, { heapCount: 10, max: 1000, order: 'sorted' }) < c).toBe(true);
    expect(
      count(r, { heapCount: 10, max: 1000, order: 'distinct' }) <
        count(r, { heapCount: 10, max: 1000, order: 'sorted' }),
    ).toBe(true);
  });

  it('rejects a bad number of heaps or order', () => {
    const r = parseTupleSpec('nim');
    expect(() => count(r, { heapCount: 0, max: 5 })).toThrow(InputError);
    expect(() => count(r, { heapCount: 1.5, max: 5 })).toThrow(InputError);
    expect(() => count(r, { heapCount: 2, max: 5, order: 'weird' as never })).toThrow(InputError);
  });
});
