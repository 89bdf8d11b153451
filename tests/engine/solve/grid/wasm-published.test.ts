/**
 * The WebAssembly grid core against Beling's published Cram table (beling/impartial-games README,
 * "Cram (under the normal play convention)") on the boards past 30 cells it does in seconds: a slow
 * test (vitest.config.ts SLOW), each board a fresh core with the table the engine would give it.
 */
import { describe, expect, it } from 'vitest';
import { cram } from '../../../../src/engine/families/cram/index.ts';
import { tableBitsFor } from '../../../../src/engine/solve/grid/index.ts';
import { WasmGridCore } from '../../../../src/engine/solve/grid/wasm.ts';

describe("the WebAssembly grid core on Beling's published table", () => {
  // rows x cols -> nimber, from the README's table (R <= C); 5 x 6 and smaller are in wasm-core.test.ts
  const published: [number, number, number][] = [
    [4, 9, 1],
    [5, 7, 1],
    [5, 8, 1],
  ];
  for (const [r, c, g] of published)
    it(`${r} x ${c} = ${g}`, () => {
      const core = new WasmGridCore('dominoes', { tableBits: tableBitsFor(r * c) });
      expect(core.grundy(cram(r, c).start!.rows)).toBe(g);
    }, 600_000);
});
