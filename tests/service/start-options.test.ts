/**
 * A table of sized starts spread over an executor of options (start-options.ts), without Redis: a
 * fake executor computes each job here with the worker's own search. Outcomes are the published
 * ones (normal play: Applegate, Jacobson and Sleator 1991; misère play: OEIS A164950); a start is N
 * at its first P option, the rest taken back; an option out of time leaves its start unknown unless
 * another option is P; results and jobs are checked.
 */
import { describe, expect, it } from 'vitest';
import { ENGINE_ENV, type ServiceEnv } from '../../src/service/env.ts';
import { readRequest, runOperation } from '../../src/service/operation-table.ts';
import {
  checkStartOption,
  checkStartOptionResult,
  type QueuedSizeRow,
  roundLimits,
  searchStartOption,
  type StartOptionExecutor,
  type StartOptionJob,
  type StartOptionResult,
} from '../../src/service/start-options.ts';

/** An executor that searches each job here, `answer` standing in for the search when it gives one. */
function fakeExecutor(answer?: (job: StartOptionJob) => StartOptionResult | undefined) {
  const ran: StartOptionJob[][] = [];
  const discarded: StartOptionJob[] = [];
  let closed = false;
  const executor: StartOptionExecutor = {
    async run(jobs, onResult, signal) {
      ran.push([...jobs]);
      for (const job of jobs) {
        signal?.throwIfAborted();
        onResult(answer?.(job) ?? searchStartOption(job, ENGINE_ENV));
        await Promise.resolve();
      }
      signal?.throwIfAborted();
    },
    async discard(jobs) {
      discarded.push(...jobs);
    },
    async close() {
      closed = true;
    },
  };
  return { executor, ran, discarded, closed: () => closed };
}

async function queuedTable(range: string, executor: StartOptionExecutor, cellMs = 120_000) {
  const rows: QueuedSizeRow[] = [];
  const env: ServiceEnv = {
    ...ENGINE_ENV,
    table: { options: () => executor, onRow: (row) => rows.push(row as QueuedSizeRow) },
  };
  const reply = await runOperation(
    'sized-table',
    readRequest('sized-table', { game: 'sprouts', size: 'spots', range, cellMs }),
    env,
  );
  return { reply, rows };
}

describe('a table of sized starts on an executor of options', () => {
  it('gives the published outcomes and the local table’s rows, 1..6 spots', async () => {
    const fake = fakeExecutor();
    const { reply, rows } = await queuedTable('1..6', fake.executor);
    expect(rows.map((r) => r.normal).join('')).toBe('PPNNNP');
    expect(rows.map((r) => r.misere).join('')).toBe('NPPPNN');
    expect(reply.rows).toEqual(rows);
    const local = await runOperation(
      'sized-table',
      readRequest('sized-table', { game: 'sprouts', size: 'spots', range: '1..6', cellMs: 120_000 }),
      ENGINE_ENV,
    );
    const outcomes = (r: { size: number; normal: unknown; misere: unknown }) => [r.size, r.normal, r.misere];
    expect(rows.map(outcomes)).toEqual(local.rows.map(outcomes));
    // the same fields as a local row, and how it was answered
    for (const r of rows) for (const key of Object.keys(local.rows[0])) expect(r).toHaveProperty(key);
    expect(rows.map((r) => r.method)).toEqual([
      'queue: 1 option',
      'queue: 2 options',
      'queue: 3 options',
      'queue: 3 options',
      'queue: 4 options',
      'queue: 4 options',
    ]);
    expect(fake.closed()).toBe(true);
  });

  it('a start with one move: its option decides it under each play', async () => {
    const fake = fakeExecutor();
    const { rows } = await queuedTable('1', fake.executor);
    const [row] = rows;
    expect(row).toMatchObject({ size: 1, normal: 'P', misere: 'N', method: 'queue: 1 option' });
    // misère: the one option is P, so the start is N by it
    expect(row.winning).toEqual({ normal: null, misere: '{A.B}{A.B}' });
    expect(
      searchStartOption({ game: 'sprouts', position: '{A.B}{A.B}', convention: 'misere', cellMs: 600_000 }, ENGINE_ENV)
        .outcome,
    ).toBe('P');
  });

  it('an N start is decided at its first P option; the options not yet answered are taken back', async () => {
    // 3 spots, normal play: {AB.3}{AB.3} is the P option; answered first here, the others are not waited for
    const answered: string[] = [];
    const fake = fakeExecutor((job) => {
      answered.push(`${job.convention} ${job.position}`);
      return undefined;
    });
    const first = (jobs: readonly StartOptionJob[]) =>
      [...jobs].sort((a, b) => Number(b.position === '{AB.3}{AB.3}') - Number(a.position === '{AB.3}{AB.3}'));
    const ordered: StartOptionExecutor = {
      run: (jobs, onResult, signal) => fake.executor.run(first(jobs), onResult, signal),
      discard: (jobs) => fake.executor.discard!(jobs),
    };
    const { rows } = await queuedTable('3', ordered);
    expect(rows[0]).toMatchObject({ normal: 'N', misere: 'P', winning: { normal: '{AB.3}{AB.3}', misere: null } });
    expect(answered.filter((a) => a.startsWith('normal'))).toEqual(['normal {AB.3}{AB.3}']);
    expect(fake.discarded.map((j) => `${j.convention} ${j.position}`).sort()).toEqual([
      'normal {A2A2.3}',
      'normal {AB.3.3}{A.B}',
    ]);
  });

  it('an option out of time leaves its start unknown, unless another option is P', async () => {
    const outOfTime = (position: string) => (job: StartOptionJob) =>
      job.position === position ? { ...job, outcome: null, nodes: 5, elapsedMs: 1 } : undefined;
    // 4 spots, normal play: N by {AB.3.3.3}{A.B}; another option out of time changes nothing
    const n = await queuedTable('4', fakeExecutor(outOfTime('{A2A2.3.3}')).executor);
    expect(n.rows[0]).toMatchObject({ normal: 'N', winning: { normal: '{AB.3.3.3}{A.B}' } });
    // 2 spots, both plays P (every option N): one option out of time leaves both unknown
    const p = await queuedTable('2', fakeExecutor(outOfTime('{A2A2}')).executor);
    expect(p.rows[0]).toMatchObject({ normal: null, misere: null, winning: { normal: null, misere: null } });
  });

  it('asks the options out of time again with four times the limit, up to the table’s', async () => {
    expect(roundLimits(20_000)).toEqual([1250, 5000, 20_000]);
    expect(roundLimits(1000)).toEqual([1000]);
    expect(roundLimits(300)).toEqual([300]);
    // every option out of time below the table's limit: each is asked in every round, then answered
    const asked: number[] = [];
    const fake = fakeExecutor((job) => {
      asked.push(job.cellMs);
      return job.cellMs < 20_000 ? { ...job, outcome: null, nodes: 1, elapsedMs: 1 } : undefined;
    });
    const { rows } = await queuedTable('2', fake.executor, 20_000);
    expect(rows[0]).toMatchObject({ normal: 'P', misere: 'P' });
    // two options, two plays, three rounds
    expect(asked.sort((a, b) => a - b)).toEqual([
      1250, 1250, 1250, 1250, 5000, 5000, 5000, 5000, 20_000, 20_000, 20_000, 20_000,
    ]);
  });

  it('a failed option fails the table with its message', async () => {
    const failing: StartOptionExecutor = {
      run: async () => {
        throw new Error('start option option-x failed after 3 attempts: boom');
      },
    };
    await expect(queuedTable('2', failing)).rejects.toThrow(/failed after 3 attempts: boom/);
  });
});

describe('an option job and its result are checked', () => {
  const job = (fields: Partial<StartOptionJob>): StartOptionJob => ({
    game: 'sprouts',
    position: '{AB.3}{AB.3}',
    convention: 'normal',
    cellMs: 1000,
    ...fields,
  });

  it('refuses an option not in canonical form, a game without such starts, a position that does not read', () => {
    expect(() => checkStartOption(job({}))).not.toThrow();
    expect(() => checkStartOption(job({ position: '{3.2A2A}' }))).toThrow(/not in the game's canonical form/);
    expect(() => checkStartOption(job({ game: 'nim' }))).toThrow(/no sized starts with an outcome-first search/);
    expect(() => checkStartOption(job({ game: 'cram' }))).toThrow(/no sized starts with an outcome-first search/);
    expect(() => checkStartOption(job({ position: '{9}' }))).toThrow();
    expect(() => readRequest('start-option', { ...job({}), convention: 'both' as 'normal' })).toThrow(/convention/);
  });

  it('refuses a result of another option, another play, another limit or a made-up outcome', () => {
    const good = searchStartOption(job({}), ENGINE_ENV);
    expect(good).toMatchObject({ outcome: 'P', position: '{AB.3}{AB.3}', convention: 'normal', cellMs: 1000 });
    expect(checkStartOptionResult(good, job({}))).toEqual(good);
    for (const bad of [
      { ...good, position: '{A2A2.3}' },
      { ...good, convention: 'misere' },
      { ...good, cellMs: 2000 },
      { ...good, outcome: 'win' },
      { ...good, nodes: -1 },
      null,
      'P',
    ])
      expect(() => checkStartOptionResult(bad, job({}))).toThrow(/malformed result/);
  });
});
