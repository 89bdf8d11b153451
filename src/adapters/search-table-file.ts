/**
 * A search's transposition table in a file (`nimber analyze … --resume FILE`, and beside a table's
 * store): the engine's words little-endian, written to a temp file renamed into place, so a kill
 * mid-save leaves the previous save whole. What is read is checked by the engine (format, game,
 * length, checksum, every entry) before the search believes it.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../engine/errors.ts';
import type { TableKeeper } from '../engine/types.ts';
import { StorageError, describeFsError } from './storage-error.ts';

export class SearchTableFile implements TableKeeper {
  constructor(readonly file: string) {}

  describe(): string {
    return this.file;
  }

  load(): Int32Array | null {
    let buf: Buffer;
    try {
      buf = readFileSync(this.file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null; // none saved yet: a fresh search
      throw new InputError(`cannot read the search table ${this.file}: ${describeFsError(e)}`);
    }
    // whole words only: a file cut inside a word then fails the engine's length check
    const words = new Int32Array(buf.length >>> 2);
    new Uint8Array(words.buffer).set(buf.subarray(0, words.byteLength));
    return words;
  }

  save(words: Int32Array): void {
    const temp = `${this.file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      // the host is little-endian (as the other caches assume): the words are written as they lie
      writeFileSync(temp, new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
      renameSync(temp, this.file);
    } catch (e) {
      try {
        rmSync(temp, { force: true });
      } catch {
        // no temp file could be made either (e.g. the directory is a file): nothing to clean
      }
      throw new StorageError(`cannot save the search table ${this.file}: ${describeFsError(e)}`);
    }
  }

  /** Removes the file (its search finished and its result is kept elsewhere). */
  remove(): void {
    try {
      rmSync(this.file, { force: true });
    } catch (e) {
      throw new StorageError(`cannot remove the search table ${this.file}: ${describeFsError(e)}`);
    }
  }
}

/** The file of board R x C's search table beside a board table's store: <store>.<R>x<C>.search */
export function boardSearchFile(store: string, rows: number, cols: number): SearchTableFile {
  return new SearchTableFile(`${store}.${rows}x${cols}.search`);
}
