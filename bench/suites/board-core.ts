/**
 * Boards: the general solver (string keys) against the grid core (bitboards, exact keys in a typed
 * table, LVB) on Cram, side by side in one run; the core also without the central symmetry theorem,
 * so even x even boards measure its search and not the theorem alone.
 */
import { cram } from '../../src/engine/families/cram/index.ts';
import { cramGridRules } from '../../src/engine/families/cram/grid.ts';
import { tableBitsFor } from '../../src/engine/solve/grid/index.ts';
import { GridSolver } from '../../src/engine/solve/grid/search.ts';
import { GameSolver } from '../../src/engine/solve/search/solver.ts';
import type { BenchCase, BenchSuite, Workload } from '../harness.ts';

const noTheorem = { ...cramGridRules, theorem: undefined };

/** A workload that solves the board afresh each run and notes the positions it expanded. */
function workload(name: string, solve: () => { value: number; nodes: number }): Workload {
  let nodes = 0;
  return {
    name,
    run: () => {
      const r = solve();
      nodes = r.nodes;
      return r.value;
    },
    note: () => `${nodes.toLocaleString('en-US')} positions`,
  };
}

function boardCase(rows: number, cols: number, runs: number): BenchCase {
  const ruleset = cram(rows, cols);
  const start = ruleset.start!;
  const general = workload('general solver (string keys)', () => {
    const s = new GameSolver(ruleset);
    return { value: s.grundy(start), nodes: s.stats.nodes };
  });
  const core = (name: string, rules: typeof cramGridRules) =>
    workload(name, () => {
      const s = new GridSolver(rules, { tableBits: tableBitsFor(rows * cols) });
      return { value: s.grundy(start.rows), nodes: s.stats.nodes };
    });
  return {
    title: `Cram ${rows} x ${cols} (${rows * cols} cells)`,
    baseline: general,
    candidates: [core('grid core, no theorem', noTheorem), core('grid core with the theorem', cramGridRules)],
    runs,
    check: true,
  };
}

export const boardCoreSuite: BenchSuite = {
  name: 'board-core',
  cases(quick) {
    if (quick) return [boardCase(4, 5, 1), boardCase(3, 8, 1)];
    return [boardCase(4, 8, 1), boardCase(5, 6, 1), boardCase(6, 6, 1), boardCase(4, 9, 1)];
  },
};
