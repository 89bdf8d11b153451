/** Nim: remove any positive number of tokens from one heap. Its Grundy value is the heap size. */
import type { NimRuleset } from '../../types.ts';
import { MAX_NIM_HEAP } from '../../limits.ts';

export const nim: NimRuleset = {
  kind: 'heap',
  family: 'nim',
  spec: 'nim',
  title: 'Nim',
  maxHeap: MAX_NIM_HEAP,
  *heapOptions(n: number) {
    for (let k = n - 1; k >= 0; k--) yield k === 0 ? [] : [k];
  },
};
