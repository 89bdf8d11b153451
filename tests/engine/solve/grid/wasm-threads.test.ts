/**
 * The WebAssembly grid core on several threads (seats of one module on one shared memory, the
 * table inside it): the values of the one-thread WebAssembly core and of the TypeScript core on
 * rectangles and random boards, with 2 and 3 threads, a table small enough that seats overwrite each
 * other's entries, its limits, and the engine's routing to it. Beling's published values with
 * threads are in wasm-published.test.ts (slow).
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type HelperCrew,
  gridThreads,
  liveHelperThreads,
  startHelpers,
} from '../../../../src/adapters/parallel/grid-threads.ts';
import { type Board, cram, formatBoard } from '../../../../src/engine/families/cram/index.ts';
import { cramGridRules } from '../../../../src/engine/families/cram/grid.ts';
import { nodeKaylesGridRules } from '../../../../src/engine/families/node-kayles/grid.ts';
import {
  type GridRules,
  GridSolver,
  type WasmThreadedCore,
  helpersReady,
  threadedWasmCore,
  wasmCoreFor,
  wasmThreadsAvailable,
} from '../../../../src/engine/solve/grid/index.ts';
import { WasmGridCore } from '../../../../src/engine/solve/grid/wasm.ts';
import { SearchStopped } from '../../../../src/engine/solve/search/solver.ts';
import type { HelperSetup, SearchThreads } from '../../../../src/engine/types.ts';

const crews: HelperCrew[] = [];
afterEach(() => {
  for (const crew of crews.splice(0)) crew.end();
});

/**
 * A threaded WebAssembly core whose helpers are kept for the whole test (the CLI's port ends them
 * after each operation), and ready before the first job.
 */
async function warmCore(rules: GridRules, threads: number, tableBits: number): Promise<WasmThreadedCore> {
  let setup: HelperSetup | undefined;
  const failures: string[] = [];
  const port: SearchThreads = {
    threadsFor: () => threads,
    engage(s) {
      if (setup) return;
      setup = s;
      crews.push(startHelpers(s, (m) => failures.push(m)));
    },
    release() {},
  };
  const core = threadedWasmCore(rules, { tableBits }, port, threads);
  core.grundy([0xffffff]); // a first job (a strip of 24 cells: enough for a job, quickly valued) starts the helpers
  for (let waited = 0; helpersReady(setup!) < threads - 1; waited += 20) {
    if (failures.length > 0 || waited > 30_000) throw new Error(`helpers did not start: ${failures.join('; ')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return core;
}

/** Every r x c rectangle up to `maxCells` cells, as rows. */
function rectangles(maxCells: number): [number, number][] {
  const out: [number, number][] = [];
  for (let r = 1; r <= 6; r++) for (let c = r; c <= 12; c++) if (r * c <= maxCells) out.push([r, c]);
  return out;
}

/** Boards of 4 x 5 to 5 x 6 with about a quarter of the cells filled: mostly 20 cells or more, so the helpers search them too. */
const denseBoards: fc.Arbitrary<Board> = fc
  .tuple(
    fc.integer({ min: 4, max: 5 }),
    fc.integer({ min: 5, max: 6 }),
    fc.array(fc.integer({ min: 0, max: 63 }), { minLength: 10, maxLength: 10 }),
  )
  .map(([h, w, masks]): Board => {
    const full = (1 << w) - 1;
    return { width: w, rows: Array.from({ length: h }, (_, i) => full & ~(masks[2 * i] & masks[2 * i + 1])) };
  });

describe.runIf(wasmThreadsAvailable())('the WebAssembly grid core on several threads', () => {
  for (const threads of [2, 3]) {
    it(`${threads} threads, Cram: the values of one WebAssembly thread and of the TypeScript core, on rectangles up to 24 cells and random boards`, async () => {
      const core = await warmCore(cramGridRules, threads, 18);
      // a table of 64 entries: the seats replace each other's entries all the time
      const tiny = await warmCore(cramGridRules, threads, 6);
      const single = new WasmGridCore('dominoes', { tableBits: 18 });
      const reference = new GridSolver(cramGridRules, { tableBits: 16 });
      for (const [r, c] of rectangles(24)) {
        const rows = cram(r, c).start!.rows;
        const expected = reference.grundy(rows);
        expect(single.grundy(rows), `${r} x ${c}`).toBe(expected);
        expect(core.grundy(rows), `${r} x ${c}`).toBe(expected);
        expect(tiny.grundy(rows), `${r} x ${c}, tiny table`).toBe(expected);
        for (const k of [0, 1, 2]) expect(core.hasValue(rows, k), `${r} x ${c} = ${k}?`).toBe(expected === k);
      }
      fc.assert(
        fc.property(denseBoards, (board) => {
          const expected = reference.grundy(board.rows);
          expect(core.grundy(board.rows), formatBoard(board)).toBe(expected);
          expect(tiny.grundy(board.rows), `${formatBoard(board)}, tiny table`).toBe(expected);
          expect(core.hasValue(board.rows, 0), `${formatBoard(board)} = 0?`).toBe(expected === 0);
        }),
        { numRuns: 20 },
      );
      expect(core.helperNodes).toBeGreaterThan(0);
    });

    it(`${threads} threads, Node Kayles: the values of the TypeScript core on random boards`, async () => {
      const core = await warmCore(nodeKaylesGridRules, threads, 16);
      const reference = new GridSolver(nodeKaylesGridRules, { tableBits: 16 });
      fc.assert(
        fc.property(denseBoards, (board) => {
          const expected = reference.grundy(board.rows);
          expect(core.grundy(board.rows), formatBoard(board)).toBe(expected);
          expect(core.hasValue(board.rows, expected), `${formatBoard(board)} = ${expected}?`).toBe(true);
        }),
        { numRuns: 20 },
      );
    });
  }

  it('stops at its time limit, and answers the next question afterwards', async () => {
    // no helpers: the limit is the calling thread's
    const none: SearchThreads = { threadsFor: () => 2, engage() {}, release() {} };
    const core = threadedWasmCore(cramGridRules, { tableBits: 16, timeLimitMs: 0 }, none, 2);
    expect(() => core.grundy(cram(5, 7).start!.rows)).toThrow(SearchStopped);
    expect(core.stats.nodes).toBeGreaterThanOrEqual(1024);
    const after = await warmCore(cramGridRules, 2, 16);
    expect(after.grundy(cram(4, 5).start!.rows)).toBe(2);
  });

  it("is the engine's core for Cram and Node Kayles with threads, and no helper thread outlives its operation", async () => {
    const threads = gridThreads({ threads: 2 });
    const core = wasmCoreFor(cramGridRules, { threads }, 30);
    expect(core).not.toBeInstanceOf(WasmGridCore);
    expect(core?.game).toBe('dominoes');
    expect(core?.grundy(cram(5, 5).start!.rows)).toBe(0);
    const rows = cram(4, 6).start!.rows;
    const value = new GridSolver(cramGridRules).grundy(rows);
    expect(core?.hasValue(rows, value)).toBe(true);
    expect(core?.hasValue(rows, value + 1)).toBe(false);
    expect(wasmCoreFor(nodeKaylesGridRules, { threads }, 30)?.game).toBe('cell-and-neighbours');
    // one thread: the one-thread core
    expect(wasmCoreFor(cramGridRules, { threads: gridThreads({ threads: 1 }) }, 30)).toBeInstanceOf(WasmGridCore);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(liveHelperThreads()).toBe(0);
  });
});
