/**
 * `table` and `sized-table` through the operation table: the known values of small boards and
 * starts, what the environment lends (an executor started only when a board needs computing and
 * closed after, the keeping of boards, listeners), and refusals by the check before anything is
 * opened or computed.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/engine/errors.ts';
import { type BoardExecutor, type BoardJob, computeBoard, type TableCell } from '../../src/service/board-table.ts';
import { ENGINE_ENV, type ServiceEnv, type TableResources } from '../../src/service/env.ts';
import { checkOperation, type OperationInput, readRequest, runOperation } from '../../src/service/operation-table.ts';

const table = (input: OperationInput<'table'>) => readRequest('table', input);
const sized = (input: OperationInput<'sized-table'>) => readRequest('sized-table', input);
const envWith = (resources: TableResources, more: Partial<ServiceEnv> = {}): ServiceEnv => ({
  ...ENGINE_ENV,
  ...more,
  table: resources,
});
const values = (cells: readonly TableCell[]) => cells.map((c) => [c.rows, c.cols, c.grundy]);

/** A face that lends nothing may not be asked to open anything: each hook fails the test. */
const untouchable: TableResources = {
  executor: () => {
    throw new Error('the executor was started');
  },
  keeping: () => {
    throw new Error('the keeping was opened');
  },
  onSize: () => {
    throw new Error('the size was told');
  },
};

describe('table through the operation table', () => {
  it('answers the Grundy values of small Cram boards (1 x 1 = 0, 1 x 2 = 1, 2 x 2 = 0 by symmetry, 3 x 3 = 0)', async () => {
    const reply = await runOperation('table', table({ game: 'cram', rows: '1..3', cols: '2..3' }), ENGINE_ENV);
    expect(reply.ruleset.spec).toBe('cram');
    expect(reply.rows).toEqual({ from: 1, to: 3 });
    expect(reply.cols).toEqual({ from: 2, to: 3 });
    // 1 x n Cram is Dawson's Kayles (octal 0.07): 1 x 2 = 1, 1 x 3 = 1; 2 x 3 = 3 x 2 = 1, 3 x 3 = 0 (Beling & Rogalski)
    expect(values(reply.cells)).toEqual([
      [1, 2, 1],
      [1, 3, 1],
      [2, 2, 0],
      [2, 3, 1],
      [3, 2, 1],
      [3, 3, 0],
    ]);
  });

  it('a spec naming a start is its game; the defaults are rows 1..5, cols 1..9', () => {
    expect(table({ game: 'cram:2x2' })).toEqual({ game: 'cram:2x2', rows: '1..5', cols: '1..9', certify: false });
  });

  it('tells the size, keeps each board before it is heard, reuses kept boards and writes certificates', async () => {
    const heard: string[] = [];
    const kept: TableCell[] = [];
    const certified: string[] = [];
    const earlier: TableCell = {
      rows: 1,
      cols: 1,
      grundy: 7, // not Cram's value: proves the kept board was reused, not searched
      method: 'search',
      nodes: 0,
      elapsedMs: 0,
      verified: false,
      reused: false,
    };
    let game = '';
    const reply = await runOperation(
      'table',
      table({ game: 'cram:4x5', rows: '1', cols: '1..2', certify: true }),
      envWith({
        keeping: (spec) => {
          game = spec;
          return {
            reuse: (r, c) => (r === 1 && c === 1 ? earlier : undefined),
            certificate: (cell, lines) => {
              expect(lines.length).toBeGreaterThan(0);
              certified.push(`${cell.rows}x${cell.cols}`);
            },
            keep: (cell) => {
              kept.push(cell);
              heard.push(`kept ${cell.rows}x${cell.cols}`);
            },
          };
        },
        onSize: (count) => heard.push(`size ${count}`),
        onCell: (cell) => heard.push(`heard ${cell.rows}x${cell.cols}`),
      }),
    );
    expect(game).toBe('cram');
    expect(heard).toEqual(['size 2', 'kept 1x1', 'heard 1x1', 'kept 1x2', 'heard 1x2']);
    expect(certified).toEqual(['1x2']);
    expect(reply.cells.map((c) => [c.grundy, c.reused, c.verified])).toEqual([
      [7, true, false],
      [1, false, true],
    ]);
    expect(kept).toEqual(reply.cells);
  });

  it("computes on the face's executor, started only when a board needs it, and closes it", async () => {
    const asked: BoardJob[] = [];
    let started = 0;
    let closed = 0;
    const executor: BoardExecutor = {
      async run(jobs, onResult) {
        for (const job of jobs) {
          asked.push(job);
          onResult(computeBoard(job));
        }
      },
      async close() {
        closed++;
      },
    };
    const env = (reuse: boolean) =>
      envWith({
        executor: () => {
          started++;
          return executor;
        },
        keeping: () => ({ reuse: reuse ? (r, c) => ({ ...CELL, rows: r, cols: c }) : undefined }),
      });
    const request = table({ game: 'cram', rows: '2', cols: '2..3', cellMs: 5000 });
    const reply = await runOperation('table', request, env(false));
    expect(values(reply.cells)).toEqual([
      [2, 2, 0],
      [2, 3, 1],
    ]);
    expect(asked).toEqual([
      { game: 'cram', rows: 2, cols: 2, cellMs: 5000, certify: false },
      { game: 'cram', rows: 2, cols: 3, cellMs: 5000, certify: false },
    ]);
    expect([started, closed]).toEqual([1, 1]);
    // every board kept: no executor started
    await runOperation('table', request, env(true));
    expect([started, closed]).toEqual([1, 1]);
  });

  it('a stop signal set before the table starts stops it before its first board, which is not heard', async () => {
    const heard: TableCell[] = [];
    const run = runOperation(
      'table',
      table({ game: 'cram', rows: '1..2', cols: '1..2' }),
      envWith({ onCell: (cell) => heard.push(cell) }, { signal: { aborted: true } }),
    );
    await expect(run).rejects.toThrow(/the table was cancelled after 0 boards searched, before the 1 x 1 board/);
    expect(heard).toEqual([]);
  });

  it('refuses a bad request in its check, before the face is asked for anything', async () => {
    const cases: [OperationInput<'table'>, RegExp][] = [
      [{ game: 'nim' }, /table needs a game played on rectangles/],
      [{ game: 'sprouts' }, /^'sprouts' is sized by spots: give --spots, e\.g\. --spots 1\.\.6$/],
      [
        { game: 'cram', rows: '1..31' },
        /^a table of cram takes boards with sides up to 30 and at most 400 cells: 31 x 9 is beyond that$/,
      ],
      [{ game: 'cram', cols: '3..2' }, /^cols: the range 3\.\.2 is empty or starts below 1$/],
      [{ game: 'cram', rows: 'x' }, /^rows takes a range such as 1\.\.5/],
      [{ game: 'cram', cellMs: 86_400_001 }, /^cellMs = 86400001 is above the maximum of 86400000$/],
    ];
    for (const [input, message] of cases) {
      const request = table(input);
      expect(() => checkOperation('table', request, ENGINE_ENV), JSON.stringify(input)).toThrow(message);
      await expect(runOperation('table', request, envWith(untouchable))).rejects.toThrow(InputError);
    }
    expect(() => table({ game: 'cram', rows: 'x'.repeat(21) })).toThrow(/rows: a range has at most 20 characters/);
  });
});

const CELL: TableCell = {
  rows: 0,
  cols: 0,
  grundy: 0,
  method: 'search',
  nodes: 0,
  elapsedMs: 0,
  verified: false,
  reused: false,
};

describe('sized-table through the operation table', () => {
  it('answers the outcomes of Sprouts with 1..4 spots, each row heard as it finishes (Applegate et al.; OEIS A164950)', async () => {
    const heard: number[] = [];
    let count = 0;
    const reply = await runOperation(
      'sized-table',
      sized({ game: 'sprouts', size: 'spots', range: '1..4' }),
      envWith({
        onSize: (n) => {
          count = n;
        },
        onRow: (row) => heard.push(row.size),
      }),
    );
    expect(reply.ruleset).toBe('sprouts');
    expect(reply.size).toBe('spots');
    expect(reply.rows.map((r) => r.normal)).toEqual(['P', 'P', 'N', 'N']);
    expect(reply.rows.map((r) => r.misere)).toEqual(['N', 'P', 'P', 'P']);
    expect([count, heard]).toEqual([4, [1, 2, 3, 4]]);
  });

  it('refuses a bad request in its check, before a row is computed', async () => {
    const cases: [OperationInput<'sized-table'>, RegExp][] = [
      [{ game: 'cram', size: 'spots', range: '1..3' }, /^'cram' is played on rectangles: give --rows and --cols/],
      [{ game: 'sprouts', size: 'dots', range: '1..3' }, /^'sprouts' is sized by spots, not dots: give --spots$/],
      [{ game: 'nim', size: 'spots', range: '1' }, /table needs a game played on rectangles/],
      [{ game: 'sprouts', size: 'spots', range: '1..99' }, /^--spots: 99 is above the maximum size of/],
      [{ game: 'sprouts', size: 'spots', range: '0..2' }, /^--spots: the range 0\.\.2 is empty or starts below 1$/],
    ];
    for (const [input, message] of cases) {
      const request = sized(input);
      expect(() => checkOperation('sized-table', request, ENGINE_ENV), JSON.stringify(input)).toThrow(message);
      await expect(
        runOperation(
          'sized-table',
          request,
          envWith({ ...untouchable, onRow: () => expect.fail('a row was computed') }),
        ),
      ).rejects.toThrow(InputError);
    }
  });
});
