/** `npm run bench [-- --quick] [-- suite...]`: runs the benchmark suites and prints their tables. */
import os from 'node:os';
import { formatTable, runCase, type BenchSuite } from './harness.ts';
import { nimSquareSuite } from './suites/nim-square.ts';
import { sideSuite } from './suites/side.ts';
import { stoneGameSuite } from './suites/stone-game.ts';
import { subtractionSuite } from './suites/subtraction.ts';
import { takeBreakSuite } from './suites/takebreak.ts';

const SUITES: BenchSuite[] = [nimSquareSuite, subtractionSuite, sideSuite, stoneGameSuite, takeBreakSuite];

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.filter((a) => !a.startsWith('--'));

console.log(`# nimber benchmarks (${os.cpus().length} cores, Node ${process.version}${quick ? ', quick' : ''})\n`);
for (const suite of SUITES) {
  if (only.length > 0 && !only.includes(suite.name)) continue;
  for (const c of suite.cases(quick)) {
    const rows = await runCase(c, quick);
    console.log(formatTable(c.title, rows) + '\n');
  }
}
console.log(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
