/**
 * Beling–Rogalski pruning in the grid core: the set operations against plain loops, and set
 * questions (nimberIn) against the general solver's values on random Cram boards and Node Kayles
 * subgrids; both question styles (set questions and one value at a time) against each other.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cram, formatBoard } from '../../../../src/engine/families/cram/index.ts';
import { cramGridRules } from '../../../../src/engine/families/cram/grid.ts';
import { nodeKaylesGridRules } from '../../../../src/engine/families/node-kayles/grid.ts';
import { below, least, upToLargest, xorEach } from '../../../../src/engine/solve/grid/nimber-set.ts';
import { type GridRules, GridSolver } from '../../../../src/engine/solve/grid/search.ts';
import { GameSolver } from '../../../../src/engine/solve/search/solver.ts';
import { randomBoards as boards } from '../../../helpers/boards.ts';

const sets = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).filter((m) => m !== 0);

describe('nimber sets as 32-bit masks', () => {
  it('xorEach maps each value v to v ^ x', () => {
    fc.assert(
      fc.property(sets, fc.integer({ min: 0, max: 31 }), (set, x) => {
        let expected = 0;
        for (let v = 0; v < 32; v++) if (set & (1 << v)) expected |= 1 << (v ^ x);
        expect(xorEach(set, x)).toBe(expected | 0);
      }),
    );
  });

  it('below, upToLargest and least', () => {
    expect(below(0)).toBe(0);
    expect(below(3)).toBe(0b111);
    expect(below(31)).toBe(0x7fffffff);
    expect(below(32)).toBe(-1);
    expect(below(90)).toBe(-1);
    expect(upToLargest(0b10100)).toBe(0b11111);
    expect(upToLargest(1 << 31)).toBe(-1);
    expect(least(0b10100)).toBe(2);
    expect(least(1 << 31)).toBe(31);
  });
});

/** Asserts the set question's contract: the value when it is in the set, else "not in set" or the value. */
function expectSetAnswers(rules: GridRules, rows: number[], value: number, want: number, label: string): void {
  const core = new GridSolver(rules, { tableBits: 12 });
  const shapes = core.shapes(rows);
  if (shapes.length !== 1) return;
  const answer = core.nimberIn(shapes[0], want);
  if (value < 32 && want & (1 << value)) expect(answer, label).toBe(value);
  else expect([-1, value], label).toContain(answer);
  // the "no" the table kept must not hide the value from a later question
  expect(core.nimber(shapes[0]), label).toBe(value);
}

describe('set questions (nimberIn)', () => {
  it('answer as the general solver values Cram boards, for random sets of values', () => {
    const general = new GameSolver(cram());
    fc.assert(
      fc.property(boards, fc.integer({ min: 1, max: 255 }), (board, want) => {
        expectSetAnswers(cramGridRules, board.rows.slice(), general.grundy(board), want, formatBoard(board));
      }),
      { numRuns: 300 },
    );
  });

  it('answer as the LVB core values Node Kayles subgrids, for random sets of values', () => {
    const lvb = new GridSolver(nodeKaylesGridRules, { method: 'lvb', tableBits: 16 });
    fc.assert(
      fc.property(boards, fc.integer({ min: 1, max: 255 }), (board, want) => {
        const value = lvb.grundy(board.rows);
        expectSetAnswers(nodeKaylesGridRules, board.rows.slice(), value, want, formatBoard(board));
      }),
      { numRuns: 300 },
    );
  });

  it('both question styles give the same values and outcomes, a tiny table forcing replacements', () => {
    fc.assert(
      fc.property(boards, (board) => {
        for (const rules of [cramGridRules, nodeKaylesGridRules]) {
          const br = new GridSolver(rules, { tableBits: 4 });
          const lvb = new GridSolver(rules, { method: 'lvb', tableBits: 4 });
          const value = lvb.grundy(board.rows);
          expect(br.grundy(board.rows), formatBoard(board)).toBe(value);
          for (const k of [0, 1, 2, 3, 4]) expect(br.hasValue(board.rows, k)).toBe(k === value);
        }
      }),
      { numRuns: 200 },
    );
  });
});
