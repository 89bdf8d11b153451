/** Chomp drawn as its bar, the poisoned square bottom left (fixed): a click takes a square and all above and right of it. */
import { type ChompPosition, type ChompRuleset, chompFamily } from '../engine/families/chomp/index.ts';
import type { FamilyView, GridView } from './types.ts';

/** The bar in a frame of at least `rows` x `cols` (the spec's bar), so the frame stays put as squares go. */
function chompGrid(rows: number, cols: number): GridView<ChompPosition> {
  const size = (p: ChompPosition) => ({ rows: Math.max(rows, p[0] ?? 0), cols: Math.max(cols, p.length) });
  return {
    howToMove:
      'click a square: it goes with every square above it and to its right (never the poisoned one, bottom left)',
    size,
    cell(p, row, col) {
      const r = size(p).rows - 1 - row;
      if (r === 0 && col === 0) return 'fixed';
      return (p[col] ?? 0) > r ? 'free' : 'taken';
    },
    pick(p, cells) {
      if (cells.length !== 1) return null;
      const [row, col] = cells[0];
      const r = size(p).rows - 1 - row;
      if ((r === 0 && col === 0) || !((p[col] ?? 0) > r)) return null;
      const next = p.slice(0, col);
      for (let i = col; i < p.length && r > 0; i++) next.push(Math.min(p[i], r));
      return next;
    },
  };
}

export const chompView: FamilyView<ChompPosition, ChompRuleset> = {
  family: chompFamily,
  // the spec's full bar is its start (column heights); a spec without one frames each position alone
  of: ({ start }) => ({ grid: start === null ? chompGrid(1, 1) : chompGrid(start[0] ?? 0, start.length) }),
};
