/** Cache directories that no write can use, even as root (where chmod does not stop writes). */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SequenceCache } from '../../src/adapters/disk-cache.ts';

/** The file name of the entry a write of `length` values of `spec` creates (probed in `scratch`). */
export function entryPath(scratch: string, spec: string, length: number): string {
  const probe = new SequenceCache(scratch);
  probe.write(spec, [0]);
  return path.basename(probe.entryFile(spec)!).replace(/\.1\.seq$/, `.${length}.seq`);
}

export interface UnusableCache {
  name: string;
  /** A cache directory unusable for writing `length` values of `spec`. */
  dir: (spec: string, length: number) => string;
}

/**
 * A regular file, a path below one, a directory whose entry path is a directory, and (unless
 * `inProcess`) a path under /proc: the code before the fix spun forever there in a synchronous
 * mkdir, which no test time limit interrupts, so that case runs only in a child process.
 */
export function unusableCacheDirs(tempDir: () => string, { inProcess = false } = {}): UnusableCache[] {
  const regularFile = () => {
    const file = path.join(tempDir(), 'file');
    writeFileSync(file, 'not a directory');
    return file;
  };
  const dirs: UnusableCache[] = [
    { name: 'a regular file', dir: regularFile },
    { name: 'a path below a regular file', dir: () => path.join(regularFile(), 'cache') },
    {
      name: 'a directory whose entry path is a directory',
      dir: (spec, length) => {
        const dir = tempDir();
        mkdirSync(path.join(dir, entryPath(tempDir(), spec, length)));
        return dir;
      },
    },
  ];
  if (!inProcess) dirs.push({ name: 'a path under /proc', dir: () => `/proc/self/nimber-cache-${process.pid}` });
  return dirs;
}
