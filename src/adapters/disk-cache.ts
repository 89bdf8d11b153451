/**
 * Disk cache of computed Grundy sequences, keyed by the ruleset's canonical spec. A longer request
 * extends a cached prefix. Every write goes to a temp file renamed into place (atomic on one file
 * system), so a reader sees whole entries only. The entry's length is in its file name
 * (<slug>-<hash>.<length>.seq): concurrent writers of different lengths never replace each other's
 * files (same length means same bytes), readers take the longest valid one and writers then delete
 * the shorter ones, so a shorter result never wins over a longer one, without locks.
 * A CRC-32 over header and values detects truncated or corrupted entries, which are deleted and
 * recomputed, never trusted.
 * The cache degrades, never fails: when its directory cannot be created, read or written (a file in
 * its place, no permission, a path under /proc), it reports that once through `onUnusable` and
 * answers as an empty cache from then on; the caller computes from memory. Temp files orphaned by
 * a killed writer are removed by a later write once they are an hour old.
 *
 * File layout (little-endian): "NIMBSEQ1", u32 width (2 or 4 bytes per value), u32 count,
 * u32 spec byte length, u32 crc32(header fields, spec, values), spec (UTF-8, padded to 4), values.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { StorageError, describeFsError } from './storage-error.ts';

const MAGIC = Buffer.from('NIMBSEQ1', 'latin1');
const HEADER = MAGIC.length + 16;
const SUFFIX = '.seq';
const TEMP = '.tmp';
/** The temp files this cache writes: <entry file>.<pid>.<8 hex digits>.tmp. */
const TEMP_NAME = /\.seq\.\d+\.[0-9a-f]{8}\.tmp$/;
/** A temp file older than this was orphaned (a write takes seconds at most). */
export const STALE_TEMP_MS = 60 * 60 * 1000;
/**
 * Missing parent directories created at most (~/.cache/nimber needs two). A bounded chain of plain
 * mkdir calls instead of mkdirSync(recursive), which spins forever under /proc.
 */
export const MAX_NEW_PARENTS = 4;

/** $XDG_CACHE_HOME/nimber when set (absolute), else ~/.cache/nimber. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'nimber');
  return path.join(os.homedir(), '.cache', 'nimber');
}

/** A cached sequence: values of heaps 0..values.length-1. */
export type CachedValues = Uint16Array | Uint32Array;

export interface CacheEntry {
  readonly spec: string;
  /** Heaps 0..length-1 are stored. */
  readonly length: number;
  readonly bytes: number;
  readonly file: string;
  /** False when the file is truncated or corrupted (it will be recomputed). */
  readonly ok: boolean;
}

/** File-name prefix of a spec's entries (the slug is for people; the hash keeps specs apart). */
function stem(spec: string): string {
  const slug = spec.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60);
  const hash = createHash('sha256').update(spec).digest('hex').slice(0, 16);
  return `${slug}-${hash}`;
}

/** The length encoded in an entry's file name, or -1 when the name is not one of this stem's entries. */
function lengthIn(name: string, prefix: string): number {
  if (!name.startsWith(prefix + '.') || !name.endsWith(SUFFIX)) return -1;
  const middle = name.slice(prefix.length + 1, -SUFFIX.length);
  return /^\d+$/.test(middle) ? Number(middle) : -1;
}

function padded(n: number): number {
  return (n + 3) & ~3;
}

function encode(spec: string, values: ArrayLike<number>): Buffer {
  let top = 0;
  for (let i = 0; i < values.length; i++) if (values[i] > top) top = values[i];
  const width = top <= 0xffff ? 2 : 4;
  const specBytes = Buffer.from(spec, 'utf8');
  const offset = HEADER + padded(specBytes.length);
  const out = Buffer.alloc(offset + width * values.length);
  MAGIC.copy(out, 0);
  out.writeUInt32LE(width, 8);
  out.writeUInt32LE(values.length, 12);
  out.writeUInt32LE(specBytes.length, 16);
  specBytes.copy(out, HEADER);
  const body =
    width === 2
      ? new Uint16Array(out.buffer, out.byteOffset + offset, values.length)
      : new Uint32Array(out.buffer, out.byteOffset + offset, values.length);
  body.set(values);
  out.writeUInt32LE(checksum(out, offset), 20);
  return out;
}

/** CRC-32 of the header fields (bytes 8..20), the spec and the values. */
function checksum(buf: Buffer, offset: number): number {
  let c = crc32(buf.subarray(8, 20));
  c = crc32(buf.subarray(HEADER, offset), c);
  return crc32(buf.subarray(offset), c);
}

type Decoded = { spec: string; values: CachedValues } | { error: string };

function decode(buf: Buffer): Decoded {
  if (buf.length < HEADER || !buf.subarray(0, 8).equals(MAGIC)) return { error: 'not a nimber cache file' };
  const width = buf.readUInt32LE(8);
  const count = buf.readUInt32LE(12);
  const specLength = buf.readUInt32LE(16);
  if (width !== 2 && width !== 4) return { error: 'bad value width' };
  const offset = HEADER + padded(specLength);
  if (buf.length !== offset + width * count) return { error: 'truncated' };
  if (buf.readUInt32LE(20) !== checksum(buf, offset)) return { error: 'checksum mismatch' };
  const spec = buf.subarray(HEADER, HEADER + specLength).toString('utf8');
  // Copy into a fresh, aligned array (the file buffer may be pooled or misaligned).
  const bytes = new Uint8Array(buf.subarray(offset));
  const values = width === 2 ? new Uint16Array(bytes.buffer, 0, count) : new Uint32Array(bytes.buffer, 0, count);
  return { spec, values };
}

export interface SequenceCacheOptions {
  /** Told once, with a sentence naming the directory and the error code, when the cache turns out unusable. */
  onUnusable?: (warning: string) => void;
}

/** The error code of a failed fs call (EACCES, ENOTDIR, ...), else its message. */
function codeOf(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : e instanceof Error ? e.message : String(e);
}

function isMissing(e: unknown): boolean {
  return (e as { code?: unknown } | null)?.code === 'ENOENT';
}

/** Creates dir and at most `parents` missing ancestors, one plain mkdir each; throws on any failure. */
export function makeDir(dir: string, parents: number): void {
  try {
    mkdirSync(dir);
    return;
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (code === 'EEXIST') {
      if (statSync(dir).isDirectory()) return;
      throw Object.assign(new Error(`not a directory: ${dir}`), { code: 'ENOTDIR' });
    }
    const parent = path.dirname(dir);
    if (code !== 'ENOENT' || parents <= 0 || parent === dir) throw e;
    makeDir(parent, parents - 1);
  }
  mkdirSync(dir); // once more, now that the parent exists; a second failure is final
}

export class SequenceCache {
  /** Set when the directory failed us: the cache then reads as empty and writes nothing. */
  private unusable = false;
  private readonly onUnusable: (warning: string) => void;

  constructor(
    readonly dir: string,
    options: SequenceCacheOptions = {},
  ) {
    this.onUnusable = options.onUnusable ?? (() => {});
  }

  private giveUp(e: unknown): void {
    if (this.unusable) return;
    this.unusable = true;
    this.onUnusable(`the sequence cache at ${this.dir} is not usable (${codeOf(e)}); continuing without it`);
  }

  /** The directory's names; [] when it does not exist yet; null (after giving up) when it cannot be read. */
  private names(): string[] | null {
    if (this.unusable) return null;
    try {
      return readdirSync(this.dir);
    } catch (e) {
      if (isMissing(e)) return [];
      this.giveUp(e);
      return null;
    }
  }

  /** The entry files of a spec, longest first. */
  private entries(spec: string): { file: string; length: number }[] {
    const prefix = stem(spec);
    const names = this.names();
    if (names === null) return [];
    return names
      .map((name) => ({ file: path.join(this.dir, name), length: lengthIn(name, prefix) }))
      .filter((e) => e.length >= 0)
      .sort((a, b) => b.length - a.length);
  }

  /** The file of the longest entry of this spec (valid or not), or null. */
  entryFile(spec: string): string | null {
    return this.entries(spec)[0]?.file ?? null;
  }

  /** The longest valid cached values of this ruleset, or null; damaged entries are deleted. */
  read(spec: string): CachedValues | null {
    for (const { file, length } of this.entries(spec)) {
      let buf: Buffer;
      try {
        buf = readFileSync(file);
      } catch {
        continue; // removed meanwhile by a writer that stored a longer one
      }
      const d = decode(buf);
      if ('error' in d || d.spec !== spec || d.values.length !== length) {
        removeQuietly(file);
        continue;
      }
      return d.values;
    }
    return null;
  }

  /**
   * Stores values of heaps 0..values.length-1 unless an entry at least as long is already there,
   * then deletes every entry of this spec but the longest, and temp files orphaned over an hour ago.
   * Atomic: temp file, then rename. False when nothing was stored (a longer entry exists, or the
   * cache is unusable: reported once, never thrown).
   */
  write(spec: string, values: ArrayLike<number>): boolean {
    const existing = this.read(spec);
    if (this.unusable || (existing && existing.length >= values.length)) return false;
    const file = path.join(this.dir, `${stem(spec)}.${values.length}${SUFFIX}`);
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}${TEMP}`;
    try {
      makeDir(this.dir, MAX_NEW_PARENTS);
      writeFileSync(temp, encode(spec, values));
      renameSync(temp, file);
    } catch (e) {
      removeQuietly(temp);
      this.giveUp(e);
      return false;
    }
    // Keep only the longest entry (another writer may have stored a longer one meanwhile).
    for (const e of this.entries(spec).slice(1)) removeQuietly(e.file);
    this.removeStaleTemps(Date.now() - STALE_TEMP_MS);
    return true;
  }

  /** Deletes this cache's temp files last modified before `before` (ms since the epoch): a killed writer's. */
  private removeStaleTemps(before: number): void {
    for (const name of this.names() ?? []) {
      if (!TEMP_NAME.test(name)) continue;
      const file = path.join(this.dir, name);
      let stale = false;
      try {
        const stat = statSync(file, { throwIfNoEntry: false });
        stale = stat?.isFile() === true && stat.mtimeMs < before;
      } catch {
        // unreadable: leave it
      }
      if (stale) removeQuietly(file);
    }
  }

  /** Every entry (damaged ones flagged), longest spec first. */
  list(): CacheEntry[] {
    const names = this.names() ?? [];
    const out: CacheEntry[] = [];
    for (const name of names) {
      if (!name.endsWith(SUFFIX)) continue;
      const file = path.join(this.dir, name);
      let buf: Buffer;
      try {
        buf = readFileSync(file);
      } catch {
        continue;
      }
      const d = decode(buf);
      if ('error' in d) out.push({ spec: `(${d.error}: ${name})`, length: 0, bytes: buf.length, file, ok: false });
      else out.push({ spec: d.spec, length: d.values.length, bytes: buf.length, file, ok: true });
    }
    return out.sort((a, b) => a.spec.localeCompare(b.spec));
  }

  /** Deletes every entry and leftover temp file; returns how many were removed (see removeCachedFiles). */
  clear(): number {
    return removeCachedFiles(
      this.dir,
      this.names() ?? [],
      (name) => name.endsWith(SUFFIX) || name.endsWith(TEMP),
      'files',
    );
  }
}

/** Deletes a file if it can; false when it could not (a directory in its place, no permission). */
function removeQuietly(file: string): boolean {
  try {
    rmSync(file, { force: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes the plain files of `dir` among `names` that `matches` picks, and returns how many. A file that
 * cannot be removed (no permission, a read-only disk) is a StorageError naming it, after the others
 * were removed: a clear that leaves files behind must not look like one that worked.
 */
export function removeCachedFiles(
  dir: string,
  names: readonly string[],
  matches: (name: string) => boolean,
  what: string,
): number {
  let removed = 0;
  const failed: { name: string; error: unknown }[] = [];
  for (const name of names) {
    if (!matches(name)) continue;
    const file = path.join(dir, name);
    try {
      if (!statSync(file, { throwIfNoEntry: false })?.isFile()) continue;
      rmSync(file, { force: true });
      removed++;
    } catch (error) {
      failed.push({ name, error });
    }
  }
  if (failed.length > 0) {
    const shown = failed.slice(0, 3).map((f) => f.name);
    const more = failed.length > shown.length ? `, … (${failed.length - shown.length} more)` : '';
    throw new StorageError(
      `cannot remove ${failed.length} of ${failed.length + removed} cached ${what} in ${dir} (${describeFsError(failed[0].error)}): ${shown.join(', ')}${more}; removed ${removed}`,
    );
  }
  return removed;
}
