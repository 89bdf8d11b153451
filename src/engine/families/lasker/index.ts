/**
 * Lasker's Nim: remove any positive number of tokens from one heap, or split one heap into two
 * non-empty heaps. Its values have a closed form (Lasker 1931; Winning Ways, ch. 4): g(0) = 0 and,
 * for n >= 1, g(n) = n when n ≡ 1, 2 (mod 4), n + 1 when n ≡ 3, n - 1 when n ≡ 0 — period 4 with
 * saltus 4 from heap 1 on. The tests check the closed form against the generic mex and the oracle.
 */
import { MAX_SEQUENCE } from '../../limits.ts';
import type { Family, HeapRuleset } from '../../types.ts';

/** g(n) of Lasker's Nim. On n >= 1 it swaps 4k+3 and 4k+4 and fixes the rest, so it is its own inverse. */
export function laskerValue(n: number): number {
  switch (n % 4) {
    case 0:
      return n === 0 ? 0 : n - 1;
    case 3:
      return n + 1;
    default:
      return n;
  }
}

/** laskerValue over bigint heaps. */
export function laskerBigValue(n: bigint): bigint {
  const r = n % 4n;
  return r === 0n ? (n === 0n ? 0n : n - 1n) : r === 3n ? n + 1n : n;
}

/** Splits a + b of a huge heap scanned for a winning move: the small a (a = 1 finds the one a single heap misses, see below). */
const BIG_SPLIT_SCAN = 4096;

/**
 * Options of a heap of any size with value v: the single heap g^{-1}(v) = g(v) when it is smaller,
 * then the splits a + (heap - a) for a up to BIG_SPLIT_SCAN. A single heap misses v only when
 * v = heap = 4k + 3 (g(heap) = heap + 1); there a = 1 works: g(1) ^ g(heap - 1) = 1 ^ (heap - 1) = heap.
 */
function* laskerBigOptions(heap: bigint, value: bigint): Generator<readonly bigint[]> {
  const single = laskerBigValue(value);
  if (single < heap) yield single === 0n ? [] : [single];
  for (let a = 1n; a <= BigInt(BIG_SPLIT_SCAN) && 2n * a <= heap; a++) {
    if ((laskerBigValue(a) ^ laskerBigValue(heap - a)) === value) yield [a, heap - a];
  }
}

export const lasker: HeapRuleset = {
  kind: 'heap',
  family: 'lasker',
  spec: 'lasker',
  title: "Lasker's Nim",
  maxHeap: MAX_SEQUENCE,
  // Fewest tokens removed first (the splits remove none): the perfect opponent's delaying move
  // looks at each heap's first options only.
  *heapOptions(n: number) {
    for (let a = 1; 2 * a <= n; a++) yield [a, n - a];
    for (let k = n - 1; k >= 0; k--) yield k === 0 ? [] : [k];
  },
  sequence(maxHeap) {
    const g = new Uint32Array(maxHeap + 1);
    for (let n = 0; n <= maxHeap; n++) g[n] = laskerValue(n);
    return g;
  },
  grundyOf: laskerValue,
  *optionsWithValue(heap, value) {
    // The splits a + b whose values XOR to it, then the one smaller heap of that value (g is an involution).
    for (let a = 1; 2 * a <= heap; a++) if ((laskerValue(a) ^ laskerValue(heap - a)) === value) yield [a, heap - a];
    const single = laskerValue(value);
    if (single < heap) yield single === 0 ? [] : [single];
  },
  isOption: (heap, parts) =>
    parts.length === 0
      ? heap > 0
      : parts.length === 1
        ? parts[0] >= 1 && parts[0] < heap
        : parts.length === 2 && parts[0] >= 1 && parts[1] >= 1 && parts[0] + parts[1] === heap,
  bigClosedForm: {
    grundyOf: laskerBigValue,
    optionsWithValue: (heap, value) => ({
      options: laskerBigOptions(heap, value),
      complete: heap <= 2n * BigInt(BIG_SPLIT_SCAN) + 1n,
    }),
  },
  provedPeriod: { period: 4, preperiod: 1, saltus: 4 },
  workEstimate: (maxHeap) => maxHeap + 1,
  kernelName: () => "the closed form of Lasker's Nim",
};

export const laskerFamily: Family = {
  name: 'lasker',
  help: "lasker — Lasker's Nim: remove any positive number of tokens from one heap, or split one heap into two non-empty heaps",
  args: 'none',
  example: { spec: 'lasker', heaps: [3, 5] },
  parse: () => lasker,
};
