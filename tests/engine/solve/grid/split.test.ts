/**
 * The grid core's splitting (split.ts, union-find on runs) against a plain flood fill cell by cell,
 * and the key of a component (canonicalInto without rows, unpackKey) against canonicalShape.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellBox } from '../../../helpers/boards.ts';
import {
  MAX_GRID_CELLS,
  blankShape,
  canonicalInto,
  canonicalShape,
  popcount,
  unpackKey,
} from '../../../../src/engine/solve/grid/shape.ts';
import {
  REGION_CELLS,
  REGION_HEIGHT,
  REGION_ROWS,
  REGION_START,
  REGION_WIDTH,
  splitRows,
} from '../../../../src/engine/solve/grid/split.ts';

/** The oracle: components by a cell-by-cell flood fill, in the order of their first cell (row by row, lowest bit first). */
function floodComponents(rows: readonly number[], width: number): { cells: [number, number][] }[] {
  const seen = rows.map(() => 0);
  const out: { cells: [number, number][] }[] = [];
  for (let r = 0; r < rows.length; r++)
    for (let c = 0; c < width; c++) {
      if (!(rows[r] & (1 << c)) || seen[r] & (1 << c)) continue;
      const cells: [number, number][] = [];
      const stack: [number, number][] = [[r, c]];
      seen[r] |= 1 << c;
      while (stack.length > 0) {
        const [y, x] = stack.pop()!;
        cells.push([y, x]);
        for (const [dy, dx] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ]) {
          const ny = y + dy;
          const nx = x + dx;
          if (ny < 0 || ny >= rows.length || nx < 0 || nx >= width) continue;
          if (!(rows[ny] & (1 << nx)) || seen[ny] & (1 << nx)) continue;
          seen[ny] |= 1 << nx;
          stack.push([ny, nx]);
        }
      }
      out.push({ cells });
    }
  return out;
}

const grids = fc
  .tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 3 }))
  .chain(([h, w, minCells]) =>
    fc
      .array(fc.integer({ min: 0, max: (1 << w) - 1 }), { minLength: h, maxLength: h })
      .map((rows) => ({ rows, w, minCells })),
  );

describe('splitRows', () => {
  it('finds the components of a flood fill, in its order, trimmed, small ones dropped', () => {
    fc.assert(
      fc.property(grids, ({ rows, w, minCells }) => {
        const before = rows.slice();
        const n = splitRows(rows, rows.length, minCells);
        expect(rows).toEqual(before); // not consumed
        const want = floodComponents(rows, w)
          .filter((c) => c.cells.length >= minCells)
          .map((c) => cellBox(c.cells));
        expect(n).toBe(want.length);
        for (let i = 0; i < n; i++) {
          const got = Array.from(REGION_ROWS.subarray(REGION_START[i], REGION_START[i] + REGION_HEIGHT[i]));
          expect({ rows: got, h: REGION_HEIGHT[i], w: REGION_WIDTH[i] }).toEqual(want[i]);
          expect(REGION_CELLS[i]).toBe(got.reduce((a, m) => a + popcount(m), 0));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('takes a full 30-column row and a checkerboard of 30 x 30 (the most runs)', () => {
    expect(splitRows([(1 << 30) - 1], 1, 1)).toBe(1);
    expect(REGION_WIDTH[0]).toBe(30);
    const board = Array.from({ length: 30 }, (_, r) => (r % 2 === 0 ? 0x15555555 : 0x2aaaaaaa));
    expect(splitRows(board, 30, 1)).toBe(450);
    expect(splitRows(board, 30, 2)).toBe(0);
  });
});

describe('component keys', () => {
  it('canonicalInto without rows gives the key of canonicalShape, and unpackKey its rows', () => {
    fc.assert(
      fc.property(grids, ({ rows, w }) => {
        for (const c of floodComponents(rows, w)) {
          const t = cellBox(c.cells);
          if (t.h * t.w > MAX_GRID_CELLS) continue; // beyond the keys (canonicalShape refuses it)
          const full = canonicalShape(t.rows, t.h, t.w, c.cells.length);
          const key = blankShape();
          canonicalInto(t.rows, t.h, t.w, c.cells.length, key, false);
          expect([key.k0, key.k1, key.k2, key.dims, key.h, key.w]).toEqual([
            full.k0,
            full.k1,
            full.k2,
            full.dims,
            full.h,
            full.w,
          ]);
          expect(unpackKey(key.k0, key.k1, key.k2, key.h, key.w)).toEqual(full.rows);
        }
      }),
      { numRuns: 300 },
    );
  });
});
