/**
 * Disk cache of computed Grundy sequences, keyed by the ruleset's canonical spec. A longer request
 * extends a cached prefix. Every write goes to a temp file renamed into place (atomic on one file
 * system), so a reader sees whole entries only. The entry's length is in its file name
 * (<slug>-<hash>.<length>.seq): concurrent writers of different lengths never replace each other's
 * files (same length means same bytes), readers take the longest valid one and writers then delete
 * the shorter ones, so a shorter result never wins over a longer one, without locks.
 * A CRC-32 over header and values detects truncated or corrupted entries, which are deleted and
 * recomputed, never trusted.
 *
 * File layout (little-endian): "NIMBSEQ1", u32 width (2 or 4 bytes per value), u32 count,
 * u32 spec byte length, u32 crc32(header fields, spec, values), spec (UTF-8, padded to 4), values.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';

const MAGIC = Buffer.from('NIMBSEQ1', 'latin1');
const HEADER = MAGIC.length + 16;
const SUFFIX = '.seq';
const TEMP = '.tmp';

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
  const body = width === 2
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

export class SequenceCache {
  constructor(readonly dir: string) {}

  /** The entry files of a spec, longest first. */
  private entries(spec: string): { file: string; length: number }[] {
    const prefix = stem(spec);
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return [];
    }
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
        rmSync(file, { force: true });
        continue;
      }
      return d.values;
    }
    return null;
  }

  /**
   * Stores values of heaps 0..values.length-1 unless an entry at least as long is already there,
   * then deletes every entry of this spec but the longest. Atomic: temp file, then rename.
   */
  write(spec: string, values: ArrayLike<number>): boolean {
    const existing = this.read(spec);
    if (existing && existing.length >= values.length) return false;
    mkdirSync(this.dir, { recursive: true });
    const file = path.join(this.dir, `${stem(spec)}.${values.length}${SUFFIX}`);
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}${TEMP}`;
    try {
      writeFileSync(temp, encode(spec, values));
      renameSync(temp, file);
    } catch (e) {
      rmSync(temp, { force: true });
      throw e;
    }
    // Keep only the longest entry (another writer may have stored a longer one meanwhile).
    for (const e of this.entries(spec).slice(1)) rmSync(e.file, { force: true });
    return true;
  }

  /** Every entry (damaged ones flagged), longest spec first. */
  list(): CacheEntry[] {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return [];
    }
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

  /** Deletes every entry and leftover temp file; returns how many files were removed. */
  clear(): number {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      if (!name.endsWith(SUFFIX) && !name.endsWith(TEMP)) continue;
      const file = path.join(this.dir, name);
      if (!statSync(file, { throwIfNoEntry: false })?.isFile()) continue;
      rmSync(file, { force: true });
      removed++;
    }
    return removed;
  }
}
