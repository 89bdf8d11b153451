/** The queue's small rules: --queue URLs, job ids, job data and rows checked, when a stored row answers a job. */
import { describe, expect, it } from 'vitest';
import { parseRedisUrl } from '../../../src/adapters/queue/connection.ts';
import { checkJobData, checkRow, defaultTimeoutMs, jobIdOf } from '../../../src/adapters/queue/jobs.ts';
import { stillAnswers as rowCovers } from '../../../src/service/census/run.ts';
import { InputError } from '../../../src/engine/errors.ts';
import { parseTakeBreak } from '../../../src/engine/families/takebreak/index.ts';
import { computeCensusRow } from '../../../src/service/census/game.ts';
import type { NormalCensusRow } from '../../../src/service/census/types.ts';

describe('--queue URLs', () => {
  it('reads host, port, database and password', () => {
    expect(parseRedisUrl('redis://127.0.0.1:6390')).toMatchObject({
      host: '127.0.0.1',
      port: 6390,
      db: 0,
      display: 'redis://127.0.0.1:6390',
    });
    expect(parseRedisUrl('redis://cache.lan')).toMatchObject({ host: 'cache.lan', port: 6379, db: 0 });
    const secret = parseRedisUrl('redis://:p%40ss@10.0.0.5:6379/3');
    expect(secret).toMatchObject({
      host: '10.0.0.5',
      port: 6379,
      db: 3,
      password: 'p@ss',
      display: 'redis://10.0.0.5:6379/3',
    });
    expect(parseRedisUrl('redis://[::1]:6379')).toMatchObject({ host: '::1' });
  });

  it('turns anything else into one InputError line', () => {
    for (const url of [
      '',
      'localhost:6379',
      'http://h:6379',
      'rediss://h:6379',
      'redis://',
      'redis://h:0',
      'redis://h:6379/db',
      'redis://h:6379?x=1',
    ]) {
      expect(() => parseRedisUrl(url)).toThrow(InputError);
      try {
        parseRedisUrl(url);
      } catch (e) {
        expect((e as Error).message).not.toContain('\n');
      }
    }
  });
});

describe('job ids', () => {
  it('are the standard forms, which BullMQ accepts as custom ids (never an integer, never a colon)', () => {
    const codes = [
      '0.07',
      '4!.0',
      '0.137',
      'C.0F',
      '4.',
      '0.6!',
      parseTakeBreak('0.00').code,
      parseTakeBreak('8.').code,
    ];
    for (const code of codes) {
      expect(jobIdOf(code)).toBe(code);
      expect(`${parseInt(code, 10)}`).not.toBe(code);
      expect(code).not.toContain(':');
    }
    for (const bad of ['12', 'a:b', '0.07:1', 'kayles', '']) expect(() => jobIdOf(bad)).toThrow();
  });
});

describe('what crosses Redis is checked', () => {
  const row = computeCensusRow({ code: '0.07', budget: { maxHeaps: 4096, seconds: 60 } });

  it('job data', () => {
    expect(
      checkJobData({ code: '0.07', budget: { maxHeaps: 4096, seconds: 60 }, timeoutMs: 120_000, extra: 1 }),
    ).toEqual({ code: '0.07', budget: { maxHeaps: 4096, seconds: 60 }, timeoutMs: 120_000 });
    for (const bad of [
      null,
      'x',
      {},
      { code: '0.07', budget: { maxHeaps: -1, seconds: 1 }, timeoutMs: 1 },
      { code: 7, budget: { maxHeaps: 1, seconds: 1 }, timeoutMs: 1 },
    ]) {
      expect(() => checkJobData(bad)).toThrow(/malformed census job data/);
    }
  });

  it('rows: the right code and shape (a JSON round trip changes nothing)', () => {
    expect(checkRow(JSON.parse(JSON.stringify(row)), '0.07')).toEqual(row);
    expect(() => checkRow(row, '0.77')).toThrow(/malformed row for 0\.77/);
    expect(() => checkRow({ ...row, status: 'maybe' }, '0.07')).toThrow();
    expect(() => checkRow({ ...row, heaps: '1024' }, '0.07')).toThrow();
  });

  it('the time limit of an attempt is the budget plus max(30 s, the budget)', () => {
    expect(defaultTimeoutMs({ maxHeaps: 1, seconds: 10 })).toBe(40_000);
    expect(defaultTimeoutMs({ maxHeaps: 1, seconds: 120 })).toBe(240_000);
  });
});

describe('a stored row answers a job', () => {
  const unsolved = (stopped: NormalCensusRow['stopped'], maxHeaps: number, seconds: number): NormalCensusRow => ({
    code: '0.6',
    status: 'unsolved',
    preperiod: null,
    period: null,
    saltus: null,
    largestValue: 1,
    largestAt: 1,
    rare: null,
    heaps: stopped === 'heaps' ? maxHeaps : maxHeaps / 2,
    ms: 1,
    stopped,
    budget: { maxHeaps, seconds },
  });

  it('always when solved', () => {
    const solved = computeCensusRow({ code: '0.77', budget: { maxHeaps: 1024, seconds: 1 } });
    expect(solved.status).toBe('solved');
    expect(rowCovers(solved, { maxHeaps: 1 << 30, seconds: 1e6 })).toBe(true);
  });

  it('when unsolved, only under at least the budget asked for (out of heaps: seconds do not matter)', () => {
    expect(rowCovers(unsolved('heaps', 1 << 20, 10), { maxHeaps: 1 << 20, seconds: 100 })).toBe(true);
    expect(rowCovers(unsolved('heaps', 1 << 20, 10), { maxHeaps: 1 << 21, seconds: 10 })).toBe(false);
    expect(rowCovers(unsolved('seconds', 1 << 20, 10), { maxHeaps: 1 << 20, seconds: 10 })).toBe(true);
    expect(rowCovers(unsolved('seconds', 1 << 20, 10), { maxHeaps: 1 << 20, seconds: 11 })).toBe(false);
    expect(rowCovers(unsolved('seconds', 1 << 20, 10), { maxHeaps: 1 << 19, seconds: 5 })).toBe(true);
    // out of time: more heaps with no more seconds would stop at the same place (the embedded census's rule too)
    expect(rowCovers(unsolved('seconds', 1 << 20, 10), { maxHeaps: 1 << 25, seconds: 10 })).toBe(true);
  });
});
