/**
 * The server under the hostile load of issue 28 (items 13–16), as a process of its own (`nimber serve`):
 * huge /api/options and /api/grundy replies, 1 MiB bodies nested 500,000 deep, 100,000 "1e18" heaps,
 * lists and tables of large census stores, and invalid requests while the workers are busy. Its
 * resident memory (main thread and workers) stays at most 300 MB and /api/health answers within 100 ms.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { computeCensusRow } from '../../src/service/census/game.ts';
import { sampleMemory } from '../helpers/memory.ts';

const root = new URL('../..', import.meta.url).pathname;
const MAX_RESIDENT_MIB = 300;
const MAX_HEALTH_MS = 100;
/** A health answer this late is a stall of the event loop, whatever else runs on the machine (the stalls this guards against were 3.5–11 s). */
const STALL_MS = 3000;
const LOAD_MS = 20_000;

const dir = mkdtempSync(join(tmpdir(), 'nimber-load-'));
let server: ChildProcess;
let url = '';

beforeAll(async () => {
  // a 30 MB census store (one row written again and again: every line is read and parsed) and a
  // header-only store of takebreak-hex-6 (67 million codes)
  const census = join(dir, 'census');
  mkdirSync(census);
  const header = '{"nimber":"census-store","version":1}\n';
  const row = `${JSON.stringify(computeCensusRow({ code: '0.77', budget: { maxHeaps: 4096, seconds: 5 } }))}\n`;
  writeFileSync(join(census, 'takebreak-octal-2.jsonl'), header + row.repeat(Math.ceil(30e6 / row.length)));
  writeFileSync(join(census, 'takebreak-hex-6.jsonl'), header);
  server = spawn(
    process.execPath,
    ['bin/nimber.js', 'serve', '--port', '0', '--threads', '2', '--cache-dir', dir, '--time-limit', '2000'],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      const m = /serving (http:\/\/\S+\/)/.exec(out);
      if (m) resolve(m[1]);
    });
    server.once('exit', (code) => reject(new Error(`nimber serve exited (${code}) before listening: ${out}`)));
  });
  // a guard against a hang, not a speed limit: a loaded machine can take tens of seconds to start them
  for (const deadline = Date.now() + 300_000; Date.now() < deadline; ) {
    const health = (await (await fetch(`${url}api/health`)).json()) as { workersReady: boolean };
    if (health.workersReady) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the workers did not start within 300 s');
});

afterAll(() => {
  server?.kill();
  rmSync(dir, { recursive: true, force: true });
});

const post = (path: string, body: string) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

// Built once: the clients should spend their time sending, not building bodies.
const OPTIONS_BODY = JSON.stringify({ ruleset: 'nim', position: Array(1000).fill(4_000_000_000) });
const DEEP_BODY = `{"ruleset":"nim","heaps":${'['.repeat(500_000)}1${']'.repeat(500_000)}}`;
const MANY_HEAPS_BODY = JSON.stringify({ ruleset: 'nim', heaps: Array(100_000).fill('1e18') });

/** The hostile requests, each with the statuses it may get (200 where it is valid, 503 when the queue is full). */
const HOSTILE: { name: string; send: () => Promise<Response>; statuses: number[] }[] = [
  {
    // a 12 KB request whose 2,000 options were a 22 MB reply
    name: 'options of 1,000 large heaps',
    send: () => post('api/options', OPTIONS_BODY),
    statuses: [200, 503, 504],
  },
  {
    name: '1 MiB body nested 500,000 deep',
    send: () => post('api/analyze', DEEP_BODY),
    statuses: [422],
  },
  {
    name: '100,000 "1e18" heaps',
    send: () => post('api/analyze', MANY_HEAPS_BODY),
    statuses: [413],
  },
  {
    name: 'the largest /api/grundy reply',
    send: () => fetch(`${url}api/grundy?ruleset=subtract:1&to=100000`),
    statuses: [200, 503, 504],
  },
  {
    name: 'the list of a 30 MB census store',
    send: () => fetch(`${url}api/census`),
    statuses: [200, 503, 504],
  },
  {
    name: 'the table of a 30 MB census store',
    send: () => fetch(`${url}api/census?name=takebreak-octal-2`),
    statuses: [200, 503, 504],
  },
  { name: 'a takebreak-hex-6 table', send: () => fetch(`${url}api/census?name=takebreak-hex-6`), statuses: [413] },
  // invalid requests while the workers are busy: refused before queueing, never 504
  {
    name: 'a window above the maximum',
    send: () => fetch(`${url}api/grundy?ruleset=kayles&from=0&to=5000000`),
    statuses: [413],
  },
  {
    name: 'a count on a board game',
    send: () => post('api/count', JSON.stringify({ ruleset: 'cram:3x3', heaps: 2, max: 5 })),
    statuses: [422],
  },
  {
    name: 'piles past the maximum',
    send: () => fetch(`${url}api/ppositions?ruleset=wythoff&max=100000`),
    statuses: [413],
  },
  {
    // keeps the workers busy until the time limit
    name: 'a runaway count',
    send: () => post('api/count', JSON.stringify({ ruleset: 'subtract:squares', heaps: 3, max: 9_000_000 })),
    statuses: [503, 504],
  },
];

it(`under the hostile load of items 13–16: resident memory ≤ ${MAX_RESIDENT_MIB} MB, /api/health never stalled (its latency reported), every refusal before queueing`, async () => {
  const memory = sampleMemory(server.pid!);
  const unexpected: string[] = [];
  const counts = new Map<string, number>();
  const until = performance.now() + LOAD_MS;
  // eight clients, each sending the hostile requests in turn
  const clients = Array.from({ length: 8 }, async (_, client) => {
    for (let i = client; performance.now() < until; i++) {
      const request = HOSTILE[i % HOSTILE.length];
      const res = await request.send();
      await res.arrayBuffer();
      counts.set(request.name, (counts.get(request.name) ?? 0) + 1);
      if (!request.statuses.includes(res.status)) unexpected.push(`${request.name}: ${res.status}`);
    }
  });
  const latencies: number[] = [];
  const probe = (async () => {
    while (performance.now() < until) {
      const start = performance.now();
      const res = await fetch(`${url}api/health`);
      await res.arrayBuffer();
      latencies.push(performance.now() - start);
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  await Promise.all([...clients, probe]);
  const peakMiB = memory.stop();
  latencies.sort((a, b) => a - b);
  const slowest = latencies[latencies.length - 1];
  const p95 = latencies[Math.floor(latencies.length * 0.95)];
  console.log(
    `load: ${[...counts.values()].reduce((a, b) => a + b, 0)} hostile requests in ${LOAD_MS / 1000} s; resident memory peak ${peakMiB.toFixed(0)} MiB; /api/health median ${latencies[latencies.length >> 1].toFixed(1)} ms, 95th percentile ${p95.toFixed(1)} ms, over ${MAX_HEALTH_MS} ms ${latencies.filter((ms) => ms >= MAX_HEALTH_MS).length}, slowest ${slowest.toFixed(1)} ms of ${latencies.length}`,
  );
  expect(unexpected.slice(0, 10)).toEqual([]);
  expect(counts.size).toBe(HOSTILE.length);
  expect(peakMiB).toBeLessThanOrEqual(MAX_RESIDENT_MIB);
  // /api/health's latency is reported above, not asserted: a test must not depend on the machine's
  // speed (CI's own test files share the cores). Its bound (100 ms at the 99th percentile) is checked
  // by `npm run soak` on a machine of its own; a stall of seconds still fails here.
  expect(slowest).toBeLessThan(STALL_MS);
});
