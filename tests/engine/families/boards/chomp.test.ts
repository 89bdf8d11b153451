/** Chomp: solver against the oracle on every position of small bars, strategy stealing on rectangles, closed forms. */
import { describe, expect, it } from 'vitest';
import { chomp, chompKey, parseChomp, type ChompPosition } from '../../../../src/engine/families/chomp/index.ts';
import { parseGameSpec } from '../../../../src/engine/spec.ts';
import { GameSolver } from '../../../../src/engine/solve/search/solver.ts';
import { expectOracleAgreement } from '../../solve/search/oracle-agreement.ts';

/** Every Young diagram inside rows x cols that keeps the poisoned square. */
function* diagrams(rows: number, cols: number, prefix: number[] = []): Generator<ChompPosition> {
  if (prefix.length > 0) yield prefix.slice();
  if (prefix.length === cols) return;
  const top = prefix.length === 0 ? rows : prefix[prefix.length - 1];
  for (let h = prefix.length === 0 ? 1 : 1; h <= top; h++) yield* diagrams(rows, cols, [...prefix, h]);
}

describe('chomp', () => {
  const rules = chomp();

  it('agrees with the oracle on every position inside 4 x 4', () => {
    expectOracleAgreement(rules, diagrams(4, 4));
  });

  it('every rectangle larger than 1 x 1 is an N-position (strategy stealing), 1 x 1 a P-position', () => {
    const solver = new GameSolver(rules);
    expect(solver.isP(chomp(1, 1).start!)).toBe(true);
    for (let r = 1; r <= 6; r++)
      for (let c = 1; c <= 6; c++) if (r * c > 1) expect(solver.isP(chomp(r, c).start!), `${r} x ${c}`).toBe(false);
  });

  it('closed forms: a 1 x n bar is a Nim heap of n - 1; the square n x n wins by taking (2, 2) (Gale)', () => {
    const solver = new GameSolver(rules);
    for (let n = 1; n <= 30; n++) expect(solver.grundy(chomp(1, n).start!)).toBe(n - 1);
    for (let n = 2; n <= 8; n++)
      expect(solver.isP([n, ...new Array<number>(n - 1).fill(1)]), `L of arms ${n}`).toBe(true);
  });

  it('the transposed diagram has the same key; bad positions name the column', () => {
    expect(chompKey([3, 1])).toBe(chompKey([2, 1, 1]));
    expect(parseChomp('3, 3 2 0')).toEqual([3, 3, 2]);
    expect(() => parseChomp('3 4')).toThrow(/line 1, column 3: height 4 is taller/);
    expect(() => parseChomp('3 x')).toThrow(/line 1, column 3: 'x'/);
    expect(() => parseChomp('0')).toThrow(/poisoned square/);
    expect(() => parseGameSpec('chomp:500x2')).toThrow(/maximum/);
  });
});
