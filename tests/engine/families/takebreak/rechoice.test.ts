/**
 * The split re-chosen as the values evolve (Walsh–Hadamard transform of the counts of
 * (value, n mod 2)): both kernels against the dense kernel, the generic mex kernel and the
 * brute-force oracle on random codes; the same choices in one call, in chunks and from a seeded
 * prefix; the 16 -> 32-bit switch of the values; and Czajka's solved games certified from scratch.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mexSequence } from '../../../../src/engine/kernels/mex.ts';
import { walshHadamard } from '../../../../src/engine/kernels/walsh-hadamard.ts';
import { oracleFor } from '../../../../src/engine/solve/oracle/normal.ts';
import { provePeriod } from '../../../../src/engine/solve/normal/periodic.ts';
import { parseRuleset } from '../../../../src/engine/spec.ts';
import type { TakeBreakRuleset } from '../../../../src/engine/families/takebreak/index.ts';
import { fastTakeBreakComputation } from '../../../../src/engine/families/takebreak/kernel.ts';
import {
  takeBreakComputation,
  takeBreakDenseSequence,
  takeBreakRun,
  parity,
  type TakeBreakComputation,
  type TakeBreakOptions,
} from '../../../../src/engine/families/takebreak/sparse.ts';
import { wasmTakeBreakComputation, wasmTakeBreakRun } from '../../../../src/engine/families/takebreak/wasm.ts';
import { anyCode, codeText } from './arbitraries.ts';

const code = (text: string) =>
  parseRuleset(text.includes(':') || !text.includes('.') ? text : `takebreak:${text}`) as TakeBreakRuleset;
const list = (g: ArrayLike<number>) => Array.from(g);
type Kernel = 'ts' | 'wasm';
const computation = (
  kernel: Kernel,
  r: TakeBreakRuleset,
  capacity: number,
  options: TakeBreakOptions = {},
): TakeBreakComputation =>
  kernel === 'wasm' ? wasmTakeBreakComputation(r, capacity, options) : takeBreakComputation(r, capacity, options);

/** g(n) for n = prefix.length..N by the definition (mex over heapOptions), continuing any given prefix. */
function mexFromPrefix(r: TakeBreakRuleset, prefix: ArrayLike<number>, N: number): number[] {
  const g = Array.from(prefix);
  for (let n = g.length; n <= N; n++) {
    const seen = new Set<number>();
    for (const parts of r.heapOptions(n)) seen.add(parts.reduce((x, h) => x ^ g[h], 0));
    let v = 0;
    while (seen.has(v)) v++;
    g.push(v);
  }
  return g;
}

describe('Walsh–Hadamard scores', () => {
  it('property: the transform of the (value, n mod 2) counts gives #σ=0 - #σ=1 for every mask and twist', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 31 }), { minLength: 1, maxLength: 200 }), (values) => {
        const h = new Float64Array(64);
        values.forEach((v, n) => {
          h[(v << 1) | (n & 1)]++;
        });
        walshHadamard(h);
        for (let mask = 0; mask < 32; mask++) {
          for (const t of [0, 1]) {
            let balance = 0;
            values.forEach((v, n) => {
              balance += parity(v & mask) ^ (t & n) ? -1 : 1;
            });
            expect(h[(mask << 1) | t]).toBe(balance);
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('random codes: re-chosen splits never change the values', () => {
  it('property: TypeScript == WebAssembly (same choices, split, rare heaps) == dense == generic mex, to 300', () => {
    fc.assert(
      fc.property(anyCode, fc.integer({ min: 2, max: 40 }), (c, densePrefix) => {
        const r = code(c);
        const reference = list(mexSequence(r, 300));
        const ts = takeBreakRun(r, 300, { densePrefix });
        const wasm = wasmTakeBreakRun(r, 300, { densePrefix });
        expect(list(ts.values)).toEqual(reference);
        expect(list(wasm.values)).toEqual(reference);
        expect(list(takeBreakDenseSequence(r, 300))).toEqual(reference);
        expect(wasm.split).toEqual(ts.split);
        expect(wasm.choices).toBe(ts.choices);
        expect(wasm.rareHeaps).toBe(ts.rareHeaps);
      }),
      { numRuns: 120 },
    );
  });

  it('property: the brute-force oracle agrees on positions of two and three small heaps (P exactly when the nim-sum is 0)', () => {
    fc.assert(
      fc.property(anyCode, fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 2, maxLength: 3 }), (c, heaps) => {
        const r = code(c);
        const g = wasmTakeBreakRun(r, 8, { densePrefix: 2 }).values;
        expect(heaps.reduce((x, h) => x ^ g[h], 0) === 0).toBe(oracleFor(r).isP(heaps));
      }),
      { numRuns: 100 },
    );
  });

  it('property: longer octal runs (to 4000, the vector scan in play) agree between the kernels and with several re-choices', () => {
    fc.assert(
      fc.property(codeText({ hex: false, maxDigits: 5 }), (c) => {
        const r = code(c);
        const wasm = wasmTakeBreakRun(r, 4000, { densePrefix: 32 });
        const ts = takeBreakRun(r, 4000, { densePrefix: 32 });
        expect(list(wasm.values)).toEqual(list(ts.values));
        expect(wasm.split).toEqual(ts.split);
        expect(wasm.choices).toBe(ts.choices);
      }),
      { numRuns: 20 },
    );
  });
});

describe('the same choices in one call, in chunks and from a seed', () => {
  const grundy = code('grundys-game');
  const N = 20_000;
  const options = { densePrefix: 64 };
  const fresh = takeBreakRun(grundy, N, options);

  it("Grundy's game re-chooses many times (new rare heaps, new value bits) and ends on mask 254, as Czajka's table has it", () => {
    expect(fresh.choices).toBeGreaterThan(10);
    expect(fresh.split).toEqual({ mask: 254, twist: false });
  });

  for (const kernel of ['ts', 'wasm'] as const) {
    it(`${kernel}: chunks of many sizes and seeds at many heaps make the fresh run's choices`, () => {
      for (const chunk of [1, 5, 63, 1000, 4099]) {
        const c = computation(kernel, grundy, 16, options);
        while (c.length < N + 1) c.extendTo(Math.min(N + 1, c.length + chunk));
        expect(list(c.values()), `chunk ${chunk}`).toEqual(list(fresh.values));
        expect([c.split, c.choices, c.rareHeaps, c.sparseHeaps]).toEqual([
          fresh.split,
          fresh.choices,
          fresh.rareHeaps,
          fresh.sparseHeaps,
        ]);
      }
      for (const at of [63, 64, 65, 100, 777, 3000, 12_345, N + 1]) {
        const c = computation(kernel, grundy, N + 1, options);
        c.seed(fresh.values.subarray(0, at));
        c.extendTo(N + 1);
        expect(list(c.values()), `seeded with ${at}`).toEqual(list(fresh.values));
        expect([c.split, c.choices, c.rareHeaps]).toEqual([fresh.split, fresh.choices, fresh.rareHeaps]);
      }
    });
  }
});

describe('values in 16 bits, then 32', () => {
  it("a seeded prefix with a value above 65535 widens both kernels' values; the heaps after it follow the definition", () => {
    const r = code('0.6'); // splits from heap 2 on: XORs with the large value appear at once
    const prefix = mexFromPrefix(r, [], 40);
    prefix[7] = 70_000;
    const expected = mexFromPrefix(r, prefix, 600);
    for (const kernel of ['ts', 'wasm'] as const) {
      const c = computation(kernel, r, 64, { densePrefix: 16 });
      c.seed(prefix);
      c.extendTo(601);
      const values = c.values();
      expect(values, kernel).toBeInstanceOf(Uint32Array);
      expect(list(values)).toEqual(expected);
    }
  });

  it('values below 65536 stay 16-bit views (2 bytes per heap) through the fastest computation', () => {
    const c = fastTakeBreakComputation(code('kayles'), 1024);
    c.extendTo(50_000);
    expect(c.values()).toBeInstanceOf(Uint16Array);
    expect(c.values().length).toBe(50_000);
  });
});

describe("Czajka's SolvedGames.md (tczajka/octal-games): certified from scratch at doubling lengths", () => {
  // code, preperiod, period, his rare mask (hex; null: none listed), his "num rare" (heap 0 counted when rare)
  const SOLVED: [string, number, number, number | null, number | null][] = [
    ['0.45', 498, 20, 0xf, 11],
    ['0.156', 3479, 349, 0x1b, 15],
    ['0.356', 7315, 142, 0x1b, 7],
    ['0.644', 3256, 442, 0x7e, 31],
    ['0.165', 5181, 1550, null, null],
    ['0.16', 105351, 149459, 0x1e, 53],
  ];
  for (const [c, preperiod, period, mask, rare] of SOLVED) {
    it(`${c}: preperiod ${preperiod}, period ${period}${mask === null ? '' : `, mask ${mask.toString(16)}`}`, () => {
      const r = code(c);
      const run = fastTakeBreakComputation(r, 1024);
      let proved = null;
      for (let length = 1024; !proved && length <= 1 << 20; length *= 2) {
        run.extendTo(length);
        proved = provePeriod(r, run.values(), length);
      }
      expect(proved).toEqual({ preperiod, period, saltus: 0 });
      if (mask !== null) {
        expect(run.split?.mask).toBe(mask);
        expect(run.rareHeaps).toBe(rare! - 1); // heap 0 is rare in his counts, never in the kernel's list
      }
    });
  }
});
