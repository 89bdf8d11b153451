/** The page's own computing on the main thread: the rare/common split of a long take-and-break sequence. */
import { grundySequence } from '../../src/engine/solve/normal/grundy.ts';
import { rareAndCommon } from '../../src/engine/solve/normal/rare.ts';
import { parseTupleSpec } from '../../src/engine/spec.ts';
import type { BenchSuite } from '../harness.ts';

function parity(x: number): number {
  let p = 0;
  for (; x; x &= x - 1) p ^= 1;
  return p;
}

/** The direct way: classify every heap under every mask and twist. O(2^bits · N). */
function directSplit(values: Uint32Array): { mask: number; twist: boolean; rare: number } {
  const heaps = values.length - 1;
  let max = 0;
  for (let n = 1; n <= heaps; n++) max = Math.max(max, values[n]);
  const bits = Math.max(1, Math.min(12, 32 - Math.clz32(max)));
  let best = { mask: 0, twist: false, rare: Infinity };
  for (const twist of [false, true]) {
    for (let mask = 1; mask < 1 << bits; mask++) {
      let ones = 0;
      for (let n = 1; n <= heaps; n++) ones += parity(values[n] & mask) ^ (twist ? n & 1 : 0);
      const rare = Math.min(ones, heaps - ones);
      if (rare < best.rare) best = { mask, twist, rare };
    }
  }
  return best;
}

export const pageSuite: BenchSuite = {
  name: 'page',
  cases(quick) {
    const n = quick ? 1 << 16 : 1 << 18;
    let values: Uint32Array | null = null;
    const grundy = () => (values ??= grundySequence(parseTupleSpec('grundys-game'), n));
    return [
      {
        title: `rare/common split of Grundy's game, N = ${n} (Explore runs it on the main thread)`,
        baseline: { name: 'classify every heap per mask (O(2^bits·N))', run: () => directSplit(grundy()) },
        candidates: [
          {
            name: 'histogram of (value, n mod 2) (O(N + 2^bits·distinct))',
            run: () => {
              const s = rareAndCommon(grundy())!;
              return { mask: s.mask, twist: s.twist, rare: s.rareCount };
            },
          },
        ],
        runs: quick ? 3 : 7,
        baselineRuns: quick ? 1 : 3,
        check: true,
      },
    ];
  },
};
