/**
 * Disk cache of proved periods, beside the sequence cache and keyed the same way (the ruleset's
 * canonical spec): one file per ruleset, <slug>-<hash>.proof, written to a temp file renamed into
 * place. A proof is small (the preperiod and period's values) where the sequence that proved it may
 * be tens of millions of heaps, so a command far beyond the computable maximum answers at once.
 * A SHA-256 over the whole entry catches damage; a damaged entry is deleted and reported once
 * through `onDamaged`, and the caller proves the period again. The service re-checks what it reads
 * against the ruleset (service/proofs.ts) before believing it.
 *
 * File layout (little-endian): "NIMBPRF1", u32 spec byte length, u32 preperiod, u32 period,
 * f64 computed, 32-byte SHA-256 of everything after it, spec (UTF-8, padded to 4), u32 values.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ProofStore, StoredProof } from '../service/proofs.ts';
import { MAX_NEW_PARENTS, makeDir, removeCachedFiles } from './disk-cache.ts';
import { describeFsError } from './storage-error.ts';

const MAGIC = Buffer.from('NIMBPRF1', 'latin1');
/** magic, spec length, preperiod, period, computed, digest */
const HEADER = 8 + 4 + 4 + 4 + 8 + 32;
const DIGEST_AT = HEADER - 32;
export const PROOF_SUFFIX = '.proof';
/** Temp files of this cache: <entry>.<pid>.<8 hex digits>.tmp. */
const TEMP_NAME = /\.proof\.\d+\.[0-9a-f]{8}\.tmp$/;

/** The entry file's name (the slug is for people; the hash keeps specs apart). */
function fileName(spec: string): string {
  const slug = spec.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60);
  const hash = createHash('sha256').update(spec).digest('hex').slice(0, 16);
  return `${slug}-${hash}${PROOF_SUFFIX}`;
}

function digest(buf: Buffer): Buffer {
  return createHash('sha256').update(buf.subarray(HEADER)).update(buf.subarray(0, DIGEST_AT)).digest();
}

export function encodeProof(spec: string, proof: StoredProof): Buffer {
  const specBytes = Buffer.from(spec, 'utf8');
  const offset = HEADER + ((specBytes.length + 3) & ~3);
  const out = Buffer.alloc(offset + 4 * proof.values.length);
  MAGIC.copy(out, 0);
  out.writeUInt32LE(specBytes.length, 8);
  out.writeUInt32LE(proof.preperiod, 12);
  out.writeUInt32LE(proof.period, 16);
  out.writeDoubleLE(proof.computed, 20);
  specBytes.copy(out, HEADER);
  // the host is little-endian (as the sequence cache assumes): the values are copied as they lie
  Buffer.from(proof.values.buffer, proof.values.byteOffset, proof.values.byteLength).copy(out, offset);
  digest(out).copy(out, DIGEST_AT);
  return out;
}

export function decodeProof(buf: Buffer): { spec: string; proof: StoredProof } | { error: string } {
  if (buf.length < HEADER || !buf.subarray(0, 8).equals(MAGIC)) return { error: 'not a nimber proof file' };
  const specLength = buf.readUInt32LE(8);
  const preperiod = buf.readUInt32LE(12);
  const period = buf.readUInt32LE(16);
  const computed = buf.readDoubleLE(20);
  const offset = HEADER + ((specLength + 3) & ~3);
  if (buf.length !== offset + 4 * (preperiod + period)) return { error: 'truncated' };
  if (!digest(buf).equals(buf.subarray(DIGEST_AT, HEADER))) return { error: 'checksum mismatch' };
  const spec = buf.subarray(HEADER, HEADER + specLength).toString('utf8');
  // copied into a fresh, aligned array (the file buffer may be pooled or misaligned)
  const values = new Uint32Array(new Uint8Array(buf.subarray(offset)).buffer);
  return { spec, proof: { preperiod, period, computed, values } };
}

export interface ProofCacheOptions {
  /** Told (once per entry) when a stored proof is damaged or fails its checks: it is deleted and proved again. */
  onDamaged?: (warning: string) => void;
  /** Told once when the directory cannot be written (the command goes on without keeping proofs). */
  onUnusable?: (warning: string) => void;
}

export interface ProofEntry {
  readonly spec: string;
  readonly preperiod: number;
  readonly period: number;
  readonly computed: number;
  readonly bytes: number;
  readonly ok: boolean;
}

export class ProofCache implements ProofStore {
  private unusable = false;
  private readonly onDamaged: (warning: string) => void;
  private readonly onUnusable: (warning: string) => void;

  constructor(
    readonly dir: string,
    options: ProofCacheOptions = {},
  ) {
    this.onDamaged = options.onDamaged ?? (() => {});
    this.onUnusable = options.onUnusable ?? (() => {});
  }

  read(spec: string): StoredProof | null {
    const file = path.join(this.dir, fileName(spec));
    let buf: Buffer;
    try {
      buf = readFileSync(file);
    } catch {
      return null; // none stored (or unreadable: proved again, as if none were)
    }
    const d = decodeProof(buf);
    if ('error' in d || d.spec !== spec) {
      this.drop(file, spec, 'error' in d ? d.error : 'stored for another ruleset');
      return null;
    }
    return d.proof;
  }

  write(spec: string, proof: StoredProof): void {
    if (this.unusable) return;
    const file = path.join(this.dir, fileName(spec));
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      makeDir(this.dir, MAX_NEW_PARENTS);
      writeFileSync(temp, encodeProof(spec, proof));
      renameSync(temp, file);
    } catch (e) {
      removeQuietly(temp);
      this.unusable = true;
      this.onUnusable(`the proof cache at ${this.dir} is not usable (${describeFsError(e)}); the proof is not kept`);
    }
  }

  reject(spec: string, reason: string): void {
    this.drop(path.join(this.dir, fileName(spec)), spec, reason);
  }

  private drop(file: string, spec: string, reason: string): void {
    removeQuietly(file); // when it cannot be removed it fails the same checks next time
    this.onDamaged(`ignored the cached proof of ${spec} (${reason}); proving it again`);
  }

  /** Every stored proof (damaged ones flagged). */
  list(): ProofEntry[] {
    const out: ProofEntry[] = [];
    for (const name of this.names()) {
      if (!name.endsWith(PROOF_SUFFIX)) continue;
      let buf: Buffer;
      try {
        buf = readFileSync(path.join(this.dir, name));
      } catch {
        continue;
      }
      const d = decodeProof(buf);
      if ('error' in d)
        out.push({ spec: `(${d.error}: ${name})`, preperiod: 0, period: 0, computed: 0, bytes: buf.length, ok: false });
      else out.push({ spec: d.spec, ...d.proof, bytes: buf.length, ok: true });
    }
    return out.sort((a, b) => a.spec.localeCompare(b.spec));
  }

  /** Deletes every stored proof and leftover temp file; a file that cannot be removed is a StorageError. */
  clear(): number {
    return removeCachedFiles(
      this.dir,
      this.names(),
      (name) => name.endsWith(PROOF_SUFFIX) || TEMP_NAME.test(name),
      'proofs',
    );
  }

  private names(): string[] {
    try {
      return readdirSync(this.dir);
    } catch {
      return [];
    }
  }
}

function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // nothing to remove, or not removable: the caller goes on either way
  }
}
