/** Games on boards: the general solver on Cram boards of increasing size, with and without pruning and decomposition. */
import { cram } from '../../src/engine/families/cram/index.ts';
import { GameSolver, type SearchOptions } from '../../src/engine/solve/search/solver.ts';
import type { BenchCase, BenchSuite, Workload } from '../harness.ts';

/** A workload that solves the board afresh (new table each run) and records the positions it expanded. */
function solving(
  name: string,
  rows: number,
  cols: number,
  options: SearchOptions,
  nodes: Map<string, number>,
): Workload {
  const ruleset = cram(rows, cols);
  return {
    name,
    run: () => {
      const solver = new GameSolver(ruleset, options);
      const value = solver.grundy(ruleset.start!);
      nodes.set(name, solver.stats.nodes);
      return value;
    },
  };
}

function boardCase(rows: number, cols: number, runs: number, withBaseline: boolean): BenchCase {
  const nodes = new Map<string, number>();
  const plain = solving('plain mex, no decomposition', rows, cols, { prune: false, decompose: false }, nodes);
  return {
    // read after the runs: the positions each setting expanded
    get title() {
      return `Cram ${rows} x ${cols} (${rows * cols} cells); positions expanded: ${[...nodes].map(([k, v]) => `${k} ${v}`).join(', ')}`;
    },
    baseline: withBaseline ? plain : undefined,
    candidates: [
      solving('decomposition only', rows, cols, { prune: false }, nodes),
      solving('pruning only', rows, cols, { decompose: false }, nodes),
      solving('pruning + decomposition', rows, cols, {}, nodes),
    ],
    runs,
    check: true,
  };
}

export const boardsSuite: BenchSuite = {
  name: 'boards',
  cases(quick) {
    if (quick) return [boardCase(3, 5, 1, true), boardCase(4, 4, 1, true)];
    return [
      boardCase(3, 6, 3, true),
      boardCase(4, 5, 3, true),
      boardCase(5, 5, 1, true),
      boardCase(4, 6, 1, false),
      boardCase(3, 8, 1, false),
    ];
  },
};
