/**
 * Coin-turning games (Winning Ways ch. 14) on a row of coins: a move turns over a set of coins the
 * rule allows, the rightmost of them from heads to tails. Positions are rows ("THHTH"); each head
 * is an independent component whose value is its heap's (values.ts), so the search only walks
 * the moves of the whole row, for winning moves, and misère play searches rows whole.
 */
import { InputError } from '../../errors.ts';
import { defineGame } from '../../define.ts';
import type { Family, GameNotation, GameRuleset } from '../../types.ts';
import { type CoinRow, ROW_FORMAT, formatCoins, listCoins, parseCoins, turnOver, turnedCoins } from './row.ts';
import { type CoinRule, NAMED_RULES, describeRule, maxCoinsFor, parseCoinRule, turnSets } from './rules.ts';
import { coinHeapRuleset, headValues } from './values.ts';

export type { CoinRow } from './row.ts';

/** Moves of lone heads summed over a row's coins that a row may need (its winning moves list them all). */
export const ROW_WORK = 2_000_000;
/** Longest row, whatever the rule. */
export const MAX_ROW = 4096;

export type CoinsRuleset = GameRuleset<CoinRow> & { readonly rule: CoinRule };

/** Every row after one move: a head n turns to tails with one of its turn sets. */
export function* coinMoves(rule: CoinRule, row: CoinRow): Generator<CoinRow> {
  for (let k = row.heads.length - 1; k >= 0; k--) {
    const n = row.heads[k];
    for (const set of turnSets(rule, n)) yield { length: row.length, heads: turnOver(row.heads, [...set, n]) };
  }
}

/** The coin-turning game of a rule. */
export function coins(rule: CoinRule): CoinsRuleset {
  const heaps = coinHeapRuleset(rule, 'coins', `coins:${rule.text}`);
  const values = headValues(heaps);
  const maxRow = Math.min(MAX_ROW, heaps.maxHeap, Math.max(1, maxCoinsFor(rule, ROW_WORK, MAX_ROW)));
  const notation: GameNotation<CoinRow> = {
    positionFormat: ROW_FORMAT,
    parsePosition: (text) => {
      if (/\n/.test(text.trim())) throw new InputError(`line 2: a row of coins is one line: ${ROW_FORMAT}`);
      return parseCoins(text, maxRow);
    },
    formatPosition: formatCoins,
    describeMove: (from, to) => `turn ${listCoins(turnedCoins(from.heads, to.heads).map((i) => String(i + 1)))}`,
  };
  const game = defineGame<CoinRow>({
    family: 'coins',
    what: 'a coin-turning game on a row of coins',
    spec: `coins:${rule.text}`,
    title: `${rule.title ?? 'Coin turning'}: ${describeRule(rule)}, the rightmost from heads to tails`,
    moves: (row) => coinMoves(rule, row),
    components: (row) => row.heads.map((h) => ({ length: h + 1, heads: [h] })),
    key: (row) => row.heads.join(' '),
    value(row) {
      const table = values(row.heads.length === 0 ? 0 : row.heads[row.heads.length - 1] + 1);
      let x = 0;
      for (const h of row.heads) x ^= table[h + 1];
      return x;
    },
    notation,
  });
  return { ...game, rule };
}

/** The names and grammar, for help and errors. */
const RULE_HELP = `${NAMED_RULES.map(([name]) => name).join(', ')}, or N-M[/consecutive|/spaced|/within=D|/distance=D,...]`;

export const coinsFamily: Family = {
  name: 'coins',
  help: `coins:<rule> — coin-turning games: a move turns over coins the rule allows, the rightmost from heads to tails; <rule> is ${RULE_HELP}; positions are rows like THHTH`,
  args: 'required',
  example: { spec: 'coins:mock-turtles', board: 'THHTTHTH' },
  parse: (args) => coins(parseCoinRule(args)),
};
