/**
 * `npm run fuzz [-- runs] [-- --seed N]`: sends 10,000 (or `runs`) random and hostile requests over
 * the route table to an in-process server (app.request(), no port) and prints a summary: replies by
 * status, the slowest reply, every contract defect, and resident memory (the process with its
 * worker threads) before, after and at its peak. Exit 1 when a defect was found or the peak passed
 * MAX_RESIDENT_MIB. The fuzzer shares the process with the server and makes garbage no real client
 * puts there (query strings of 1.5 MB, which node:http refuses at 16 KB of headers): `npm run fuzz`
 * runs it under --max-old-space-size=128 --max-semi-space-size=4 so that garbage is collected
 * before it counts as the server's.
 */
import { createApp } from '../src/server/app.ts';
import { sampleMemory } from '../tests/helpers/memory.ts';
import { fuzzApp } from '../tests/server/fuzz.ts';

/** The server's bound on resident memory under any load (issue 28). */
const MAX_RESIDENT_MIB = 300;

const args = process.argv.slice(2);
const seedAt = args.indexOf('--seed');
const seed = seedAt >= 0 ? Number(args[seedAt + 1]) : Date.now() % 1_000_000;
const runs = Number(args.find((a, i) => /^\d+$/.test(a) && (seedAt < 0 || i !== seedAt + 1)) ?? 10_000);
const timeLimitMs = 2000;
const mib = () => (process.memoryUsage().rss / 2 ** 20).toFixed(0);

const app = createApp({ timeLimitMs, staticDir: null });
await app.pool.warmUp();
const before = mib();
const memory = sampleMemory();
const start = performance.now();
const summary = await fuzzApp(app, timeLimitMs, runs, seed);
const peak = memory.stop();
const health = (await app.request('/api/health')).status;
console.log(
  `fuzz: ${summary.requests} requests in ${((performance.now() - start) / 1000).toFixed(1)} s (seed ${seed})`,
);
console.log(
  `replies: ${[...summary.byStatus]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ')}`,
);
console.log(
  `slowest reply: ${summary.slowestMs.toFixed(0)} ms (limit ${timeLimitMs} ms); /api/health after: ${health}`,
);
console.log(
  `resident memory (process and workers): ${before} MiB before, ${mib()} MiB after, peak ${peak.toFixed(0)} MiB (bound ${MAX_RESIDENT_MIB} MiB)`,
);
console.log(`defects: ${summary.defects.length}`);
for (const d of summary.defects.slice(0, 20)) console.log(`  ${d}`);
await app.close();
process.exit(summary.defects.length > 0 || health !== 200 || peak > MAX_RESIDENT_MIB ? 1 : 0);
