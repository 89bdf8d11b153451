/**
 * Cram for the grid core (solve/grid): moves as bit operations on row masks, and the central
 * symmetry theorem that settles many positions before any search.
 */
import type { GridRules } from '../../solve/grid/search.ts';
import { defineGridRules } from '../../solve/grid/rules.ts';
import { reverseBits } from '../../solve/grid/shape.ts';
import { dominoCount } from './board.ts';

/**
 * The central symmetry theorem on an h x w grid of empty cells (trimmed to them), or -1 when it does
 * not apply. σ turns the grid by 180°. When the empty cells are σ-symmetric and no domino D can meet
 * its image σ(D), the second player wins by answering every D with σ(D): 0 (a P-position). D meets
 * σ(D) only when D covers the centre cell (odd x odd grids) or D = σ(D), the one domino across the
 * centre (grids with one side odd, one even). When that domino is the only obstacle, the first player
 * places it and mirrors from then on: 1 (an N-position, value at least 1). Even x even boards are
 * therefore P-positions (Gardner; Winning Ways ch. 22; Beling's igs solver starts from this), and
 * even x odd boards N-positions.
 */
export function centralSymmetry(rows: readonly number[], h: number, w: number): number {
  for (let i = 0; i < h; i++) if (rows[i] !== reverseBits(rows[h - 1 - i], w)) return -1;
  const hOdd = (h & 1) === 1;
  const wOdd = (w & 1) === 1;
  if (hOdd && wOdd) return rows[(h - 1) >> 1] & (1 << ((w - 1) >> 1)) ? -1 : 0;
  if (hOdd) {
    const middle = rows[(h - 1) >> 1];
    return middle & (1 << (w / 2 - 1)) && middle & (1 << (w / 2)) ? 1 : 0;
  }
  if (wOdd) {
    const column = 1 << ((w - 1) >> 1);
    return rows[h / 2 - 1] & column && rows[h / 2] & column ? 1 : 0;
  }
  return 0;
}

/** The scratch rows each option is written into (options are visited one at a time, never nested). */
const SCRATCH: number[] = new Array<number>(32).fill(0);

/**
 * Every option: horizontal dominoes, then vertical ones, row by row (the core orders them). The
 * rows are copied once; each option changes one or two of them and puts them back after its visit.
 */
function forEachCramOption(rows: readonly number[], h: number, visit: (option: number[]) => void): void {
  const next = SCRATCH;
  next.length = h;
  for (let i = 0; i < h; i++) next[i] = rows[i];
  for (let r = 0; r < h; r++) {
    const row = rows[r];
    let pairs = row & (row >>> 1);
    while (pairs !== 0) {
      const bit = pairs & -pairs;
      pairs ^= bit;
      next[r] = row & ~(bit | (bit << 1));
      visit(next);
    }
    next[r] = row;
    if (r + 1 < h) {
      const below = rows[r + 1];
      let both = row & below;
      while (both !== 0) {
        const bit = both & -both;
        both ^= bit;
        next[r] = row & ~bit;
        next[r + 1] = below & ~bit;
        visit(next);
      }
      next[r] = row;
      next[r + 1] = below;
    }
  }
}

export const cramGridRules: GridRules = defineGridRules({
  name: 'cram',
  minCells: 2,
  moveCount: (rows, h) => dominoCount(rows, h),
  forEachOption: (rows, h, _w, visit) => forEachCramOption(rows, h, visit),
  theorem: (s) => centralSymmetry(s.rows, s.h, s.w),
  wasm: 'dominoes',
});
