/** How large a table a grid search takes: by the position's cells, and never past what the face allows (limits.maxTableBits). */
import { describe, expect, it } from 'vitest';
import { cramGridRules } from '../../../../src/engine/families/cram/grid.ts';
import {
  DEFAULT_GRID_TABLE_BITS,
  MAX_GRID_TABLE_BITS,
  MAX_GRID_POSITIONS_PER_SECOND,
  MAX_TS_GRID_POSITIONS_PER_SECOND,
  gridSolverFor,
  tableBitsFor,
  tableBitsForTime,
} from '../../../../src/engine/solve/grid/index.ts';

describe('the grid core table size', () => {
  it('grows with the cells up to 2^22 entries at 40 cells, and is the largest past 40', () => {
    expect(tableBitsFor(4)).toBe(12);
    expect(tableBitsFor(30)).toBe(19);
    // 4 x 9 and 5 x 7 (300,353 and 673,979 positions) in 2^21 entries
    expect(tableBitsFor(35)).toBe(21);
    expect(tableBitsFor(36)).toBe(21);
    expect(tableBitsFor(38)).toBe(DEFAULT_GRID_TABLE_BITS);
    expect(tableBitsFor(40)).toBe(DEFAULT_GRID_TABLE_BITS);
    expect(tableBitsFor(41)).toBe(MAX_GRID_TABLE_BITS);
    expect(tableBitsFor(60)).toBe(MAX_GRID_TABLE_BITS);
  });

  it('a search past 40 cells keeps the default table unless the face allows more (the HTTP API and the page do not)', () => {
    // 45 cells would take 2^26 entries (1.3 GiB); without maxTableBits the core keeps 2^22
    expect(gridSolverFor(cramGridRules, {}, 45).table.capacity).toBe(2 ** DEFAULT_GRID_TABLE_BITS);
    expect(gridSolverFor(cramGridRules, { maxTableBits: 23 }, 45).table.capacity).toBe(2 ** 23);
    // a face's allowance never makes a small board's table larger than its cells ask for
    expect(gridSolverFor(cramGridRules, { maxTableBits: MAX_GRID_TABLE_BITS }, 30).table.capacity).toBe(2 ** 19);
  });

  it('a search under a time limit takes no larger a table than it can fill in that time (issue 39, item 6)', () => {
    // clearing 2^26 entries took longer than a 2 s limit on a busy machine, before the search looked at its clock
    expect(MAX_GRID_POSITIONS_PER_SECOND).toBe(2 ** 20);
    expect(tableBitsForTime(undefined)).toBe(MAX_GRID_TABLE_BITS);
    expect(tableBitsForTime(2000)).toBe(21); // 2^20 a second for 2 s: 2^21 positions
    expect(tableBitsForTime(5000)).toBe(23); // 5.2 million positions
    expect(tableBitsForTime(10_000)).toBe(24);
    expect(tableBitsForTime(1)).toBe(12);
    // the TypeScript core is sized by its own rate, 2^18 a second a thread: 2^17 entries for 0.5 s
    expect(MAX_TS_GRID_POSITIONS_PER_SECOND).toBe(2 ** 18);
    expect(tableBitsForTime(2000, MAX_TS_GRID_POSITIONS_PER_SECOND)).toBe(19);
    expect(gridSolverFor(cramGridRules, { maxTableBits: 22, timeLimitMs: 500 }, 45).table.capacity).toBe(2 ** 17);
    // Cram 9 x 9 on the HTTP API (2 s): 2^19 entries (10 MB), not 2^22 (84 MB)
    expect(gridSolverFor(cramGridRules, { timeLimitMs: 2000 }, 81).table.capacity).toBe(2 ** 19);
    // a search that resumes a saved table keeps the table its cells ask for: the saved facts need room
    const resume = { load: () => null, save() {}, describe: () => 'a test keeper' };
    expect(gridSolverFor(cramGridRules, { maxTableBits: 22, timeLimitMs: 500, resume }, 45).table.capacity).toBe(
      2 ** 22,
    );
  });
});
