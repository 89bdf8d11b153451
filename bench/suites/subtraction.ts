/**
 * Subtract-a-square (Grundy values + the PE310 count): the plain TypeScript kernel against the
 * blocked WebAssembly kernel, the parallel kernel, and the whole `nimber solve nim-square` command.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { countFromSequence } from '../../src/engine/solve/normal/count.ts';
import { extendSubtraction, subtractionSequence } from '../../src/engine/families/subtraction/kernel.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { SubtractionRuleset } from '../../src/engine/families/subtraction/index.ts';
import { wasmSubtractionSequence } from '../../src/engine/families/subtraction/wasm.ts';
import { DEFAULT_THREADS, parallelSubtraction } from '../../src/adapters/parallel/subtraction.ts';
import type { BenchCase, BenchSuite, SelfTimed, Workload } from '../harness.ts';

const squares = (parseRuleset('subtract:squares') as SubtractionRuleset).subtractionSet;
const bin = fileURLToPath(new URL('../../bin/nimber.js', import.meta.url));
const pe310 = (g: ArrayLike<number>) =>
  countFromSequence(g instanceof Uint32Array ? g : Uint32Array.from(g), 3, 'sorted');

const reference = (n: number): Workload => ({
  name: 'TypeScript kernel, 1 thread',
  run: () => pe310(subtractionSequence(squares, n)),
});
/** Options the plain kernel examines for heaps lo..hi-1: sum of floor(sqrt(n)) (one per square <= n). */
function optionsExamined(lo: number, hi: number): number {
  let total = 0;
  for (let n = lo; n < hi; n++) total += Math.floor(Math.sqrt(n));
  return total;
}

/**
 * The plain kernel at sizes where a full run would take minutes: it runs for real on the last
 * `slice` heaps (the prefix from the wasm kernel, not timed), so its per-option cost is measured at
 * the true array size, and that time is scaled by the options examined over all heaps / the slice.
 * Its values on the slice feed the count, so the check against the other rows still covers them.
 */
const referenceSliced = (n: number, slice: number): Workload => {
  const scale = optionsExamined(0, n + 1) / optionsExamined(n + 1 - slice, n + 1);
  return {
    name: `TypeScript kernel, 1 thread — timed on the last ${slice.toLocaleString('en-US')} heaps, scaled ×${scale.toFixed(0)} by options examined (est.)`,
    selfTimed: true,
    run(): SelfTimed {
      const moves = squares.upTo(n);
      const g = wasmSubtractionSequence(moves, n);
      g.fill(0, n + 1 - slice);
      const t0 = performance.now();
      extendSubtraction(moves, g, n + 1 - slice, n + 1);
      const ms = (performance.now() - t0) * scale;
      return { ms, result: pe310(g) };
    },
  };
};
const wasm = (n: number): Workload => ({
  name: 'blocked wasm kernel, 1 thread',
  run: () => pe310(wasmSubtractionSequence(squares.upTo(n), n)),
});
const parallel = (n: number, threads: number): Workload => ({
  name: `parallel wasm kernel, ${threads} threads (incl. worker start)`,
  run: async () => pe310(await parallelSubtraction(squares.upTo(n), n, { threads })),
});
/** The whole command as a user runs it: process start, tsx, parsing, kernel (its own choice), count, print. */
const command = (n: number): Workload => ({
  name: `\`nimber solve nim-square ${n} --no-cache\` (whole command)`,
  external: true,
  run() {
    const r = spawnSync(process.execPath, [bin, 'solve', 'nim-square', String(n), '--no-cache'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`nimber exited ${r.status}: ${r.stderr}`);
    return BigInt(r.stdout.trim());
  },
});

export const subtractionSuite: BenchSuite = {
  name: 'subtraction',
  cases(quick) {
    const threads = Math.max(2, DEFAULT_THREADS);
    const mid = quick ? 200_000 : 1_000_000;
    const big = quick ? 1_000_000 : 10_000_000;
    const cases: BenchCase[] = [
      {
        title: `subtract-a-square N = ${mid.toLocaleString('en-US')} (Grundy values + PE310 count)`,
        baseline: reference(mid),
        candidates: [wasm(mid), parallel(mid, threads), command(mid)],
        runs: quick ? 1 : 5,
        baselineRuns: quick ? 1 : 3,
        check: true,
      },
      {
        title: `subtract-a-square N = ${big.toLocaleString('en-US')} (Grundy values + PE310 count)`,
        // A full plain-kernel run at 1e7 takes 4–8 minutes here: measured on a slice and scaled (labelled).
        baseline: quick ? reference(big) : referenceSliced(big, 1 << 15),
        candidates: [wasm(big), parallel(big, threads), command(big)],
        runs: quick ? 1 : 2,
        baselineRuns: quick ? 1 : 2,
        check: true,
      },
    ];
    return cases;
  },
};
