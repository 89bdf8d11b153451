/**
 * `nimber table … --queue`: the boards of a table as jobs on the census's BullMQ queue, computed by
 * real `nimber worker` processes against a redis-server started here. The table must equal the one
 * computed in process; certificates come back through Redis and verify; a second run finds every
 * board already done in Redis; bad job data is refused by the worker without a retry.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_QUEUE_NAME } from '../../../src/adapters/queue/settings.ts';
import { rectangleTable } from '../../../src/service/operations.ts';
import { nimber } from '../../helpers/cli.ts';
import { requireRedisServer, startRedis, stopChild, type RedisServer, startQueueWorker } from '../../helpers/redis.ts';

// without redis-server the file fails here, naming the package, before any test is collected
requireRedisServer();

const dir = mkdtempSync(join(tmpdir(), 'nimber-board-queue-'));
let redis: RedisServer;
const workers: ChildProcess[] = [];
const workerLines: string[] = [];

/** Starts `nimber worker` on the queue and resolves once it takes jobs. */
function startWorker(name: string): Promise<void> {
  const { child, ready } = startQueueWorker(redis.url, name, workerLines);
  workers.push(child);
  return ready;
}

beforeAll(async () => {
  redis = await startRedis();
  await Promise.all([startWorker('a'), startWorker('b')]);
});

afterAll(async () => {
  await Promise.all(workers.map(stopChild));
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

type Cell = { rows: number; cols: number; grundy: number | null; method: string; verified: boolean; reused: boolean };
const valuesOf = (cells: Cell[]) => cells.map((c) => [c.rows, c.cols, c.grundy, c.method]);

describe('nimber table --queue', () => {
  it('two workers compute the boards; the table equals the one computed in process', async () => {
    const certs = join(dir, 'certs');
    const r = await nimber([
      'table',
      'cram',
      '--rows',
      '1..4',
      '--cols',
      '2..5',
      '--queue',
      redis.url,
      '--certificates',
      certs,
      '--json',
    ]);
    expect(r.stderr).toMatch(/16 boards enqueued, 0 already done/);
    expect(r.code).toBe(0);
    const cells: Cell[] = JSON.parse(r.stdout).cells;
    const local = rectangleTable('cram', '1..4', '2..5', 60_000).cells;
    expect(valuesOf(cells)).toEqual(valuesOf(local as Cell[]));
    expect(cells.every((c) => c.verified && !c.reused)).toBe(true);
    // the certificates came back through Redis and verify on their own
    const v = await nimber(['verify', join(certs, 'cram-4x5.cert.gz'), '--json']);
    expect(JSON.parse(v.stdout)).toMatchObject({ grundy: 2, format: 2 });
    // every board was computed by a worker, its line printed there
    expect(
      workerLines.filter((l) => /^board \d+ x \d+: Grundy value \d+ \(.*certificate checked\)$/.test(l)),
    ).toHaveLength(16);
  });

  it('a second run finds every board done in Redis; a store reuses them without the queue', async () => {
    const store = join(dir, 'store.jsonl');
    const again = await nimber([
      'table',
      'cram',
      '--rows',
      '1..4',
      '--cols',
      '2..5',
      '--queue',
      redis.url,
      '--certificates',
      join(dir, 'c2'),
      '--store',
      store,
      '--json',
    ]);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/0 boards enqueued, 16 already done/);
    const cells: Cell[] = JSON.parse(again.stdout).cells;
    expect(cells.every((c) => c.verified)).toBe(true);
    const stored = await nimber([
      'table',
      'cram',
      '--rows',
      '1..4',
      '--cols',
      '2..5',
      '--queue',
      redis.url,
      '--store',
      store,
      '--json',
    ]);
    expect(stored.stderr).not.toMatch(/enqueued/);
    expect((JSON.parse(stored.stdout).cells as Cell[]).every((c) => c.reused)).toBe(true);
  });

  it('a worker refuses malformed board jobs at once (no retry), naming what is wrong', async () => {
    const queue = new Queue(DEFAULT_QUEUE_NAME, { connection: { host: '127.0.0.1', port: redis.port } });
    try {
      const job = await queue.add(
        'table-board',
        { game: 'nim', rows: 2, cols: 2, cellMs: 1000, certify: false, timeoutMs: 5000 },
        { attempts: 3 },
      );
      // polled in Redis rather than awaited through events: nothing can be missed on a loaded machine;
      // the deadline guards against a hang (a loaded machine may take long to reach the job), "at once"
      // is the single attempt below
      const deadline = Date.now() + 300_000;
      while ((await queue.getJobState(job.id!)) !== 'failed') {
        if (Date.now() > deadline) throw new Error(`the malformed job is still ${await queue.getJobState(job.id!)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const failed = await queue.getJob(job.id!);
      expect(failed?.failedReason).toMatch(/table needs a game played on rectangles/);
      expect(failed?.attemptsMade).toBe(1);
    } finally {
      await queue.close();
    }
  });
});
