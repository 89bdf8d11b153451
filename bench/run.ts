/**
 * `npm run bench [-- --quick] [-- suite...]`: runs the benchmark suites and prints their tables.
 * Each suite runs in a fresh process, so one suite's state (loaded worker pools, detached buffers,
 * V8 deoptimisations, heap growth) never slows another's kernels, and peak memory is per suite.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { formatTable, runCase, type BenchSuite } from './harness.ts';

/** Suite name -> its module (loaded only in the process that runs it). */
const SUITES: Record<string, () => Promise<BenchSuite>> = {
  'nim-square': async () => (await import('./suites/nim-square.ts')).nimSquareSuite,
  subtraction: async () => (await import('./suites/subtraction.ts')).subtractionSuite,
  'parallel-scaling': async () => (await import('./suites/parallel-scaling.ts')).parallelScalingSuite,
  side: async () => (await import('./suites/side.ts')).sideSuite,
  'stone-game': async () => (await import('./suites/stone-game.ts')).stoneGameSuite,
  takebreak: async () => (await import('./suites/takebreak.ts')).takeBreakSuite,
  'takebreak-large': async () => (await import('./suites/takebreak-large.ts')).takeBreakLargeSuite,
  periods: async () => (await import('./suites/periods.ts')).periodsSuite,
  boards: async () => (await import('./suites/boards.ts')).boardsSuite,
  'board-core': async () => (await import('./suites/board-core.ts')).boardCoreSuite,
  'board-threads': async () => (await import('./suites/board-threads.ts')).boardThreadsSuite,
  misere: async () => (await import('./suites/misere.ts')).misereSuite,
  page: async () => (await import('./suites/page.ts')).pageSuite,
  census: async () => (await import('./suites/census.ts')).censusSuite,
  coins: async () => (await import('./suites/coins.ts')).coinsSuite,
  'nim-arithmetic': async () => (await import('./suites/nim-arithmetic.ts')).nimArithmeticSuite,
  sprouts: async () => (await import('./suites/sprouts.ts')).sproutsSuite,
  certificates: async () => (await import('./suites/certificates.ts')).certificatesSuite,
  'search-resume': async () => (await import('./suites/search-resume.ts')).searchResumeSuite,
  chomp: async () => (await import('./suites/chomp.ts')).chompSuite,
  seam: async () => (await import('./suites/seam.ts')).seamSuite,
};

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const child = args.includes('--child');
const only = args.filter((a) => !a.startsWith('--'));
const unknown = only.filter((name) => !(name in SUITES));
if (unknown.length > 0) {
  console.error(`unknown suite ${unknown.join(', ')}; known: ${Object.keys(SUITES).join(', ')}`);
  process.exit(2);
}

if (child) {
  // Runs the one named suite in this process.
  const suite = await SUITES[only[0]]();
  for (const c of suite.cases(quick)) {
    const rows = await runCase(c, quick); // before reading the title: a title may report the case's own timings
    console.log(formatTable(c.title, rows) + '\n');
  }
  console.log(`(suite ${suite.name}: peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB)\n`);
} else {
  console.log(`# nimber benchmarks (${os.cpus().length} cores, Node ${process.version}${quick ? ', quick' : ''})\n`);
  const self = fileURLToPath(import.meta.url);
  for (const name of only.length > 0 ? only : Object.keys(SUITES)) {
    const r = spawnSync(process.execPath, [...process.execArgv, self, '--child', name, ...(quick ? ['--quick'] : [])], {
      stdio: 'inherit',
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
