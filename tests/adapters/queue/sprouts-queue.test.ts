/**
 * `nimber table sprouts --spots … --queue`: each start's options as jobs on the queue, computed by
 * real `nimber worker` processes (their cache directory a fresh one) against a redis-server started
 * here. The outcomes are the published ones (normal play P exactly when n mod 6 is 0, 1 or 2:
 * Applegate, Jacobson and Sleator 1991, Lemoine and Viennot; misère play OEIS A164950) and the
 * local table's; a second run finds every option done in Redis; bad job data is refused by the
 * worker without a retry; a refusal comes before anything is queued.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_QUEUE_NAME } from '../../../src/adapters/queue/settings.ts';
import { ENGINE_ENV } from '../../../src/service/env.ts';
import { readRequest, runOperation } from '../../../src/service/operation-table.ts';
import { nimber } from '../../helpers/cli.ts';
import {
  freePort,
  requireRedisServer,
  startRedis,
  stopChild,
  type RedisServer,
  startQueueWorker,
} from '../../helpers/redis.ts';

// without redis-server the file fails here, naming the package, before any test is collected
requireRedisServer();

const dir = mkdtempSync(join(tmpdir(), 'nimber-sprouts-queue-'));
let redis: RedisServer;
const workers: ChildProcess[] = [];
const workerLines: string[] = [];

/** Starts `nimber worker` on the queue, keeping what it proves in a cache directory of its own, and resolves once it takes jobs. */
function startWorker(name: string): Promise<void> {
  const { child, ready } = startQueueWorker(redis.url, name, workerLines, ['--cache-dir', join(dir, `cache-${name}`)]);
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

interface Row {
  size: number;
  normal: string | null;
  misere: string | null;
  nodes: number;
  method: string;
  winning: { normal: string | null; misere: string | null };
}
const outcomes = (rows: { size: number; normal: unknown; misere: unknown }[]) =>
  rows.map((r) => [r.size, r.normal, r.misere]);

/** The table of 1..7 spots on the queue, with a time limit no option comes near. */
const queued = () =>
  nimber(['table', 'sprouts', '--spots', '1..7', '--queue', redis.url, '--time-limit', '600', '--json']);

describe('nimber table sprouts --spots … --queue', () => {
  it('two workers search the options; the outcomes are the published ones and the local table’s', async () => {
    const r = await queued();
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/1 option enqueued, 0 already done/);
    const rows: Row[] = JSON.parse(r.stdout).rows;
    // normal play: P exactly when n mod 6 is 0, 1 or 2; misère play: A164950
    expect(rows.map((row) => row.normal).join('')).toBe('PPNNNPP');
    expect(rows.map((row) => row.misere).join('')).toBe('NPPPNNP');
    const local = await runOperation(
      'sized-table',
      readRequest('sized-table', { game: 'sprouts', size: 'spots', range: '1..7', cellMs: 600_000 }),
      ENGINE_ENV,
    );
    expect(outcomes(rows)).toEqual(outcomes(local.rows));
    // one start's options counted once each, and the option that won an N start named
    expect(rows.map((row) => row.method)).toEqual(
      [1, 2, 3, 3, 4, 4, 5].map((k) => `queue: ${k} option${k === 1 ? '' : 's'}`),
    );
    for (const row of rows) {
      expect(row.winning.normal !== null).toBe(row.normal === 'N');
      expect(row.winning.misere !== null).toBe(row.misere === 'N');
    }
    expect(rows[2].winning.normal).toBe('{AB.3}{AB.3}');
    expect(rows.reduce((n, row) => n + row.nodes, 0)).toBeGreaterThan(0);
    // the workers computed them, a line each
    expect(workerLines.some((l) => /^option \{.*\} \(normal play\): [PN] \(/.test(l))).toBe(true);
    expect(workerLines.some((l) => /^option \{.*\} \(misère play\): [PN] \(/.test(l))).toBe(true);
  });

  it('a second run finds the options done in Redis; the text table says how each start was answered', async () => {
    const again = await queued();
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toMatch(/[1-9]\d* options? enqueued/);
    expect(outcomes(JSON.parse(again.stdout).rows)).toEqual(outcomes(JSON.parse((await queued()).stdout).rows));
    const text = await nimber(['table', 'sprouts', '--spots', '3', '--queue', redis.url, '--time-limit', '600']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^\s+3 {2}N .* P .*queue: 3 options, normal N by \{AB\.3\}\{AB\.3\}$/m);
    expect(text.stdout).toMatch(/^the workers searched [\d,]+ positions$/m);
  });

  it('a worker refuses malformed option jobs at once (no retry), naming what is wrong', async () => {
    const queue = new Queue(DEFAULT_QUEUE_NAME, { connection: { host: '127.0.0.1', port: redis.port } });
    const refused = async (data: object, reason: RegExp) => {
      const job = await queue.add('start-option', data, { attempts: 3 });
      // polled in Redis rather than awaited through events: nothing can be missed on a loaded machine
      const deadline = Date.now() + 300_000;
      while ((await queue.getJobState(job.id!)) !== 'failed') {
        if (Date.now() > deadline) throw new Error(`the malformed job is still ${await queue.getJobState(job.id!)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const failed = await queue.getJob(job.id!);
      expect(failed?.failedReason).toMatch(reason);
      expect(failed?.attemptsMade).toBe(1);
    };
    try {
      const base = { game: 'sprouts', position: '{AB.3}{AB.3}', convention: 'normal', cellMs: 1000, timeoutMs: 5000 };
      await refused({ ...base, position: '{3.2A2A}' }, /malformed start option job data: .*canonical form/);
      await refused({ ...base, game: 'nim' }, /malformed start option job data: .*no sized starts/);
      await refused({ ...base, convention: 'both' }, /malformed start option job data: convention/);
      await refused({ ...base, timeoutMs: 'soon' }, /malformed start option job data: timeoutMs/);
    } finally {
      await queue.close();
    }
  });

  it('refuses before anything is queued: a bad URL, a bad range, options of tables of boards', async () => {
    const nobody = `redis://127.0.0.1:${await freePort()}`;
    const cases: [string[], RegExp][] = [
      [['--spots', '1..3', '--queue', 'http://x'], /the scheme must be redis:\/\//],
      [['--spots', '0..3', '--queue', nobody], /--spots: the range 0\.\.3 is empty/],
      [['--spots', '1..99', '--queue', nobody], /above the maximum size/],
      [['--spots', '1..3', '--queue', nobody, '--store', join(dir, 's')], /--store is for tables of boards/],
    ];
    for (const [args, message] of cases) {
      const r = await nimber(['table', 'sprouts', ...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
  });
});
