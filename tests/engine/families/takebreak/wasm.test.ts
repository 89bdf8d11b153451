/**
 * The WebAssembly take-and-break kernel against the TypeScript kernels and the generic mex kernel,
 * and the resumable computation: chunked == one call, seeded prefix == fresh run, and through
 * computeSequence: progress, a cached prefix extended, an abort that caches nothing.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { grundySequence } from '../../../../src/engine/solve/normal/grundy.ts';
import { mexSequence } from '../../../../src/engine/kernels/mex.ts';
import { fastTakeBreakComputation } from '../../../../src/engine/families/takebreak/kernel.ts';
import {
  splitIsValid,
  takeBreakComputation,
  takeBreakDenseSequence,
  takeBreakRun,
  type TakeBreakComputation,
  type TakeBreakOptions,
} from '../../../../src/engine/families/takebreak/sparse.ts';
import { parseRuleset } from '../../../../src/engine/spec.ts';
import type { TakeBreakRuleset } from '../../../../src/engine/families/takebreak/index.ts';
import { wasmTakeBreakComputation, wasmTakeBreakRun } from '../../../../src/engine/families/takebreak/wasm.ts';
import { computeSequence } from '../../../../src/adapters/sequence-source.ts';
import { SequenceCache } from '../../../../src/adapters/disk-cache.ts';
import { nimber } from '../../../helpers/cli.ts';
import { untilCpuUsed } from '../../../helpers/cpu-wait.ts';
import { anyCode, codeText } from './arbitraries.ts';

const code = (text: string) =>
  parseRuleset(text.includes(':') || !text.includes('.') ? text : `takebreak:${text}`) as TakeBreakRuleset;
const list = (g: ArrayLike<number>) => Array.from(g);
const text = (g: ArrayLike<number>, n: number) =>
  Array.from(g)
    .slice(0, n + 1)
    .join(' ');

// PROBLEMS.md reference sequences (OEIS A002186 and A002188)
const KAYLES_0_39 = '0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8 5 4 7 2 1 8 6 7 4 1 2 3';
const GRUNDYS_GAME_0_39 = '0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0 4 3 0 4 3 0 4 1 2 3 1 2 4 1 2 4 1 2 4';

const grundysGame = code('grundys-game');
const kayles = code('kayles');

type Kernel = 'ts' | 'wasm';
const computation = (
  kernel: Kernel,
  r: TakeBreakRuleset,
  capacity: number,
  options: TakeBreakOptions = {},
): TakeBreakComputation =>
  kernel === 'wasm' ? wasmTakeBreakComputation(r, capacity, options) : takeBreakComputation(r, capacity, options);

describe('published values', () => {
  it("Kayles (0.77) and Grundy's game (4!.0) match PROBLEMS.md on the WebAssembly kernel, dense and sparse", () => {
    expect(text(wasmTakeBreakRun(kayles, 39).values, 39)).toBe(KAYLES_0_39);
    expect(text(wasmTakeBreakRun(kayles, 39, { densePrefix: 4 }).values, 39)).toBe(KAYLES_0_39);
    expect(text(wasmTakeBreakRun(grundysGame, 39).values, 39)).toBe(GRUNDYS_GAME_0_39);
    expect(
      text(wasmTakeBreakRun(grundysGame, 39, { densePrefix: 4, split: { mask: 254, twist: false } }).values, 39),
    ).toBe(GRUNDYS_GAME_0_39);
  });

  it("Grundy's game to 20000: WebAssembly == TypeScript kernel (same split, same rare heaps; the rare list outgrows its first size) == dense", () => {
    const wasm = wasmTakeBreakRun(grundysGame, 20_000, { densePrefix: 512 });
    const ts = takeBreakRun(grundysGame, 20_000, { densePrefix: 512 });
    expect(wasm.split).toEqual({ mask: 254, twist: false });
    expect(wasm.split).toEqual(ts.split);
    expect(wasm.rareHeaps).toBe(ts.rareHeaps);
    expect(wasm.rareHeaps).toBeGreaterThan(1024);
    expect(wasm.sparseHeaps).toBe(ts.sparseHeaps);
    expect(list(wasm.values)).toEqual(list(ts.values));
    expect(list(wasm.values.subarray(0, 6001))).toEqual(list(takeBreakDenseSequence(grundysGame, 6000)));
  });

  it('the dispatch (grundySequence, fastTakeBreakComputation) agrees with the TypeScript kernel above and below the WebAssembly threshold', () => {
    for (const n of [100, 9000]) {
      expect(list(grundySequence(kayles, n))).toEqual(list(takeBreakRun(kayles, n).values));
      const c = fastTakeBreakComputation(grundysGame, n + 1);
      c.extendTo(n + 1);
      expect(list(c.values())).toEqual(list(takeBreakRun(grundysGame, n).values));
    }
  });

  it("values outgrowing a byte (dense: 0.33…3, 256 digits; sparse: 4.66…6) widen the kernel's values", () => {
    const subtraction = code('0.' + '3'.repeat(256));
    const wide = wasmTakeBreakRun(subtraction, 1000);
    expect(Math.max(...wide.values)).toBe(256);
    expect(list(wide.values)).toEqual(list(takeBreakRun(subtraction, 1000).values));
    const sixes = code('4.' + '6'.repeat(100));
    const options = { densePrefix: 64, split: { mask: 1, twist: false } };
    const sparse = wasmTakeBreakRun(sixes, 1000, options);
    expect(Math.max(...sparse.values)).toBeGreaterThan(255);
    expect(sparse.sparseHeaps).toBe(1001 - 64);
    expect(list(sparse.values)).toEqual(list(takeBreakRun(sixes, 1000, options).values));
  });
});

describe('random codes: WebAssembly kernel == TypeScript kernels == generic mex', () => {
  const N = 60;

  it('property: data-chosen splits (octal and hex codes, with and without !)', () => {
    fc.assert(
      fc.property(anyCode, fc.integer({ min: 2, max: 24 }), (c, densePrefix) => {
        const r = code(c);
        const reference = list(mexSequence(r, N));
        const wasm = wasmTakeBreakRun(r, N, { densePrefix });
        const ts = takeBreakRun(r, N, { densePrefix });
        expect(list(wasm.values)).toEqual(reference);
        expect(list(ts.values)).toEqual(reference);
        expect(list(takeBreakDenseSequence(r, N))).toEqual(reference);
        expect(wasm.split).toEqual(ts.split);
        expect(wasm.rareHeaps).toBe(ts.rareHeaps);
      }),
      { numRuns: 150 },
    );
  });
});

describe('long runs of random codes (the vector scan needs splits of heaps above 2048)', () => {
  it('property: WebAssembly == TypeScript kernel to 3000 on octal codes (no O(n^3) splits), data-chosen splits from heap 64', () => {
    fc.assert(
      fc.property(codeText({ hex: false, maxDigits: 6 }), (c) => {
        const r = code(c);
        const wasm = wasmTakeBreakRun(r, 3000, { densePrefix: 64 });
        const ts = takeBreakRun(r, 3000, { densePrefix: 64 });
        expect(list(wasm.values)).toEqual(list(ts.values));
        expect(wasm.split).toEqual(ts.split);
      }),
      { numRuns: 25 },
    );
  });
});

describe('hand-given splits whose mask lies above every value (all values in class q)', () => {
  it("0.4!0 with mask 64 and a twist: the candidate stops at the tables' end (regression)", () => {
    const r = code('0.4!0');
    const options = { densePrefix: 2, split: { mask: 64, twist: true } };
    expect(list(wasmTakeBreakRun(r, 220, options).values)).toEqual(list(mexSequence(r, 220)));
  });

  it("property: masks up to 255, longer runs, the groups of heaps of the kernel's rare-list loop in play", () => {
    fc.assert(
      fc.property(
        anyCode,
        fc.integer({ min: 1, max: 255 }),
        fc.boolean(),
        fc.integer({ min: 2, max: 40 }),
        (c, mask, twist, densePrefix) => {
          const r = code(c);
          const split = { mask, twist };
          fc.pre(splitIsValid(r, split));
          expect(list(wasmTakeBreakRun(r, 220, { densePrefix, split }).values)).toEqual(
            list(takeBreakRun(r, 220, { densePrefix: 4 }).values),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('resumable computation (both kernels)', () => {
  const N = 6000;
  const options = { densePrefix: 256 };
  const fresh = takeBreakRun(grundysGame, N, options);

  for (const kernel of ['ts', 'wasm'] as const) {
    it(`${kernel}: chunked extendTo == one call, for many chunk sizes (checkpoints fall inside chunks)`, () => {
      for (const chunk of [1, 3, 64, 255, 256, 1000, 4097, 7000]) {
        const c = computation(kernel, grundysGame, chunk === 3 ? 10 : N + 1, options); // capacity 10: grows as it goes
        while (c.length < N + 1) c.extendTo(Math.min(N + 1, c.length + chunk));
        expect(list(c.values()), `chunk ${chunk}`).toEqual(list(fresh.values));
        expect(c.split).toEqual(fresh.split);
        expect(c.rareHeaps).toBe(fresh.rareHeaps);
        expect(c.sparseHeaps).toBe(fresh.sparseHeaps);
      }
    });

    it(`${kernel}: a seeded prefix (at, around and between checkpoints) extends to the fresh run's values and split`, () => {
      for (const at of [0, 1, 2, 255, 256, 257, 511, 512, 513, 1500, 4096, 5000, N + 1]) {
        const c = computation(kernel, grundysGame, N + 1, options);
        c.seed(fresh.values.subarray(0, at));
        expect(c.length).toBe(at);
        c.extendTo(N + 1);
        expect(list(c.values()), `seeded with ${at}`).toEqual(list(fresh.values));
        expect(c.split).toEqual(fresh.split);
        expect(c.rareHeaps).toBe(fresh.rareHeaps);
      }
    });

    it(`${kernel}: property: random codes, random chunks and seeds == generic mex`, () => {
      fc.assert(
        fc.property(
          anyCode,
          fc.integer({ min: 2, max: 16 }),
          fc.integer({ min: 1, max: 30 }),
          fc.integer({ min: 0, max: 80 }),
          (c, densePrefix, chunk, at) => {
            const r = code(c);
            const reference = mexSequence(r, 80);
            const run = computation(kernel, r, 81, { densePrefix });
            run.seed(reference.subarray(0, at));
            while (run.length < 81) run.extendTo(Math.min(81, run.length + chunk));
            expect(list(run.values())).toEqual(list(reference));
          },
        ),
        { numRuns: 60 },
      );
    });
  }

  it("Kayles: the split a seeded run re-derives equals a fresh run's (dispatch kernel)", () => {
    const reference = takeBreakRun(kayles, 9000);
    const c = fastTakeBreakComputation(kayles, 9001);
    c.seed(reference.values.subarray(0, 5000));
    c.extendTo(9001);
    expect(list(c.values())).toEqual(list(reference.values));
    expect(c.split).toEqual(reference.split);
  });
});

describe('computeSequence: progress, cached prefixes, abort', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nimber-takebreak-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
  });

  it('reports progress up to the total and equals the TypeScript kernel', async () => {
    const seen: number[] = [];
    const values = await computeSequence(grundysGame, 30_000, {
      onProgress: (done, total) => {
        expect(total).toBe(30_001);
        seen.push(done);
      },
    });
    expect(seen.at(-1)).toBe(30_001);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(list(values)).toEqual(list(takeBreakRun(grundysGame, 30_000).values));
  });

  it('extends a cached prefix instead of starting over', async () => {
    const cache = new SequenceCache(tempDir());
    const first = await computeSequence(kayles, 20_000, { cache, minCacheLength: 0 });
    expect(cache.read(kayles.spec)!.length).toBe(20_001);
    // Poison the entry (a valid entry with a wrong value): a longer request must keep it.
    const poisoned = Uint32Array.from(first);
    poisoned[19_999] = 1000;
    rmSync(cache.entryFile(kayles.spec)!);
    cache.write(kayles.spec, poisoned);
    const progress: number[] = [];
    const longer = await computeSequence(kayles, 40_000, {
      cache,
      minCacheLength: 0,
      onProgress: (done) => progress.push(done),
    });
    expect(longer[19_999]).toBe(1000); // the cached prefix was extended, not recomputed
    expect(progress[0]).toBeGreaterThan(20_001);
    // An honest entry extends to the fresh values.
    rmSync(cache.entryFile(kayles.spec)!);
    await computeSequence(kayles, 20_000, { cache, minCacheLength: 0 });
    const extended = await computeSequence(kayles, 40_000, { cache, minCacheLength: 0 });
    expect(list(extended)).toEqual(list(takeBreakRun(kayles, 40_000).values));
    expect(cache.read(kayles.spec)!.length).toBe(40_001);
  });

  it('an abort between chunks rejects with AbortError and writes no cache entry', async () => {
    const dir = tempDir();
    const cache = new SequenceCache(dir);
    const controller = new AbortController();
    const pending = computeSequence(grundysGame, 1 << 20, {
      cache,
      minCacheLength: 0,
      signal: controller.signal,
      onProgress: (done) => {
        if (done >= 20_000) controller.abort();
      },
    });
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('Ctrl-C in `nimber grundy grundys-game` exits 130 and leaves no entry for the interrupted computation', async () => {
    const dir = tempDir();
    const child = spawn(
      process.execPath,
      ['bin/nimber.js', 'grundy', 'grundys-game', '--to', '4194304', '--cache-dir', dir, '--json'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const done = new Promise<number | null>((resolve) => child.on('close', resolve));
    // at work past its start-up (a fixed delay was not, on a busy machine): about 4 s of it on an idle one
    await untilCpuUsed(child.pid, 2.5);
    child.kill('SIGINT');
    expect(await done, stderr).toBe(130);
    expect(stderr).toContain('cancelled');
    // The values are computed at doubling lengths while a period proof is looked for: each finished
    // length may be cached (whole and checksummed); the length interrupted, and the one asked for, never.
    for (const entry of new SequenceCache(dir).list()) {
      expect(entry.ok).toBe(true);
      expect(entry.length & (entry.length - 1), `${entry.length} is a doubling length`).toBe(0);
      expect(entry.length).toBeLessThan(4_194_305);
    }
    expect(readdirSync(dir).every((name) => !name.includes('.tmp'))).toBe(true);
  });

  it("the CLI prints the same Grundy's game values as the TypeScript kernel", async () => {
    const r = await nimber(['grundy', 'grundys-game', '--to', '5000', '--no-cache', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).values).toEqual(list(takeBreakRun(grundysGame, 5000).values));
  });
});
