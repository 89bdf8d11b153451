/**
 * `npx tsx scripts/grid-profile.ts [--bits B] [--limit S] [--every M] cram:RxC ...`: the WebAssembly
 * grid core on large Cram boards, value only, one thread, a fresh core per board (its table up to
 * 2^B entries, by default what the engine gives the board), with a line every M million positions
 * (default 16): positions, table entries, entries dropped by the replacement policy, CPU and wall
 * seconds, resident memory. A board stopped by the limit (S seconds of wall time) prints `?` for its
 * value, so a capped run of a board out of reach still shows how its search and table grow. Made to
 * find where the time goes on boards past 40 cells: whether the table fills (entries near 2^B, many
 * dropped) or the search is simply large.
 */
import { cpuUsage, memoryUsage } from 'node:process';
import { loadavg } from 'node:os';
import { SearchStopped } from '../src/engine/solve/search/solver.ts';
import { WasmGridCore, tableBitsFor } from '../src/engine/solve/grid/index.ts';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const bitsOption = option('--bits');
const limitS = Number(option('--limit') ?? Number.POSITIVE_INFINITY);
const every = Number(option('--every') ?? 16) * 1e6;
const boards = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (boards.length === 0 || !(every > 0) || !(limitS > 0)) {
  console.error('usage: grid-profile.ts [--bits B] [--limit S] [--every M] cram:RxC ...');
  process.exit(2);
}

const mib = () => `${(memoryUsage.rss() / 2 ** 20).toFixed(0)} MiB`;
const load = () => loadavg()[0].toFixed(2);

for (const board of boards) {
  const m = /^cram:(\d+)x(\d+)$/.exec(board);
  if (!m) {
    console.error(`not a Cram board: ${board} (cram:RxC)`);
    process.exit(2);
  }
  const [rows, cols] = [Number(m[1]), Number(m[2])];
  const bits = bitsOption === undefined ? tableBitsFor(rows * cols) : Number(bitsOption);
  const cpu = cpuUsage();
  const started = Date.now();
  const seconds = () => {
    const used = cpuUsage(cpu);
    return `CPU ${((used.user + used.system) / 1e6).toFixed(1)} s, wall ${((Date.now() - started) / 1000).toFixed(0)} s`;
  };
  let next = every;
  const core = new WasmGridCore('dominoes', {
    tableBits: bits,
    timeLimitMs: Number.isFinite(limitS) ? limitS * 1000 : undefined,
    onProgress(s) {
      if (s.nodes < next) return;
      next = (Math.floor(s.nodes / every) + 1) * every;
      console.log(
        `  ${board}: ${s.nodes} positions, ${s.tableEntries} entries, ${s.evicted} dropped, ${seconds()}, ${mib()}, load ${load()}`,
      );
    },
  });
  let value: number | string;
  try {
    value = core.grundy(new Array<number>(rows).fill(2 ** cols - 1));
  } catch (e) {
    if (!(e instanceof SearchStopped)) throw e;
    value = '?';
  }
  const s = core.stats;
  console.log(
    `${board} (2^${bits} entries at most): value ${value}, ${s.nodes} positions, ${s.tableEntries} entries, ${s.evicted} dropped, ${seconds()}, ${mib()}, load ${load()}`,
  );
}
