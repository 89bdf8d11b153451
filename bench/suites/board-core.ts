/**
 * Boards: the general solver (string keys) against the grid core (bitboards, exact keys in a typed
 * table) on Cram, side by side in one run: the core with LVB alone (one value per question), with
 * Beling–Rogalski set questions, and with those and the endgame database of every shape of up to
 * 12 cells (built once when the cases are made, not timed: a cache directory keeps it); all without the central
 * symmetry theorem, so even x even boards measure the search and not the theorem; the last column
 * is the core as the commands run it (theorem, set questions, database).
 */
import { cram } from '../../src/engine/families/cram/index.ts';
import { cramGridRules } from '../../src/engine/families/cram/grid.ts';
import { tableBitsFor } from '../../src/engine/solve/grid/index.ts';
import { DEFAULT_ENDGAME_CELLS, EndgameDb, buildEndgame } from '../../src/engine/solve/grid/endgame.ts';
import { type GridSearchOptions, GridSolver } from '../../src/engine/solve/grid/search.ts';
import { GameSolver } from '../../src/engine/solve/search/solver.ts';
import type { BenchCase, BenchSuite, Workload } from '../harness.ts';

const noTheorem = { ...cramGridRules, theorem: undefined };

/** The database of every Cram shape of up to 12 cells, built once (its time is printed, not any case's). */
let database: EndgameDb | undefined;
function endgame(): EndgameDb {
  if (!database) {
    const builder = new GridSolver(cramGridRules, { tableBits: 20 });
    const started = performance.now();
    const words = buildEndgame(DEFAULT_ENDGAME_CELLS, (s) => builder.nimber(s), cramGridRules);
    database = new EndgameDb(words, 'the benchmark');
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `endgame database: ${database.size.toLocaleString('en-US')} Cram shapes of up to 12 cells, built in ${seconds} s`,
    );
  }
  return database;
}

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
  const db = endgame();
  const general = workload('general solver (string keys)', () => {
    const s = new GameSolver(ruleset);
    return { value: s.grundy(start), nodes: s.stats.nodes };
  });
  const core = (name: string, rules: typeof cramGridRules, options: () => GridSearchOptions) =>
    workload(name, () => {
      const s = new GridSolver(rules, { tableBits: tableBitsFor(rows * cols), ...options() });
      return { value: s.grundy(start.rows), nodes: s.stats.nodes };
    });
  return {
    title: `Cram ${rows} x ${cols} (${rows * cols} cells)`,
    baseline: general,
    candidates: [
      core('core, LVB only', noTheorem, () => ({ method: 'lvb' })),
      core('core, Beling–Rogalski', noTheorem, () => ({})),
      core('core, BR + endgame database', noTheorem, () => ({ database: db })),
      core('core as run (theorem, BR, database)', cramGridRules, () => ({ database: db })),
    ],
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
