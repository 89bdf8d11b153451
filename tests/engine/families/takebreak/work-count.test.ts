/**
 * The pair checks a take-and-break kernel counts (TakeBreakComputation.work, the census's measure
 * of a game's cost; issue 39, item 7): a count of what the algorithm does, so the TypeScript and
 * the WebAssembly kernels, in one call or in pieces, count the same; the dense count is the closed
 * form of its scan.
 */
import { describe, expect, it } from 'vitest';
import { parseTakeBreak } from '../../../../src/engine/families/takebreak/index.ts';
import { takeBreakComputation } from '../../../../src/engine/families/takebreak/sparse.ts';
import { wasmTakeBreakComputation } from '../../../../src/engine/families/takebreak/wasm.ts';

describe('take-and-break kernels: the pair checks counted', () => {
  it('a dense run counts ⌊r/2⌋ per two-heap move and ⌊r²/12⌋ per three-heap move of every heap', () => {
    for (const [code, heaps] of [
      ['0.06', 3000],
      ['4.7', 3000],
      ['0.8', 200],
      ['0.F', 200],
    ] as const) {
      const ruleset = parseTakeBreak(code);
      const moves = ruleset.digits.flatMap((d, k) => (d & 4 ? [k] : []));
      const triples = ruleset.digits.flatMap((d, k) => (d & 8 ? [k] : []));
      let expected = 0;
      for (let n = 0; n < heaps; n++) {
        for (const k of moves) if (n - k >= 2) expected += (n - k) >> 1;
        for (const k of triples) if (n - k >= 3) expected += Math.floor(((n - k) * (n - k)) / 12);
      }
      for (const computation of [
        takeBreakComputation(ruleset, heaps, { densePrefix: Number.MAX_SAFE_INTEGER }),
        wasmTakeBreakComputation(ruleset, heaps, { densePrefix: Number.MAX_SAFE_INTEGER }),
      ]) {
        computation.extendTo(heaps);
        expect(computation.note === null || computation.split === null).toBe(true);
        expect(computation.work, code).toBe(expected);
      }
    }
  });

  it('the TypeScript and WebAssembly kernels count the same, in one call or in pieces (sparse codes included)', () => {
    for (const code of ['0.77', '4!.0', '0.354', '0.64', '0.37', '0.16', '4.44', '0.06']) {
      const ruleset = parseTakeBreak(code);
      const heaps = 12_000;
      const reference = takeBreakComputation(ruleset, 1024);
      reference.extendTo(heaps);
      const pieces = wasmTakeBreakComputation(ruleset, 1024);
      for (const length of [300, 1024, 1500, 4096, 9000, heaps]) pieces.extendTo(length);
      const whole = wasmTakeBreakComputation(ruleset, heaps);
      whole.extendTo(heaps);
      expect(pieces.values(), code).toEqual(reference.values());
      expect(pieces.work, code).toBe(reference.work);
      expect(whole.work, code).toBe(reference.work);
      expect(reference.work, code).toBeGreaterThan(0);
    }
    // a sparse run counts fewer checks than the dense scan's closed form (Grundy's game: one move, r = n)
    const grundy = takeBreakComputation(parseTakeBreak('4!.0'), 12_000);
    grundy.extendTo(12_000);
    expect(grundy.split).not.toBeNull();
    expect(grundy.work).toBeLessThan(12_000 ** 2 / 4);
  });
});
