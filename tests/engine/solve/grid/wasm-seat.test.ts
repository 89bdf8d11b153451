/**
 * The WebAssembly grid cores of one thread share one memory in turn: many cores in a row, with
 * tables of different sizes, some stopped mid-search, give the TypeScript core's values; a core
 * whose memory a later core took still answers right; a core made during another's question gets
 * a memory of its own.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Board, cram, formatBoard } from '../../../../src/engine/families/cram/index.ts';
import { cramGridRules } from '../../../../src/engine/families/cram/grid.ts';
import { GridSolver } from '../../../../src/engine/solve/grid/search.ts';
import { KEPT_TABLE_BITS, WasmGridCore, threadGridMemory } from '../../../../src/engine/solve/grid/wasm.ts';
import { SearchStopped } from '../../../../src/engine/solve/search/solver.ts';
import { randomBoards } from '../../../helpers/boards.ts';

const reference = new GridSolver(cramGridRules, { tableBits: 16 });

/** Boards of up to 24 cells, most cells empty: searches of a few to thousands of positions. */
const boards = fc.oneof(
  randomBoards,
  fc
    .tuple(fc.integer({ min: 3, max: 4 }), fc.integer({ min: 4, max: 6 }), fc.integer({ min: 0, max: 2 ** 30 }))
    .map(([h, w, seed]): Board => {
      // at most two filled cells
      const rows = new Array<number>(h).fill(2 ** w - 1);
      rows[seed % h] &= ~(1 << ((seed >>> 4) % w));
      rows[(seed >>> 8) % h] &= ~(1 << ((seed >>> 12) % w));
      return { width: w, rows };
    }),
);

describe("a thread's WebAssembly grid cores on one memory", () => {
  it('give the TypeScript core’s values, core after core, tables of 2^4 to 2^18 entries, some stopped before', () => {
    const stopped = new AbortController();
    stopped.abort();
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            board: boards,
            bits: fc.integer({ min: 4, max: 18 }),
            method: fc.constantFrom('br' as const, 'lvb' as const),
            stopFirst: fc.boolean(),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        (steps) => {
          for (const { board, bits, method, stopFirst } of steps) {
            if (stopFirst) {
              // a search cut off at its first poll leaves its stacks and a part of its table behind
              const cut = new WasmGridCore('dominoes', { tableBits: bits, signal: stopped.signal });
              try {
                cut.grundy(cram(4, 7).start!.rows);
              } catch (e) {
                expect(e).toBeInstanceOf(SearchStopped);
              }
            }
            const core = new WasmGridCore('dominoes', { tableBits: bits, method });
            const expected = reference.grundy(board.rows);
            expect(core.grundy(board.rows), `${formatBoard(board)}, 2^${bits}, ${method}`).toBe(expected);
            expect(core.hasValue(board.rows, expected)).toBe(true);
            expect(core.hasValue(board.rows, expected + 1)).toBe(false);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is one memory, grown for the largest table up to 2^21 entries and kept for smaller ones', () => {
    new WasmGridCore('dominoes', { tableBits: 18 }).grundy(cram(4, 5).start!.rows);
    const memory = threadGridMemory();
    expect(memory).toBeDefined();
    const bytes = memory!.buffer.byteLength;
    expect(bytes).toBeGreaterThanOrEqual(16 * 2 ** 18);
    for (const bits of [6, 12, 18, 10]) {
      expect(new WasmGridCore('dominoes', { tableBits: bits }).grundy(cram(4, 7).start!.rows)).toBe(3);
      expect(threadGridMemory()).toBe(memory);
      expect(memory!.buffer.byteLength).toBe(bytes);
    }
    new WasmGridCore('dominoes', { tableBits: KEPT_TABLE_BITS });
    expect(threadGridMemory()).toBe(memory);
    expect(memory!.buffer.byteLength).toBeGreaterThanOrEqual(16 * 2 ** KEPT_TABLE_BITS);
    // a larger table takes a memory of its own: the thread's stays as it was
    const grown = memory!.buffer.byteLength;
    expect(new WasmGridCore('dominoes', { tableBits: KEPT_TABLE_BITS + 1 }).grundy(cram(4, 5).start!.rows)).toBe(2);
    expect(threadGridMemory()).toBe(memory);
    expect(memory!.buffer.byteLength).toBe(grown);
  });

  it('a core whose memory a later core took answers right from a memory of its own, its positions counted on', () => {
    const first = new WasmGridCore('dominoes', { tableBits: 12 });
    expect(first.grundy(cram(4, 5).start!.rows)).toBe(2);
    const before = first.stats.nodes;
    expect(before).toBeGreaterThan(0);
    const second = new WasmGridCore('dominoes', { tableBits: 10 });
    expect(threadGridMemory()).toBeDefined();
    const shared = threadGridMemory();
    expect(first.stats.nodes).toBe(before);
    // asked in turn: each keeps its own answers right, and neither clears the other's table again
    for (let round = 0; round < 2; round++) {
      expect(first.grundy(cram(4, 7).start!.rows)).toBe(3);
      expect(second.grundy(cram(5, 5).start!.rows)).toBe(0);
      expect(first.grundy(cram(5, 6).start!.rows)).toBe(2);
    }
    expect(first.stats.nodes).toBeGreaterThan(before);
    expect(threadGridMemory()).toBe(shared);
  });

  it('a core made during another core’s question (from its poll) takes a memory of its own', () => {
    const inner: number[] = [];
    // the core reads its signal at every poll (each 1024 positions): a hook into the running question
    const signal = {
      get aborted() {
        if (inner.length < 3)
          inner.push(new WasmGridCore('dominoes', { tableBits: 10 }).grundy(cram(4, 5).start!.rows));
        return false;
      },
    } as AbortSignal;
    const outer = new WasmGridCore('dominoes', { tableBits: 6, signal });
    expect(outer.grundy(cram(4, 7).start!.rows)).toBe(3);
    expect(inner.length).toBe(3);
    expect(inner.every((g) => g === 2)).toBe(true);
    expect(outer.grundy(cram(4, 5).start!.rows)).toBe(2);
  });
});
