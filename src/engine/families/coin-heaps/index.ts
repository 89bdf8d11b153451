/**
 * Coin-turning games as heap games: heap n is a lone head on coin n (coins counted from 1), so a
 * rule's Grundy sequence, periods, counts and misère quotients come from the heap machinery. The
 * same rules as the row game, read by the coin-turning rule grammar (../coins/rules.ts).
 */
import type { Family } from '../../types.ts';
import { NAMED_RULES, parseCoinRule } from '../coins/rules.ts';
import { coinHeapRuleset } from '../coins/values.ts';

export const coinHeapsFamily: Family = {
  name: 'coin-heaps',
  help: `coin-heaps:<rule> — a coin-turning rule as a heap game: heap n is a lone head on coin n (Grundy sequences, periods, counts); <rule> as for rows: ${NAMED_RULES.map(([name]) => name).join(', ')} or N-M[/consecutive|/spaced|/within=D|/distance=D,...]`,
  args: 'required',
  example: { spec: 'coin-heaps:ruler', heaps: [3, 5, 6] },
  // heap n is a head on coin n, counted from 1: the published sequences start at heap 1
  sequences: [
    ['coin-heaps:mock-turtles', { id: 'A000069', name: 'Odious numbers (Mock Turtles)', firstHeap: 1 }],
    ['coin-heaps:ruler', { id: 'A006519', name: 'Highest power of 2 dividing n (Ruler)', firstHeap: 1 }],
  ],
  parse(args) {
    const rule = parseCoinRule(args);
    return coinHeapRuleset(rule, 'coin-heaps', `coin-heaps:${rule.text}`);
  },
};
