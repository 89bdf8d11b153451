/**
 * The census store on a full disk (issue 39, item 11): the file system's appends are made to fail
 * as a full disk does. Creating a store there is a StorageError (exit 1, as docs/cli.md says of a
 * file that cannot be written), not bad input, and the line names the store with its folder.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { CensusStore } from '../../src/adapters/census-store.ts';
import { StorageError } from '../../src/adapters/storage-error.ts';
import { InputError } from '../../src/engine/errors.ts';
import { DEFAULT_CENSUS_BUDGET } from '../../src/service/census/budget.ts';
import type { NormalCensusRow } from '../../src/service/census/types.ts';

/** The errno code every append fails with while set (null: the disk works). */
const disk = vi.hoisted(() => ({ failure: null as string | null }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const appendFileSync: typeof fs.appendFileSync = (file, data, options) => {
    if (disk.failure === null) return fs.appendFileSync(file, data, options);
    const error = new Error(`${disk.failure}: the disk refuses, write`) as NodeJS.ErrnoException;
    error.code = disk.failure;
    error.syscall = 'write';
    throw error;
  };
  return { ...fs, default: { ...fs, appendFileSync }, appendFileSync };
});

const dir = mkdtempSync(join(tmpdir(), 'nimber-census-full-'));
afterEach(() => {
  disk.failure = null;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stored row as the census writes it (its values do not matter to the store). */
const row: NormalCensusRow = {
  code: '0.77',
  status: 'solved',
  preperiod: 71,
  period: 12,
  saltus: 0,
  largestValue: 8,
  largestAt: 39,
  rare: null,
  heaps: 1024,
  ms: 1,
  stopped: null,
  budget: DEFAULT_CENSUS_BUDGET,
};

describe('the census store on a full disk', () => {
  it('a new store whose header cannot be written is a StorageError naming the file with its folder', () => {
    const file = join(mkdtempSync(join(dir, 'new-')), 'census.jsonl');
    disk.failure = 'ENOSPC';
    let error: unknown;
    try {
      new CensusStore(file);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StorageError);
    expect((error as Error).message).toBe(`census store ${file}: cannot be written (ENOSPC: no space left on device)`);
  });

  it('a row that cannot be appended is a StorageError naming the file; the rows before stay', () => {
    const file = join(mkdtempSync(join(dir, 'append-')), 'census.jsonl');
    const store = new CensusStore(file);
    store.put(row);
    disk.failure = 'ENOSPC';
    expect(() => store.put({ ...row, code: '0.07' })).toThrow(StorageError);
    expect(() => store.put({ ...row, code: '0.07' })).toThrow(`cannot append to the census store ${file} (ENOSPC`);
    disk.failure = null;
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(2);
    expect([...new CensusStore(file).rows.keys()]).toEqual(['0.77']);
  });

  it('a path the user may not write (no permission) stays bad input, with the folder named too', () => {
    const file = join(mkdtempSync(join(dir, 'denied-')), 'census.jsonl');
    disk.failure = 'EACCES';
    expect(() => new CensusStore(file)).toThrow(InputError);
    expect(() => new CensusStore(file)).toThrow(`census store ${file}: cannot be written (EACCES`);
  });
});
