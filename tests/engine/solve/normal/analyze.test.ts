/** analyze(): outcome, nim-sum and every winning move, against the oracle and the blog example. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../../src/engine/solve/normal/analyze.ts';
import { InputError } from '../../../../src/engine/errors.ts';
import { oracleFor } from '../../../../src/engine/solve/oracle/normal.ts';
import { parseTupleSpec } from '../../../../src/engine/spec.ts';
import { subtractionSpec } from '../../kernels/grundy.cases.ts';

const sortedMoves = (moves: { to: number[] }[]) => moves.map((m) => m.to.join(' ')).sort();

/** analyze() and the oracle give the same outcome and the same set of winning moves. */
function expectOracleAgreement(spec: string, heaps: number[]): void {
  const r = parseTupleSpec(spec);
  const a = analyze(r, heaps);
  const oracle = oracleFor(r);
  expect(a.outcome).toBe(oracle.outcome(heaps));
  expect(sortedMoves(a.winningMoves)).toEqual(sortedMoves(oracle.winningMoves(heaps)));
}

describe('analyze', () => {
  it('Nim (13, 12, 8): nim-sum 9, N, and exactly three winning moves', () => {
    const a = analyze(parseTupleSpec('nim'), [13, 12, 8]);
    expect(a.nimSum).toBe(9);
    expect(a.outcome).toBe('N');
    expect(a.grundy).toEqual([13, 12, 8]);
    expect(sortedMoves(a.winningMoves)).toEqual(['13 12 1', '13 5 8', '4 12 8']);
  });

  it('a P-position has no winning move', () => {
    const a = analyze(parseTupleSpec('nim'), [1, 2, 3]);
    expect(a.outcome).toBe('P');
    expect(a.winningMoves).toEqual([]);
  });

  it('huge Nim heaps are analysed without building sequences', () => {
    const a = analyze(parseTupleSpec('nim'), [4_000_000_000, 123_456_789]);
    expect(a.nimSum).toBe((4_000_000_000 ^ 123_456_789) >>> 0);
    expect(a.winningMoves).toHaveLength(1);
  });

  it('agrees with the oracle on outcome and every winning move (random subtraction games, 1..5 heaps)', () => {
    fc.assert(
      fc.property(
        subtractionSpec,
        fc.array(fc.integer({ min: 0, max: 14 }), { minLength: 1, maxLength: 5 }),
        expectOracleAgreement,
      ),
      { numRuns: 200 },
    );
  });

  it('Nim agrees with the oracle on small positions', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 4 }), (heaps) =>
        expectOracleAgreement('nim', heaps),
      ),
      { numRuns: 100 },
    );
  });

  it('rejects negative, fractional, too many and too large heaps', () => {
    const r = parseTupleSpec('subtract:squares');
    expect(() => analyze(r, [-1])).toThrow(InputError);
    expect(() => analyze(r, [1.5])).toThrow(InputError);
    expect(() => analyze(r, [])).toThrow(InputError);
    expect(() => analyze(r, [1e9])).toThrow(/maximum/);
    expect(() => analyze(r, new Array(1001).fill(1))).toThrow(/maximum/);
  });
});
