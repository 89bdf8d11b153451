/** Nim Square (PE310): the seed's O(N^2) pair sweep against the histogram/transform count. */
import { countFromSequence } from '../../src/engine/solve/normal/count.ts';
import { subtractionSequence } from '../../src/engine/families/subtraction/kernel.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { SubtractionRuleset } from '../../src/engine/families/subtraction/index.ts';
import type { BenchSuite } from '../harness.ts';

const squares = (parseRuleset('subtract:squares') as SubtractionRuleset).subtractionSet;

/**
 * The seed's approach: sweep a from N down to 0, keeping a histogram of g(b) XOR g(c) over the
 * pairs a <= b <= c; each new a adds the pairs (a, c) for c >= a, then counts the pairs whose
 * XOR equals g(a). O(N^2).
 */
export function pairSweepCount(g: Uint32Array): bigint {
  const n = g.length - 1;
  let top = 1;
  for (const v of g) while (top <= v) top *= 2;
  const pairs = new Float64Array(top);
  let total = 0;
  for (let a = n; a >= 0; a--) {
    const ga = g[a];
    for (let c = a; c <= n; c++) pairs[ga ^ g[c]]++;
    total += pairs[ga];
  }
  return BigInt(total);
}

export const nimSquareSuite: BenchSuite = {
  name: 'nim-square',
  cases(quick) {
    const n = quick ? 20_000 : 100_000;
    return [
      {
        title: `PE310 nim-square N = ${n} (whole answer: Grundy values + count)`,
        baseline: { name: 'O(N^2) pair sweep', run: () => pairSweepCount(subtractionSequence(squares, n)) },
        candidates: [
          {
            name: 'histogram + Walsh–Hadamard count',
            run: () => countFromSequence(subtractionSequence(squares, n), 3, 'sorted'),
          },
        ],
        runs: quick ? 1 : 5,
        baselineRuns: 1, // ~10 s per run on an idle 2-core machine: the full bench must stay near 10 minutes
        check: true,
      },
    ];
  },
};
