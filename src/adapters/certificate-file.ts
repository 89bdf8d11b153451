/**
 * Certificate files: lines of text, gzip-compressed when the name ends in .gz (read back by their
 * magic bytes, whatever their name). Bytes that are not UTF-8 text are refused naming their line.
 * A certificate is written to a temporary file beside it and renamed into place, as the other stores
 * do: a full disk or a kill leaves the old certificate (or none), never part of one.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { InputError } from '../engine/errors.ts';
import { StorageError, describeFsError } from './storage-error.ts';

/** Writes a certificate's lines to a file (gzip when the name ends in .gz), whole or not at all. */
export function writeCertificateFile(file: string, lines: readonly string[]): void {
  const text = `${lines.join('\n')}\n`;
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, file.endsWith('.gz') ? gzipSync(text) : text);
    renameSync(temporary, file);
  } catch (e) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // no temporary file could be made either (e.g. the directory is missing): nothing to clean
    }
    throw new StorageError(`cannot write the certificate ${file}: ${describeFsError(e)}`);
  }
}

/** The lines of a certificate file; a missing file, a broken gzip stream or bytes that are not text are one InputError. */
export function readCertificateLines(file: string): string[] {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw new InputError(`cannot read the certificate ${file}: ${describeFsError(e)}`);
  }
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = gunzipSync(bytes);
    } catch (e) {
      throw new InputError(`the certificate ${file} is a broken gzip stream: ${describeFsError(e)}`);
    }
  }
  const text = new TextDecoder('utf-8').decode(bytes);
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const bad = lines.findIndex((line) => line.includes('\uFFFD') || line.includes('\0'));
  if (bad >= 0) throw new InputError(`certificate line ${bad + 1}: bytes that are not text (a corrupt file?)`);
  return lines;
}
