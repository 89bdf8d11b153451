/**
 * Take-and-break and split games: Grundy's game by the sparse-space kernel against the generic
 * mex kernel (and the dense take-and-break kernel), and split:distinct by the XOR-set knapsack
 * against the blog's recursive enumeration of splits.
 */
import { mexSequence } from '../../src/engine/grundy/mex.ts';
import { takeBreakDenseSequence, takeBreakRun } from '../../src/engine/grundy/sparse.ts';
import { splitDistinctSequence } from '../../src/engine/grundy/split.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { TakeBreakRuleset } from '../../src/engine/types.ts';
import type { BenchCase, BenchSuite } from '../harness.ts';

const grundysGame = parseRuleset('grundys-game') as TakeBreakRuleset;

/** A digest that workloads of one case must agree on (comparing 2^20 values as JSON would be slow). */
function digest(values: Uint32Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < values.length; i++) h = Math.imul(h ^ values[i], 0x01000193) >>> 0;
  return `${values.length} values, hash ${h.toString(16)}`;
}

/**
 * The blog's method for Stone Piles: each pile's value is the mex over all its splits into
 * distinct parts, enumerated recursively (parts ascending, XOR carried along). Σ q(n) splits.
 */
export function recursiveSplitValues(maxHeap: number): Uint32Array {
  const g = new Uint32Array(maxHeap + 1);
  const seen = new Int32Array(4 * (maxHeap + 2));
  for (let n = 1; n <= maxHeap; n++) {
    const stamp = n;
    const visit = (rest: number, min: number, xor: number, parts: number): void => {
      for (let p = min; 2 * p + 1 <= rest; p++) visit(rest - p, p + 1, xor ^ g[p], parts + 1);
      if (parts >= 1 && rest >= min) seen[xor ^ g[rest]] = stamp;
    };
    visit(n, 1, 0, 0);
    let m = 0;
    while (seen[m] === stamp) m++;
    g[n] = m;
  }
  return g;
}

type Baseline = 'generic mex' | 'dense' | 'none';

function grundyCase(exponent: number, baseline: Baseline, runs: number): BenchCase {
  const n = 2 ** exponent;
  const sparse = { name: 'sparse-space kernel', run: () => digest(takeBreakRun(grundysGame, n).values) };
  const dense = { name: 'dense take-and-break kernel (typed arrays, no option lists)', run: () => digest(takeBreakDenseSequence(grundysGame, n)) };
  const generic = { name: 'generic mex over heapOptions', run: () => digest(mexSequence(grundysGame, n)) };
  return {
    title: `Grundy's game (4!.0), heaps 0..2^${exponent} = ${n}`,
    baseline: baseline === 'generic mex' ? generic : baseline === 'dense' ? dense : undefined,
    candidates: baseline === 'generic mex' ? [dense, sparse] : [sparse],
    runs,
    baselineRuns: 1,
    check: true,
  };
}

export const takeBreakSuite: BenchSuite = {
  name: 'takebreak',
  cases(quick) {
    if (quick) {
      return [
        grundyCase(12, 'generic mex', 1),
        grundyCase(16, 'none', 1),
        {
          title: 'split:distinct (Stone Piles), heaps 0..90',
          baseline: { name: "blog's recursive split enumeration", run: () => Array.from(recursiveSplitValues(90)) },
          candidates: [{ name: 'XOR-set knapsack', run: () => Array.from(splitDistinctSequence(90)) }],
          check: true,
        },
        { title: 'split:distinct (Stone Piles), heaps 0..2000', candidates: [{ name: 'XOR-set knapsack', run: () => digest(splitDistinctSequence(2000)) }] },
      ];
    }
    return [
      // both baselines are O(N^2): the generic kernel takes minutes at 2^16 (16 times its 2^14
      // time), the dense kernel about 18 s on a loaded 2-core machine; neither reaches 2^18
      grundyCase(14, 'generic mex', 3),
      grundyCase(16, 'dense', 3),
      grundyCase(18, 'none', 3),
      grundyCase(20, 'none', 3),
      {
        title: 'split:distinct (Stone Piles), heaps 0..110',
        baseline: { name: "blog's recursive split enumeration", run: () => Array.from(recursiveSplitValues(110)) },
        candidates: [{ name: 'XOR-set knapsack', run: () => Array.from(splitDistinctSequence(110)) }],
        runs: 3,
        check: true,
      },
      { title: 'split:distinct (Stone Piles), heaps 0..10000', candidates: [{ name: 'XOR-set knapsack', run: () => digest(splitDistinctSequence(10_000)) }], runs: 3 },
    ];
  },
};
