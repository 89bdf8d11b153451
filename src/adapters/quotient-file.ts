/**
 * A partial misère quotient kept in a file (`nimber quotient --store FILE`): read when it exists,
 * replaced after each heap by writing a temporary file beside it and renaming it over the old one,
 * so a run killed at any moment leaves the last completed heap's quotient, never half of one; a write
 * that fails (a full disk) removes its temporary file.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { InputError } from '../engine/errors.ts';
import type { QuotientStore } from '../service/misere.ts';
import { StorageError, describeFsError } from './storage-error.ts';

/** The store of a partial quotient in `file` (nothing stored yet when the file does not exist). */
export function quotientFile(file: string): QuotientStore {
  return {
    name: file,
    load() {
      try {
        return new Uint8Array(readFileSync(file));
      } catch (e) {
        if ((e as NodeJS.ErrnoException)?.code === 'ENOENT') return null;
        throw new InputError(`cannot read the stored quotient ${file}: ${describeFsError(e)}`);
      }
    },
    save(bytes) {
      const temporary = `${file}.partial`;
      try {
        writeFileSync(temporary, bytes);
        renameSync(temporary, file);
      } catch (e) {
        try {
          rmSync(temporary, { force: true });
        } catch {
          // no temporary file could be made either: nothing to clean
        }
        throw new StorageError(`cannot write the stored quotient ${file}: ${describeFsError(e)}`);
      }
    },
  };
}
