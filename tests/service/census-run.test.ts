/**
 * `census-run` through the operation table: a space of codes planned against a store, computed on
 * the executor the environment lends (or in this thread), stopped by the environment's signal, and
 * refused by its check before a store is opened or a thread started.
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CensusStore } from '../../src/adapters/census-store.ts';
import { InputError } from '../../src/engine/errors.ts';
import { computeCensusRow } from '../../src/service/census/game.ts';
import type { CensusTable } from '../../src/service/census/table.ts';
import type { CensusExecutor, CensusJob, CensusRow } from '../../src/service/census/types.ts';
import { type CensusRunResources, ENGINE_ENV, type ServiceEnv } from '../../src/service/env.ts';
import {
  checkOperation,
  type OperationInput,
  type OperationRequest,
  readRequest,
  runOperation,
} from '../../src/service/operation-table.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'nimber-census-run-'));

/** The 1-digit octal space under a small budget: 14 games, of which only .6 needs more than 4096 heaps (census-store.test.ts). */
const ONE_DIGIT = { family: 'takebreak', digits: 1, maxHeaps: 4096, seconds: 5, format: 'json' } as const;

const request = (input: OperationInput<'census-run'>) => readRequest('census-run', input);
const envWith = (censusRun: CensusRunResources, more: Partial<ServiceEnv> = {}): ServiceEnv => ({
  ...ENGINE_ENV,
  ...more,
  censusRun,
});

/** Computes in this thread and counts the jobs it was given and the times it was started. */
function countingExecutor() {
  const asked: CensusJob[] = [];
  let started = 0;
  let closed = 0;
  const executor: CensusExecutor = {
    async run(jobs, onRow, signal) {
      for (const job of jobs) {
        signal?.throwIfAborted();
        asked.push(job);
        onRow(computeCensusRow(job));
      }
    },
    async close() {
      closed++;
    },
  };
  return {
    asked,
    started: () => started,
    closed: () => closed,
    start: () => {
      started++;
      return executor;
    },
  };
}

/** A store in memory, as the adapters' census store looks to the service. */
function memoryStore() {
  const rows = new Map<string, CensusRow>();
  const names: string[] = [];
  return {
    rows,
    names,
    open: (name: string) => {
      names.push(name);
      return { rows, put: (row: CensusRow) => void rows.set(row.code, row) };
    },
  };
}

describe('census-run through the operation table', () => {
  it('computes the 4.x games in this thread when the environment lends no executor: the rows the CLI test expects', async () => {
    const reply = await runOperation(
      'census-run',
      request({ family: 'takebreak', digits: 1, prefix: '4.', format: 'json' }),
      ENGINE_ENV,
    );
    expect([reply.computed, reply.reused]).toEqual([6, 0]);
    const table = reply.table as CensusTable;
    expect(table.rows.map((r) => r.code)).toEqual(['4.0', '4.1', '4.3', '4.4', '4.5', '4.7']);
    expect(table.rows[0]).toMatchObject({
      code: '4.0',
      members: ['4.0', '4.2'],
      status: 'solved',
      preperiod: 1,
      period: 2,
      reference: 'agrees',
    });
    expect(JSON.parse(reply.text).rows.map((r: { code: string }) => r.code)).toEqual(table.rows.map((r) => r.code));
    expect(reply.summary).toMatch(/6 games \(8 codes folded to standard forms\): 6 solved, 0 unsolved/);
  });

  it("runs on the environment's executor and store: a second run reuses every row and starts no executor", async () => {
    const store = memoryStore();
    const first = countingExecutor();
    const heard: number[] = [];
    let told = -1;
    let stopped = 0;
    const resources = (executor: ReturnType<typeof countingExecutor>): CensusRunResources => ({
      executor: executor.start,
      store: store.open,
      progress: (games) => {
        told = games;
        return { row: (_row, done) => void heard.push(done), stop: () => void stopped++ };
      },
    });
    const reply = await runOperation('census-run', request(ONE_DIGIT), envWith(resources(first)));
    expect(store.names).toEqual(['takebreak-octal-1']);
    expect([reply.computed, reply.reused, told]).toEqual([14, 0, 14]);
    expect([first.started(), first.closed(), first.asked.length]).toEqual([1, 1, 14]);
    expect(heard).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(stopped).toBe(1);
    expect(store.rows.size).toBe(14);
    const table = reply.table as CensusTable;
    expect(table.rows.filter((r) => r.status === 'unsolved').map((r) => r.code)).toEqual(['0.6']);
    expect(table.rows.filter((r) => r.reference === 'disagrees')).toEqual([]);

    const second = countingExecutor();
    const again = await runOperation('census-run', request(ONE_DIGIT), envWith(resources(second)));
    expect([again.computed, again.reused, told]).toEqual([0, 14, 0]);
    expect(second.started()).toBe(0);
    expect(again.text).toBe(reply.text);
    // the unsolved .6 alone is computed again under a larger heap budget
    const third = countingExecutor();
    const larger = await runOperation(
      'census-run',
      request({ ...ONE_DIGIT, maxHeaps: 8192 }),
      envWith(resources(third)),
    );
    expect([larger.computed, larger.reused]).toEqual([1, 13]);
    expect(third.asked.map((j) => j.code)).toEqual(['0.6']);
  });

  it('a misère request is a misère census in a store of its own name', async () => {
    const store = memoryStore();
    const reply = await runOperation(
      'census-run',
      request({ family: 'takebreak', digits: 1, prefix: '4.', convention: 'misere', format: 'csv' }),
      envWith({ store: store.open }),
    );
    expect(store.names).toEqual(['takebreak-octal-1-misere']);
    expect(reply.text.split('\r\n')[0]).toMatch(/^code,status,tame,order,P,preperiod,period,heaps/);
    expect([...store.rows.values()].every((row) => row.convention === 'misere')).toBe(true);
  });

  it("stops at the environment's signal, the rows finished before it kept in the store", async () => {
    for (const stopOf of [
      () => {
        const controller = new AbortController();
        return { signal: controller.signal, stop: () => controller.abort() };
      },
      // a stop signal that is only { aborted }: heard after each row
      () => {
        const signal = { aborted: false };
        return { signal, stop: () => void (signal.aborted = true) };
      },
    ]) {
      const { signal, stop } = stopOf();
      const store = memoryStore();
      const run = runOperation(
        'census-run',
        request(ONE_DIGIT),
        envWith(
          {
            store: store.open,
            progress: () => ({
              row: (_row, done) => {
                if (done === 3) stop();
              },
              stop: () => {},
            }),
          },
          { signal },
        ),
      );
      await expect(run).rejects.toThrow(/abort/i);
      expect(store.rows.size).toBe(3);
    }
  });

  it('refuses a bad request in its check, before a store is opened or an executor started', async () => {
    const dir = tmp();
    const opened: string[] = [];
    const executor = countingExecutor();
    const env = envWith({
      executor: executor.start,
      store: (name) => {
        opened.push(name);
        return new CensusStore(path.join(dir, `${name}.jsonl`));
      },
    });
    const refused: [OperationRequest<'census-run'>, RegExp, InputError['kind']?][] = [
      [request({ family: 'chess' }), /unknown family 'chess'/],
      [request({ family: 'takebreak', digits: 9 }), /--digits must be 1\.\.6/],
      [request({ family: 'takebreak', digits: 2, prefix: '0.9' }), /not the start of a code/],
      [
        request({ family: 'takebreak', digits: 6 }),
        /has 524,288 codes, more than --max-codes 65,536 allows: give --max-codes 524288 to run it/,
        'too-large',
      ],
      [
        request({ family: 'takebreak', digits: 6, hex: true }),
        /has 67,108,864 codes, more than one census enumerates/,
        'too-large',
      ],
      [request({ family: 'takebreak', digits: 2, maxCodes: 100 }), /more than --max-codes 100 allows/, 'too-large'],
      // a request built by hand (a library caller that skips the schema) meets the same bounds
      [{ ...request({ family: 'takebreak' }), maxHeaps: 2 ** 40 }, /maxHeaps = 1099511627776 is above the maximum/],
      [{ ...request({ family: 'takebreak' }), seconds: 0 }, /seconds must be a whole number of at least 1/],
      [{ ...request({ family: 'takebreak' }), maxWork: 0.5 }, /maxWork must be a whole number of at least 1/],
    ];
    for (const [asked, message, kind] of refused) {
      let thrown: unknown;
      try {
        checkOperation('census-run', asked, env);
      } catch (e) {
        thrown = e;
      }
      expect(thrown, String(message)).toBeInstanceOf(InputError);
      expect((thrown as InputError).message).toMatch(message);
      if (kind) expect((thrown as InputError).kind).toBe(kind);
      await expect(runOperation('census-run', asked, env)).rejects.toThrow(message);
    }
    expect(opened).toEqual([]);
    expect(executor.started()).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync(path.join(dir, 'takebreak-octal-6.jsonl'))).toBe(false);
  });

  it("the schema reads the CLI's field names and bounds each budget", () => {
    expect(request({ family: 'takebreak' })).toEqual({
      family: 'takebreak',
      digits: 3,
      hex: false,
      convention: 'normal',
      format: 'md',
    });
    expect(request({ family: 'takebreak', digits: '2', maxHeaps: '2^20', maxWork: '1e9', seconds: 60 })).toMatchObject({
      digits: 2,
      maxHeaps: 2 ** 20,
      maxWork: 1e9,
      seconds: 60,
    });
    expect(() => request({ family: 'takebreak', maxHeaps: 0 })).toThrow(/maxHeaps must be at least 1/);
    expect(() => request({ family: 'takebreak', seconds: 7 * 24 * 3600 + 1 })).toThrow(/seconds is above the maximum/);
    expect(() => request({ family: 'takebreak', maxCodes: 2 ** 21 })).toThrow(/maxCodes is above the maximum/);
    expect(() => request({ family: 'takebreak', format: 'xml' as 'md' })).toThrow(/format/);
  });
});
