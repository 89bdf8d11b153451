/**
 * The distributed census with real parts: a redis-server started here, two `nimber worker`
 * processes, the coordinator in this process. The table from the queue must equal the one computed
 * in process by computeCensusRow (every field but the time), even with a worker killed mid-game.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeMisereCensusRow } from '../../../src/service/census/misere-game.ts';
import { createQueueExecutor } from '../../../src/adapters/queue/executor.ts';
import { startCensusWorker } from '../../../src/adapters/queue/worker.ts';
import { DEFAULT_QUEUE_NAME } from '../../../src/adapters/queue/settings.ts';
import { InputError } from '../../../src/engine/errors.ts';
import { parseTakeBreak } from '../../../src/engine/families/takebreak/index.ts';
import { computeCensusRow } from '../../../src/service/census/game.ts';
import type { CensusJob, CensusRow } from '../../../src/service/census/types.ts';
import { nimber } from '../../helpers/cli.ts';
import { freePort, requireRedisServer, startRedis, stopChild, type RedisServer } from '../../helpers/redis.ts';

// without redis-server the file fails here, naming the package, before any test is collected
requireRedisServer();

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Every field but the milliseconds, which differ from run to run. */
function timeless(rows: readonly CensusRow[]): Omit<CensusRow, 'ms'>[] {
  return rows.map(({ ms: _ms, ...rest }) => rest).sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

/** The 64 two-digit octal codes 0.d1d2 in standard form, bounded by heaps (never by seconds: the table must not depend on speed). */
const twoDigit: CensusJob[] = [];
for (let a = 0; a < 8; a++)
  for (let b = 0; b < 8; b++)
    twoDigit.push({ code: parseTakeBreak(`0.${a}${b}`).code, budget: { maxHeaps: 1 << 13, seconds: 600 } });
/** Grundy's game far enough to take a few seconds: the game a worker is killed in the middle of. */
const slow: CensusJob = { code: '4!.0', budget: { maxHeaps: 1 << 18, seconds: 600 } };

interface WorkerProcess {
  readonly name: string;
  readonly child: ChildProcess;
  readonly out: string[];
  readonly exited: Promise<number | null>;
}

let redis: RedisServer;
const processes: WorkerProcess[] = [];

/**
 * Starts `nimber worker` (one thread; locks of 10 s, so a dead worker's game is taken over within
 * about 11 s). With locks of 2 s, "does not compute a game again" saw a game computed twice on a
 * 2-core machine at load 16 (three suites at once): a live worker starved for a second misses its
 * renewal, and its game is taken again. It renews every 5 s now; a dead one's game still moves on.
 */
async function startWorker(name: string): Promise<WorkerProcess> {
  const child = spawn(
    process.execPath,
    [
      'bin/nimber.js',
      'worker',
      '--queue',
      redis.url,
      '--concurrency',
      '1',
      '--name',
      name,
      '--lock-duration',
      '10000',
      '--stalled-interval',
      '1000',
    ],
    { cwd: root },
  );
  const out: string[] = [];
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => out.push(...d.split('\n').filter(Boolean)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      if (stderr.includes('takes games from')) resolve();
    });
    void exited.then((code) => reject(new Error(`worker ${name} exited (${code}): ${stderr}`)));
  });
  const worker = { name, child, out, exited };
  processes.push(worker);
  return worker;
}

/** Polls `probe` until it answers; the deadline guards against a hang, not a slow machine. */
async function until<T>(probe: () => Promise<T | undefined>, what: string, ms = 300_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('census on a BullMQ queue', () => {
  let inspector: Queue;
  let a: WorkerProcess, b: WorkerProcess;

  beforeAll(async () => {
    redis = await startRedis();
    inspector = new Queue(DEFAULT_QUEUE_NAME, { connection: { host: '127.0.0.1', port: redis.port } });
  });

  afterAll(async () => {
    await inspector?.close();
    await Promise.all(processes.map((p) => stopChild(p.child)));
    await redis?.stop();
  });

  it('computes the table on two workers, one killed mid-game, identical to the embedded run', async () => {
    const jobs = [slow, ...twoDigit];
    const expected = timeless(jobs.map((job) => computeCensusRow(job)));
    [a, b] = await Promise.all([startWorker('worker-a'), startWorker('worker-b')]);
    const status: string[] = [];
    const executor = await createQueueExecutor(redis.url, { onStatus: (line) => status.push(line), pollMs: 500 });
    try {
      const rows: CensusRow[] = [];
      const running = executor.run(jobs, (row) => rows.push(row));
      // the worker computing Grundy's game dies without a word
      const holder = await until(async () => {
        const job = await inspector.getJob(slow.code);
        return job && (await job.getState()) === 'active' && job.processedBy ? job.processedBy : undefined;
      }, 'the slow game to start');
      const victim = holder === a.name ? a : b;
      const survivor = victim === a ? b : a;
      victim.child.kill('SIGKILL');
      await running;
      expect(timeless(rows)).toEqual(expected);
      // the game was taken over after its lock expired, and computed by the other worker
      const job = (await inspector.getJob(slow.code))!;
      expect(job.stalledCounter).toBeGreaterThanOrEqual(1);
      expect(job.processedBy).toBe(survivor.name);
      await until(
        async () =>
          survivor.out.some((line) => line.startsWith(`${slow.code} unsolved at 262,144 heaps`)) ? true : undefined,
        "the survivor's line",
      );
      expect(status).toContain(`queue ${DEFAULT_QUEUE_NAME}: ${jobs.length} games enqueued, 0 already done`);
    } finally {
      await executor.close();
    }
  });

  it('nimber census --queue prints the same table as the embedded run', async () => {
    // the survivor of the test above is still taking games
    const args = [
      'census',
      'takebreak',
      '--digits',
      '1',
      '--prefix',
      '4.',
      '--max-heaps',
      '2^12',
      '--no-store',
      '--format',
      'json',
    ];
    const [queued, embedded] = await Promise.all([
      nimber([...args, '--queue', redis.url]),
      nimber([...args, '--threads', '1']),
    ]);
    expect(queued.stderr).toMatch(/games enqueued/);
    expect(queued.code).toBe(0);
    expect(embedded.code).toBe(0);
    type Table = { rows: { ms?: number }[]; summary: { computeMs?: number } };
    const untimed = (text: string) => {
      const table = JSON.parse(text) as Table;
      return {
        ...table,
        rows: table.rows.map(({ ms: _ms, ...rest }) => rest),
        summary: { ...table.summary, computeMs: 0 },
      };
    };
    expect(untimed(queued.stdout)).toEqual(untimed(embedded.stdout));
    expect(untimed(queued.stdout).rows.length).toBe(6);
  });

  it('does not compute a game again, however often it is enqueued', async () => {
    const survivor = a.child.exitCode === null && a.child.signalCode === null ? a : b;
    const finishedOn = async (codes: readonly string[]) =>
      Promise.all(codes.map(async (code) => (await inspector.getJob(code))?.finishedOn));
    const all = [slow, ...twoDigit].map((job) => job.code);
    const before = await finishedOn(all);
    const status: string[] = [];
    const executor = await createQueueExecutor(redis.url, { onStatus: (line) => status.push(line), pollMs: 500 });
    const other = await createQueueExecutor(redis.url, { pollMs: 500 });
    try {
      // the whole table again: every game already done
      const rows: CensusRow[] = [];
      await executor.run([slow, ...twoDigit], (row) => rows.push(row));
      expect(rows).toHaveLength(twoDigit.length + 1);
      expect(status).toContain(`queue ${DEFAULT_QUEUE_NAME}: 0 games enqueued, ${twoDigit.length + 1} already done`);
      expect(await finishedOn(all)).toEqual(before);
      // new games enqueued by two coordinators at once: computed once, both get the rows
      const fresh: CensusJob[] = ['0.137', '0.123', '0.156', '0.345', '0.772'].map((code) => ({
        code,
        budget: { maxHeaps: 1 << 12, seconds: 600 },
      }));
      const first: CensusRow[] = [],
        second: CensusRow[] = [];
      await Promise.all([executor.run(fresh, (row) => first.push(row)), other.run(fresh, (row) => second.push(row))]);
      expect(timeless(first)).toEqual(timeless(fresh.map((job) => computeCensusRow(job))));
      expect(timeless(second)).toEqual(timeless(first));
      // (the worker prints its line just after storing the row: wait for the lines to arrive)
      const printed = (code: string) => survivor.out.filter((line) => line.startsWith(`${code} `)).length;
      await until(async () => (fresh.every(({ code }) => printed(code) > 0) ? true : undefined), "the worker's lines");
      for (const { code } of fresh) expect(printed(code)).toBe(1);
    } finally {
      await Promise.all([executor.close(), other.close()]);
    }
  });

  it('a misère census job is its own job (misere-<code>) on the same queue and workers', async () => {
    const budget = { maxHeaps: 1001, maxWork: 3e7, seconds: 600 };
    const jobs: CensusJob[] = ['0.75', '0.77', '0.07'].map((code) => ({ code, budget, convention: 'misere' }));
    const executor = await createQueueExecutor(redis.url, { pollMs: 500 });
    try {
      const rows: CensusRow[] = [];
      await executor.run(jobs, (row) => rows.push(row));
      expect(timeless(rows)).toEqual(timeless(jobs.map((job) => computeMisereCensusRow(job))));
      expect(rows.find((r) => r.code === '0.75')).toMatchObject({ convention: 'misere', status: 'solved', order: 8 });
      expect((await inspector.getJob('misere-0.75'))?.returnvalue).toMatchObject({ convention: 'misere' });
      // the normal-play job of the same code is another job, its row a normal row
      expect((await inspector.getJob('0.75'))?.returnvalue?.convention).toBeUndefined();
    } finally {
      await executor.close();
    }
  });

  it('computes an unsolved game again under a larger budget, a solved one never', async () => {
    const status: string[] = [];
    const executor = await createQueueExecutor(redis.url, { onStatus: (line) => status.push(line), pollMs: 500 });
    try {
      const rows: CensusRow[] = [];
      const larger = { maxHeaps: 1 << 14, seconds: 600 };
      await executor.run(
        [
          { code: '0.6', budget: larger },
          { code: '0.07', budget: larger },
        ],
        (row) => rows.push(row),
      );
      expect(status).toContain(`queue ${DEFAULT_QUEUE_NAME}: 1 game enqueued, 1 already done`);
      const byCode = new Map(rows.map((row) => [row.code, row]));
      expect(byCode.get('0.6')).toMatchObject({ status: 'unsolved', heaps: 1 << 14, budget: larger });
      expect(byCode.get('0.07')).toMatchObject({
        status: 'solved',
        preperiod: 53,
        period: 34,
        budget: twoDigit[0].budget,
      });
    } finally {
      await executor.close();
    }
  });

  it('fails a game that passes its time limit on every attempt, naming it', async () => {
    const executor = await createQueueExecutor(redis.url, {
      timeoutMs: () => 300,
      attempts: 2,
      backoffMs: 50,
      pollMs: 500,
    });
    try {
      // the message is the time limit's (a worker found dead says otherwise); how long the two attempts
      // take is the machine's business: they were asserted under 15 s, which a busy machine can pass
      await expect(
        executor.run([{ code: '0.6', budget: { maxHeaps: 1 << 18, seconds: 600 } }], () => {}),
      ).rejects.toThrow(/^census job 0\.6 failed after 2 attempts: 0\.6 passed its time limit of 0\.3 s/);
    } finally {
      await executor.close();
    }
  });

  it('on Ctrl-C a worker hands its game back to the queue and exits 130; the coordinator stops when signalled', async () => {
    const survivor = a.child.exitCode === null && a.child.signalCode === null ? a : b;
    const executor = await createQueueExecutor(redis.url, { pollMs: 500 });
    const controller = new AbortController();
    try {
      const running = executor.run(
        [{ code: slow.code, budget: { maxHeaps: 1 << 19, seconds: 600 } }],
        () => {},
        controller.signal,
      );
      await until(async () => {
        const job = await inspector.getJob(slow.code);
        return job && (await job.getState()) === 'active' ? true : undefined;
      }, 'the slow game to start again');
      survivor.child.kill('SIGINT');
      expect(await survivor.exited).toBe(130);
      // back in the waiting list at once, not after its lock expires
      expect(await inspector.getJobState(slow.code)).toBe('waiting');
      controller.abort();
      await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      await executor.close();
    }
  });

  it('refuses a database number the server does not have, in one line (exit 2 from the CLI)', async () => {
    const url = `${redis.url}/99`;
    await expect(createQueueExecutor(url, { connectTimeoutMs: 1000 })).rejects.toThrow(
      /^Redis at redis:\/\/127\.0\.0\.1:\d+\/99 has no database 99 \(ERR DB index is out of range\)/,
    );
    await expect(startCensusWorker(url, { connectTimeoutMs: 1000 })).rejects.toBeInstanceOf(InputError);
    const worker = await nimber(['worker', '--queue', url]);
    expect(worker.code).toBe(2);
    expect(worker.stderr).toMatch(/^nimber: Redis at redis:\/\/127\.0\.0\.1:\d+\/99 has no database 99 [^\n]*\n$/);
    // a database it has is fine
    const executor = await createQueueExecutor(`${redis.url}/15`, { connectTimeoutMs: 1000 });
    await executor.close();
  });
});

describe('queue errors', () => {
  it('rejects a URL that is not redis://host:port with an InputError', async () => {
    for (const url of ['http://127.0.0.1:6379', 'redis://', 'redis://host:99999', 'redis://host/x', 'not a url']) {
      await expect(createQueueExecutor(url)).rejects.toBeInstanceOf(InputError);
      await expect(startCensusWorker(url)).rejects.toBeInstanceOf(InputError);
    }
  });

  it('reports an unreachable Redis in one line within seconds (exit 2 from the CLI)', async () => {
    const port = await freePort();
    // "within 1 s" is the limit given, not the default 3 s; a stopwatch here (under 4 s) could fail on
    // a busy machine and shows nothing more
    await expect(createQueueExecutor(`redis://127.0.0.1:${port}`, { connectTimeoutMs: 1000 })).rejects.toThrow(
      new RegExp(`^cannot reach Redis at redis://127\\.0\\.0\\.1:${port} within 1 s \\(connect ECONNREFUSED`),
    );
    const [unreachable, bad] = await Promise.all([
      nimber(['worker', '--queue', `redis://127.0.0.1:${port}`]),
      nimber(['worker', '--queue', 'redis//oops']),
    ]);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(
      /^nimber: cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+ within 3 s \(connect ECONNREFUSED[^\n]*\n$/,
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^nimber: --queue 'redis\/\/oops' is not a URL[^\n]*\n$/);
  });
});

describe('a worker whose Redis is gone', () => {
  it('stops on SIGTERM all the same, saying its games go back when their locks expire', async () => {
    const own = await startRedis();
    const child = spawn(process.execPath, ['bin/nimber.js', 'worker', '--queue', own.url, '--concurrency', '1'], {
      cwd: root,
    });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await until(async () => (stderr.includes('takes games from') ? true : undefined), 'the worker to start');
      await own.stop();
      // handing its games back needs Redis: before, the orderly stop waited for it forever
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(stderr).toMatch(
        /nimber worker: stopped without Redis \(no answer within 10 s\): the games it was computing go back to the queue when their locks expire/,
      );
    } finally {
      child.kill('SIGKILL');
      await own.stop();
    }
  });
});
