/**
 * `npx tsx scripts/grid-speed.ts [--src DIR] board...` (boards `cram:5x7`, `node-kayles:3x28`): the
 * grid core on one thread as the commands run it (theorem, set questions, the endgame database of
 * shapes up to 12 cells, built first and not timed), one fresh search per board; prints value,
 * positions, wall and CPU seconds, positions per second and the load average, one JSON line each.
 * `--src` loads the core from another checkout's `src` (e.g. an older commit's, extracted with
 * `git archive`), so two versions can be measured alternately in one session on a shared machine.
 */
import { cpuUsage } from 'node:process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const at = args.indexOf('--src');
const src = at >= 0 ? resolve(args[at + 1]) : resolve(import.meta.dirname, '../src');
const boards = args.filter((_, i) => at < 0 || (i !== at && i !== at + 1));
if (boards.length === 0) {
  console.error('usage: grid-speed.ts [--src DIR] cram:RxC | node-kayles:RxC ...');
  process.exit(2);
}

const load = (path: string) => import(pathToFileURL(`${src}/${path}`).href);
const grid = await load('engine/solve/grid/index.ts');
const rulesByName = new Map<string, unknown>([
  ['cram', (await load('engine/families/cram/grid.ts')).cramGridRules],
  ['node-kayles', (await load('engine/families/node-kayles/grid.ts')).nodeKaylesGridRules],
]);

const databases = new Map<string, unknown>();
function database(name: string, rules: unknown): unknown {
  let db = databases.get(name);
  if (!db) {
    const builder = new grid.GridSolver(rules, { tableBits: 20 });
    db = new grid.EndgameDb(
      grid.buildEndgame(12, (s: unknown) => builder.nimber(s), rules),
      'the measurement',
    );
    databases.set(name, db);
  }
  return db;
}

for (const board of boards) {
  const [game, size] = board.split(':');
  const [rows, cols] = (size ?? '').split('x').map(Number);
  const rules = rulesByName.get(game);
  if (!rules || !(rows >= 1 && cols >= 1 && cols <= 30)) {
    console.error(`not a board: ${board}`);
    process.exit(2);
  }
  const db = database(game, rules);
  const solver = new grid.GridSolver(rules, { tableBits: grid.tableBitsFor(rows * cols), database: db });
  const cpu = cpuUsage();
  const started = performance.now();
  const value = solver.grundy(new Array(rows).fill(2 ** cols - 1));
  const wall = (performance.now() - started) / 1000;
  const used = cpuUsage(cpu);
  const positions = solver.stats.nodes;
  console.log(
    JSON.stringify({
      board,
      value,
      positions,
      wallS: Number(wall.toFixed(2)),
      cpuS: Number(((used.user + used.system) / 1e6).toFixed(2)),
      perSecond: Math.round(positions / wall),
      load: Number(loadavg()[0].toFixed(2)),
    }),
  );
}
