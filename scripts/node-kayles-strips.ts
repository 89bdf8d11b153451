/**
 * `npx tsx scripts/node-kayles-strips.ts FROM..TO [--time-limit S]`: Node Kayles on the 3 x n grid
 * (OEIS A316632) by the grid core on one thread, value only, as the commands run it (set questions,
 * the endgame database of shapes up to 12 cells, built first and not timed), a fresh table per n.
 * A strip is given as n rows of 3 bits, the core's own orientation past 30 columns. Prints one
 * JSON line per n: value, positions, wall and CPU seconds, and the load average.
 */
import { loadavg } from 'node:os';
import { cpuUsage } from 'node:process';
import { nodeKaylesGridRules } from '../src/engine/families/node-kayles/grid.ts';
import { EndgameDb, GridSolver, buildEndgame, tableBitsFor } from '../src/engine/solve/grid/index.ts';

const args = process.argv.slice(2);
const range = /^(\d+)\.\.(\d+)$/.exec(args[0] ?? '');
const at = args.indexOf('--time-limit');
const limitMs = at >= 0 ? Number(args[at + 1]) * 1000 : undefined;
if (!range) {
  console.error('usage: node-kayles-strips.ts FROM..TO [--time-limit S]');
  process.exit(2);
}

const builder = new GridSolver(nodeKaylesGridRules, { tableBits: 20 });
const database = new EndgameDb(
  buildEndgame(12, (s) => builder.nimber(s), nodeKaylesGridRules),
  'the measurement',
);

for (let n = Number(range[1]); n <= Number(range[2]); n++) {
  const solver = new GridSolver(nodeKaylesGridRules, {
    tableBits: tableBitsFor(3 * n),
    database,
    timeLimitMs: limitMs,
  });
  const cpu = cpuUsage();
  const started = performance.now();
  let value: number | string;
  try {
    value = solver.grundy(new Array<number>(n).fill(7));
  } catch (e) {
    value = e instanceof Error ? e.message : String(e);
  }
  const wall = (performance.now() - started) / 1000;
  const used = cpuUsage(cpu);
  console.log(
    JSON.stringify({
      board: `3x${n}`,
      value,
      positions: solver.stats.nodes,
      wallS: Number(wall.toFixed(2)),
      cpuS: Number(((used.user + used.system) / 1e6).toFixed(2)),
      load: loadavg().map((x) => Number(x.toFixed(2))),
    }),
  );
}
