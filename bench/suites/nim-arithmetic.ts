/**
 * Nim arithmetic: 10^6 random 64-bit nim-products in the engine's kernels side by side with a plain C
 * implementation of the same algorithm (bench/native/nim-product.c, built here with `cc -O2` when a
 * compiler is present), and bigint products of 1,000-bit values against the plain bigint halves rule.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nimProduct, nimProductArray } from '../../src/engine/kernels/nim-arithmetic.ts';
import { jsNimProductArray } from '../../src/engine/nimbers/word.ts';
import type { BenchCase, BenchSuite, SelfTimed, Workload } from '../harness.ts';
import { plainNimProduct } from '../../tests/helpers/nim-reference.ts';

const C_SOURCE = fileURLToPath(new URL('../native/nim-product.c', import.meta.url));

/** Deterministic 64-bit values (xorshift64). */
function randomWords(n: number, seed: bigint): BigUint64Array {
  const out = new BigUint64Array(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = BigInt.asUintN(64, s ^ (s << 13n));
    s ^= s >> 7n;
    s = BigInt.asUintN(64, s ^ (s << 17n));
    out[i] = s;
  }
  return out;
}

/** The FNV-style hash the C program prints, so every row's products are compared. */
function hash(values: BigUint64Array): string {
  let h = 14695981039346656037n;
  for (const v of values) h = BigInt.asUintN(64, (h ^ v) * 1099511628211n);
  return h.toString();
}

/** Compiles the C reference; the reason when it cannot (no compiler, or it failed). */
function compileC(dir: string): { exe: string } | { missing: string } {
  const exe = path.join(dir, 'nim-product');
  const r = spawnSync('cc', ['-O2', '-o', exe, C_SOURCE], { encoding: 'utf8' });
  if (r.error) return { missing: `no C compiler (cc: ${(r.error as NodeJS.ErrnoException).code ?? r.error.message})` };
  if (r.status !== 0) return { missing: `cc -O2 failed: ${r.stderr.trim().split('\n')[0]}` };
  return { exe };
}

function timed(name: string, product: (a: BigUint64Array, b: BigUint64Array, out: BigUint64Array) => void) {
  return (a: BigUint64Array, b: BigUint64Array): Workload => ({
    name,
    selfTimed: true,
    run(): SelfTimed {
      const out = new BigUint64Array(a.length);
      const t0 = performance.now();
      product(a, b, out);
      const ms = performance.now() - t0;
      return { ms, result: hash(out) };
    },
  });
}

function wordCase(quick: boolean): BenchCase {
  const n = quick ? 100_000 : 1_000_000;
  const a = randomWords(n, 0x9e3779b97f4a7c15n);
  const b = randomWords(n, 0xd1b54a32d192ed03n);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nimber-nim-bench-'));
  writeFileSync(path.join(dir, 'a.bin'), a);
  writeFileSync(path.join(dir, 'b.bin'), b);
  const c = compileC(dir);
  const perProduct = (ms: number) => `${((ms * 1e6) / n).toFixed(1)} ns per product`;
  const withNote = (w: Workload): Workload => ({ ...w, note: (ms) => perProduct(ms) });
  const kernels = [
    timed('WebAssembly batch kernel (nimProductArray)', nimProductArray)(a, b),
    timed('TypeScript batch kernel (typed arrays)', jsNimProductArray)(a, b),
    timed('bigint nimProduct, one call per pair', (x, y, out) => {
      for (let i = 0; i < x.length; i++) out[i] = nimProduct(x[i], y[i]);
    })(a, b),
  ].map(withNote);
  if ('missing' in c)
    return {
      title: `${n} random 64-bit nim-products (C reference left out: ${c.missing})`,
      candidates: kernels,
      runs: quick ? 1 : 5,
    };
  const cRow: Workload = withNote({
    name: 'plain C, same algorithm (cc -O2)',
    selfTimed: true,
    external: true,
    run(): SelfTimed {
      const r = spawnSync(c.exe, [path.join(dir, 'a.bin'), path.join(dir, 'b.bin'), String(n)], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`C reference failed: ${r.stderr}`);
      const [ms, result] = r.stdout.trim().split(' ');
      return { ms: Number(ms), result };
    },
  });
  return {
    title: `${n} random 64-bit nim-products (speed-up < 1: slower than C; goal ≥ 0.5×)`,
    baseline: cRow,
    candidates: kernels,
    runs: quick ? 1 : 7,
    check: true,
  };
}

function bigCase(quick: boolean): BenchCase {
  const count = quick ? 200 : 2000;
  const words = randomWords(32 * count, 0x2545f4914f6cdd1dn);
  const values: bigint[] = [];
  for (let i = 0; i < 2 * count; i++) {
    let v = 0n;
    for (let j = 0; j < 16; j++) v = (v << 64n) | words[16 * i + j];
    values.push(v >> 24n); // 1,000 bits
  }
  // The plain rule takes ~50 ms a product: it runs on a slice and its time is scaled to the count.
  const slice = quick ? 10 : 40;
  const sliceXor = (product: (x: bigint, y: bigint) => bigint) => {
    let xor = 0n;
    for (let i = 0; i < slice; i++) xor ^= product(values[2 * i], values[2 * i + 1]);
    return xor.toString();
  };
  const perSecond = (ms: number) => `${Math.round((count * 1000) / ms).toLocaleString('en-US')} products/s`;
  return {
    title: `${count} nim-products of random 1,000-bit values`,
    baseline: {
      name: `plain bigint halves rule (${slice} products, time scaled to ${count})`,
      selfTimed: true,
      run(): SelfTimed {
        const t0 = performance.now();
        const result = sliceXor(plainNimProduct);
        return { ms: ((performance.now() - t0) * count) / slice, result };
      },
      note: perSecond,
    },
    candidates: [
      {
        name: 'nimProduct (word arrays, GF(2^16) tables)',
        selfTimed: true,
        run(): SelfTimed {
          const t0 = performance.now();
          for (let i = 0; i < count; i++) nimProduct(values[2 * i], values[2 * i + 1]);
          const ms = performance.now() - t0;
          return { ms, result: sliceXor(nimProduct) };
        },
        note: perSecond,
      },
    ],
    runs: quick ? 1 : 5,
    baselineRuns: quick ? 1 : 3,
    check: true,
  };
}

export const nimArithmeticSuite: BenchSuite = {
  name: 'nim-arithmetic',
  cases: (quick) => [wordCase(quick), bigCase(quick)],
};
