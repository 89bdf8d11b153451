/**
 * The grid core on several threads (worker threads sharing one table): the same values as one
 * thread and as the published ones, the helpers' answers taken when they come first, and no helper
 * thread left after an answer or a time-out.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type HelperCrew,
  gridThreads,
  liveHelperThreads,
  startHelpers,
} from '../../../src/adapters/parallel/grid-threads.ts';
import { cram } from '../../../src/engine/families/cram/index.ts';
import { cramGridRules } from '../../../src/engine/families/cram/grid.ts';
import { nodeKaylesGridRules } from '../../../src/engine/families/node-kayles/grid.ts';
import {
  type GridCore,
  type GridRules,
  GridSolver,
  helpersReady,
  loadTableWords,
  tableToWords,
  threadedGridCore,
} from '../../../src/engine/solve/grid/index.ts';
import { SearchStopped } from '../../../src/engine/solve/search/solver.ts';
import type { HelperSetup, SearchThreads } from '../../../src/engine/types.ts';

const crews: HelperCrew[] = [];
afterEach(() => {
  for (const crew of crews.splice(0)) crew.end();
});

/** Helpers kept for the whole test (the CLI's port ends them after each operation), and ready before the first job. */
async function warmCore(rules: GridRules, threads: number, tableBits: number): Promise<GridCore> {
  let setup: HelperSetup | undefined;
  const failures: string[] = [];
  const port: SearchThreads = {
    threadsFor: () => threads,
    engage(s) {
      if (setup) return;
      setup = s;
      crews.push(startHelpers(s, (m) => failures.push(m)));
    },
    release() {},
  };
  const core = threadedGridCore(rules, { tableBits }, port, threads);
  core.grundy([0xffffff]); // a first job (a strip of 24 cells: enough for a job, quickly valued) starts the helpers
  for (let waited = 0; helpersReady(setup!) < threads - 1; waited += 20) {
    // a guard against a hang: a loaded machine can take many seconds to start a thread
    if (failures.length > 0 || waited > 300_000) throw new Error(`helpers did not start: ${failures.join('; ')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return core;
}

/** Every Cram board of r x c cells up to `cells`, as rows. */
function rectangles(maxCells: number): [number, number][] {
  const out: [number, number][] = [];
  for (let r = 1; r <= 6; r++) for (let c = r; c <= 12; c++) if (r * c <= maxCells) out.push([r, c]);
  return out;
}

describe('the grid core on several threads', () => {
  for (const threads of [2, 4]) {
    it(`${threads} threads: the values of one thread on every Cram rectangle up to 24 cells and on random boards of up to 30 cells`, async () => {
      const core = await warmCore(cramGridRules, threads, 16);
      const single = new GridSolver(cramGridRules, { tableBits: 16 });
      for (const [r, c] of rectangles(24)) {
        const rows = cram(r, c).start!.rows;
        expect(core.grundy(rows), `${r} x ${c}`).toBe(single.grundy(rows));
        for (const k of [0, 1, 2]) expect(core.hasValue(rows, k), `${r} x ${c} = ${k}?`).toBe(single.hasValue(rows, k));
      }
      // random boards of 20 to 30 cells with a few cells filled: several components, any shapes
      fc.assert(
        fc.property(
          fc.integer({ min: 4, max: 5 }),
          fc.integer({ min: 5, max: 6 }),
          fc.array(fc.integer({ min: 0, max: 63 }), { minLength: 10, maxLength: 10 }),
          (h, w, masks) => {
            const full = (1 << w) - 1;
            const rows = Array.from({ length: h }, (_, i) => full & ~(masks[2 * i] & masks[2 * i + 1]));
            expect(core.grundy(rows), rows.join(',')).toBe(single.grundy(rows));
          },
        ),
        { numRuns: 30 },
      );
    });
  }

  it("4 threads: Beling's published Cram values (beling/impartial-games README) and OEIS A316632 (Node Kayles, 3 x n)", async () => {
    const published: [number, number, number][] = [
      [4, 5, 2],
      [4, 7, 3],
      [5, 5, 0],
      [5, 6, 2],
    ];
    const cramCore = await warmCore(cramGridRules, 4, 18);
    for (const [r, c, g] of published) expect(cramCore.grundy(cram(r, c).start!.rows), `${r} x ${c}`).toBe(g);
    const a316632 = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3];
    const kayles = await warmCore(nodeKaylesGridRules, 4, 18);
    expect(a316632.map((_, i) => kayles.grundy(new Array<number>(3).fill(2 ** (i + 1) - 1)))).toEqual(a316632);
  });

  it("takes a helper's answer when it comes first (this thread's own rules slowed down), and the answers are right", async () => {
    // the helpers find Cram's rules by name, at full speed; this thread's copy waits at every expansion
    // Work, not a wait: half a millisecond of wall time a position fell to a fraction of the helpers'
    // own time per position once a loaded machine slowed them and not it. Work slows with them.
    let sink = 0;
    const slowed: GridRules = {
      ...cramGridRules,
      forEachOption(rows, h, w, visit) {
        // about half a millisecond a position on an idle machine: 4 x 7 alone would take this thread
        // 10 s, a helper about 1 s
        for (let i = 0; i < 250_000; i++) sink = (sink * 31 + i) | 0;
        cramGridRules.forEachOption(rows, h, w, visit);
      },
    };
    const core = await warmCore(slowed, 2, 16);
    for (const [r, c, g] of [
      [4, 5, 2],
      [4, 7, 3],
      [3, 7, 1],
    ])
      expect(core.grundy(cram(r, c).start!.rows), `${r} x ${c}`).toBe(g);
    expect(core.helped).toBeGreaterThan(0);
    expect(sink).not.toBeNaN(); // the work is used: it cannot be optimised away
  });

  it('the shared table saves as the one-thread table does (table-file.ts): a search resumed from it finds the value with fewer positions', async () => {
    const core = await warmCore(cramGridRules, 2, 16);
    const rows = cram(4, 7).start!.rows;
    expect(core.grundy(rows)).toBe(3);
    const words = tableToWords(core.table, cramGridRules);
    const resumed = new GridSolver(cramGridRules, { tableBits: 16 });
    expect(loadTableWords(words, cramGridRules, resumed.table, 'saved.tbl')).toBeGreaterThan(1000);
    const fresh = new GridSolver(cramGridRules, { tableBits: 16 });
    expect(resumed.grundy(rows)).toBe(3);
    expect(fresh.grundy(rows)).toBe(3);
    expect(resumed.stats.nodes).toBeLessThan(fresh.stats.nodes / 10);
  });

  it('a time-out stops the search and leaves no helper thread behind (the port of the commands)', async () => {
    const failures: string[] = [];
    const threads = gridThreads({ threads: 2, onHelperError: (m) => failures.push(m) });
    const core = threadedGridCore(cramGridRules, { tableBits: 16, timeLimitMs: 300 }, threads, 2);
    expect(() => core.grundy(cram(5, 7).start!.rows)).toThrow(SearchStopped);
    expect(liveHelperThreads()).toBe(1);
    // the helpers end once this synchronous work is over
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(liveHelperThreads()).toBe(0);
    expect(failures).toEqual([]);
  });

  it('searches one after another in one synchronous run (a table of boards) keep one crew of helpers, not one per search', async () => {
    const threads = gridThreads({ threads: 3 });
    for (const [r, c] of [
      [4, 5],
      [3, 7],
      [2, 11],
    ]) {
      const core = threadedGridCore(cramGridRules, { tableBits: 14 }, threads, 3);
      core.grundy(cram(r, c).start!.rows);
      expect(liveHelperThreads()).toBe(2);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(liveHelperThreads()).toBe(0);
  });
});
