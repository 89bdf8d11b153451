/**
 * A Quarto opening proof spread over the queue (scripts/quarto-empty.ts --queue): one job per leaf,
 * computed by real `nimber worker` processes against a redis-server started here. The proof file
 * the run writes must pass the independent checker with the value the plain solver and the oracle
 * give; a second run sends no job again; a leaf is computed once across runs (its id is its
 * canonical key and bound); malformed job data is refused by the worker in one line, without a retry.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueLeafRunner, runQuartoProof } from '../../../src/adapters/queue/quarto-proof-run.ts';
import { DEFAULT_QUEUE_NAME } from '../../../src/adapters/queue/settings.ts';
import { parseQuartoBoard } from '../../../src/engine/families/quarto/notation.ts';
import { checkQuartoProof, type QuartoProof } from '../../../src/engine/families/quarto/proof.ts';
import { solveQuarto } from '../../../src/engine/families/quarto/solve.ts';
import { requireRedisServer, startRedis, stopChild, type RedisServer, startQueueWorker } from '../../helpers/redis.ts';
import { oracleAlphaBeta } from '../../engine/families/quarto/oracle.ts';

// without redis-server the file fails here, naming the package, before any test is collected
requireRedisServer();

const dir = mkdtempSync(join(tmpdir(), 'nimber-quarto-queue-'));
let redis: RedisServer;
let queue: Queue;
const workers: ChildProcess[] = [];
const workerLines: string[] = [];

/** Eight pieces placed, a draw (from a random game); its 56 moves lead to 56 classes. */
const EIGHT = '....1e..a432..7c+b';
/** Nine pieces placed, a draw. */
const NINE = '3..ec..7a5f.4.1.+b';

/** Starts `nimber worker` on the queue and resolves once it takes jobs. */
function startWorker(name: string): Promise<void> {
  const { child, ready } = startQueueWorker(redis.url, name, workerLines);
  workers.push(child);
  return ready;
}

/** The value to the player to move, -1, 0 or 1, by the solver and by the plain alpha-beta oracle (both must agree). */
function solvedValue(board: string): number {
  const position = parseQuartoBoard(board);
  const solved = solveQuarto(position, { distance: false });
  const oracle = Math.sign(oracleAlphaBeta([...position.cells], position.hand, 'standard'));
  expect(solved.proved).toBe(true);
  expect({ win: 1, draw: 0, loss: -1 }[solved.outcome!]).toBe(oracle);
  return oracle;
}

/** An interval without -0 (the checker's negamax negates a draw). */
const plain = (v: readonly number[]) => v.map((x) => x + 0);

/** One run of the script's queue path from `from`; its lines are returned with the report. */
async function run(from: string, name: string, depth: number, plan: 'all' | 'draw') {
  const lines: string[] = [];
  const runner = await queueLeafRunner(redis.url, { onStatus: (line) => lines.push(line) });
  try {
    const report = await runQuartoProof({
      from,
      depth,
      plan,
      budgetMs: 120_000,
      leafMs: 60_000,
      progressFile: join(dir, `${name}.progress.json`),
      proofFile: join(dir, `${name}.proof.json`),
      runner: runner.run,
      log: (line) => lines.push(line),
    });
    const proof = JSON.parse(readFileSync(join(dir, `${name}.proof.json`), 'utf8')) as QuartoProof;
    return { report, lines, proof };
  } finally {
    await runner.close();
  }
}

beforeAll(async () => {
  redis = await startRedis();
  queue = new Queue(DEFAULT_QUEUE_NAME, { connection: { host: '127.0.0.1', port: redis.port } });
  await Promise.all([startWorker('a'), startWorker('b')]);
});

afterAll(async () => {
  await Promise.all(workers.map(stopChild));
  await queue?.close();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('scripts/quarto-empty.ts --queue', () => {
  it('every leaf one job on the workers; the proof file checks and proves the value the solver and the oracle give', async () => {
    const { report, lines, proof } = await run(EIGHT, 'eight', 1, 'all');
    expect(report.error).toBeUndefined();
    expect(report.leaves).toBe(56);
    expect(report.asked).toBe(56);
    expect(report.received).toBe(56);
    expect(lines).toContain('queue nimber-census: 56 leaves enqueued, 0 already done');
    const check = checkQuartoProof(proof);
    expect(check).toMatchObject({ trustedLeaves: 56, openLeaves: 0 });
    const value = solvedValue(EIGHT);
    expect(plain(check.value)).toEqual([value, value]);
    expect(proof.value).toEqual([value, value]);
    // each leaf was searched by a worker, its line printed there
    expect(workerLines.filter((l) => /^quarto leaf \S+ \(exact\): (win|draw|loss) \(/.test(l))).toHaveLength(56);
  });

  it('a second run sends no job: every leaf is in its progress file', async () => {
    const before = await queue.getJobCounts();
    const { report, lines, proof } = await run(EIGHT, 'eight', 1, 'all');
    expect(report).toMatchObject({ asked: 0, received: 0 });
    expect(lines).toContain('resumed: 56 leaves from ' + join(dir, 'eight.progress.json'));
    expect(lines.some((l) => /enqueued/.test(l))).toBe(false);
    expect(await queue.getJobCounts()).toEqual(before);
    expect(plain(checkQuartoProof(proof).value)).toEqual([0, 0]);
  });

  it('a run without the progress file finds every leaf done in Redis: a leaf is computed once across runs', async () => {
    const searched = workerLines.length;
    const { report, lines, proof } = await run(EIGHT, 'eight-again', 1, 'all');
    expect(report).toMatchObject({ asked: 56, received: 56 });
    expect(lines).toContain('queue nimber-census: 0 leaves enqueued, 56 already done');
    expect(workerLines.length).toBe(searched);
    expect(plain(checkQuartoProof(proof).value)).toEqual([0, 0]);
  });

  it('plan draw, two placements deep: one bound per needed leaf, in rounds as the plan changes', async () => {
    const { report, lines, proof } = await run(NINE, 'nine', 2, 'draw');
    expect(report.error).toBeUndefined();
    // only the leaves the plan needs were searched, far fewer than the tree's
    expect(report.asked).toBeGreaterThan(0);
    expect(report.asked).toBeLessThan(report.leaves / 2);
    expect(lines.filter((l) => /leaves enqueued/.test(l)).length).toBeGreaterThan(1);
    const check = checkQuartoProof(proof);
    const value = solvedValue(NINE);
    expect(value).toBe(0);
    expect(plain(check.value)).toEqual([0, 0]);
    expect(check.openLeaves).toBeGreaterThan(0);
  });

  it('a worker refuses a malformed leaf job at once (no retry), in one line naming what is wrong', async () => {
    const job = await queue.add(
      'quarto-leaf',
      { board: '....1e..a432..7c+c', bound: 'exact', limitMs: 1000, timeoutMs: 5000 },
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
    expect(failed?.failedReason).toBe(
      'malformed quarto leaf job data: quarto board: the piece in hand, c, is already on d4',
    );
    expect(failed?.attemptsMade).toBe(1);
  });
});
