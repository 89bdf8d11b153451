/**
 * The WebAssembly grid core against Beling's published Cram table (beling/impartial-games README,
 * "Cram (under the normal play convention)") on the boards past 30 cells it does in seconds: a slow
 * test (vitest.config.ts SLOW), each board a fresh core with the table the engine would give it, on
 * one thread and on 2 and 3 (wasm-threads.test.ts). 5 x 7 stores about 43,000 entries, so the
 * threads' table grows in place (2^16 to 2^17 entries) while the seats search.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type HelperCrew, startHelpers } from '../../../../src/adapters/parallel/grid-threads.ts';
import { cram } from '../../../../src/engine/families/cram/index.ts';
import { cramGridRules } from '../../../../src/engine/families/cram/grid.ts';
import { tableBitsFor, threadedWasmCore, wasmThreadsAvailable } from '../../../../src/engine/solve/grid/index.ts';
import { WasmGridCore } from '../../../../src/engine/solve/grid/wasm.ts';
import type { SearchThreads } from '../../../../src/engine/types.ts';

// rows x cols -> nimber, from the README's table (R <= C); 5 x 6 and smaller are in wasm-core.test.ts
const published: [number, number, number][] = [
  [4, 9, 1],
  [5, 7, 1],
  [5, 8, 1],
];

describe("the WebAssembly grid core on Beling's published table", () => {
  for (const [r, c, g] of published)
    it(`${r} x ${c} = ${g}`, () => {
      const core = new WasmGridCore('dominoes', { tableBits: tableBitsFor(r * c) });
      expect(core.grundy(cram(r, c).start!.rows)).toBe(g);
    }, 600_000);
});

const crews: HelperCrew[] = [];
afterEach(() => {
  for (const crew of crews.splice(0)) crew.end();
});

describe.runIf(wasmThreadsAvailable())(
  "the WebAssembly grid core on several threads, on Beling's published table",
  () => {
    for (const threads of [2, 3])
      for (const [r, c, g] of published.slice(0, 2))
        it(`${threads} threads: ${r} x ${c} = ${g}`, () => {
          // helpers started with the first job: they join the search as soon as they are up
          const port: SearchThreads = {
            threadsFor: () => threads,
            engage(setup) {
              if (crews.length === 0) crews.push(startHelpers(setup));
            },
            release() {},
          };
          const core = threadedWasmCore(cramGridRules, { tableBits: tableBitsFor(r * c) }, port, threads);
          expect(core.grundy(cram(r, c).start!.rows)).toBe(g);
        }, 600_000);
  },
);
