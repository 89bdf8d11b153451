/**
 * `npm run soak`: issue 35's soak test. Starts a real `nimber serve` on a free loopback port and
 * drives a busy site's mixed load at it for 10 minutes (`--seconds N`): 12 keep-alive connections, a
 * third of the requests expensive searches that run into the time limit (cram:9x9, sprouts:17,
 * chomp:14x14, poset:subsets:6), the rest cheap /api/grundy and /api/nim requests, and among them
 * hostile ones (bodies over 1 MiB, deep nesting, huge arrays, unsafe integers, clients that hang up
 * mid-body, slow bodies). /api/health is polled every 100 ms on a connection of its own, and the
 * server's resident memory (its threads share the process) is sampled from /proc.
 *
 * It prints the replies by status and kind, latency percentiles per kind, the latest 504 beyond the
 * limit, /api/health's p50/p99/max, the peak resident memory and the lines the server wrote to
 * stderr, and exits 1 if the server died, any reply was 500, a 504 came later than the limit +
 * 0.2 s, /api/health's p99 reached 100 ms, the memory passed 300 MB or a limit case was answered
 * wrongly (it says which). tests/server/soak.test.ts runs the same driver for 60 s.
 *
 *   npm run soak -- --seconds 60 --threads 2
 *
 * `--root DIR` starts DIR/bin/nimber.js instead of this checkout's: a copy of the built package, when
 * something may rebuild this checkout's dist/ during the run (a worker restarted after a time-out
 * loads its module again).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { seededRandom } from '../src/engine/random.ts';

/** What the issue asks of the server under this load. */
export const SOAK_BOUNDS = { late504Ms: 200, healthP99Ms: 100, residentMiB: 300 } as const;

export interface SoakOptions {
  seconds: number;
  /** Keep-alive connections sending the load (the health probe has one more). */
  connections?: number;
  /** The server's --threads; absent: its default. */
  threads?: number;
  timeLimitMs?: number;
  /** The directory whose bin/nimber.js is started; absent: this checkout. */
  root?: string;
  /** Where a line of progress goes (every 10 s); absent: nowhere. */
  progress?: (line: string) => void;
}

/** The kinds of request, each with its own latency percentiles. */
export type RequestKind = 'search' | 'grundy' | 'nim' | 'hostile' | 'health';

export interface SoakReport {
  seconds: number;
  timeLimitMs: number;
  /** Replies by kind and status ("0" for no reply: an error or 30 s of silence). */
  statuses: Map<RequestKind, Map<number, number>>;
  /** Latencies (ms) by kind, sorted. */
  latencies: Map<RequestKind, number[]>;
  /** Hostile requests by case, with the statuses they got. */
  hostile: Map<string, Map<string, number>>;
  /** The latest 504 beyond the time limit (ms; negative: all were early), or null without one. */
  worst504BeyondMs: number | null;
  residentPeakMiB: number | null;
  /** The server process's CPU time (user + system, all threads) over the run, in seconds. */
  serverCpuSeconds: number | null;
  stderrLines: number;
  /** The server's last stderr lines (at most 20). */
  stderrTail: string[];
  /** Set when the server exited during the run: its exit code or signal. */
  died: string | null;
  /** Limit cases answered wrongly and other defects, one line each (at most 50, then counted). */
  defects: string[];
  defectCount: number;
}

const SEARCHES = ['cram:9x9', 'sprouts:17', 'chomp:14x14', 'poset:subsets:6'];

/** Starts `nimber serve` on a free loopback port and waits until its workers are ready. */
async function startServer(options: SoakOptions, stderr: (line: string) => void) {
  const root = options.root ?? fileURLToPath(new URL('..', import.meta.url));
  const threads = options.threads === undefined ? [] : ['--threads', String(options.threads)];
  const child = spawn(
    process.execPath,
    [
      'bin/nimber.js',
      ...threads,
      '--no-cache',
      'serve',
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--time-limit',
      String(options.timeLimitMs ?? 2000),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let pending = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) stderr(line);
  });
  const url = await new Promise<URL>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /serving (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) resolve(new URL(m[1]));
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`nimber serve exited (${code ?? signal}) before listening: ${out}`)),
    );
  });
  for (let i = 0; ; i++) {
    const health = (await (await fetch(new URL('/api/health', url))).json()) as { workersReady?: boolean };
    if (health.workersReady) break;
    if (i === 300) throw new Error("the server's workers did not start within 30 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url };
}

/** User plus system CPU seconds of a process (all its threads), from /proc; null off Linux. */
function cpuSeconds(pid: number): number | null {
  try {
    // the fields after the command's name, which is in parentheses and may hold spaces
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return null;
  }
}

function residentMiB(pid: number): number | null {
  try {
    const kib = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? null : Number(kib) / 1024;
  } catch {
    return null;
  }
}

interface Reply {
  status: number;
  body: string;
  ms: number;
}

/** One request on a keep-alive agent; status 0 when it failed or got no reply in 30 s. */
function send(agent: Agent, url: URL, method: 'GET' | 'POST', path: string, body?: string): Promise<Reply> {
  const start = performance.now();
  return new Promise((resolve) => {
    const done = (status: number, text: string) => resolve({ status, body: text, ms: performance.now() - start });
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method,
        path,
        timeout: 30_000,
        headers:
          body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.once('end', () => done(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
        res.once('error', () => done(0, ''));
      },
    );
    req.once('timeout', () => req.destroy(new Error('no reply in 30 s')));
    req.once('error', () => done(0, ''));
    req.end(body);
  });
}

/** What a raw socket saw: the first reply's status and headers, and what became of the connection after it. */
export interface RawResult {
  status: number;
  headers: string;
  /** After the first reply a second request was sent: 'answered', 'closed', or 'silent' (neither within 5 s). */
  after: 'answered' | 'closed' | 'silent' | 'not asked';
  /** The socket's error, if any (ECONNRESET: the server reset the connection, EPIPE: it stopped reading). */
  error: string | null;
  ms: number;
}

/**
 * Sends `head` and then `pieces` of body (each after `gapMs`) on a socket of its own; with `hangUpAfterMs`
 * it closes the socket that long after the last piece without waiting for a reply. With `followUp`,
 * once the first reply is complete it sends a GET /api/health on the same connection.
 */
export function rawRequest(
  url: URL,
  head: string,
  pieces: (string | Buffer)[],
  options: { gapMs?: number; hangUpAfterMs?: number; followUp?: boolean },
): Promise<RawResult> {
  const start = performance.now();
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let buffer = Buffer.alloc(0);
    let first: { status: number; headers: string } | null = null;
    let after: RawResult['after'] = options.followUp ? 'silent' : 'not asked';
    let settled = false;
    let error: string | null = null;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(guard);
      socket.destroy();
      resolve({
        status: first?.status ?? 0,
        headers: first?.headers ?? '',
        after,
        error,
        ms: performance.now() - start,
      });
    };
    const guard = setTimeout(finish, 40_000);
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error ??= e.code ?? e.message;
    });
    socket.on('close', () => {
      if (first && after === 'silent') after = 'closed';
      finish();
    });
    /** The length of the first complete reply in `buffer`, or 0 while it is incomplete. */
    const replyLength = (): number => {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return 0;
      const headers = buffer.subarray(0, end).toString('latin1');
      const length = /^content-length:\s*(\d+)/im.exec(headers);
      if (length) return buffer.length >= end + 4 + Number(length[1]) ? end + 4 + Number(length[1]) : 0;
      if (/^transfer-encoding:\s*chunked/im.test(headers)) {
        const last = buffer.indexOf('\r\n0\r\n\r\n', end);
        return last < 0 ? 0 : last + 7;
      }
      return end + 4;
    };
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!first) {
        const length = replyLength();
        if (length === 0) return;
        const text = buffer.subarray(0, buffer.indexOf('\r\n\r\n')).toString('latin1');
        first = { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), headers: text };
        buffer = buffer.subarray(length);
        if (!options.followUp) return finish();
        socket.write(`GET /api/health HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`, () => {});
        setTimeout(finish, 5_000);
      }
      if (first && options.followUp && /^HTTP\/1\.1 \d{3}/.test(buffer.toString('latin1'))) {
        after = 'answered';
        finish();
      }
    });
    socket.once('connect', async () => {
      socket.write(head);
      for (const piece of pieces) {
        if (options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
        if (socket.destroyed) return;
        socket.write(piece);
      }
      if (options.hangUpAfterMs !== undefined) {
        await new Promise((r) => setTimeout(r, options.hangUpAfterMs));
        finish();
      }
    });
  });
}

export const postHead = (url: URL, path: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

/** A hostile case: what it sends and what it must get; `check` returns a defect's words, or null. */
interface HostileCase {
  name: string;
  run(
    url: URL,
    agent: Agent,
    rand: () => number,
  ): Promise<{ status: number; ms: number; defect: string | null; after?: RawResult['after'] }>;
}

/** The same body every time: the clients should spend their time sending, not building. */
const OVER_1_MIB = `{"ruleset":"nim","heaps":[1],"pad":"${'x'.repeat(1_100_000)}"}`;
const DEEP = `{"ruleset":"nim","heaps":${'['.repeat(200_000)}1${']'.repeat(200_000)}}`;
const HUGE_ARRAY = JSON.stringify({ ruleset: 'nim', heaps: Array(300_000).fill(1) });
const UNSAFE = '{"op":"sum","values":[9007199254740993,0]}';

const expectStatus = (name: string, got: number, allowed: number[]) =>
  allowed.includes(got) ? null : `${name}: ${got}, expected ${allowed.join(' or ')}`;

const HOSTILE: HostileCase[] = [
  {
    name: 'body over 1 MiB (then a request on the same connection)',
    async run(url) {
      const r = await rawRequest(url, postHead(url, '/api/analyze', Buffer.byteLength(OVER_1_MIB)), [OVER_1_MIB], {
        followUp: true,
      });
      const defect =
        r.status === 0
          ? `body over 1 MiB: no reply, the connection ${r.error ? `failed (${r.error})` : 'closed'} after ${r.ms.toFixed(0)} ms, expected 413`
          : r.status !== 413
            ? `body over 1 MiB: ${r.status}, expected 413`
            : r.after === 'silent'
              ? `body over 1 MiB: after the 413 (${/^connection:.*$/im.exec(r.headers)?.[0] ?? 'no Connection header'}) the next request on the connection got no reply in 5 s`
              : null;
      return { status: r.status, ms: r.ms, defect, after: r.after };
    },
  },
  {
    name: 'nesting 200,000 deep',
    async run(url, agent) {
      const r = await send(agent, url, 'POST', '/api/analyze', DEEP);
      return { status: r.status, ms: r.ms, defect: expectStatus('nesting 200,000 deep', r.status, [422]) };
    },
  },
  {
    name: 'an array of 300,000 heaps',
    async run(url, agent) {
      const r = await send(agent, url, 'POST', '/api/analyze', HUGE_ARRAY);
      return { status: r.status, ms: r.ms, defect: expectStatus('an array of 300,000 heaps', r.status, [413]) };
    },
  },
  {
    name: 'the unsafe integer 9007199254740993 on /api/nim',
    async run(url, agent) {
      const r = await send(agent, url, 'POST', '/api/nim', UNSAFE);
      let defect: string | null = null;
      if (r.status === 200) {
        const result = (JSON.parse(r.body) as { result?: string }).result;
        if (result !== '9007199254740993')
          defect = `POST /api/nim ${UNSAFE}: 200 with result ${result}, expected 422 or 9007199254740993`;
      } else defect = expectStatus(`POST /api/nim ${UNSAFE}`, r.status, [422, 503, 504]);
      return { status: r.status, ms: r.ms, defect };
    },
  },
  {
    name: 'a client that hangs up mid-body',
    async run(url) {
      const body = JSON.stringify({ ruleset: 'nim', heaps: Array(500).fill(7) });
      const r = await rawRequest(url, postHead(url, '/api/analyze', body.length), [body.slice(0, body.length >> 1)], {
        hangUpAfterMs: 50,
      });
      return { status: r.status, ms: r.ms, defect: null };
    },
  },
  {
    name: 'a slow body (10 pieces, 150 ms apart)',
    async run(url, _agent, rand) {
      const a = 1 + Math.floor(rand() * 2 ** 30);
      const b = 1 + Math.floor(rand() * 2 ** 30);
      const body = JSON.stringify({ op: 'sum', values: [a, b] });
      const pieces = Array.from({ length: 10 }, (_, i) =>
        body.slice(Math.floor((i * body.length) / 10), Math.floor(((i + 1) * body.length) / 10)),
      );
      const r = await rawRequest(url, postHead(url, '/api/nim', body.length), pieces, { gapMs: 150 });
      return { status: r.status, ms: r.ms, defect: expectStatus('a slow body', r.status, [200, 503, 504]) };
    },
  },
];

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs the soak against a fresh server and returns what it saw; the server is stopped afterwards. */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const timeLimitMs = options.timeLimitMs ?? 2000;
  const connections = options.connections ?? 12;
  const stderrTail: string[] = [];
  let stderrLines = 0;
  const { child, url } = await startServer({ ...options, timeLimitMs }, (line) => {
    stderrLines++;
    stderrTail.push(line);
    if (stderrTail.length > 20) stderrTail.shift();
  });
  const report: SoakReport = {
    seconds: options.seconds,
    timeLimitMs,
    statuses: new Map(),
    latencies: new Map(),
    hostile: new Map(),
    worst504BeyondMs: null,
    residentPeakMiB: null,
    serverCpuSeconds: null,
    stderrLines: 0,
    stderrTail,
    died: null,
    defects: [],
    defectCount: 0,
  };
  const pid = child.pid!;
  const cpuBefore = cpuSeconds(pid);
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) report.died = `exit ${code ?? signal}`;
  });
  /** Requests that got no reply: defects unless the server died (then its death is the one failure). */
  const unanswered: string[] = [];
  const defect = (line: string) => {
    if (report.died !== null) return;
    if (/: 0(,|$)/.test(line)) {
      unanswered.push(line);
      return;
    }
    report.defectCount++;
    if (report.defects.length < 50) report.defects.push(line);
  };
  const record = (kind: RequestKind, status: number, ms: number) => {
    const byStatus = report.statuses.get(kind) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    report.statuses.set(kind, byStatus);
    const list = report.latencies.get(kind) ?? [];
    list.push(ms);
    report.latencies.set(kind, list);
    if (status === 500) defect(`a 500 (${kind})`);
    if (status === 504) report.worst504BeyondMs = Math.max(report.worst504BeyondMs ?? -Infinity, ms - timeLimitMs);
  };

  const sampler = setInterval(() => {
    const mib = residentMiB(pid);
    if (mib !== null) report.residentPeakMiB = Math.max(report.residentPeakMiB ?? 0, mib);
  }, 200);
  const until = performance.now() + options.seconds * 1000;
  const alive = () => performance.now() < until && report.died === null;
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  let issued = 0;

  const lane = async (id: number) => {
    const rand = seededRandom(0x5eed + id);
    while (alive()) {
      const n = issued++;
      if (n % 3 === 0) {
        const ruleset = SEARCHES[(n / 3) % SEARCHES.length];
        const r = await send(agent, url, 'POST', '/api/analyze', JSON.stringify({ ruleset }));
        record('search', r.status, r.ms);
        if (![200, 503, 504].includes(r.status))
          defect(`POST /api/analyze {"ruleset":"${ruleset}"}: ${r.status} ${r.body.slice(0, 300)}`);
      } else if (n % 6 === 1) {
        const hostile = HOSTILE[Math.floor(n / 6) % HOSTILE.length];
        const r = await hostile.run(url, agent, rand);
        record('hostile', r.status, r.ms);
        const byStatus = report.hostile.get(hostile.name) ?? new Map<string, number>();
        const key = `${r.status || 'none'}${r.after ? `, then ${r.after}` : ''}`;
        byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
        report.hostile.set(hostile.name, byStatus);
        if (r.defect) defect(r.defect);
      } else if (n % 2 === 0) {
        // a small window of a subtraction game: cached or computed in milliseconds
        const k = 3 + Math.floor(rand() * 60);
        const to = 200 + Math.floor(rand() * 800);
        const r = await send(agent, url, 'GET', `/api/grundy?ruleset=subtract:1,2,${k}&to=${to}`);
        record('grundy', r.status, r.ms);
        if (![200, 503, 504].includes(r.status))
          defect(`GET /api/grundy?ruleset=subtract:1,2,${k}&to=${to}: ${r.status}`);
      } else {
        // a nim-sum is an exclusive or: the reference is one operator
        const a = Math.floor(rand() * 2 ** 31);
        const b = Math.floor(rand() * 2 ** 31);
        const body = JSON.stringify({ op: 'sum', values: [a, b] });
        const r = await send(agent, url, 'POST', '/api/nim', body);
        record('nim', r.status, r.ms);
        if (r.status === 200) {
          const result = (JSON.parse(r.body) as { result?: string }).result;
          if (result !== String((a ^ b) >>> 0))
            defect(`POST /api/nim ${body}: result ${result}, expected ${(a ^ b) >>> 0}`);
        } else if (![503, 504].includes(r.status)) defect(`POST /api/nim ${body}: ${r.status}`);
      }
    }
  };
  const health = async () => {
    const own = new Agent({ keepAlive: true, maxSockets: 1 });
    while (alive()) {
      const next = performance.now() + 100;
      const r = await send(own, url, 'GET', '/api/health');
      record('health', r.status, r.ms);
      if (r.status !== 200) defect(`GET /api/health: ${r.status}`);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
    own.destroy();
  };
  const ticker = options.progress
    ? setInterval(() => options.progress?.(`soak: ${issued} requests sent`), 10_000)
    : undefined;
  try {
    await Promise.all([...Array.from({ length: connections }, (_, id) => lane(id)), health()]);
    if (report.died === null) {
      // still answering after the load
      const after = await send(new Agent(), url, 'GET', '/api/health');
      if (after.status !== 200) defect(`GET /api/health after the load: ${after.status}`);
    }
  } finally {
    clearInterval(sampler);
    if (ticker) clearInterval(ticker);
    agent.destroy();
    const cpuAfter = cpuSeconds(pid);
    if (cpuBefore !== null && cpuAfter !== null) report.serverCpuSeconds = cpuAfter - cpuBefore;
    stopping = true;
    await stop(child);
  }
  if (report.died === null)
    for (const line of unanswered) {
      report.defectCount++;
      if (report.defects.length < 50) report.defects.push(`${line} (no reply)`);
    }
  for (const list of report.latencies.values()) list.sort((a, b) => a - b);
  report.stderrLines = stderrLines;
  return report;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** The bounds the run broke, one line each (empty: it passed). */
export function failures(report: SoakReport): string[] {
  const out: string[] = [];
  if (report.died) out.push(`the server died (${report.died})`);
  const fiveHundreds = [...report.statuses.values()].reduce((sum, m) => sum + (m.get(500) ?? 0), 0);
  if (fiveHundreds > 0) out.push(`${fiveHundreds} replies were 500`);
  if (report.worst504BeyondMs !== null && report.worst504BeyondMs > SOAK_BOUNDS.late504Ms)
    out.push(
      `a 504 came ${report.worst504BeyondMs.toFixed(0)} ms after the ${report.timeLimitMs} ms limit (at most ${SOAK_BOUNDS.late504Ms})`,
    );
  const health = report.latencies.get('health') ?? [];
  const p99 = percentile(health, 99);
  if (!(p99 < SOAK_BOUNDS.healthP99Ms))
    out.push(`/api/health p99 ${p99.toFixed(1)} ms (under ${SOAK_BOUNDS.healthP99Ms} required)`);
  if (report.residentPeakMiB !== null && report.residentPeakMiB > SOAK_BOUNDS.residentMiB)
    out.push(`resident memory peaked at ${report.residentPeakMiB.toFixed(0)} MiB (at most ${SOAK_BOUNDS.residentMiB})`);
  const other = report.defectCount - fiveHundreds;
  if (other > 0) out.push(`${other} limit cases or answers were wrong (listed above)`);
  return out;
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  return rows
    .map((row) => row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '))
    .join('\n');
}

/** The report as the script prints it. */
export function formatReport(report: SoakReport): string {
  const kinds: RequestKind[] = ['search', 'grundy', 'nim', 'hostile', 'health'];
  const statuses = [...new Set([...report.statuses.values()].flatMap((m) => [...m.keys()]))].sort((a, b) => a - b);
  const ms = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(1));
  const byKind = [
    [
      'kind',
      'requests',
      ...statuses.map((s) => (s === 0 ? 'none' : String(s))),
      'p50 ms',
      'p90 ms',
      'p99 ms',
      'max ms',
    ],
  ];
  for (const kind of kinds) {
    const m = report.statuses.get(kind);
    if (!m) continue;
    const lat = report.latencies.get(kind) ?? [];
    byKind.push([
      kind,
      String(lat.length),
      ...statuses.map((s) => String(m.get(s) ?? 0)),
      ms(percentile(lat, 50)),
      ms(percentile(lat, 90)),
      ms(percentile(lat, 99)),
      ms(lat[lat.length - 1] ?? Number.NaN),
    ]);
  }
  const hostile = [['hostile case', 'replies by status']];
  for (const [name, m] of report.hostile)
    hostile.push([name, [...m].map(([status, count]) => `${status}: ${count}`).join(', ')]);
  const health = report.latencies.get('health') ?? [];
  const lines = [
    `soak: ${report.seconds} s, time limit ${report.timeLimitMs} ms`,
    '',
    table(byKind),
    '',
    table(hostile),
    '',
    `worst 504 beyond the limit: ${report.worst504BeyondMs === null ? 'no 504' : `${report.worst504BeyondMs.toFixed(0)} ms`}`,
    `/api/health (every 100 ms): p50 ${ms(percentile(health, 50))} ms, p99 ${ms(percentile(health, 99))} ms, max ${ms(health[health.length - 1] ?? Number.NaN)} ms`,
    `server resident memory (process and workers) max: ${report.residentPeakMiB === null ? 'unknown (no /proc)' : `${report.residentPeakMiB.toFixed(0)} MiB`}`,
    `server CPU time: ${report.serverCpuSeconds === null ? 'unknown' : `${report.serverCpuSeconds.toFixed(1)} s`} over ${report.seconds} s of wall time`,
    `server stderr lines: ${report.stderrLines}`,
    `server: ${report.died ? `DIED (${report.died})` : 'up to the end'}`,
  ];
  if (report.stderrTail.length > 0) lines.push('', 'last stderr lines:', ...report.stderrTail.map((l) => `  ${l}`));
  if (report.defectCount > 0)
    lines.push(
      '',
      `defects (${report.defectCount}):`,
      ...report.defects.map((d) => `  ${d}`),
      ...(report.defectCount > report.defects.length
        ? [`  … and ${report.defectCount - report.defects.length} more`]
        : []),
    );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '600' },
      threads: { type: 'string' },
      connections: { type: 'string', default: '12' },
      root: { type: 'string' },
    },
  });
  const int = (name: string, text: string, max: number) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1 || n > max) {
      console.error(`soak: --${name} must be an integer in 1..${max}, got '${text}'`);
      process.exit(2);
    }
    return n;
  };
  const seconds = int('seconds', values.seconds, 86_400);
  const report = await runSoak({
    seconds,
    connections: int('connections', values.connections, 256),
    threads: values.threads === undefined ? undefined : int('threads', values.threads, 64),
    root: values.root,
    progress: (line) => console.error(line),
  });
  console.log(formatReport(report));
  const failed = failures(report);
  if (failed.length > 0) {
    console.log(`\nFAILED:\n${failed.map((f) => `  ${f}`).join('\n')}`);
    process.exit(1);
  }
  console.log('\npassed');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
