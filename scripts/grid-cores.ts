/**
 * `npx tsx scripts/grid-cores.ts [--src DIR] [--rounds N] board...` (boards `node-kayles:3x21`,
 * `cram:5x7`): the TypeScript grid core against the WebAssembly one on the same boards, value only,
 * one thread, a fresh core per search with the table the engine sizes for the board (no endgame
 * database, no helpers). Rounds interleave the two cores (which goes first alternates), so a shared
 * machine's load falls on both alike. Prints a Markdown table: value, positions, the least CPU
 * seconds of the rounds (and wall seconds of that round), positions per CPU second, the ratio, and
 * the load average before and after. `--src` loads both cores from another checkout's `src` (e.g.
 * a commit's, extracted with `git archive`).
 */
import { cpuUsage } from 'node:process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const src = resolve(option('--src') ?? resolve(import.meta.dirname, '../src'));
const rounds = Number(option('--rounds') ?? 3);
const boards = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (boards.length === 0 || !(rounds >= 1)) {
  console.error('usage: grid-cores.ts [--src DIR] [--rounds N] cram:RxC | node-kayles:RxC ...');
  process.exit(2);
}

const load = (path: string) => import(pathToFileURL(`${src}/${path}`).href);
const grid = await load('engine/solve/grid/index.ts');
/** Each game's rules for the TypeScript core and its name in the WebAssembly core. */
const games = new Map<string, { rules: unknown; wasm: string }>([
  ['cram', { rules: (await load('engine/families/cram/grid.ts')).cramGridRules, wasm: 'dominoes' }],
  [
    'node-kayles',
    { rules: (await load('engine/families/node-kayles/grid.ts')).nodeKaylesGridRules, wasm: 'cell-and-neighbours' },
  ],
]);

interface Run {
  value: number;
  positions: number;
  cpu: number;
  wall: number;
}

interface Core {
  grundy(rows: number[]): number;
  readonly stats: { readonly nodes: number };
}

function measure(core: Core, rows: number[]): Run {
  const cpu = cpuUsage();
  const started = performance.now();
  const value = core.grundy(rows);
  const wall = (performance.now() - started) / 1000;
  const used = cpuUsage(cpu);
  return { value, positions: core.stats.nodes, cpu: (used.user + used.system) / 1e6, wall };
}

const loadBefore = loadavg();
const lines: string[] = [
  '| board | value | TS positions | TS CPU s (wall) | TS pos/CPU s | WASM positions | WASM CPU s (wall) | WASM pos/CPU s | CPU ratio |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
];
for (const board of boards) {
  const [name, size] = board.split(':');
  const [h, w] = (size ?? '').split('x').map(Number);
  const game = games.get(name);
  if (!game || !(h >= 1 && w >= 1 && h * w <= 64 && w <= 30)) {
    console.error(`not a board both cores take: ${board}`);
    process.exit(2);
  }
  const rows = new Array<number>(h).fill(2 ** w - 1);
  // the engine's table for a search without a time limit (gridSolverFor, wasmCoreFor)
  const tableBits = Math.min(grid.tableBitsFor(h * w), grid.DEFAULT_GRID_TABLE_BITS);
  const runs: { ts: Run[]; wasm: Run[] } = { ts: [], wasm: [] };
  for (let round = 0; round < rounds; round++)
    for (const which of round % 2 === 0 ? (['ts', 'wasm'] as const) : (['wasm', 'ts'] as const)) {
      const core: Core =
        which === 'ts'
          ? new grid.GridSolver(game.rules, { tableBits })
          : new grid.WasmGridCore(game.wasm, { tableBits });
      runs[which].push(measure(core, rows));
    }
  const best = (list: Run[]) => list.reduce((a, b) => (b.cpu < a.cpu ? b : a));
  const ts = best(runs.ts);
  const wasm = best(runs.wasm);
  if (runs.ts.some((r) => r.value !== ts.value) || runs.wasm.some((r) => r.value !== ts.value)) {
    console.error(`the cores disagree on ${board}: ${JSON.stringify(runs)}`);
    process.exit(1);
  }
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  lines.push(
    `| ${name} ${h} x ${w} | ${ts.value} | ${n(ts.positions)} | ${ts.cpu.toFixed(2)} (${ts.wall.toFixed(2)}) | ${n(ts.positions / ts.cpu)} | ${n(wasm.positions)} | ${wasm.cpu.toFixed(2)} (${wasm.wall.toFixed(2)}) | ${n(wasm.positions / wasm.cpu)} | ${(ts.cpu / wasm.cpu).toFixed(1)}× |`,
  );
  console.error(
    `${board}: TS ${runs.ts.map((r) => r.cpu.toFixed(2)).join(' ')} s, WASM ${runs.wasm.map((r) => r.cpu.toFixed(2)).join(' ')} s`,
  );
}
console.log(lines.join('\n'));
const avg = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
console.log(`\n${rounds} rounds; load average ${avg(loadBefore)} before, ${avg(loadavg())} after`);
