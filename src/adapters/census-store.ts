/**
 * The census store: one JSON-lines file per census, a header line then one CensusRow per line,
 * appended as each game finishes (a crash keeps every finished row; a torn last line is skipped).
 * Rows of the same code later in the file supersede earlier ones only when they know more
 * (see `betterRow`). A file that is not a census store is refused with one line, never parsed
 * as rows; so is a store with a whole line that is not a valid row (corrupt); only a torn last
 * line, what a crash mid-write leaves, is skipped with a warning.
 */
import {
  appendFileSync,
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  statSync,
  truncateSync,
} from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import path from 'node:path';
import { InputError } from '../engine/errors.ts';
import type { CodeSpace } from '../engine/families/takebreak/codes.ts';
import { parseCensusRow } from '../service/census/rows.ts';
import { censusGroups } from '../service/census/run.ts';
import { spaceOfName, storedSpace } from '../service/census/store-names.ts';
import { type AnyCensusTable, buildAnyTable } from '../service/census/tables.ts';
import type { CensusRow } from '../service/census/types.ts';
import type { StoredCensus } from '../service/env.ts';

export type { StoredCensus } from '../service/env.ts';
import { StorageError, describeFsError } from './storage-error.ts';

/** The first line of every store. */
const HEADER = { nimber: 'census-store', version: 1 } as const;
/** Stores are named <name>.jsonl in the census directory. */
export const STORE_SUFFIX = '.jsonl';
/** Names a store may have in the census directory: the API takes them from URLs. */
export const STORE_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/** Whether `next` should replace `known` for the same code: solved beats unsolved, then more heaps. */
export function betterRow(known: CensusRow | undefined, next: CensusRow): boolean {
  if (!known) return true;
  if (known.status === 'solved') return false;
  return next.status === 'solved' || next.heaps >= known.heaps;
}

export interface StoreReadResult {
  /** The best row of each code (a Map: codes are user text, never plain-object keys). */
  readonly rows: Map<string, CensusRow>;
  /** Lines skipped (malformed or torn). */
  readonly skipped: number;
}

/** Bytes read at a time: a store is read line by line, never held whole (stores grow to many megabytes). */
const READ_CHUNK = 1 << 20;

/** Calls `line` for each line of the file, in order, reading it a chunk at a time. */
function forEachLine(file: string, line: (text: string, index: number, complete: boolean) => void): void {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(READ_CHUNK);
    const decoder = new StringDecoder('utf8');
    let pending = '';
    let index = 0;
    for (;;) {
      const n = readSync(fd, buffer, 0, READ_CHUNK, null);
      if (n === 0) break;
      const parts = (pending + decoder.write(buffer.subarray(0, n))).split('\n');
      pending = parts.pop()!;
      for (const part of parts) line(part, index++, true);
    }
    pending += decoder.end();
    if (pending !== '') line(pending, index, false);
  } finally {
    closeSync(fd);
  }
}

/** Reads a store; a missing file is empty. Throws InputError when the file is not a census store. */
export function readStore(file: string): StoreReadResult {
  const rows = new Map<string, CensusRow>();
  let skipped = 0;
  let headerSeen = false;
  try {
    forEachLine(file, (line, index, complete) => {
      if (index === 0 && line.trim() !== '') {
        checkHeader(file, line);
        headerSeen = true;
        return;
      }
      if (line.trim() === '') return;
      if (!headerSeen) checkHeader(file, ''); // an empty first line before rows: not a store
      let row: CensusRow | null = null;
      try {
        row = parseCensusRow(JSON.parse(line));
      } catch {
        row = null;
      }
      if (!row) {
        // a crash mid-write leaves a torn last line (no newline): skipped, its game computed again;
        // a whole line that is not a row was changed by someone: refused, never guessed at
        if (complete)
          throw new InputError(
            `census store ${path.basename(file)}, line ${index + 1}: not a valid census row (the file is corrupt: remove that line, or the file, and run the census again)`,
          );
        skipped++;
        return;
      }
      if (betterRow(rows.get(row.code), row)) rows.set(row.code, row);
    });
  } catch (e) {
    if (e instanceof InputError) throw e;
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { rows: new Map(), skipped: 0 };
    throw new InputError(
      `census store ${path.basename(file)}: cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  return { rows, skipped };
}

/** Throws InputError unless `line` is a census-store header of this version. */
function checkHeader(file: string, line: string): void {
  let header: unknown = null;
  try {
    header = JSON.parse(line);
  } catch {
    // not JSON: reported below
  }
  const h = header as { nimber?: unknown; version?: unknown } | null;
  if (!h || typeof h !== 'object' || h.nimber !== HEADER.nimber) {
    throw new InputError(
      `${path.basename(file)} is not a nimber census store (its first line is not a census-store header); give another --store`,
    );
  }
  if (h.version !== HEADER.version)
    throw new InputError(
      `census store ${path.basename(file)} has version ${String(h.version)}; this nimber reads version ${HEADER.version}`,
    );
}

/** Errors of the disk itself, not of the path asked for: StorageError (exit 1), not InputError. */
const DISK_FAILURES: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EROFS', 'EFBIG']);

/** A store open for appending rows; the header is written when the file is new or empty. */
export class CensusStore {
  readonly file: string;
  readonly rows: Map<string, CensusRow>;
  readonly skipped: number;

  constructor(file: string) {
    this.file = file;
    const read = readStore(file);
    this.rows = read.rows;
    this.skipped = read.skipped;
    try {
      makeDir(path.dirname(file), MAX_NEW_PARENTS);
      const empty = !exists(file) || statSync(file).size === 0;
      if (empty) appendFileSync(file, JSON.stringify(HEADER) + '\n');
      else dropTornLine(file);
    } catch (e) {
      // a disk that fails (full, read-only, broken) is the environment's fault: exit 1; a path
      // that cannot be a file (a directory in the way, no permission) is the user's: exit 2
      const where = `census store ${path.resolve(file)}: cannot be written (${describeFsError(e)})`;
      if (DISK_FAILURES.has((e as NodeJS.ErrnoException).code ?? '')) throw new StorageError(where);
      throw new InputError(where);
    }
  }

  /**
   * Appends a row (one write of one line: a crash leaves at most a torn last line, which readers skip).
   * A failed write (a full disk) is a StorageError naming the file; the rows stored before stay.
   */
  put(row: CensusRow): void {
    try {
      appendFileSync(this.file, JSON.stringify(row) + '\n');
    } catch (e) {
      throw new StorageError(
        `cannot append to the census store ${path.resolve(this.file)} (${describeFsError(e)}); the ${this.rows.size} rows stored before are kept`,
      );
    }
    if (betterRow(this.rows.get(row.code), row)) this.rows.set(row.code, row);
  }
}

/** Missing parent directories created at most: plain mkdir calls (mkdirSync(recursive) spins forever under /proc). */
const MAX_NEW_PARENTS = 4;

function makeDir(dir: string, parents: number): void {
  try {
    mkdirSync(dir);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    if (code !== 'ENOENT' || parents === 0 || path.dirname(dir) === dir) throw e;
    makeDir(path.dirname(dir), parents - 1);
    mkdirSync(dir);
  }
}

function exists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * A torn last line (no newline: a crash mid-write) would swallow the next row, and ended by a
 * newline it would read as a corrupt row: it is cut off before appending (its game is computed again).
 */
function dropTornLine(file: string): void {
  const text = readFileSync(file);
  if (text.length > 0 && text[text.length - 1] !== 0x0a) truncateSync(file, text.lastIndexOf(0x0a) + 1);
}

/** The census directory under a cache directory. */
export function censusDir(cacheDir: string): string {
  return path.join(cacheDir, 'census');
}

/** Stored censuses in a directory: names (without suffix) of the files that look like stores, sorted. */
export function listStores(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith(STORE_SUFFIX))
    .map((n) => n.slice(0, -STORE_SUFFIX.length))
    .filter((n) => STORE_NAME.test(n))
    .sort();
}

/** The space a default store's name stands for (takebreak-octal-3, takebreak-hex-2, takebreak-octal-2-misere), or null for other names. */
export function spaceOfStoreName(name: string): CodeSpace | null {
  return spaceOfName(name)?.space ?? null;
}

/** The default stores in a census directory (unreadable or foreign files are left out). */
export function listStoredCensuses(dir: string): StoredCensus[] {
  const out: StoredCensus[] = [];
  for (const name of listStores(dir)) {
    const named = spaceOfName(name);
    if (!named) continue;
    const { space, convention } = named;
    try {
      out.push({
        name,
        digits: space.digits,
        hex: space.hex ?? false,
        convention,
        rows: rowCount(path.join(dir, name + STORE_SUFFIX)),
      });
    } catch {
      // not a store: not listed
    }
  }
  return out;
}

/** Row counts already read, by file, with the file's size and time they were read from. */
const counted = new Map<string, { stamp: string; rows: number }>();

/** The rows of a store (a list repeated while the store is unchanged reads it once). */
function rowCount(file: string): number {
  const s = statSync(file);
  const stamp = `${s.size}:${s.mtimeMs}`;
  const known = counted.get(file);
  if (known && known.stamp === stamp) return known.rows;
  const rows = readStore(file).rows.size;
  counted.set(file, { stamp, rows });
  return rows;
}

/** Tables already built, by name, with the file's size and time they were built from. */
const built = new Map<string, { stamp: string; table: AnyCensusTable }>();

/**
 * The table of a default store in `dir` (the rows stored so far, games not yet computed left out),
 * or null when there is no such store. Throws InputError for a bad name, a space of more than
 * `maxCodes` codes, or a file that is not a store.
 */
export function storedTable(dir: string, name: string, maxCodes = Number.POSITIVE_INFINITY): AnyCensusTable | null {
  const space = storedSpace(name, maxCodes);
  const file = path.join(dir, name + STORE_SUFFIX);
  let stamp: string;
  try {
    const s = statSync(file);
    stamp = `${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
  const cached = built.get(name);
  if (cached && cached.stamp === stamp) return cached.table;
  const convention = spaceOfName(name)?.convention ?? 'normal';
  const { rows } = readStore(file);
  let maxHeaps = 0,
    maxWork: number | undefined,
    seconds = 0;
  for (const row of rows.values()) {
    maxHeaps = Math.max(maxHeaps, row.budget.maxHeaps);
    seconds = Math.max(seconds, row.budget.seconds);
    if (row.budget.maxWork !== undefined) maxWork = Math.max(maxWork ?? 0, row.budget.maxWork);
  }
  const groups = censusGroups(space, convention);
  const table = buildAnyTable(
    space,
    { maxHeaps, ...(maxWork === undefined ? {} : { maxWork }), seconds },
    groups,
    rows,
    convention,
  );
  built.set(name, { stamp, table });
  return table;
}
