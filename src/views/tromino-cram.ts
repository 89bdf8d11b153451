/** Tromino Cram drawn as its board: three clicks on empty cells in a line place a tromino. */
import type { Board } from '../engine/families/cram/board.ts';
import { type TrominoCramRuleset, trominoCramFamily } from '../engine/families/tromino-cram/index.ts';
import type { FamilyView, GridView } from './types.ts';

const trominoGrid: GridView<Board> = {
  howToMove: 'click three empty cells in a row or a column to place a tromino',
  size: (b) => ({ rows: b.rows.length, cols: b.width }),
  cell: (b, r, c) => (b.rows[r] & (1 << c) ? 'free' : 'taken'),
  pick(b, cells) {
    const free = cells.every(([r, c]) => r >= 0 && r < b.rows.length && c >= 0 && c < b.width && b.rows[r] & (1 << c));
    if (!free || cells.length === 0 || cells.length > 3) return null;
    const sorted = [...cells].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    const sameRow = sorted.every(([r]) => r === sorted[0][0]);
    const sameCol = sorted.every(([, c]) => c === sorted[0][1]);
    const consecutive = sorted.every(([r, c], i) => r - sorted[0][0] + c - sorted[0][1] === i);
    if (!(sameRow || sameCol) || !consecutive) return null;
    if (cells.length < 3) return 'more';
    const rows = b.rows.slice();
    for (const [r, c] of sorted) rows[r] = (rows[r] & ~(1 << c)) >>> 0;
    return { width: b.width, rows };
  },
};

export const trominoCramView: FamilyView<Board, TrominoCramRuleset> = {
  family: trominoCramFamily,
  of: () => ({ grid: trominoGrid }),
};
