/**
 * A real redis-server for the queue tests (Debian's package; .ci/run installs it): started on a
 * free loopback port with persistence off, ready once it answers with its own process id, stopped by its PID.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

export interface RedisServer {
  readonly port: number;
  /** redis://127.0.0.1:port */
  readonly url: string;
  stop(): Promise<void>;
}

/** A TCP port on 127.0.0.1 nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Fails, naming the package, when redis-server is not installed. Called at the top of a test file, it
 * fails the file before any test is collected; from a beforeAll (as in startRedis) Vitest fails the
 * file too, but lists its tests as skipped.
 */
export function requireRedisServer(): void {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error) {
    throw new Error(
      'redis-server is not installed; the queue tests need it: apt-get install redis-server (.ci/run installs it)',
    );
  }
}

/** Starts redis-server; fails (never skips) when it is not installed. */
export async function startRedis(): Promise<RedisServer> {
  requireRedisServer();
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tmpdir()],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let log = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (log += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (log += d));
    try {
      await untilAnswers(port, child);
      return { port, url: `redis://127.0.0.1:${port}`, stop: () => stopChild(child) };
    } catch (e) {
      await stopChild(child);
      // another process may have taken the port between the probe and the start: try another
      if (attempt < 2 && /in use/i.test(`${log} ${(e as Error).message}`)) continue;
      throw new Error(`redis-server did not start on port ${port}: ${(e as Error).message}\n${log.slice(-2000)}`);
    }
  }
}

/**
 * Resolves once the redis-server of `child` answers on the port (within a minute: a guard against a
 * hang, not a speed limit), rejects if it exits first. The answer must name the child's process id: a
 * server that lost the port to another suite's (taken between the free-port probe and the start) sees
 * another server answer there.
 */
async function untilAnswers(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`redis-server exited (${child.exitCode ?? child.signalCode})`);
    const pid = await answeringPid(port);
    if (pid === child.pid) return;
    if (pid !== null) throw new Error(`another redis-server (process ${pid}) answers on port ${port}: in use`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no answer within 60 s');
}

/** The process id of the redis-server answering on the port (INFO server), or null when none answers. */
function answeringPid(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write('INFO server\r\n'));
    socket.on('data', (d: string) => {
      reply += d;
      const pid = /process_id:(\d+)\r\n/.exec(reply);
      if (pid !== null || reply.startsWith('-')) {
        socket.destroy();
        resolve(pid === null ? null : Number(pid[1]));
      }
    });
    socket.on('error', () => resolve(null));
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(null);
    });
  });
}

/** SIGTERM, then SIGKILL if it has not exited within 3 s; resolves when it has exited. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Starts `nimber [global options] worker --queue <url> --concurrency 1 --name <name>`, adding its
 * stdout lines to `lines`; `ready` resolves once it takes jobs and rejects if it exits first.
 */
export function startQueueWorker(
  url: string,
  name: string,
  lines: string[],
  globalOptions: readonly string[] = [],
): { child: ChildProcess; ready: Promise<void> } {
  const child = spawn(
    process.execPath,
    ['bin/nimber.js', ...globalOptions, 'worker', '--queue', url, '--concurrency', '1', '--name', name],
    { cwd: ROOT },
  );
  child.stdout!.setEncoding('utf8').on('data', (d: string) => lines.push(...d.split('\n').filter(Boolean)));
  let stderr = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      if (stderr.includes('takes games from')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`worker ${name} exited (${code}): ${stderr}`)));
  });
  return { child, ready };
}
