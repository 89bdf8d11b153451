/** Cram: the general solver against the oracle on every board up to 12 cells, the 1 x n strip against 0.07, symmetry-strategy results. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/engine/errors.ts';
import { type Board, cram, cramKey, formatBoard, parseBoard } from '../../../../src/engine/families/cram/index.ts';
import { parseGameSpec } from '../../../../src/engine/spec.ts';
import { grundySequence } from '../../../../src/engine/solve/normal/grundy.ts';
import { GameSolver } from '../../../../src/engine/solve/search/solver.ts';
import { parseTupleSpec } from '../../../../src/engine/spec.ts';
import { expectOracleAgreement } from '../../solve/search/oracle-agreement.ts';

/** Every board of rows x cols with any set of filled cells. */
function* allBoards(rows: number, cols: number): Generator<Board> {
  for (let mask = 0; mask < 2 ** (rows * cols); mask++) {
    yield { width: cols, rows: Array.from({ length: rows }, (_, r) => (mask >>> (r * cols)) & (2 ** cols - 1)) };
  }
}

describe('cram', () => {
  const rules = cram();

  it('agrees with the oracle on every board (any cells filled) of up to 8 cells and of 3 x 4 and 2 x 6 (12 cells)', () => {
    for (const [r, c] of [
      [1, 8],
      [2, 4],
      [2, 3],
      [3, 2],
      [1, 5],
      [3, 4],
      [2, 6],
    ])
      expectOracleAgreement(rules, allBoards(r, c));
  });

  it('agrees with the oracle on every empty rectangle of up to 12 cells and on random 12-cell boards', () => {
    const rects: Board[] = [];
    for (let r = 1; r <= 12; r++) for (let c = 1; r * c <= 12; c++) rects.push(cram(r, c).start!);
    expectOracleAgreement(rules, rects);
    const board = fc
      .tuple(fc.constantFrom([3, 4], [4, 3], [2, 6], [6, 2], [1, 12]), fc.integer({ min: 0, max: 4095 }))
      .map(([[r, c], mask]) => ({
        width: c,
        rows: Array.from({ length: r }, (_, i) => (mask >>> (i * c)) & (2 ** c - 1)),
      }));
    fc.assert(
      fc.property(fc.array(board, { minLength: 20, maxLength: 20 }), (boards) => {
        expectOracleAgreement(rules, boards);
      }),
      { numRuns: 5 },
    );
  });

  it("a 1 x n strip is the octal game 0.07 (Dawson's Kayles) on a heap of n, n <= 200", () => {
    const dawson = grundySequence(parseTupleSpec('takebreak:0.07'), 200);
    const solver = new GameSolver(rules);
    for (let n = 1; n <= 200; n++) expect(solver.grundy(cram(1, n).start!), `1 x ${n}`).toBe(dawson[n]);
    for (let n = 1; n <= 30; n++)
      expect(new GameSolver(rules).grundy(parseBoard('.'.repeat(n))), `1 x ${n} as one row`).toBe(dawson[n]);
  });

  it('published values: 3 x 6 = 4 and 4 x 7 = 3 (tplick/nimcalc README, its `./cram test` and `./cram 4 7` runs)', () => {
    expect(new GameSolver(rules).grundy(cram(3, 6).start!)).toBe(4);
    expect(new GameSolver(rules).grundy(cram(4, 7).start!)).toBe(3);
  });

  it('symmetry strategies (Gardner 1974): even x even boards are P-positions, even x odd boards N-positions', () => {
    const solver = new GameSolver(rules);
    for (const [r, c] of [
      [2, 2],
      [2, 4],
      [4, 4],
      [2, 6],
      [4, 6],
      [2, 8],
      [2, 3],
      [2, 5],
      [4, 3],
      [4, 5],
      [2, 7],
    ]) {
      expect(solver.isP(cram(r, c).start!), `${r} x ${c}`).toBe(r % 2 === 0 && c % 2 === 0);
    }
  });

  it('folds the 8 symmetries of the board into the key and trims filled borders', () => {
    const a = parseBoard('..#/.../##.');
    const turned = parseBoard('#../#../...').rows.length;
    expect(turned).toBe(3);
    const variants = [
      '..#/.../##.',
      '#../.../.##',
      '##./.../..#',
      '.##/.../#..',
      '#../#../...'.replace(/./g, (ch) => ch),
    ];
    const keys = new Set(variants.slice(0, 4).map((t) => cramKey(parseBoard(t))));
    expect(keys.size).toBe(1);
    expect(cramKey(parseBoard('####/#..#/####'))).toBe(cramKey(parseBoard('..')));
    expect(cramKey(parseBoard('.#/.#'))).toBe(cramKey(parseBoard('..')));
    expect(cramKey(a)).not.toBe(cramKey(parseBoard('...')));
  });

  it('reads and writes boards; bad boards name the line and column', () => {
    expect(formatBoard(parseBoard('....\n.##.\n....'))).toBe('..../.##./....');
    expect(formatBoard(parseBoard('..\\n.#'))).toBe('../.#');
    expect(() => parseBoard('...\n..')).toThrow(/line 2, column 3: rows differ in length/);
    expect(() => parseBoard('...\n.x.')).toThrow(/line 2, column 2: unexpected 'x'/);
    expect(() => parseBoard('')).toThrow(InputError);
    expect(() => parseBoard('.'.repeat(31))).toThrow(/above the maximum/);
    expect(() => parseGameSpec('cram:40x40')).toThrow(/above the maximum/);
    expect(() => parseGameSpec('cram:300x1')).toThrow(/above the maximum/);
    expect(() => parseGameSpec('cram:4by5')).toThrow(/<rows>x<cols>/);
  });
});
