/**
 * Disk cache of computed Grundy sequences, one file per ruleset (keyed by its canonical spec).
 * A longer request extends a cached prefix; every write goes to a temp file renamed into place
 * (atomic on one file system), so readers see a whole old entry or a whole new one, never a part.
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

function fileName(spec: string): string {
  const slug = spec.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);
  const hash = createHash('sha256').update(spec).digest('hex').slice(0, 16);
  return `${slug}-${hash}${SUFFIX}`;
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

  fileFor(spec: string): string {
    return path.join(this.dir, fileName(spec));
  }

  /** The cached values of this ruleset, or null when absent; a damaged entry is deleted. */
  read(spec: string): CachedValues | null {
    const file = this.fileFor(spec);
    let buf: Buffer;
    try {
      buf = readFileSync(file);
    } catch {
      return null;
    }
    const d = decode(buf);
    if ('error' in d || d.spec !== spec) {
      rmSync(file, { force: true });
      return null;
    }
    return d.values;
  }

  /**
   * Stores values of heaps 0..values.length-1 unless an entry at least as long is already there
   * (so concurrent writers never shorten an entry). Atomic: temp file, then rename.
   */
  write(spec: string, values: ArrayLike<number>): boolean {
    const existing = this.read(spec);
    if (existing && existing.length >= values.length) return false;
    mkdirSync(this.dir, { recursive: true });
    const file = this.fileFor(spec);
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}${TEMP}`;
    try {
      writeFileSync(temp, encode(spec, values));
      renameSync(temp, file);
    } catch (e) {
      rmSync(temp, { force: true });
      throw e;
    }
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
