/**
 * Take-and-break and split games: Grundy's game by the sparse-space kernel (TypeScript and
 * WebAssembly) against the generic mex kernel (and the dense take-and-break kernel; at 2^18 and
 * 2^20 against the TypeScript sparse kernel), the whole CLI command at 2^20, and split:distinct
 * by the XOR-set knapsack against the blog's recursive enumeration of splits.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mexSequence } from '../../src/engine/kernels/mex.ts';
import { takeBreakDenseSequence, takeBreakRun } from '../../src/engine/families/takebreak/sparse.ts';
import { splitDistinctSequence } from '../../src/engine/families/split/knapsack.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { TakeBreakRuleset } from '../../src/engine/families/takebreak/index.ts';
import { wasmTakeBreakRun } from '../../src/engine/families/takebreak/wasm.ts';
import type { BenchCase, BenchSuite, SelfTimed, Workload } from '../harness.ts';

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

type Baseline = 'generic mex' | 'dense' | 'sparse';

const bin = fileURLToPath(new URL('../../bin/nimber.js', import.meta.url));

/** `nimber grundy grundys-game --to n --no-cache --json`, timed around the process (parsing its output is not). */
function commandWorkload(n: number): Workload {
  return {
    name: 'wasm kernel: `nimber grundy grundys-game --to N --no-cache --json`, whole command',
    external: true,
    selfTimed: true,
    run(): SelfTimed {
      const t0 = performance.now();
      const r = spawnSync(
        process.execPath,
        [bin, 'grundy', 'grundys-game', '--to', String(n), '--no-cache', '--json'],
        { encoding: 'utf8', maxBuffer: 1 << 30 },
      );
      const ms = performance.now() - t0;
      if (r.status !== 0) throw new Error(`nimber exited ${r.status}: ${r.stderr}`);
      return { ms, result: digest(Uint32Array.from(JSON.parse(r.stdout).values as number[])) };
    },
  };
}

function grundyCase(exponent: number, baseline: Baseline, runs: number, command = false): BenchCase {
  const n = 2 ** exponent;
  const sparse = { name: 'sparse-space kernel, TypeScript', run: () => digest(takeBreakRun(grundysGame, n).values) };
  const wasm = {
    name: 'sparse-space kernel, WebAssembly (chunked calls)',
    run: () => digest(wasmTakeBreakRun(grundysGame, n).values),
  };
  const dense = {
    name: 'dense take-and-break kernel (typed arrays, no option lists)',
    run: () => digest(takeBreakDenseSequence(grundysGame, n)),
  };
  const generic = { name: 'generic mex over heapOptions', run: () => digest(mexSequence(grundysGame, n)) };
  return {
    title: `Grundy's game (4!.0), heaps 0..2^${exponent} = ${n}`,
    baseline: baseline === 'generic mex' ? generic : baseline === 'dense' ? dense : sparse,
    candidates: [
      ...(baseline === 'generic mex' ? [dense, sparse] : baseline === 'dense' ? [sparse] : []),
      wasm,
      ...(command ? [commandWorkload(n)] : []),
    ],
    runs,
    baselineRuns: baseline === 'sparse' ? runs : 1,
    check: true,
  };
}

export const takeBreakSuite: BenchSuite = {
  name: 'takebreak',
  cases(quick) {
    if (quick) {
      return [
        grundyCase(12, 'generic mex', 1),
        grundyCase(16, 'sparse', 1),
        {
          title: 'split:distinct (Stone Piles), heaps 0..90',
          baseline: { name: "blog's recursive split enumeration", run: () => Array.from(recursiveSplitValues(90)) },
          candidates: [{ name: 'XOR-set knapsack', run: () => Array.from(splitDistinctSequence(90)) }],
          check: true,
        },
        {
          title: 'split:distinct (Stone Piles), heaps 0..2000',
          candidates: [{ name: 'XOR-set knapsack', run: () => digest(splitDistinctSequence(2000)) }],
        },
      ];
    }
    return [
      // both baselines are O(N^2): the generic kernel takes minutes at 2^16 (16 times its 2^14
      // time), the dense kernel about 18 s on a loaded 2-core machine; neither reaches 2^18
      grundyCase(14, 'generic mex', 3),
      grundyCase(16, 'dense', 3),
      grundyCase(18, 'sparse', 3),
      grundyCase(20, 'sparse', 3, true),
      {
        title: 'split:distinct (Stone Piles), heaps 0..110',
        baseline: { name: "blog's recursive split enumeration", run: () => Array.from(recursiveSplitValues(110)) },
        candidates: [{ name: 'XOR-set knapsack', run: () => Array.from(splitDistinctSequence(110)) }],
        runs: 3,
        check: true,
      },
      {
        title: 'split:distinct (Stone Piles), heaps 0..10000',
        candidates: [{ name: 'XOR-set knapsack', run: () => digest(splitDistinctSequence(10_000)) }],
        runs: 3,
      },
    ];
  },
};
