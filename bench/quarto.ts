/**
 * Quarto solver benchmark: `node --import tsx bench/quarto.ts [--limit SECONDS] [--counts 10:20,8:20,...]
 * [--core wasm|typescript]` (the core that runs the nodes: the WebAssembly kernel, the default, or the
 * TypeScript one it ports).
 * For each number of pieces placed, random positions (random pieces on random cells, no line
 * standing, a random piece in hand; fixed seed) solved from scratch with a fresh table; the table
 * gives medians of wall and CPU time, nodes per CPU second, the table's hit rate, and how many were
 * proved within the limit (a wall-clock limit: an unproved one counts as the limit in the wall
 * median and with the CPU it spent in the CPU columns).
 */
import { standingLine, type QuartoVariant } from '../src/engine/families/quarto/rules.ts';
import { solveQuarto } from '../src/engine/families/quarto/solve.ts';
import { QuartoSearch, type QuartoCore } from '../src/engine/families/quarto/solver.ts';
import { formatQuartoBoard } from '../src/engine/families/quarto/notation.ts';
import { seededRandom } from '../src/engine/random.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const limitMs = Number(option('--limit', '20')) * 1000;
const variant = option('--variant', 'standard') as QuartoVariant;
const plan = option('--counts', '10:20,8:20,6:10,5:5,4:3,3:1,2:1')
  .split(',')
  .map((part) => part.split(':').map(Number) as [number, number]);
const tableBits = Number(option('--table-bits', '22'));
const verbose = args.includes('--verbose');
const core = option('--core', 'wasm') as QuartoCore;
if (core !== 'wasm' && core !== 'typescript') {
  console.error(`--core: wasm or typescript, not ${core}`);
  process.exit(2);
}

function shuffled(next: () => number): number[] {
  const a = Array.from({ length: 16 }, (_, i) => i);
  for (let i = 15; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

function randomPosition(next: () => number, placed: number) {
  for (;;) {
    const pieces = shuffled(next);
    const cells = shuffled(next);
    const board = new Array<number>(16).fill(-1);
    for (let k = 0; k < placed; k++) board[cells[k]] = pieces[k];
    if (standingLine(board, variant) === 0) return { variant, cells: board, hand: pieces[placed] };
  }
}

const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const search = new QuartoSearch(variant, { tableBits, core });
console.log(
  `Quarto (${variant}, ${core} core), positions from random placements, seed 1 per row; limit ${limitMs / 1000} s; table 2^${tableBits} entries (${(search.tableBytes / 2 ** 20).toFixed(0)} MiB)\n`,
);
console.log(
  '| placed | positions | proved | win/draw/loss | median wall | median CPU | max CPU | nodes/CPU s | table hits |',
);
console.log('|---:|---:|---:|---|---:|---:|---:|---:|---:|');
for (const [placed, count] of plan) {
  const next = seededRandom(1000 + placed);
  const walls: number[] = [];
  const cpus: number[] = [];
  let cpuSpent = 0;
  let nodes = 0;
  let probes = 0;
  let hits = 0;
  let proved = 0;
  const outcomes = { win: 0, draw: 0, loss: 0 };
  for (let i = 0; i < count; i++) {
    const position = randomPosition(next, placed);
    search.clear();
    const cpu0 = process.cpuUsage();
    const r = solveQuarto(position, { search, timeLimitMs: limitMs });
    const c = process.cpuUsage(cpu0);
    const cpuMs = (c.user + c.system) / 1000;
    cpuSpent += cpuMs;
    walls.push(r.proved ? r.ms : limitMs);
    cpus.push(cpuMs);
    nodes += r.nodes;
    probes += r.tableProbes;
    hits += r.tableHits;
    if (r.proved) {
      proved++;
      outcomes[r.outcome!]++;
    }
    if (verbose)
      console.error(
        `${formatQuartoBoard(position)} ${r.proved ? `${r.outcome} in ${r.plies}` : 'unproved'} ${r.ms} ms`,
      );
  }
  console.log(
    `| ${placed} | ${count} | ${proved} | ${outcomes.win}/${outcomes.draw}/${outcomes.loss} | ${median(walls).toFixed(0)} ms | ${median(cpus).toFixed(0)} ms | ${Math.max(...cpus).toFixed(0)} ms | ${(nodes / (cpuSpent / 1000) / 1e6).toFixed(2)} M | ${probes ? ((100 * hits) / probes).toFixed(1) : '-'} % |`,
  );
}
console.log(`\n(Node ${process.version}; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB)`);
