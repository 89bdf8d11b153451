/**
 * The heap representation of a coin-turning rule (Winning Ways ch. 14): a lone head on coin n
 * (counted from 1) is a heap n, and a row's value is the nim-sum of its heads' values, because
 * turning a coin that already shows heads cancels it exactly as a nim-sum does. A move whose
 * rightmost coin is n turns n to tails and the coins of a turn set over: the heap n becomes the
 * heaps at those coins.
 */
import { defineHeapGame } from '../../define.ts';
import { mexSequence } from '../../kernels/mex.ts';
import { MAX_SEQUENCE } from '../../limits.ts';
import type { GrundySequence, HeapRuleset } from '../../types.ts';
import { type CoinRule, describeRule, maxCoinsFor, turnSetCount, turnSets } from './rules.ts';

/** Moves summed over every heap of a sequence (the generic mex kernel's work) that a spec may ask for. */
export const SEQUENCE_WORK = 50_000_000;

/** Closed forms of the named rules' values, heap n = coin n (cited in the tests). */
const CLOSED_FORMS: ReadonlyMap<string, (n: number) => number> = new Map([
  ['turning-turtles', (n: number) => n],
  ['twins', (n: number) => Math.max(n - 1, 0)],
  // the odious numbers, 2k + (1 when k has an even number of 1 bits), k = n - 1
  ['mock-turtles', (n: number) => (n === 0 ? 0 : 2 * (n - 1) + (popcount(n - 1) % 2 === 0 ? 1 : 0))],
  // the largest power of 2 dividing n
  ['ruler', (n: number) => (n === 0 ? 0 : 2 ** countTrailingZeros(n))],
]);

function popcount(n: number): number {
  let c = 0;
  for (let x = n; x > 0; x = Math.floor(x / 2)) c += x % 2;
  return c;
}

function countTrailingZeros(n: number): number {
  let z = 0;
  for (let x = n; x % 2 === 0; x /= 2) z++;
  return z;
}

/** The options of a lone head on coin n (counted from 1): the heads left after each move. */
export function* headOptions(rule: CoinRule, n: number): Generator<number[]> {
  if (n < 1) return;
  for (const set of turnSets(rule, n - 1)) yield set.map((i) => i + 1);
}

/** The heap ruleset of a rule: heap n is a lone head on coin n. */
export function coinHeapRuleset(rule: CoinRule, family: string, spec: string): HeapRuleset {
  const closed = CLOSED_FORMS.get(rule.text);
  const maxHeap = Math.max(1, maxCoinsFor(rule, SEQUENCE_WORK, MAX_SEQUENCE));
  const ruleset: HeapRuleset = defineHeapGame({
    family,
    spec,
    title: `${rule.title ?? 'coin-turning game'}: ${describeRule(rule)}, heap n = a lone head on coin n`,
    what: 'a coin-turning game as heaps (heap n is a lone head on coin n)',
    maxHeap,
    heapOptions: (n) => headOptions(rule, n),
    workEstimate: (max) => (max + 1) * turnSetCount(rule, Math.max(0, max - 1)),
    ...(closed ? { grundyOf: closed } : {}),
  });
  return ruleset;
}

/** Values of lone heads on coins 1..length (index n: coin n; index 0: no coin), computed once per length asked. */
export function headValues(ruleset: HeapRuleset): (length: number) => GrundySequence {
  let known: GrundySequence = new Uint32Array(1);
  return (length) => {
    if (length >= known.length)
      known = mexSequence(ruleset, Math.min(ruleset.maxHeap, Math.max(length, 2 * known.length)));
    return known;
  };
}
