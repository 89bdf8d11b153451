/** The equal-removal ruleset through the shared engine: spec, moves, analyze, count, the PE260 problem. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../../src/engine/solve/normal/analyze.ts';
import { distinctPermutations, forEachCoupledPPosition } from '../../../../src/engine/families/equal-removal/solver.ts';
import { count } from '../../../../src/engine/solve/normal/count.ts';
import { InputError } from '../../../../src/engine/errors.ts';
import { oracleCount, oracleFor } from '../../../../src/engine/solve/oracle/normal.ts';
import type { EqualRemovalRuleset } from '../../../../src/engine/families/equal-removal/index.ts';
import { parseTupleSpec } from '../../../../src/engine/spec.ts';
import { findProblem, solveText } from '../../../../src/problems/index.ts';

const sortedMoves = (moves: { to: number[] }[]) => moves.map((m) => m.to.join(' ')).sort();

describe('spec', () => {
  it('aliases and pile counts', () => {
    expect(parseTupleSpec('stone-game')).toMatchObject({
      kind: 'coupled',
      family: 'equal-removal',
      spec: 'equal-removal:3',
      piles: 3,
      symmetric: true,
    });
    expect(parseTupleSpec('wythoff')).toMatchObject({ spec: 'equal-removal:2', piles: 2 });
    expect(parseTupleSpec('equal-removal')).toMatchObject({ spec: 'equal-removal', piles: undefined });
    expect(parseTupleSpec('equal-removal:5').spec).toBe('equal-removal:5');
  });

  it.each(['equal-removal:x', 'equal-removal:0', 'equal-removal:9', 'equal-removal:-1', 'equal-removal:2.5'])(
    'rejects %j',
    (spec) => {
      expect(() => parseTupleSpec(spec)).toThrow(InputError);
    },
  );

  it('moves: one, two or all piles lose the same amount, every subset and amount once', () => {
    const r = parseTupleSpec('stone-game') as EqualRemovalRuleset;
    const moves = [...r.moves([1, 2, 2])].map((m) => m.join(' '));
    expect(moves).toEqual(['0 2 2', '1 1 2', '1 0 2', '0 1 2', '1 2 1', '1 2 0', '0 2 1', '1 1 1', '1 0 0', '0 1 1']);
    expect(new Set(moves).size).toBe(moves.length);
  });
});

describe('analyze', () => {
  it('(1, 3, 3) and (0, 1, 2) are P; (0, 0, 13), (0, 11, 11), (5, 5, 5) are N (the problem statement)', () => {
    const r = parseTupleSpec('stone-game');
    expect(analyze(r, [1, 3, 3])).toEqual({
      ruleset: 'equal-removal:3',
      heaps: [1, 3, 3],
      grundy: null,
      nimSum: null,
      outcome: 'P',
      winningMoves: [],
    });
    expect(analyze(r, [2, 0, 1]).outcome).toBe('P');
    expect(sortedMoves(analyze(r, [0, 0, 13]).winningMoves)).toEqual(['0 0 0']);
    expect(analyze(r, [0, 11, 11]).winningMoves).toContainEqual({ to: [0, 0, 0] });
    expect(analyze(r, [5, 5, 5]).winningMoves).toContainEqual({ to: [0, 0, 0] });
  });

  it('Wythoff (4, 7) is P and (4, 8) moves to it', () => {
    const r = parseTupleSpec('wythoff');
    expect(analyze(r, [7, 4]).outcome).toBe('P');
    expect(analyze(r, [4, 8]).winningMoves).toEqual([{ to: [4, 7] }]);
  });

  it('matches the oracle exactly, move order included (random positions of 1 to 4 piles)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 14 }), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (piles, fixed) => {
          if (piles.length === 4 && piles.reduce((a, b) => a + b, 0) > 24) piles = piles.map((p) => p % 7);
          const r = parseTupleSpec(fixed ? `equal-removal:${piles.length}` : 'equal-removal');
          const a = analyze(r, piles);
          const oracle = oracleFor(r);
          expect(a.outcome).toBe(oracle.outcome(piles));
          expect(a.winningMoves).toEqual(oracle.winningMoves(piles));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('large piles take the solver, not the oracle', () => {
    const a = analyze(parseTupleSpec('stone-game'), [300, 1200, 2500]);
    expect(a.outcome).toBe('N');
    for (const m of a.winningMoves) expect(analyze(parseTupleSpec('stone-game'), m.to).outcome).toBe('P');
    expect(analyze(parseTupleSpec('wythoff'), [10_000_000, 20_000_000]).winningMoves.length).toBeGreaterThan(0);
  });

  it('rejects the wrong number of piles and sizes beyond the maxima', () => {
    expect(() => analyze(parseTupleSpec('stone-game'), [1, 2])).toThrow(/3 piles/);
    expect(() => analyze(parseTupleSpec('stone-game'), [1, 2, 20_001])).toThrow(InputError);
    expect(() => analyze(parseTupleSpec('equal-removal'), [1, 2, 3, 4, 5, 6, 7, 8, 9])).toThrow(/maximum of 8/);
    expect(() => analyze(parseTupleSpec('equal-removal'), [100, 100, 100, 100])).toThrow(/oracle/);
  });
});

describe('count', () => {
  it.each(['sorted', 'ordered', 'distinct'] as const)(
    'agrees with the oracle for 1, 2, 3 and 4 piles (%s)',
    (order) => {
      const r = parseTupleSpec('equal-removal');
      for (const [k, max] of [
        [1, 9],
        [2, 25],
        [3, 18],
        [4, 7],
      ]) {
        expect(count(r, { heapCount: k, max, order }), `${k} piles`).toBe(oracleCount(r, k, max, order));
      }
    },
  );

  it('stone-game counts its own three piles; a different --heaps is refused', () => {
    expect(count(parseTupleSpec('stone-game'), { heapCount: 3, max: 1000 })).toBe(121060n);
    expect(() => count(parseTupleSpec('stone-game'), { heapCount: 2, max: 10 })).toThrow(/3 piles/);
    expect(() => count(parseTupleSpec('wythoff'), { heapCount: 3, max: 10 })).toThrow(/2 piles/);
  });

  it('lists positions in order: sorted tuples, or every arrangement after its sorted one', () => {
    const r = parseTupleSpec('wythoff') as EqualRemovalRuleset;
    const list: string[] = [];
    forEachCoupledPPosition(r, { pileCount: 2, max: 7, order: 'ordered' }, (t) => {
      list.push(t.join(' '));
    });
    expect(list).toEqual(['0 0', '1 2', '2 1', '3 5', '5 3', '4 7', '7 4']);
    expect([...distinctPermutations([1, 1, 2])].map((p) => p.join(''))).toEqual(['112', '121', '211']);
  });
});

describe('stone-game problem', () => {
  const p = findProblem('stone-game')!;

  it('PE260 values, text and JSON', () => {
    expect(solveText(p, '100')).toBe('173895');
    expect(p.json(p.solve(p.parse('1000\n')))).toEqual({ sum: '167542057', count: '121060' });
  });

  it('agrees with the oracle for N <= 30', () => {
    for (const n of [0, 1, 2, 13, 30]) expect(p.verify!(n)).toEqual(p.solve(n));
  });

  it.each(['', '-5', '2.5', 'abc', '1 2', '20001', '1e9'])('rejects %j', (text) => {
    expect(() => p.parse(text)).toThrow(InputError);
  });
});
