/**
 * The WebAssembly grid core's shortcuts for small Cram pieces, against the brute-force oracle: lone
 * cells, dominoes and three-cell pieces settled before any flood, tetrominoes valued by their links,
 * and components of boxes of at most 16 cells valued by one byte that is kept from board to board.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Board, cram, formatBoard } from '../../../../src/engine/families/cram/index.ts';
import { WasmGridCore } from '../../../../src/engine/solve/grid/wasm.ts';
import { Oracle } from '../../../../src/engine/solve/oracle/normal.ts';
import { largerBoards, randomBoards } from '../../../helpers/boards.ts';
import { withNimHeap } from '../search/oracle-agreement.ts';

const rules = cram();

function oracleValue(board: Board): number {
  const oracle = new Oracle(withNimHeap(rules));
  for (let k = 0; ; k++) if (oracle.isP([board, k])) return k;
}

/** A board from rows of '_' (an empty cell) and '#' (a filled one). */
function drawn(shape: readonly string[]): Board {
  return {
    width: shape[0].length,
    rows: shape.map((row) => [...row].reduce((m, c, i) => (c === '_' ? m | (1 << i) : m), 0)),
  };
}

describe('the WebAssembly grid core on small Cram pieces', () => {
  it('values boards of small pieces (lone cells, dominoes, lines, Ls, the five tetrominoes) as the oracle does', () => {
    const shapes = [
      ['____', '####', '____', '####', '____'], // three lines of 4: paths, 2 each
      ['__#_', '_###', '#___'], // a T, a domino and a lone cell
      ['__#__', '#_#_#', '##___'], // an L of 3, a domino, a lone cell, an L of 4
      ['__#_#', '__#__', '###__'], // a square, a lone cell, an S
      ['_#_#_', '#####', '___#_', '#_##_'], // lone cells, a line of 3, a domino, a bent piece
      ['_____', '#_#_#', '_#_#_'], // a bridge over many leaves, then lone cells
    ];
    for (const shape of shapes) {
      const board = drawn(shape);
      expect(new WasmGridCore('dominoes', { tableBits: 8 }).grundy(board.rows), shape.join('|')).toBe(
        oracleValue(board),
      );
    }
  });

  it('keeps the small pieces’ values right from board to board on one core', () => {
    // one core for every board: its table and its small pieces' bytes carry over between questions
    const core = new WasmGridCore('dominoes', { tableBits: 6 });
    fc.assert(
      fc.property(fc.oneof(randomBoards, largerBoards(20)), (board) => {
        if (board.rows.length * board.width > 20) return;
        expect(core.grundy(board.rows), formatBoard(board)).toBe(oracleValue(board));
      }),
      { numRuns: 150 },
    );
  });
});
