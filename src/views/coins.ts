/** A row of coins drawn as one row of cells labelled H and T: clicks pick the coins a move turns over. */
import { type CoinRow, type CoinsRuleset, coinsFamily } from '../engine/families/coins/index.ts';
import { turnOver } from '../engine/families/coins/row.ts';
import { type CoinRule, isTurnSet, turnSets } from '../engine/families/coins/rules.ts';
import type { FamilyView, GridView } from './types.ts';

/** The coins a person clicked, when they make a move: its rightmost coin shows heads and the rule allows the others. */
function isMove(rule: CoinRule, row: CoinRow, coins: readonly number[]): boolean {
  const n = coins[coins.length - 1];
  return row.heads.includes(n) && isTurnSet(rule, n, coins.slice(0, -1));
}

/** True when some move turns every clicked coin and at least one more. */
function extendable(rule: CoinRule, row: CoinRow, coins: readonly number[]): boolean {
  for (const n of row.heads) {
    if (n < coins[coins.length - 1]) continue;
    for (const set of turnSets(rule, n)) {
      const turned = [...set, n];
      if (turned.length > coins.length && coins.every((c) => turned.includes(c))) return true;
    }
  }
  return false;
}

function clickedCoins(cells: readonly (readonly [number, number])[]): number[] | null {
  if (cells.some(([r]) => r !== 0)) return null;
  return [...new Set(cells.map(([, c]) => c))].sort((a, b) => a - b);
}

function coinGrid(rule: CoinRule): GridView<CoinRow> {
  return {
    howToMove:
      'click the coins to turn over, the rightmost one showing heads; when a longer move could take more coins, play the ones clicked with the button',
    size: (row) => ({ rows: 1, cols: row.length }),
    cell: () => 'free',
    label: (row, _r, col) => (row.heads.includes(col) ? 'H' : 'T'),
    pick(row, cells) {
      const coins = clickedCoins(cells);
      if (coins === null || coins.length === 0) return null;
      const more = extendable(rule, row, coins);
      if (more) return 'more';
      return isMove(rule, row, coins) ? { length: row.length, heads: turnOver(row.heads, coins) } : null;
    },
    complete(row, cells) {
      const coins = clickedCoins(cells);
      if (coins === null || coins.length === 0 || !isMove(rule, row, coins)) return null;
      return { length: row.length, heads: turnOver(row.heads, coins) };
    },
  };
}

export const coinsView: FamilyView<CoinRow, CoinsRuleset> = {
  family: coinsFamily,
  of: ({ rule }) => ({ grid: coinGrid(rule) }),
};
