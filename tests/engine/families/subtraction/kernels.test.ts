// Every subtraction kernel (TS reference, wasm single-thread, parallel workers) gives the same values on the shared case suite.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { countFromSequence } from '../../../../src/engine/solve/normal/count.ts';
import { grundySequence } from '../../../../src/engine/solve/normal/grundy.ts';
import { subtractionSequence } from '../../../../src/engine/families/subtraction/kernel.ts';
import { oracleCount } from '../../../../src/engine/solve/oracle/normal.ts';
import { parseRuleset } from '../../../../src/engine/spec.ts';
import type { HeapRuleset } from '../../../../src/engine/types.ts';
import type { SubtractionRuleset } from '../../../../src/engine/families/subtraction/index.ts';
import { WasmSubtraction, wasmSubtractionSequence } from '../../../../src/engine/families/subtraction/wasm.ts';
import { SubtractionPool, parallelSubtraction } from '../../../../src/adapters/parallel/subtraction.ts';
import { KERNEL_CASES, firstDifference, movesOf, setOf } from './cases.ts';

const reference = new Map(KERNEL_CASES.map((c) => [`${c.spec}@${c.n}`, subtractionSequence(setOf(c.spec), c.n)]));
const ref = (spec: string, n: number) => reference.get(`${spec}@${n}`)!;

describe('wasm single-thread kernel', () => {
  for (const c of KERNEL_CASES) {
    it(`${c.spec} to ${c.n}`, () => {
      expect(firstDifference(wasmSubtractionSequence(movesOf(c.spec, c.n), c.n), ref(c.spec, c.n))).toBe(-1);
    });
  }

  it('gives the same values with tiny blocks and chunks (many block edges and widenings)', () => {
    for (const c of KERNEL_CASES.filter((k) => k.n <= 30_000)) {
      const run = new WasmSubtraction(movesOf(c.spec, c.n), c.n + 1, { block: 8 });
      run.extendTo(c.n + 1, 37);
      expect(firstDifference(run.values(), ref(c.spec, c.n)), c.spec).toBe(-1);
    }
  });

  it('extends a seeded prefix to the same values', () => {
    const moves = movesOf('subtract:squares', 70_001);
    const run = new WasmSubtraction(moves, 70_002);
    run.seed(ref('subtract:squares', 70_001).subarray(0, 12_345));
    run.extendTo(70_002);
    expect(firstDifference(run.values(), ref('subtract:squares', 70_001))).toBe(-1);
  });

  it('equals the reference on random finite sets (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 3000 }),
        (members, n) => {
          const ruleset = parseRuleset(`subtract:${members.join(',')}`) as SubtractionRuleset;
          const fast = wasmSubtractionSequence(ruleset.subtractionSet.upTo(n), n);
          return firstDifference(fast, subtractionSequence(ruleset.subtractionSet, n)) === -1;
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the engine dispatch (wasm) agrees with the brute-force oracle on PE310 counts', () => {
    const squares = parseRuleset('subtract:squares') as HeapRuleset;
    for (const n of [0, 1, 5, 29, 40]) {
      expect(countFromSequence(grundySequence(squares, n), 3, 'sorted')).toBe(oracleCount(squares, 3, n, 'sorted'));
    }
    expect(countFromSequence(grundySequence(squares, 29), 3, 'sorted')).toBe(1160n);
  });
});

describe('parallel kernel (worker threads over shared memory)', () => {
  // One pool per thread count for the whole file (starting workers is the slow part).
  const pools = new Map<number, SubtractionPool>();
  const poolOf = (threads: number) => {
    if (!pools.has(threads)) pools.set(threads, new SubtractionPool(threads));
    return pools.get(threads)!;
  };
  afterAll(async () => {
    for (const pool of pools.values()) await pool.destroy();
  });

  // Small blocks and no serial head: many barriers and several far-move shares even at small N.
  const cases = KERNEL_CASES.filter((c) => c.n >= 3_000);
  for (const threads of [2, 3]) {
    it(`${threads} threads: every case of the suite`, async () => {
      for (const c of cases) {
        const values = await parallelSubtraction(movesOf(c.spec, c.n), c.n, {
          pool: poolOf(threads),
          block: 1024,
          serialHead: 0,
        });
        expect(firstDifference(values, ref(c.spec, c.n)), `${c.spec} to ${c.n}`).toBe(-1);
      }
    });
  }

  it('extends a prefix and reports progress up to the total', async () => {
    const seen: number[] = [];
    const values = await parallelSubtraction(movesOf('subtract:squares', 70_001), 70_001, {
      pool: poolOf(2),
      block: 1024,
      serialHead: 0,
      prefix: ref('subtract:squares', 70_001).subarray(0, 5_000),
      onProgress: (done) => seen.push(done),
    });
    expect(firstDifference(values, ref('subtract:squares', 70_001))).toBe(-1);
    expect(seen.at(-1)).toBe(70_002);
  });

  it('stops on abort, rejects with an AbortError, and the pool still works afterwards', async () => {
    const controller = new AbortController();
    const n = 3_000_000;
    const pending = parallelSubtraction(movesOf('subtract:squares', n), n, {
      pool: poolOf(2),
      serialHead: 0,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 200);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    const again = await parallelSubtraction(movesOf('subtract:squares', 20_000), 20_000, {
      pool: poolOf(2),
      block: 1024,
      serialHead: 0,
    });
    expect(firstDifference(again, ref('subtract:squares', 20_000))).toBe(-1);
  });

  it('values outgrowing the stride chosen when a block is claimed: its worker redoes it at full row width (margin 0)', async () => {
    for (const [spec, n] of [
      ['subtract:squares', 70_001],
      ['subtract:primes', 20_000],
      ['subtract:cubes', 50_000],
    ] as const) {
      const values = await parallelSubtraction(movesOf(spec, n), n, {
        pool: poolOf(2),
        block: 512,
        serialHead: 0,
        strideMargin: 0,
      });
      expect(firstDifference(values, ref(spec, n)), spec).toBe(-1);
    }
  });

  it('values wider than a mark row: the rest is finished on one thread', async () => {
    const values = await parallelSubtraction(movesOf('subtract:squares', 70_001), 70_001, {
      pool: poolOf(3),
      block: 512,
      serialHead: 0,
      rowCap: 64,
    });
    expect(firstDifference(values, ref('subtract:squares', 70_001))).toBe(-1);
  });

  it('one thread (no workers) gives the same values', async () => {
    const values = await parallelSubtraction(movesOf('subtract:squares', 20_000), 20_000, {
      threads: 1,
      block: 1024,
      serialHead: 0,
    });
    expect(firstDifference(values, ref('subtract:squares', 20_000))).toBe(-1);
  });

  it('a default head: the calling thread fills alone until the workers start, then the blocks of the workers', async () => {
    const n = 300_000;
    const seen: number[] = [];
    const values = await parallelSubtraction(movesOf('subtract:squares', n), n, {
      threads: 2,
      block: 2048,
      onProgress: (done) => seen.push(done),
    });
    expect(firstDifference(values, wasmSubtractionSequence(movesOf('subtract:squares', n), n))).toBe(-1);
    expect(seen.every((d, i) => i === 0 || d >= seen[i - 1])).toBe(true);
  });
});
