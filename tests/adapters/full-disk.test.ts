/**
 * Certificates and quotient stores on a full disk (issue 39, item 11): the file system's writes are
 * made to fail as a full disk does, after part of the bytes reached the file. A certificate written over
 * an old one leaves the old one whole, a fresh one leaves no file, and neither leaves a temporary file;
 * a quotient store keeps its last heap and leaves no `.partial` file.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { readCertificateLines, writeCertificateFile } from '../../src/adapters/certificate-file.ts';
import { quotientFile } from '../../src/adapters/quotient-file.ts';
import { StorageError } from '../../src/adapters/storage-error.ts';

/** Bytes a write puts on the disk before it fills up (the repro cut certificates at 32 KiB). */
const ROOM = 32 * 1024;

const disk = vi.hoisted(() => ({ full: false }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  // A full disk: the first ROOM bytes are written, then ENOSPC, as writeFileSync reports it.
  const writeFileSync: typeof fs.writeFileSync = (file, data, options) => {
    if (!disk.full) return fs.writeFileSync(file, data, options);
    const bytes = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data as Uint8Array);
    fs.writeFileSync(file, bytes.subarray(0, ROOM));
    const error = new Error(`ENOSPC: no space left on device, write`) as NodeJS.ErrnoException;
    error.code = 'ENOSPC';
    error.syscall = 'write';
    throw error;
  };
  return { ...fs, default: { ...fs, writeFileSync }, writeFileSync };
});

const dir = mkdtempSync(join(tmpdir(), 'nimber-full-disk-'));
afterEach(() => {
  disk.full = false;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A certificate's lines, long enough to pass ROOM bytes even gzip-compressed (random facts compress little). */
function certificate(value: number): string[] {
  let seed = value + 1;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed;
  };
  const facts = Array.from(
    { length: 5_000 },
    () => `= ${random() % 9} ${random().toString(36)}/${random().toString(36)}`,
  );
  return ['nimber-certificate 2', 'game cram', 'position ..', `value ${value}`, ...facts, `end ${facts.length}`];
}

describe('certificates on a full disk', () => {
  for (const name of ['old.cert', 'old.cert.gz']) {
    it(`writing over ${name} keeps the old certificate whole and leaves no temporary file`, () => {
      const folder = mkdtempSync(join(dir, 'over-'));
      const file = join(folder, name);
      const old = certificate(1);
      writeCertificateFile(file, old);
      disk.full = true;
      expect(() => writeCertificateFile(file, certificate(2))).toThrow(StorageError);
      expect(() => writeCertificateFile(file, certificate(2))).toThrow(
        `cannot write the certificate ${file}: ENOSPC: no space left on device`,
      );
      disk.full = false;
      expect(readCertificateLines(file)).toEqual(old);
      expect(readdirSync(folder)).toEqual([name]);
    });
  }

  for (const name of ['fresh.cert', 'fresh.cert.gz']) {
    it(`a fresh ${name} leaves no file at all, neither partial nor empty`, () => {
      const folder = mkdtempSync(join(dir, 'fresh-'));
      disk.full = true;
      expect(() => writeCertificateFile(join(folder, name), certificate(3))).toThrow(StorageError);
      expect(readdirSync(folder)).toEqual([]);
    });
  }
});

describe('a quotient store on a full disk', () => {
  it('keeps the last heap saved and leaves no .partial file', () => {
    const folder = mkdtempSync(join(dir, 'quotient-'));
    const file = join(folder, 'q.bin');
    const store = quotientFile(file);
    const saved = new Uint8Array(40_000).map((_, i) => i % 251);
    store.save(saved);
    disk.full = true;
    expect(() => store.save(new Uint8Array(50_000).fill(7))).toThrow(
      `cannot write the stored quotient ${file}: ENOSPC: no space left on device`,
    );
    disk.full = false;
    expect(existsSync(`${file}.partial`)).toBe(false);
    expect(readdirSync(folder)).toEqual(['q.bin']);
    expect(store.load()).toEqual(saved);
    expect(new Uint8Array(readFileSync(file))).toEqual(saved);
  });
});

it('the injected failure is a full disk: it leaves part of the bytes, as the issue saw (cut at 32 KiB)', () => {
  const file = join(dir, 'raw.bin');
  disk.full = true;
  expect(() => writeFileSync(file, new Uint8Array(ROOM * 2))).toThrow(/ENOSPC/);
  disk.full = false;
  expect(readFileSync(file).length).toBe(ROOM);
});
