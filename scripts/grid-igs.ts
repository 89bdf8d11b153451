/**
 * `npx tsx scripts/grid-igs.ts [--igs PATH] [--build DIR] [--rounds N] [--ts] [--analyze [--all-moves]] cram:RxC ...`: the
 * grid cores against Beling's igs (beling/impartial-games), side by side in one run: value only,
 * one thread, rounds interleaved (igs, then nimber, then the other order), CPU time (user + system)
 * and wall time, positions and positions per second; the median of the rounds per board, and the
 * ratio of CPU times. nimber's time is its search alone (the core's start and table included);
 * igs's is its whole process (its start is a few milliseconds).
 *
 * igs is found at --igs, then $IGSOLVE, then `igsolve` on the PATH; with --build DIR it is built
 * there by ../shared/anchors/build.sh when none is found. Without it the script says why and
 * measures nimber's cores alone. --ts adds the TypeScript core (the reference) to each round.
 *
 * --analyze adds the user's path, as whole processes of the command (the build it runs, one thread,
 * no disk cache): `table cram` (the value only), `analyze cram:RxC` (value and the first winning
 * move) and, with --all-moves as well, `analyze --all-moves` (every winning move); a second table
 * gives analyze's CPU time over the value-only command's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { cramGridRules } from '../src/engine/families/cram/grid.ts';
import { GridSolver, WasmGridCore, tableBitsFor } from '../src/engine/solve/grid/index.ts';

interface Sample {
  readonly value: number;
  readonly cpu: number;
  readonly wall: number;
  readonly positions: number | null;
}

const args = process.argv.slice(2);
function option(name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  args.splice(at, 2);
  return value;
}
const flag = (name: string) => {
  const at = args.indexOf(name);
  if (at >= 0) args.splice(at, 1);
  return at >= 0;
};
const igsOption = option('--igs');
const buildDir = option('--build');
const rounds = Number(option('--rounds') ?? 3);
const withTs = flag('--ts');
const withAnalyze = flag('--analyze');
const withAllMoves = flag('--all-moves');
const boards = args.map((text) => {
  const m = /^cram:(\d+)x(\d+)$/.exec(text);
  if (!m) {
    console.error(`not a Cram board: ${text} (cram:RxC)`);
    process.exit(2);
  }
  return { text, rows: Number(m[1]), cols: Number(m[2]) };
});
if (boards.length === 0) {
  console.error(
    'usage: grid-igs.ts [--igs PATH] [--build DIR] [--rounds N] [--ts] [--analyze [--all-moves]] cram:RxC ...',
  );
  process.exit(2);
}

/** igs's binary, or the reason there is none. */
function findIgs(): { path: string } | { why: string } {
  const candidates = [igsOption, process.env.IGSOLVE].filter((p): p is string => !!p);
  for (const p of candidates) if (existsSync(p)) return { path: resolve(p) };
  const which = spawnSync('sh', ['-c', 'command -v igsolve'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return { path: which.stdout.trim() };
  if (!buildDir) return { why: 'igsolve not found (--igs, $IGSOLVE, PATH); --build DIR builds it' };
  const script = resolve(import.meta.dirname, '../../shared/anchors/build.sh');
  if (!existsSync(script)) return { why: `no ${script} to build igs with` };
  const built = spawnSync(script, [buildDir, 'igs'], { encoding: 'utf8' });
  const path = built.stdout
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.endsWith('/igsolve'));
  if (built.status !== 0 || !path || !existsSync(path))
    return {
      why: `building igs failed (exit ${built.status}): ${built.stderr.trim().split('\n').slice(-3).join(' / ')}`,
    };
  return { path };
}

/** One igs run: its value (from its output) and its CPU and wall seconds (bash's time of the whole process). */
function runIgs(path: string, rows: number, cols: number): Sample {
  // the times on stderr, igs's own output on stdout: one run gives both (6 x 7 takes half an hour of igs)
  const run = spawnSync('bash', ['-c', `TIMEFORMAT='%U %S %R'; time "$0" cram "$1" "$2"`, path, `${rows}`, `${cols}`], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const times = run.stderr.trim().split('\n').at(-1)?.split(' ').map(Number) ?? [];
  if (run.status !== 0 || times.length !== 3) throw new Error(`igs failed: ${run.stderr}`);
  const value = /Nimber of initial position: (\d+)/.exec(run.stdout);
  return { value: value ? Number(value[1]) : -1, cpu: times[0] + times[1], wall: times[2], positions: null };
}

function timed(search: () => { value: number; positions: number }): Sample {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const { value, positions } = search();
  const wall = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { value, cpu: (used.user + used.system) / 1e6, wall, positions };
}

function runWasm(rows: number, cols: number): Sample {
  return timed(() => {
    const core = new WasmGridCore('dominoes', { tableBits: tableBitsFor(rows * cols) });
    const value = core.grundy(new Array<number>(rows).fill(2 ** cols - 1));
    return { value, positions: core.stats.nodes };
  });
}

function runTs(rows: number, cols: number): Sample {
  return timed(() => {
    const core = new GridSolver(cramGridRules, { tableBits: tableBitsFor(rows * cols) });
    const value = core.grundy(new Array<number>(rows).fill(2 ** cols - 1));
    return { value, positions: core.stats.nodes };
  });
}

/** The command (bin/nimber.js), one thread, no disk cache: its whole process timed by bash, its positions from its words. */
function runCli(words: string[]): Sample {
  const bin = resolve(import.meta.dirname, '../bin/nimber.js');
  const run = spawnSync(
    'bash',
    // the longest time limit the command takes: its defaults (10 s a board, 60 s an analysis) would stop 6 x 7
    [
      '-c',
      `TIMEFORMAT='%U %S %R'; time "$0" "$1" --threads 1 --no-cache "\${@:2}" --time-limit 86400`,
      process.execPath,
      bin,
      ...words,
    ],
    { encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  const times = run.stderr.trim().split('\n').at(-1)?.split(' ').map(Number) ?? [];
  if (run.status !== 0 || times.length !== 3) throw new Error(`nimber ${words.join(' ')} failed: ${run.stderr}`);
  const value = /Grundy value (\d+)/.exec(run.stdout) ?? /^\s*\d+\s+(\d+)\s*$/m.exec(run.stdout);
  const positions = /\((\d+) positions searched/.exec(run.stdout);
  return {
    value: value ? Number(value[1]) : -1,
    cpu: times[0] + times[1],
    wall: times[2],
    positions: positions ? Number(positions[1]) : null,
  };
}

const CLI_RUNS: Record<string, (rows: number, cols: number) => string[]> = {
  'value (table)': (rows, cols) => ['table', 'cram', '--rows', `${rows}`, '--cols', `${cols}`],
  analyze: (rows, cols) => ['analyze', `cram:${rows}x${cols}`],
  'analyze --all-moves': (rows, cols) => ['analyze', `cram:${rows}x${cols}`, '--all-moves'],
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const igs = findIgs();
if ('why' in igs) console.log(`igs: not measured (${igs.why})`);
else console.log(`igs: ${igs.path}`);
console.log(`load average at start: ${loadavg()[0].toFixed(2)}; ${rounds} rounds, interleaved`);

const cliCores = withAnalyze ? ['value (table)', 'analyze', ...(withAllMoves ? ['analyze --all-moves'] : [])] : [];
const cores = ['igs', 'wasm', ...(withTs ? ['ts'] : []), ...cliCores].filter((c) => c !== 'igs' || 'path' in igs);
const samples = new Map<string, Sample[]>();
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? cores : [...cores].reverse();
  for (const b of boards)
    for (const core of order) {
      const key = `${b.text} ${core}`;
      let s: Sample;
      if (core === 'igs' && 'path' in igs) {
        s = runIgs(igs.path, b.rows, b.cols);
      } else if (core in CLI_RUNS) s = runCli(CLI_RUNS[core](b.rows, b.cols));
      else s = core === 'wasm' ? runWasm(b.rows, b.cols) : runTs(b.rows, b.cols);
      samples.set(key, [...(samples.get(key) ?? []), s]);
    }
}

console.log('');
console.log(
  '| board | core | value | positions | CPU s (median) | wall s (median) | positions/s (CPU) | CPU ratio to igs |',
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const b of boards) {
  const igsCpu = samples.has(`${b.text} igs`) ? median(samples.get(`${b.text} igs`)!.map((s) => s.cpu)) : null;
  const values = new Set<number>();
  for (const core of cores) {
    const ss = samples.get(`${b.text} ${core}`)!;
    const cpu = median(ss.map((s) => s.cpu));
    const wall = median(ss.map((s) => s.wall));
    const positions = ss[0].positions;
    values.add(ss[0].value);
    console.log(
      `| ${b.rows} x ${b.cols} | ${core} | ${ss[0].value} | ${positions ?? '–'} | ${cpu.toFixed(2)} | ${wall.toFixed(2)} | ${
        positions === null ? '–' : Math.round(positions / cpu).toLocaleString('en-US')
      } | ${igsCpu === null ? '–' : (cpu / igsCpu).toFixed(2)} |`,
    );
  }
  if (values.size > 1) console.log(`DISAGREEMENT on ${b.text}: ${[...values].join(', ')}`);
}
if (cliCores.length > 0) {
  console.log('');
  console.log("| board | command | CPU s (median) | wall s (median) | CPU / the value-only command's |");
  console.log('| --- | --- | ---: | ---: | ---: |');
  for (const b of boards) {
    const cpuOf = (core: string) => median(samples.get(`${b.text} ${core}`)!.map((s) => s.cpu));
    const valueCpu = cpuOf('value (table)');
    for (const core of cliCores) {
      const wall = median(samples.get(`${b.text} ${core}`)!.map((s) => s.wall));
      console.log(
        `| ${b.rows} x ${b.cols} | ${core} | ${cpuOf(core).toFixed(2)} | ${wall.toFixed(2)} | ${(cpuOf(core) / valueCpu).toFixed(2)} |`,
      );
    }
  }
}
console.log(`\nload average at end: ${loadavg()[0].toFixed(2)}`);
