/** Cram drawn as its board: two clicks on adjacent empty cells place a domino. */
import { type Board, type CramRuleset, cramFamily } from '../engine/families/cram/index.ts';
import type { FamilyView, GridView } from './types.ts';

const cramGrid: GridView<Board> = {
  howToMove: 'click two adjacent empty cells to place a domino',
  size: (b) => ({ rows: b.rows.length, cols: b.width }),
  cell: (b, r, c) => (b.rows[r] & (1 << c) ? 'free' : 'taken'),
  pick(b, cells) {
    const free = cells.every(([r, c]) => r >= 0 && r < b.rows.length && c >= 0 && c < b.width && b.rows[r] & (1 << c));
    if (!free || cells.length === 0 || cells.length > 2) return null;
    if (cells.length === 1) return 'more';
    const [[r1, c1], [r2, c2]] = cells;
    if (Math.abs(r1 - r2) + Math.abs(c1 - c2) !== 1) return null;
    const rows = b.rows.slice();
    rows[r1] = (rows[r1] & ~(1 << c1)) >>> 0;
    rows[r2] = (rows[r2] & ~(1 << c2)) >>> 0;
    return { width: b.width, rows };
  },
};

export const cramView: FamilyView<Board, CramRuleset> = {
  family: cramFamily,
  of: () => ({ grid: cramGrid }),
};
