/** A grid of coins drawn cell by cell, labelled H and T: clicks pick the crossings of a row move and a column move. */
import { type CoinRule, isTurnSet, turnSets } from '../engine/families/coins/rules.ts';
import { type CoinGrid, type TartanRuleset, tartanFamily, turnProduct } from '../engine/families/tartan/index.ts';
import type { FamilyView, GridView } from './types.ts';

interface Picked {
  readonly rows: number[];
  readonly cols: number[];
  readonly count: number;
}

function picked(cells: readonly (readonly [number, number])[]): Picked {
  const distinct = new Set(cells.map(([r, c]) => `${r} ${c}`));
  return {
    rows: [...new Set(cells.map(([r]) => r))].sort((x, y) => x - y),
    cols: [...new Set(cells.map(([, c]) => c))].sort((x, y) => x - y),
    count: distinct.size,
  };
}

/** The largest move of `rule` ending at n that turns every coin of `chosen`, in coins; 0 when none does. */
function largestCovering(rule: CoinRule, n: number, chosen: readonly number[]): number {
  let best = 0;
  for (const set of turnSets(rule, n)) {
    const all = [...set, n];
    if (all.length > best && chosen.every((i) => all.includes(i))) best = all.length;
  }
  return best;
}

function tartanGrid(across: CoinRule, down: CoinRule): GridView<CoinGrid> {
  const isHead = (g: CoinGrid, r: number, c: number) => g.heads.some(([hr, hc]) => hr === r && hc === c);
  const isMove = (g: CoinGrid, p: Picked) => {
    const r = p.rows[p.rows.length - 1];
    const c = p.cols[p.cols.length - 1];
    return (
      p.count === p.rows.length * p.cols.length &&
      isHead(g, r, c) &&
      isTurnSet(down, r, p.rows.slice(0, -1)) &&
      isTurnSet(across, c, p.cols.slice(0, -1))
    );
  };
  const extendable = (g: CoinGrid, p: Picked) =>
    g.heads.some(
      ([r, c]) =>
        r >= p.rows[p.rows.length - 1] &&
        c >= p.cols[p.cols.length - 1] &&
        largestCovering(down, r, p.rows) * largestCovering(across, c, p.cols) > p.count,
    );
  return {
    howToMove:
      'click the coins to turn over: the crossings of a move of the rows and a move of the columns, the bottom-right one showing heads; when a larger move could take more coins, play the ones clicked with the button',
    size: (g) => ({ rows: g.rows, cols: g.cols }),
    cell: () => 'free',
    label: (g, r, c) => (isHead(g, r, c) ? 'H' : 'T'),
    pick(g, cells) {
      if (cells.length === 0) return null;
      const p = picked(cells);
      if (extendable(g, p)) return 'more';
      return isMove(g, p) ? turnProduct(g, p.rows, p.cols) : null;
    },
    complete(g, cells) {
      if (cells.length === 0) return null;
      const p = picked(cells);
      return isMove(g, p) ? turnProduct(g, p.rows, p.cols) : null;
    },
  };
}

export const tartanView: FamilyView<CoinGrid, TartanRuleset> = {
  family: tartanFamily,
  of: ({ across, down }) => ({ grid: tartanGrid(across, down) }),
};
