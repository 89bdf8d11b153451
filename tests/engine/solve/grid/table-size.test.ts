/** How large a table a grid search takes: by the position's cells, and never past what the face allows (limits.maxTableBits). */
import { describe, expect, it } from 'vitest';
import { cramGridRules } from '../../../../src/engine/families/cram/grid.ts';
import {
  DEFAULT_GRID_TABLE_BITS,
  MAX_GRID_TABLE_BITS,
  gridSolverFor,
  tableBitsFor,
} from '../../../../src/engine/solve/grid/index.ts';

describe('the grid core table size', () => {
  it('grows with the cells up to 2^22 entries at 40 cells, and is the largest past 40', () => {
    expect(tableBitsFor(4)).toBe(12);
    expect(tableBitsFor(30)).toBe(20);
    expect(tableBitsFor(36)).toBe(DEFAULT_GRID_TABLE_BITS);
    expect(tableBitsFor(40)).toBe(DEFAULT_GRID_TABLE_BITS);
    expect(tableBitsFor(41)).toBe(MAX_GRID_TABLE_BITS);
    expect(tableBitsFor(60)).toBe(MAX_GRID_TABLE_BITS);
  });

  it('a search past 40 cells keeps the default table unless the face allows more (the HTTP API and the page do not)', () => {
    // 45 cells would take 2^26 entries (1.3 GiB); without maxTableBits the core keeps 2^22
    expect(gridSolverFor(cramGridRules, {}, 45).table.capacity).toBe(2 ** DEFAULT_GRID_TABLE_BITS);
    expect(gridSolverFor(cramGridRules, { maxTableBits: 23 }, 45).table.capacity).toBe(2 ** 23);
    // a face's allowance never makes a small board's table larger than its cells ask for
    expect(gridSolverFor(cramGridRules, { maxTableBits: MAX_GRID_TABLE_BITS }, 30).table.capacity).toBe(2 ** 20);
  });
});
