/**
 * The TypeScript grid cores of one thread lay their tables in one storage in turn: many cores in a
 * row, with tables of different sizes, some stopped mid-search, give a fresh core's values; a core
 * whose storage a later core took still answers right; a core of other rules made during another's
 * question leaves both answers right; the engine's one-thread search takes one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cram, formatBoard } from '../../../../src/engine/families/cram/index.ts';
import { cramGridRules } from '../../../../src/engine/families/cram/grid.ts';
import { nodeKaylesGridRules } from '../../../../src/engine/families/node-kayles/grid.ts';
import { gridSolverFor } from '../../../../src/engine/solve/grid/index.ts';
import { LENT_TABLE_BITS, LentTableCore } from '../../../../src/engine/solve/grid/lent-table.ts';
import { GridSolver } from '../../../../src/engine/solve/grid/search.ts';
import { NimberTable, tableStorage } from '../../../../src/engine/solve/grid/table.ts';
import { SearchStopped } from '../../../../src/engine/solve/search/solver.ts';
import { randomBoards } from '../../../helpers/boards.ts';

const reference = (rows: readonly number[]) => new GridSolver(cramGridRules, { tableBits: 16 }).grundy(rows);

describe("a thread's TypeScript grid cores on one table storage", () => {
  it('give a fresh core’s values, core after core, tables of 2^4 to 2^16 entries, some stopped before', () => {
    const stopped = new AbortController();
    stopped.abort();
    fc.assert(
      fc.property(
        fc.array(fc.record({ board: randomBoards, bits: fc.integer({ min: 4, max: 16 }), stopFirst: fc.boolean() }), {
          minLength: 1,
          maxLength: 6,
        }),
        (steps) => {
          for (const { board, bits, stopFirst } of steps) {
            if (stopFirst) {
              // cut off at its first look at the clock: a part of its table is left behind
              const cut = new LentTableCore(cramGridRules, { tableBits: bits, signal: stopped.signal });
              try {
                cut.grundy(cram(4, 5).start!.rows);
              } catch (e) {
                expect(e).toBeInstanceOf(SearchStopped);
              }
            }
            const core = new LentTableCore(cramGridRules, { tableBits: bits });
            const expected = reference(board.rows);
            expect(core.grundy(board.rows), `${formatBoard(board)}, 2^${bits}`).toBe(expected);
            expect(core.table.capacity).toBe(2 ** bits);
            expect(core.hasValue(board.rows, expected)).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a core whose storage a later core took answers right from a table of its own, its positions counted on', () => {
    const first = new LentTableCore(cramGridRules, { tableBits: 12 });
    expect(first.grundy(cram(4, 5).start!.rows)).toBe(2);
    const before = first.stats.nodes;
    const second = new LentTableCore(cramGridRules, { tableBits: 12 });
    for (let round = 0; round < 2; round++) {
      expect(first.grundy(cram(4, 7).start!.rows)).toBe(3);
      expect(second.grundy(cram(5, 5).start!.rows)).toBe(0);
      expect(first.grundy(cram(5, 4).start!.rows)).toBe(2);
    }
    expect(first.stats.nodes).toBeGreaterThan(before);
  });

  it('a core made during another core’s question (from its poll), of other rules: both answer right', () => {
    // the inner core plays Node Kayles: its facts in the outer's table would be wrong there
    const board = cram(4, 5).start!.rows;
    const kayles = new GridSolver(nodeKaylesGridRules, { tableBits: 12 }).grundy(board);
    const inner: number[] = [];
    // the solver reads its signal at every look at the clock: a hook into the running question
    const signal = {
      get aborted() {
        if (inner.length < 3) inner.push(new LentTableCore(nodeKaylesGridRules, { tableBits: 12 }).grundy(board));
        return false;
      },
    } as AbortSignal;
    const outer = new LentTableCore(cramGridRules, { tableBits: 12, signal });
    expect(outer.grundy(cram(4, 7).start!.rows)).toBe(3);
    expect(inner).toEqual([kayles, kayles, kayles]);
    expect(outer.grundy(cram(5, 4).start!.rows)).toBe(2);
    expect(outer.grundy(board)).toBe(2);
  });

  it('is the engine’s one-thread grid core, up to 2^20 entries', () => {
    expect(gridSolverFor(cramGridRules, { timeLimitMs: 2000 }, 81)).toBeInstanceOf(LentTableCore);
    expect(LENT_TABLE_BITS).toBe(20);
  });

  it('a table laid in storage starts empty and refuses storage too small for it', () => {
    const storage = tableStorage(8);
    storage.words.fill(7);
    storage.filter.fill(255);
    const table = new NimberTable(6, storage);
    expect(table.size).toBe(0);
    expect(storage.words.subarray(0, 5 * 64).every((w) => w === 0)).toBe(true);
    expect(storage.filter.subarray(0, 16).every((b) => b === 0)).toBe(true);
    expect(() => new NimberTable(9, storage)).toThrow(RangeError);
  });
});
