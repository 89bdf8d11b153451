/**
 * Tromino Cram: the general solver against the oracle on every board up to 9 cells, the 1 x n strip
 * against the octal game 0.007, misère play against the misère oracle, and the grid's clicks.
 */
import { describe, expect, it } from 'vitest';
import type { Board } from '../../../../src/engine/families/cram/board.ts';
import { trominoCram } from '../../../../src/engine/families/tromino-cram/index.ts';
import { grundySequence } from '../../../../src/engine/solve/normal/grundy.ts';
import { GameSolver } from '../../../../src/engine/solve/search/solver.ts';
import { parseGameSpec, parseTupleSpec } from '../../../../src/engine/spec.ts';
import { analyzeGame } from '../../../../src/service/games.ts';
import { viewOf } from '../../../../src/views/registry.ts';
import { expectOracleAgreement } from '../../solve/search/oracle-agreement.ts';

/** Every board of rows x cols with any set of filled cells. */
function* allBoards(rows: number, cols: number): Generator<Board> {
  for (let mask = 0; mask < 2 ** (rows * cols); mask++)
    yield { width: cols, rows: Array.from({ length: rows }, (_, r) => (mask >>> (r * cols)) & (2 ** cols - 1)) };
}

describe('tromino-cram', () => {
  const rules = trominoCram();

  it('agrees with the oracle on every board (any cells filled) of 3 x 3, 2 x 4 and 1 x 9', () => {
    for (const [r, c] of [
      [3, 3],
      [2, 4],
      [1, 9],
    ])
      expectOracleAgreement(rules, allBoards(r, c));
  });

  it('a 1 x n strip is the octal game 0.007 on a heap of n, n <= 150', () => {
    const octal = grundySequence(parseTupleSpec('takebreak:0.007'), 150);
    const solver = new GameSolver(rules);
    for (let n = 1; n <= 150; n++) expect(solver.grundy(trominoCram(1, n).start!), `1 x ${n}`).toBe(octal[n]);
  });

  it('under misère play the search agrees with plain recursion (the mover with no move wins) on every rectangle of up to 12 cells', () => {
    const memo = new Map<string, boolean>();
    /** True when the player to move loses under misère play; positions keyed as written, no symmetry. */
    const misereP = (b: Board): boolean => {
      const key = rules.notation.formatPosition(b);
      let p = memo.get(key);
      if (p === undefined) {
        const moves = [...rules.moves(b)];
        p = moves.length > 0 && moves.every((m) => !misereP(m));
        memo.set(key, p);
      }
      return p;
    };
    for (let r = 1; r <= 12; r++)
      for (let c = 1; r * c <= 12; c++) {
        const reply = analyzeGame(trominoCram(r, c), undefined, 'misere');
        expect(reply.outcome, `${r} x ${c}`).toBe(misereP(trominoCram(r, c).start!) ? 'P' : 'N');
        expect(reply.grundy).toBeNull();
      }
  });

  it('the grid places a tromino from three clicks in a line, in any order, and refuses others', () => {
    const game = parseGameSpec('tromino-cram:3x3');
    const grid = viewOf(game).grid!;
    const start = game.start!;
    expect(grid.pick(start, [[0, 0]])).toBe('more');
    expect(
      grid.pick(start, [
        [0, 0],
        [1, 1],
      ]),
    ).toBeNull();
    expect(
      game.notation.formatPosition(
        grid.pick(start, [
          [0, 2],
          [0, 0],
          [0, 1],
        ]) as Board,
      ),
    ).toBe('###/.../...');
    expect(
      game.notation.formatPosition(
        grid.pick(start, [
          [2, 1],
          [0, 1],
          [1, 1],
        ]) as Board,
      ),
    ).toBe('.#./.#./.#.');
    expect(
      grid.pick(start, [
        [0, 0],
        [0, 2],
        [1, 1],
      ]),
    ).toBeNull();
  });

  it('a sized spec reads boards of its size only', () => {
    expect(() => parseGameSpec('tromino-cram:3x3').notation.parsePosition('../..')).toThrow(
      /2 x 2, but tromino-cram:3x3/,
    );
  });
});
