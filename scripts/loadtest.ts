/**
 * `npm run loadtest`: starts `nimber serve` on a free loopback port, fires keep-alive requests for
 * cached queries (bounded in count and time) and prints requests/s and latency percentiles. The
 * server runs without the disk cache: what is measured is the in-memory LRU, and nothing is written.
 *
 *   npm run loadtest -- --concurrency 32 --requests 20000 --seconds 10
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { parseArgs } from 'node:util';

const LIMITS = { concurrency: 256, requests: 200_000, seconds: 60 };

const { values: args } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '32' },
    requests: { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '10' },
  },
});

function bounded(name: keyof typeof LIMITS, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > LIMITS[name]) {
    console.error(`loadtest: --${name} must be an integer in 1..${LIMITS[name]}, got '${text}'`);
    process.exit(2);
  }
  return n;
}

const concurrency = bounded('concurrency', args.concurrency);
const maxRequests = bounded('requests', args.requests);
const seconds = bounded('seconds', args.seconds);

interface Query {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

const QUERIES: Query[] = [
  {
    label: 'POST /api/solve nim-square 100000',
    method: 'POST',
    path: '/api/solve',
    body: JSON.stringify({ problem: 'nim-square', input: '100000' }),
  },
  {
    label: 'GET /api/grundy subtract:squares to=1000',
    method: 'GET',
    path: '/api/grundy?ruleset=subtract:squares&to=1000',
  },
  { label: 'GET /api/health (no computation)', method: 'GET', path: '/api/health' },
];

/** Starts the server as a child process (its own event loop and workers) and reads its URL. */
async function startServer(): Promise<{ url: URL; stop: () => void }> {
  const child = spawn(
    process.execPath,
    ['bin/nimber.js', 'serve', '--host', '127.0.0.1', '--port', '0', '--no-cache'],
    {
      cwd: new URL('..', import.meta.url),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<URL>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /serving (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) resolve(new URL(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`the server exited (code ${code}) before listening`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

function send(agent: Agent, url: URL, q: Query): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: q.method,
        path: q.path,
        headers: q.body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(q.body) } : {},
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.once('error', reject);
    req.end(q.body);
  });
}

async function measure(url: URL, q: Query) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const warm = await send(agent, url, q); // computes once; every later request is a cache hit
  if (warm !== 200) throw new Error(`${q.label}: warm-up answered ${warm}`);
  const latencies: number[] = [];
  let failures = 0;
  let issued = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  async function lane() {
    while (issued < maxRequests && performance.now() < deadline) {
      issued++;
      const t = performance.now();
      const status = await send(agent, url, q);
      latencies.push(performance.now() - t);
      if (status !== 200) failures++;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, lane));
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: pct(50),
    p99: pct(99),
    max: latencies[latencies.length - 1],
    failures,
  };
}

/** Waits until the server's workers have loaded the engine (the first requests would otherwise wait). */
async function untilReady(url: URL): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const health = (await (await fetch(new URL('/api/health', url))).json()) as { workersReady?: boolean };
    if (health.workersReady) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the server's workers did not start within 10 s");
}

const server = await startServer();
try {
  await untilReady(server.url);
  console.log(
    `nimber loadtest: ${server.url.host} (loopback), concurrency ${concurrency}, at most ${maxRequests} requests or ${seconds} s per query\n`,
  );
  const rows = [['query', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'non-200']];
  for (const q of QUERIES) {
    const r = await measure(server.url, q);
    rows.push([
      q.label,
      String(r.requests),
      r.rps.toFixed(0),
      r.p50.toFixed(2),
      r.p99.toFixed(2),
      r.max.toFixed(2),
      String(r.failures),
    ]);
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  for (const row of rows)
    console.log(row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
} finally {
  server.stop();
}
