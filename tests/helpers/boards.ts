/** Random boards for the grid cores' property tests, and the check that the WebAssembly core agrees with the TypeScript one. */
import fc from 'fast-check';
import { expect } from 'vitest';
import { type Board, formatBoard } from '../../src/engine/families/cram/index.ts';
import { GridSolver, type GridRules } from '../../src/engine/solve/grid/search.ts';
import { WasmGridCore, type WasmGridGame } from '../../src/engine/solve/grid/wasm.ts';

/** Random Cram boards: up to 5 x 6 cells, each cell filled at random. */
export const randomBoards: fc.Arbitrary<Board> = fc
  .tuple(
    fc.integer({ min: 1, max: 5 }),
    fc.integer({ min: 1, max: 6 }),
    fc.array(fc.integer({ min: 0, max: 63 }), { minLength: 5, maxLength: 5 }),
  )
  .map(([h, w, masks]): Board => ({ width: w, rows: masks.slice(0, h).map((m) => m & ((1 << w) - 1)) }));

/** Boards up to 8 x 8 (64 cells, the WebAssembly core's limit) of at most `maxCells` cells, about 3/4 of them empty. */
export const largerBoards = (maxCells: number): fc.Arbitrary<Board> =>
  fc
    .tuple(
      fc.integer({ min: 1, max: 8 }),
      fc.integer({ min: 1, max: 8 }),
      fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 16, maxLength: 16 }),
    )
    .filter(([h, w]) => h * w <= maxCells)
    .map(([h, w, noise]): Board => {
      // two random bytes per row, ORed: about 3/4 of the cells empty
      const rows = [];
      for (let r = 0; r < h; r++) rows.push((noise[2 * r] | noise[2 * r + 1]) & ((1 << w) - 1));
      return { width: w, rows };
    });

/**
 * The WebAssembly core playing `game` agrees with the TypeScript core on `rules`: values (by its
 * set questions and by LVB alone, each with a table of its own) and "is the value k?", on random
 * boards of up to `maxCells` cells.
 */
export function expectWasmCoreAgrees(game: WasmGridGame, rules: GridRules, maxCells: number, lvbBits: number): void {
  const wasm = new WasmGridCore(game, { tableBits: 16 });
  const lvb = new WasmGridCore(game, { tableBits: lvbBits, method: 'lvb' });
  const reference = new GridSolver(rules, { tableBits: 16 });
  fc.assert(
    fc.property(fc.oneof(randomBoards, largerBoards(maxCells)), (board) => {
      const expected = reference.grundy(board.rows);
      expect(wasm.grundy(board.rows), formatBoard(board)).toBe(expected);
      expect(lvb.grundy(board.rows), formatBoard(board)).toBe(expected);
      for (const k of [0, 1, 2, 4])
        expect(wasm.hasValue(board.rows, k), `${formatBoard(board)} = ${k}?`).toBe(expected === k);
    }),
    { numRuns: 150 },
  );
}

/** Cells (row, column) moved to the top left corner, as row masks of their bounding box, with its size. */
export function cellBox(cells: readonly (readonly [number, number])[]): { rows: number[]; h: number; w: number } {
  const top = Math.min(...cells.map(([r]) => r));
  const left = Math.min(...cells.map(([, c]) => c));
  const h = Math.max(...cells.map(([r]) => r)) - top + 1;
  const w = Math.max(...cells.map(([, c]) => c)) - left + 1;
  const rows = new Array<number>(h).fill(0);
  for (const [r, c] of cells) rows[r - top] |= 1 << (c - left);
  return { rows, h, w };
}
