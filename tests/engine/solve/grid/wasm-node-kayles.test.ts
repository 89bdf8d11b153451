/**
 * The WebAssembly grid core on Node Kayles ('cell-and-neighbours': a move clears a cell and its four
 * neighbours): against the brute-force oracle on the grid graph's induced subgraphs, against the
 * TypeScript core (the reference) on random boards, through a family's rules that name it, and
 * against OEIS A316632 on 3 x n grids.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Board, formatBoard } from '../../../../src/engine/families/cram/index.ts';
import { nodeKaylesGridRules, takeCell } from '../../../../src/engine/families/node-kayles/grid.ts';
import { type Graph, nodeKayles } from '../../../../src/engine/families/node-kayles/index.ts';
import { gridGraph, inducedSubgraph } from '../../../../src/engine/graph.ts';
import { type GridPosition, gridSearch, wasmCoreFor } from '../../../../src/engine/solve/grid/index.ts';
import { GridSolver, type GridRules } from '../../../../src/engine/solve/grid/search.ts';
import { WasmGridCore } from '../../../../src/engine/solve/grid/wasm.ts';
import { Oracle } from '../../../../src/engine/solve/oracle/normal.ts';
import { expectWasmCoreAgrees, largerBoards, randomBoards } from '../../../helpers/boards.ts';
import { withNimHeap } from '../search/oracle-agreement.ts';

/** Node Kayles's grid rules played by the WebAssembly core (the TypeScript core's rules otherwise). */
const wasmRules: GridRules = nodeKaylesGridRules;
/** The same rules without the WebAssembly core: the TypeScript core, the reference. */
const tsRules: GridRules = { ...nodeKaylesGridRules, wasm: undefined };

/** The board's empty cells as the grid graph's induced subgraph on them. */
function graphOf(board: Board): Graph {
  const keep: boolean[] = [];
  for (const row of board.rows) for (let c = 0; c < board.width; c++) keep.push(((row >> c) & 1) === 1);
  return inducedSubgraph(gridGraph(board.rows.length, board.width), keep);
}

function oracleValue(board: Board): number {
  const oracle = new Oracle(withNimHeap(nodeKayles()));
  const g = graphOf(board);
  for (let k = 0; ; k++) if (oracle.isP([g, k])) return k;
}

/** Every option of a board under Node Kayles, cell by cell (row-major). */
function* kaylesMoves(board: GridPosition): Generator<GridPosition> {
  const h = board.rows.length;
  for (let r = 0; r < h; r++)
    for (let c = 0; c < board.width; c++)
      if ((board.rows[r] >> c) & 1) {
        const rows = new Array<number>(h);
        takeCell(board.rows, h, r, c, rows);
        yield { width: board.width, rows };
      }
}

describe('the WebAssembly grid core on Node Kayles', () => {
  it('agrees with the brute-force oracle on random induced subgraphs of grids of up to 20 cells, a tiny table forcing replacements', () => {
    fc.assert(
      fc.property(fc.oneof(randomBoards, largerBoards(20)), (board) => {
        const core = new WasmGridCore('cell-and-neighbours', { tableBits: 4 });
        expect(core.grundy(board.rows), formatBoard(board)).toBe(oracleValue(board));
      }),
      { numRuns: 100 },
    );
  });

  it('values the small shapes it does not search as the oracle does (1 to 4 cells, every shape)', () => {
    // '_' a cell of the graph: a cell, a domino, paths of 3, the I, L, S, T tetrominoes and the 2 x 2 block
    const shapes = [
      ['_'],
      ['__'],
      ['___'],
      ['__', '_#'],
      ['____'],
      ['___', '_##'],
      ['__#', '#__'],
      ['___', '#_#'],
      ['__', '__'],
    ];
    for (const shape of shapes) {
      const board: Board = {
        width: shape[0].length,
        rows: shape.map((row) => [...row].reduce((m, c, i) => (c === '_' ? m | (1 << i) : m), 0)),
      };
      const core = new WasmGridCore('cell-and-neighbours', { tableBits: 8 });
      expect(core.grundy(board.rows), shape.join('|')).toBe(oracleValue(board));
    }
  });

  it('agrees with the TypeScript core on values and value questions, random boards up to 40 cells, one table each', () => {
    expectWasmCoreAgrees('cell-and-neighbours', nodeKaylesGridRules, 40, 10);
  });

  it("is the family's core: values and winning moves as the TypeScript core finds them", () => {
    expect(wasmCoreFor(nodeKaylesGridRules, {}, 30)?.game).toBe('cell-and-neighbours');
    expect(wasmCoreFor(tsRules, {}, 30)).toBeNull();
    const fast = gridSearch({ moves: kaylesMoves }, (b) => b, wasmRules, {});
    const reference = gridSearch({ moves: kaylesMoves }, (b) => b, tsRules, {});
    fc.assert(
      fc.property(fc.oneof(randomBoards, largerBoards(36)), (board) => {
        expect(fast.grundy(board), formatBoard(board)).toBe(reference.grundy(board));
        expect(fast.winningMoves(board).map(formatBoard)).toEqual(reference.winningMoves(board).map(formatBoard));
      }),
      { numRuns: 100 },
    );
  });

  it('plays Cram and Node Kayles in turn on one thread, each core with its own table', () => {
    const board = [0b11111, 0b11011, 0b11111, 0b01110];
    const kayles = new GridSolver(nodeKaylesGridRules).grundy(board);
    const dominoes = new WasmGridCore('dominoes', { tableBits: 12 });
    const cram = dominoes.grundy(board);
    expect(new WasmGridCore('cell-and-neighbours', { tableBits: 12 }).grundy(board)).toBe(kayles);
    // the Cram core lost its seat to the Node Kayles one: it answers again from a table of its own
    expect(dominoes.grundy(board)).toBe(cram);
    expect(new WasmGridCore('cell-and-neighbours', { tableBits: 12 }).grundy(board)).toBe(kayles);
  });

  it('3 x n grids, n <= 21 (63 cells): OEIS A316632 and the certified values past it', () => {
    // n = 1..16: Brown et al., J. Integer Seq. 23 (2020), Article 20.3.5; n = 17..21: this project's
    // certified values (docs/certificates.md)
    const a316632 = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3, 2, 2, 1, 1, 5];
    const search = gridSearch({ moves: kaylesMoves }, (b) => b, wasmRules, {});
    const values = a316632.map((_, i) =>
      search.grundy({ width: i + 1, rows: new Array<number>(3).fill(2 ** (i + 1) - 1) }),
    );
    expect(values).toEqual(a316632);
  });
});
