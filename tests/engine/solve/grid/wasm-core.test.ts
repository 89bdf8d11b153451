/**
 * The WebAssembly grid core on Cram: against the brute-force oracle and the TypeScript core (the
 * reference) on random boards with holes, against Beling's published table on the boards it does in
 * a second, and the engine's routing to it (the TypeScript core where it does not apply).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Board, cram, formatBoard } from '../../../../src/engine/families/cram/index.ts';
import { cramGridRules } from '../../../../src/engine/families/cram/grid.ts';
import { wasmCoreFor } from '../../../../src/engine/solve/grid/index.ts';
import { GridSolver } from '../../../../src/engine/solve/grid/search.ts';
import { WasmGridCore, packGrid } from '../../../../src/engine/solve/grid/wasm.ts';
import { GRID_WASM } from '../../../../src/engine/solve/grid/wasm.generated.ts';
import { wasmBytes } from '../../../../src/engine/kernels/wasm.ts';
import { Oracle } from '../../../../src/engine/solve/oracle/normal.ts';
import { SearchStopped } from '../../../../src/engine/solve/search/solver.ts';
import type { SearchThreads } from '../../../../src/engine/types.ts';
import { expectWasmCoreAgrees, largerBoards, randomBoards } from '../../../helpers/boards.ts';
import { withNimHeap } from '../search/oracle-agreement.ts';

const rules = cram();

function oracleValue(oracle: Oracle<[Board, number]>, board: Board): number {
  for (let k = 0; ; k++) if (oracle.isP([board, k])) return k;
}

describe('the WebAssembly grid core on Cram', () => {
  it('agrees with the brute-force oracle on random boards of up to 20 cells, a tiny table forcing replacements', () => {
    fc.assert(
      fc.property(
        randomBoards.filter((b) => b.rows.length * b.width <= 20),
        (board) => {
          const expected = oracleValue(new Oracle(withNimHeap(rules)), board);
          expect(new WasmGridCore('dominoes', { tableBits: 4 }).grundy(board.rows), formatBoard(board)).toBe(expected);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('keeps the value through its reductions (a leaf per cell, bridges, idle 2 x 2 links), against the oracle', () => {
    // '_' an empty cell, '#' a filled one; each shape has the pattern its comment names
    const shapes = [
      ['___', '_#_'], // a bridge between two leaf-bearing cells
      ['#_##', '____', '_##_'], // a bridge, and leaves
      ['##_#', '#___', '___#', '#_##', '#___'], // a 2 x 2 block, idle corners top left and bottom right
      ['#_##', '___#', '#___', '##_#', '___#'], // the same, mirrored: corners top right and bottom left
      ['____', '_##_', '_##_', '____'], // a ring: no reduction
      ['__#__', '__#__', '#####', '__#__', '__#__'], // four lone 2 x 2 blocks: they cancel
      ['_#_#_', '_____', '#_#_#', '_____'], // leaves on many cells, bridges between them
    ];
    for (const shape of shapes) {
      const board: Board = {
        width: shape[0].length,
        rows: shape.map((row) => [...row].reduce((m, c, i) => (c === '_' ? m | (1 << i) : m), 0)),
      };
      const expected = oracleValue(new Oracle(withNimHeap(rules)), board);
      expect(new WasmGridCore('dominoes', { tableBits: 8 }).grundy(board.rows), shape.join('|')).toBe(expected);
    }
    // dense boards, where 2 x 2 blocks and leaves are common
    fc.assert(
      fc.property(largerBoards(20), (board) => {
        const expected = oracleValue(new Oracle(withNimHeap(rules)), board);
        expect(new WasmGridCore('dominoes', { tableBits: 6 }).grundy(board.rows), formatBoard(board)).toBe(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('agrees with the TypeScript core on values and value questions, random boards with holes up to 30 cells, one table each', () => {
    expectWasmCoreAgrees('dominoes', cramGridRules, 30, 12);
  });

  it('agrees with the TypeScript core on long strips (Dawson-like 1 x n and 2 x n rows) and on tall boards', () => {
    const wasm = new WasmGridCore('dominoes', { tableBits: 16 });
    const reference = new GridSolver(cramGridRules, { tableBits: 16 });
    for (const [h, w] of [
      [1, 30],
      [2, 16],
      [20, 1],
      [12, 2],
    ]) {
      const rows = new Array<number>(h).fill(2 ** w - 1);
      expect(wasm.grundy(rows), `${h} x ${w}`).toBe(reference.grundy(rows));
    }
  });

  it("reproduces Beling's published table (beling/impartial-games README, Cram) on boards of up to 30 cells", () => {
    // rows x cols -> nimber, from the README's table
    const published: [number, number, number][] = [
      [4, 4, 0],
      [4, 5, 2],
      [4, 6, 0],
      [4, 7, 3],
      [5, 5, 0],
      [5, 6, 2],
      [6, 6, 0],
    ];
    for (const [r, c, g] of published) {
      const core = new WasmGridCore('dominoes', { tableBits: 18 });
      expect(core.grundy(cram(r, c).start!.rows), `${r} x ${c}`).toBe(g);
    }
  });

  it('grows its table in place as it fills, each entry staying in its bucket, and clears it for the next search', () => {
    const memory = new WebAssembly.Memory({ initial: 1 });
    const core = new WebAssembly.Instance(new WebAssembly.Module(wasmBytes(GRID_WASM)), {
      env: { memory, poll() {} },
    }).exports as unknown as {
      tableBase(): number;
      init(bits: number, method: number): void;
      grundy(lo: number, hi: number, w: number): number;
      size(): number;
      misplaced(): number;
    };
    const bits = 20;
    memory.grow(Math.ceil((core.tableBase() + 16 * 2 ** bits + 2 ** (bits - 2)) / 65536) - 1);
    core.init(bits, 0);
    // Cram 5 x 7 (value 1; stride 7) from a table of 2^16 entries, which doubles at half full
    expect(core.grundy(0xffffffff, 0b111, 7)).toBe(1);
    expect(core.size()).toBeGreaterThan(2 ** 15);
    expect(core.misplaced()).toBe(0);
    // a second search on the same memory starts from an empty table of its own size
    core.init(12, 0);
    expect(core.misplaced()).toBe(0);
    expect(core.size()).toBe(0);
    expect(core.grundy(2 ** 20 - 1, 0, 5)).toBe(2);
    expect(core.misplaced()).toBe(0);
  });

  it('packs boxes of up to 64 cells with sides below 64, and nothing larger', () => {
    expect(packGrid([0b1011, 0b0110])).toEqual({ lo: 0b0110_1011, hi: 0, w: 4, cells: 5 });
    expect(packGrid(new Array(8).fill(255))).toEqual({ lo: 0xffffffff, hi: 0xffffffff, w: 8, cells: 64 });
    expect(packGrid(new Array(5).fill(2 ** 13 - 1))).toBeNull();
    expect(packGrid([0, 0])).toEqual({ lo: 0, hi: 0, w: 1, cells: 0 });
  });

  it('stops at its time limit, and answers the next question afterwards', () => {
    const core = new WasmGridCore('dominoes', { tableBits: 16, timeLimitMs: 0 });
    expect(() => core.grundy(cram(5, 7).start!.rows)).toThrow(SearchStopped);
    expect(core.stats.nodes).toBeGreaterThanOrEqual(1024);
    const after = new WasmGridCore('dominoes', { tableBits: 16 });
    expect(after.grundy(cram(4, 5).start!.rows)).toBe(2);
  });

  it('is the engine’s core for Cram, on one thread or many (wasm-threads.test.ts), and not with a table to resume', () => {
    expect(wasmCoreFor(cramGridRules, {}, 30)).toBeInstanceOf(WasmGridCore);
    const many: SearchThreads = { threadsFor: () => 8, engage() {}, release() {} };
    const threaded = wasmCoreFor(cramGridRules, { threads: many }, 30);
    expect(threaded?.game).toBe('dominoes');
    expect(threaded).not.toBeInstanceOf(WasmGridCore);
    expect(wasmCoreFor(cramGridRules, { resume: { load: () => null, save() {}, describe: () => 'x' } }, 30)).toBeNull();
    const search = rules.accelerators.fastSearch!({});
    const board = cram(4, 5).start!;
    expect(search.grundy(board)).toBe(2);
    expect(search.stats.nodes).toBeGreaterThan(0);
    // the winning moves the general solver finds, through the same core
    const reference = new GridSolver(cramGridRules);
    const written = new Set<string>();
    const general = [...rules.moves(board)].filter((to) => {
      const text = JSON.stringify(to);
      if (written.has(text)) return false;
      written.add(text);
      return reference.grundy(to.rows) === 0;
    });
    expect(general.length).toBeGreaterThan(0);
    expect(search.winningMoves(board)).toEqual(general);
  });
});
