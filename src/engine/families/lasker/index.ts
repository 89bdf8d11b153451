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
    parts.length === 0 ? heap > 0
    : parts.length === 1 ? parts[0] >= 1 && parts[0] < heap
    : parts.length === 2 && parts[0] >= 1 && parts[1] >= 1 && parts[0] + parts[1] === heap,
  provedPeriod: { period: 4, preperiod: 1, saltus: 4 },
  workEstimate: (maxHeap) => maxHeap + 1,
  kernelName: () => "the closed form of Lasker's Nim",
};

export const laskerFamily: Family = {
  name: 'lasker',
  help: "lasker — Lasker's Nim: remove any positive number of tokens from one heap, or split one heap into two non-empty heaps",
  args: 'none',
  parse: () => lasker,
};
