/**
 * Databases of proved facts on disk, beside the sequence cache (the grid core's endgame databases,
 * Sprouts' land facts): one file per database, endgame-<name>.edb, the engine's words little-endian, written to a temp file renamed into place (a reader
 * sees whole files only). The engine checks what is read (format, length, checksum) and refuses a
 * damaged file with one line naming it; a directory that cannot be written is reported once and
 * the database then lives in memory for the run.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { EndgameStore } from '../engine/types.ts';
import { MAX_NEW_PARENTS, makeDir, removeCachedFiles } from './disk-cache.ts';

const PREFIX = 'endgame-';
const SUFFIX = '.edb';

/** A stored database's file (its name without the prefix and suffix) and size. */
export interface StoredDatabase {
  readonly name: string;
  readonly bytes: number;
}

export interface EndgameCacheOptions {
  /** Told once when the directory cannot be written (the run goes on with the database in memory). */
  onUnusable?: (warning: string) => void;
}

export class EndgameCache implements EndgameStore {
  private unusable = false;
  private readonly onUnusable: (warning: string) => void;

  constructor(
    readonly dir: string,
    options: EndgameCacheOptions = {},
  ) {
    this.onUnusable = options.onUnusable ?? (() => {});
  }

  private file(name: string): string {
    // names come from the engine (a game's name and a size), never from a user
    return path.join(this.dir, `endgame-${name.replace(/[^A-Za-z0-9_-]+/g, '_')}${SUFFIX}`);
  }

  describe(name: string): string {
    return this.file(name);
  }

  /** The files of this directory that hold databases (none when it cannot be read), by name. */
  private names(): string[] {
    try {
      return readdirSync(this.dir).filter((n) => n.startsWith(PREFIX));
    } catch {
      return [];
    }
  }

  /** The databases stored, by name, with their sizes. */
  list(): StoredDatabase[] {
    const out: StoredDatabase[] = [];
    for (const n of this.names()) {
      if (!n.endsWith(SUFFIX)) continue;
      const stat = statSync(path.join(this.dir, n), { throwIfNoEntry: false });
      if (stat?.isFile()) out.push({ name: n.slice(PREFIX.length, -SUFFIX.length), bytes: stat.size });
    }
    return out.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Deletes every stored database and leftover temp file; how many were removed (removeCachedFiles). */
  clear(): number {
    return removeCachedFiles(this.dir, this.names(), (n) => n.endsWith(SUFFIX) || n.endsWith('.tmp'), 'databases');
  }

  load(name: string): Int32Array | null {
    let buf: Buffer;
    try {
      buf = readFileSync(this.file(name));
    } catch {
      return null; // none stored (or unreadable): built again
    }
    // whole words only: a file cut inside a word then fails the engine's length check
    const words = new Int32Array(buf.length >>> 2);
    new Uint8Array(words.buffer).set(buf.subarray(0, words.byteLength));
    return words;
  }

  save(name: string, words: Int32Array): void {
    if (this.unusable) return;
    const file = this.file(name);
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      makeDir(this.dir, MAX_NEW_PARENTS);
      // the host is little-endian (as the sequence cache assumes): the words are written as they lie
      writeFileSync(temp, new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
      renameSync(temp, file);
    } catch (e) {
      rmSync(temp, { force: true });
      this.unusable = true;
      const code = (e as { code?: unknown } | null)?.code;
      this.onUnusable(
        `the search's stored facts (${path.basename(file)}) cannot be kept in ${this.dir} (${typeof code === 'string' ? code : 'error'}); continuing without keeping them`,
      );
    }
  }
}
