/**
 * Chomp rectangles: the general solver (string keys, a search from the rectangle down) against the
 * table core (every diagram inside the frame valued bottom-up in one typed array, so one build
 * answers every rectangle up to R x C), side by side in one run; then the core alone on the largest
 * frames it takes, with the frame's positions and the table's bytes. The notes give the last run's
 * CPU time too: on a shared machine it says more than the wall time.
 */
import { buildChompTable, chompPositionCount, chompTableValue } from '../../src/engine/families/chomp/core.ts';
import { chomp, chompRectangle } from '../../src/engine/families/chomp/index.ts';
import { GameSolver } from '../../src/engine/solve/search/solver.ts';
import type { BenchCase, BenchSuite, Workload } from '../harness.ts';

/** The work's result, and the CPU milliseconds (user + system) it took, into `spent`. */
function timed<T>(work: () => T, spent: { ms: number }): T {
  const before = process.cpuUsage();
  const out = work();
  const { user, system } = process.cpuUsage(before);
  spent.ms = (user + system) / 1000;
  return out;
}

function generalSolver(rows: number, cols: number): Workload {
  let nodes = 0;
  const cpu = { ms: 0 };
  return {
    name: 'general solver (string keys)',
    run: () =>
      timed(() => {
        const s = new GameSolver(chomp());
        const g = s.grundy(chompRectangle(rows, cols));
        nodes = s.stats.nodes;
        return g;
      }, cpu),
    note: () => `${nodes.toLocaleString('en-US')} positions searched; CPU ${cpu.ms.toFixed(1)} ms`,
  };
}

function tableCore(rows: number, cols: number): Workload {
  let bytes = 0;
  const cpu = { ms: 0 };
  return {
    name: 'table core (every diagram of the frame)',
    run: () =>
      timed(() => {
        const table = buildChompTable(rows, cols);
        bytes = table.values.byteLength;
        return chompTableValue(table, chompRectangle(rows, cols));
      }, cpu),
    note: () =>
      `${chompPositionCount(rows, cols).toLocaleString('en-US')} positions, table ${(bytes / 2 ** 20).toFixed(1)} MiB; CPU ${cpu.ms.toFixed(1)} ms`,
  };
}

function sideBySide(rows: number, cols: number, runs: number): BenchCase {
  return {
    title: `Chomp ${rows} x ${cols}: general solver vs table core`,
    baseline: generalSolver(rows, cols),
    candidates: [tableCore(rows, cols)],
    runs,
    check: true,
  };
}

function coreAlone(rows: number, cols: number, runs: number): BenchCase {
  return { title: `Chomp ${rows} x ${cols}: table core alone`, candidates: [tableCore(rows, cols)], runs };
}

export const chompSuite: BenchSuite = {
  name: 'chomp',
  cases(quick) {
    if (quick) return [sideBySide(4, 5, 1), sideBySide(5, 6, 1), coreAlone(10, 10, 1)];
    return [
      sideBySide(4, 5, 5),
      sideBySide(5, 6, 5),
      sideBySide(6, 7, 3),
      sideBySide(7, 8, 3),
      sideBySide(8, 9, 1),
      coreAlone(10, 10, 3),
      coreAlone(12, 12, 1),
      coreAlone(13, 13, 1),
      coreAlone(14, 14, 1),
    ];
  },
};
