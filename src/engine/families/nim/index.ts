/** Nim: remove any positive number of tokens from one heap. Its Grundy value is the heap size. */
import { MAX_NIM_HEAP } from '../../limits.ts';
import type { Family, HeapRuleset } from '../../types.ts';

export const nim: HeapRuleset = {
  kind: 'heap',
  family: 'nim',
  spec: 'nim',
  title: 'Nim',
  maxHeap: MAX_NIM_HEAP,
  *heapOptions(n: number) {
    for (let k = n - 1; k >= 0; k--) yield k === 0 ? [] : [k];
  },
  sequence(maxHeap) {
    const g = new Uint32Array(maxHeap + 1);
    for (let n = 0; n <= maxHeap; n++) g[n] = n;
    return g;
  },
  grundyOf: (heap) => heap,
  // A heap of n has exactly one option of each value below n: the heap of that size.
  optionsWithValue: (heap, value) => (value < heap ? [value === 0 ? [] : [value]] : []),
  isOption: (heap, parts) => (parts.length === 0 ? heap > 0 : parts.length === 1 && parts[0] < heap),
  bigClosedForm: {
    grundyOf: (heap) => heap,
    optionsWithValue: (heap, value) => ({ options: value < heap ? [value === 0n ? [] : [value]] : [], complete: true }),
  },
  nimHeaps: true,
  provedPeriod: { period: 1, preperiod: 0, saltus: 1 },
  workEstimate: (maxHeap) => maxHeap + 1,
  kernelName: () => 'the nim rule g(n) = n',
};

export const nimFamily: Family = {
  name: 'nim',
  help: 'nim — remove any positive number of tokens from one heap',
  args: 'none',
  example: { spec: 'nim', heaps: [3, 4, 5] },
  sequences: [['nim', { id: 'A001477', name: 'the nonnegative integers (Nim: g(n) = n)' }]],
  parse: () => nim,
};
