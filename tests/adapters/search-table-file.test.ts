/** A search's table file: whole words written by rename, read back as written; none saved reads as null; a failed save is a StorageError. */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SearchTableFile, boardSearchFile } from '../../src/adapters/search-table-file.ts';
import { StorageError } from '../../src/adapters/storage-error.ts';

const dir = mkdtempSync(join(tmpdir(), 'nimber-search-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SearchTableFile', () => {
  it('reads back the words it saved (in a directory it makes), and null when none were saved', () => {
    const file = new SearchTableFile(join(dir, 'new', 'deeper', 't.search'));
    expect(file.load()).toBeNull();
    const words = new Int32Array([1, -2, 0x7fffffff, -0x80000000, 5]);
    file.save(words);
    expect(file.load()).toEqual(words);
    file.save(new Int32Array([9]));
    expect(file.load()).toEqual(new Int32Array([9]));
    // no temp file is left behind
    expect(readdirSync(join(dir, 'new', 'deeper'))).toEqual(['t.search']);
    file.remove();
    expect(existsSync(file.file)).toBe(false);
    expect(file.load()).toBeNull();
  });

  it('a file cut inside a word reads as the whole words before the cut (the engine then finds it short)', () => {
    const path = join(dir, 'cut.search');
    writeFileSync(path, Buffer.from([1, 0, 0, 0, 2, 0, 0]));
    expect(new SearchTableFile(path).load()).toEqual(new Int32Array([1]));
  });

  it('a save that cannot be written is a StorageError naming the file', () => {
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, '');
    const file = new SearchTableFile(join(blocker, 't.search'));
    expect(() => file.save(new Int32Array([1]))).toThrow(StorageError);
    expect(() => file.save(new Int32Array([1]))).toThrow(/cannot save the search table .*a-file\/t\.search: E/);
  });

  it('a board table file lies beside its store', () => {
    expect(boardSearchFile(join(dir, 'cram.jsonl'), 5, 7).file).toBe(join(dir, 'cram.jsonl.5x7.search'));
  });
});
