/**
 * Take-and-break codes far past 2^22: the engine's kernel (WebAssembly, split re-chosen from the
 * data) on .354, .376, .16 and Grundy's game at 2^21..2^26 against a plain rare/common loop
 * written for this bench (one JavaScript function over typed arrays, in the manner of Czajka's
 * analyze program: the split re-chosen by a Walsh–Hadamard transform after every rare heap, the
 * rare list rebuilt each time, an ascending scan), and the whole `nimber period` command
 * certifying .354, .376 and .16 from scratch.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { TakeBreakRuleset } from '../../src/engine/families/takebreak/index.ts';
import { walshHadamard } from '../../src/engine/kernels/walsh-hadamard.ts';
import { parity, takeBreakMoves } from '../../src/engine/families/takebreak/sparse.ts';
import { wasmTakeBreakComputation } from '../../src/engine/families/takebreak/wasm.ts';
import type { BenchCase, BenchSuite, SelfTimed, Workload } from '../harness.ts';

const code = (spec: string) => parseRuleset(spec) as TakeBreakRuleset;

/** A digest both workloads of a case must agree on. */
function digest(values: ArrayLike<number>, length: number): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < length; i++) h = Math.imul(h ^ values[i], 0x01000193) >>> 0;
  return `${length} values, hash ${h.toString(16)}`;
}

/**
 * The baseline: g(0..N-1) by the plain rare/common method, in one function. Heap n's class is
 * parity(g(n) & mask) ^ twist·(n mod 2); the rare heaps (those of the class whose pairs make
 * values outside class q) are listed; each heap marks its removals and the pairs with a rare
 * member, takes the smallest unmarked value outside class q, and scans the pairs (a, r - a),
 * a = 1, 2, … until every class-q value below it is seen. A heap that ends rare, or a value that
 * needs one more bit, re-chooses mask and twist from a Walsh–Hadamard transform of the counts of
 * (value, n mod 2) and rebuilds the rare list. Mask 0 (every heap rare) is the dense start.
 * Values below 2^16 (every code benched here).
 */
export function plainRareCommon(ruleset: TakeBreakRuleset, N: number): Uint16Array {
  const { whole, single, pair, pairUnequal } = takeBreakMoves(ruleset);
  if (takeBreakMoves(ruleset).triple.length > 0) throw new Error('the baseline takes codes without three-heap splits');
  const twistable = pair.length > 0 && pair.every((k) => (k & 1) === (pair[0] & 1));
  const k0 = pair.length > 0 ? pair[0] & 1 : 0;
  const g = new Uint16Array(N);
  let bits = 1;
  let counts = new Float64Array(4);
  let mask = 0,
    twist = 0;
  let rare = new Int32Array(1024);
  let rareCount = 0;
  let seen = new Int32Array(1 << 17);
  let need = new Int32Array(1 << 17);
  const common = (v: number, n: number) => (parity(v & mask) ^ (twist & n)) === (1 ^ (twist & k0));
  const rechoose = (upTo: number) => {
    const h = Float64Array.from(counts);
    walshHadamard(h);
    const total = upTo - 1;
    let best = 0,
      bestRare = Infinity;
    for (let i = 0; i < h.length; i++) {
      if (i & 1 && !twistable) continue;
      const s0 = 1 ^ (i & 1 & k0);
      const r = i < 2 ? total : s0 === 1 ? (total + h[i]) / 2 : (total - h[i]) / 2;
      if (r < bestRare) {
        best = i;
        bestRare = r;
      }
    }
    mask = best >> 1;
    twist = best & 1;
    rareCount = 0;
    for (let a = 1; a < upTo; a++) {
      if (mask !== 0 && common(g[a], a)) continue;
      if (rareCount === rare.length) {
        const grown = new Int32Array(2 * rare.length);
        grown.set(rare);
        rare = grown;
      }
      rare[rareCount++] = a;
    }
  };
  for (let n = 0; n < N; n++) {
    const stamp = n + 1;
    for (let i = 0; i < whole.length; i++) if (whole[i] === n) seen[0] = stamp;
    for (let i = 0; i < single.length; i++) if (n - single[i] >= 1) seen[g[n - single[i]]] = stamp;
    let q = -1;
    for (let i = 0; i < pair.length; i++) {
      const r = n - pair[i];
      if (r < 2) continue;
      q = mask === 0 ? -1 : twist ? r & 1 : 0;
      for (let j = 0; j < rareCount; j++) {
        const a = rare[j];
        if (a >= r) break;
        if (pairUnequal[i] && 2 * a === r) continue;
        seen[g[a] ^ g[r - a]] = stamp;
      }
    }
    let candidate = 0,
      missing = 0;
    for (; seen[candidate] === stamp || (q >= 0 && parity(candidate & mask) === q); candidate++) {
      if (seen[candidate] !== stamp) {
        need[candidate] = stamp;
        missing++;
      }
    }
    for (let i = 0; i < pair.length && missing > 0; i++) {
      const r = n - pair[i];
      if (r < 2) continue;
      if (!pairUnequal[i] && (r & 1) === 0 && need[0] === stamp) {
        need[0] = 0;
        missing--;
      }
      for (let a = 1; 2 * a < r && missing > 0; a++) {
        const x = g[a] ^ g[r - a];
        if (need[x] === stamp) {
          need[x] = 0;
          missing--;
        }
      }
    }
    let value = candidate;
    if (missing > 0) for (value = 0; need[value] !== stamp; value++);
    if (value > 0xffff) throw new Error('the baseline keeps values below 2^16');
    g[n] = value;
    if (n === 0) continue;
    let rechoice = false;
    if (value >= 1 << bits) {
      // one more bit: the counts (and the tables) widen
      while (value >= 1 << bits) bits++;
      const wider = new Float64Array(2 << bits);
      wider.set(counts);
      counts = wider;
      if (seen.length < 4 << bits) {
        seen = new Int32Array(4 << bits);
        need = new Int32Array(4 << bits);
      }
      rechoice = true;
    }
    counts[(value << 1) | (n & 1)]++;
    if (mask === 0 || !common(value, n)) {
      if (mask === 0) rechoice = true;
      else {
        rechoice = true;
        if (rareCount === rare.length) {
          const grown = new Int32Array(2 * rare.length);
          grown.set(rare);
          rare = grown;
        }
        rare[rareCount++] = n;
      }
    }
    if (rechoice) rechoose(n + 1);
  }
  return g;
}

function kernel(ruleset: TakeBreakRuleset, N: number): { values: ArrayLike<number>; note: string } {
  const c = wasmTakeBreakComputation(ruleset, N);
  c.extendTo(N);
  return {
    values: c.values(),
    note: `${c.rareHeaps} rare heaps, mask ${c.split?.mask.toString(16) ?? '-'}${c.split?.twist ? '+twist' : ''}, ${c.choices} choices`,
  };
}

function sizeCase(spec: string, exponent: number, runs: number): BenchCase {
  const ruleset = code(spec);
  const N = 2 ** exponent;
  let note = '';
  return {
    title: `${ruleset.title}, heaps 0..2^${exponent} - 1`,
    baseline: {
      name: 'plain rare/common loop (JavaScript, Hadamard re-choice)',
      run: () => digest(plainRareCommon(ruleset, N), N),
    },
    candidates: [
      {
        name: "engine's kernel (WebAssembly, 16-bit values)",
        run: () => {
          const r = kernel(ruleset, N);
          note = r.note;
          return digest(r.values, N);
        },
        note: () => note,
      },
    ],
    runs,
    check: true,
  };
}

const bin = fileURLToPath(new URL('../../bin/nimber.js', import.meta.url));

/** `nimber period <spec> --budget 600 --json`, whole command, timed around the process. */
function periodCommand(spec: string): Workload {
  let computed = 0;
  return {
    name: `\`nimber period ${spec} --budget 600\`, whole command`,
    external: true,
    selfTimed: true,
    run(): SelfTimed {
      const t0 = performance.now();
      const r = spawnSync(process.execPath, [bin, 'period', spec, '--budget', '600', '--json'], { encoding: 'utf8' });
      const ms = performance.now() - t0;
      if (r.status !== 0) throw new Error(`nimber exited ${r.status}: ${r.stderr}`);
      const out = JSON.parse(r.stdout) as { period: number; preperiod: number; certified: boolean; computed: number };
      computed = out.computed;
      return { ms, result: out };
    },
    note: () => `heaps computed: ${computed}`,
  };
}

function certifiedCase(spec: string, runs: number): BenchCase {
  return {
    title: `${spec} certified from scratch (preperiod, period by the periodicity theorem)`,
    candidates: [periodCommand(spec)],
    runs,
  };
}

export const takeBreakLargeSuite: BenchSuite = {
  name: 'takebreak-large',
  cases(quick) {
    if (quick) {
      return [
        sizeCase('takebreak:0.354', 18, 1),
        sizeCase('takebreak:0.376', 18, 1),
        sizeCase('grundys-game', 18, 1),
        certifiedCase('takebreak:0.16', 1),
      ];
    }
    const runsAt = (e: number) => (e <= 21 ? 3 : 1);
    const sizes = (spec: string, from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => sizeCase(spec, from + i, runsAt(from + i)));
    return [
      certifiedCase('takebreak:0.16', 3),
      certifiedCase('takebreak:0.376', 1),
      certifiedCase('takebreak:0.354', 1),
      // each code to the doubling that certifies its period (.16: 2^19, below the range), Grundy's game to 2^26
      ...sizes('takebreak:0.16', 21, 22),
      ...sizes('takebreak:0.376', 21, 23),
      ...sizes('takebreak:0.354', 21, 25),
      ...sizes('grundys-game', 21, 26),
    ];
  },
};
