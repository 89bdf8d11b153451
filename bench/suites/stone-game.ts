/** Stone Game (PE260): the seed's lexicographic scan against the bit-table solver, in TypeScript and WebAssembly. */
import { lexicographicScan } from '../../src/engine/families/equal-removal/baseline.ts';
import { solveTriples, tripleSolverBytes } from '../../src/engine/families/equal-removal/triples.ts';
import { solveTriplesWasm, wasmTripleBytes } from '../../src/engine/families/equal-removal/triples-wasm.ts';
import { median, type BenchCase, type BenchSuite, type Workload } from '../harness.ts';

const answer = (r: { count: number; sum: bigint }) => ({ count: r.count, sum: r.sum.toString() });

/** A workload that keeps its own run times, so a later case can extrapolate from them. */
function recorded(name: string, run: () => unknown): Workload & { times: number[] } {
  const times: number[] = [];
  return {
    name,
    times,
    run() {
      const t0 = performance.now();
      const result = run();
      times.push(performance.now() - t0);
      return result;
    },
  };
}

const baseline = (n: number) => recorded('lexicographic scan O(N^3)', () => answer(lexicographicScan(n)));
const solver = (n: number) =>
  recorded(`bit-table solver, TypeScript (tables ${(tripleSolverBytes(n) / 2 ** 20).toFixed(1)} MiB)`, () =>
    answer(solveTriples(n)),
  );

/**
 * The WebAssembly kernel (the engine's default); its row name, read after its runs, also gives its
 * speed-up over the TypeScript kernel `ts` measured just before it in the same case.
 */
function wasmSolver(n: number, ts: { times: number[] }): Workload & { times: number[] } {
  const w = recorded('', () => answer(solveTriplesWasm(n)));
  const label = `bit-table solver, WebAssembly (address space ${(wasmTripleBytes(n) / 2 ** 20).toFixed(1)} MiB)`;
  return {
    get name() {
      if (ts.times.length === 0 || w.times.length === 0) return label;
      return `${label}: ${(median(ts.times) / median(w.times)).toFixed(2)}× the TypeScript kernel`;
    },
    run: w.run,
    times: w.times,
  };
}

/** Sorted triples up to n: the number of checks the lexicographic scan makes. */
const triples = (n: number) => ((n + 1) * (n + 2) * (n + 3)) / 6;

export const stoneGameSuite: BenchSuite = {
  name: 'stone-game',
  cases(quick) {
    const sizes = quick ? [300, 600] : [1000, 2000];
    const measured = sizes.map((n) => ({ n, base: baseline(n) }));
    const cases: BenchCase[] = measured.map(({ n, base }) => {
      const ts = solver(n);
      return {
        title: `PE260 stone-game N = ${n} (sum over the P-positions x <= y <= z <= N)`,
        baseline: base,
        candidates: [ts, wasmSolver(n, ts)],
        runs: quick ? 1 : n <= 1000 ? 5 : 3,
        baselineRuns: quick ? 1 : n <= 1000 ? 3 : 2,
        check: true,
      };
    });
    // The scan at N = 10000 would take many minutes: its time is extrapolated from the largest
    // measured N by the number of triples it checks (a lower bound: its byte tables no longer fit
    // any cache there), and stated in the title with the ratio it implies.
    const big = quick ? 2000 : 10_000;
    const from = measured[measured.length - 1];
    const candidate = solver(big);
    const wasm = wasmSolver(big, candidate);
    cases.push({
      get title() {
        const scale = triples(big) / triples(from.n);
        const estimate = from.base.times.length > 0 ? median(from.base.times) * scale : NaN;
        const ratio = (w: { times: number[] }) => (w.times.length > 0 ? estimate / median(w.times) : NaN).toFixed(0);
        return `PE260 stone-game N = ${big} — baseline not run; extrapolated from its N = ${from.n} median ×${scale.toFixed(1)} (triples checked): ≈ ${(estimate / 1000).toFixed(0)} s, so ≈ ${ratio(candidate)}× speed-up (TypeScript kernel), ≈ ${ratio(wasm)}× (WebAssembly)`;
      },
      candidates: [candidate, wasm],
      runs: quick ? 1 : 3,
    });
    return cases;
  },
};
