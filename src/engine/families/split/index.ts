/** Split games: `split:distinct` splits one heap into two or more heaps of pairwise different sizes. */
import { InputError } from '../../errors.ts';
import type { Family, HeapRuleset } from '../../types.ts';
import { splitDistinctSequence } from './knapsack.ts';

/** Split games: a move splits one heap into smaller heaps under a rule ('distinct': two or more pairwise unequal parts). */
export interface SplitRuleset extends HeapRuleset {
  readonly rule: 'distinct';
}

/** Largest heap whose Grundy value split:distinct computes (the knapsack kernel takes seconds here). */
export const MAX_SPLIT_HEAP = 20_000;

/**
 * Largest heap whose splits are listed one by one (winning moves, the oracle). A heap of n has
 * q(n) - 1 splits into distinct parts: 444,792 at 100, about 2·10^7 at 150, so listing stops here.
 */
export const MAX_SPLIT_LISTING = 100;

export const SPLIT_RULES = ['distinct'] as const;

/** Parses the text after 'split:'. */
export function parseSplit(args: string): SplitRuleset {
  const rule = args.trim().toLowerCase();
  if (rule !== 'distinct')
    throw new InputError(
      `split: unknown rule '${args.trim()}'; known: ${SPLIT_RULES.join(', ')} (e.g. 'split:distinct')`,
    );
  return splitDistinct;
}

export const splitDistinct: SplitRuleset = {
  kind: 'heap',
  family: 'split',
  spec: 'split:distinct',
  title: 'split a heap into two or more heaps of different sizes',
  maxHeap: MAX_SPLIT_HEAP,
  rule: 'distinct',
  heapOptions: distinctSplits,
  sequence: (maxHeap) => splitDistinctSequence(maxHeap),
  // The knapsack over parts is O(n^2) words a heap and has no browser budget: always the server.
  workEstimate: () => Infinity,
  kernelName: () => 'the XOR-set knapsack kernel',
};

export const splitFamily: Family = {
  name: 'split',
  help: 'split:distinct — split one heap into two or more heaps of pairwise different sizes',
  args: 'required',
  example: { spec: 'split:distinct', heaps: [7, 9] },
  aliases: [['stone-piles', 'split:distinct']],
  parse: parseSplit,
};

/**
 * Every split of n into two or more pairwise different parts, each listed ascending
 * (8: 1+2+5, 1+3+4, 1+7, 2+6, 3+5). Throws a 'too-large' InputError above MAX_SPLIT_LISTING,
 * where the list would not end in reasonable time.
 */
export function* distinctSplits(n: number): Generator<number[]> {
  if (n > MAX_SPLIT_LISTING) {
    throw new InputError(
      `a heap of ${n} has too many splits into distinct parts to list (listing works up to ${MAX_SPLIT_LISTING}); Grundy values and outcomes work up to ${MAX_SPLIT_HEAP}`,
      'too-large',
    );
  }
  const parts: number[] = [];
  // parts so far ascending; the next part is at least `min`, and a part that does not end the
  // split must leave room for a larger one after it (p + (p + 1) <= rest)
  function* extend(rest: number, min: number): Generator<number[]> {
    for (let p = min; 2 * p + 1 <= rest; p++) {
      parts.push(p);
      yield* extend(rest - p, p + 1);
      parts.pop();
    }
    if (rest >= min && parts.length >= 1) yield [...parts, rest];
  }
  yield* extend(n, 1);
}
