// The real bin with an unusable sequence cache: the right answer, exit 0, and exactly one warning line.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliRun, nimber, nimberSync } from '../helpers/cli.ts';
import { unusableCacheDirs } from '../helpers/unusable-cache.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nimber-cli-cache-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// 70,000 is past the 65,536 heaps below which nothing is written to the cache.
const args = ['count', 'subtract:squares', '--heaps', '2', '--max', '70000', '--threads', '1'];
const warning = /^nimber: warning: the sequence cache at (.+) is not usable \(E[A-Z]+\); continuing without it\n$/;

describe('an unusable cache directory is skipped with one warning', () => {
  let expected: CliRun;
  beforeAll(async () => {
    expected = await nimber(['--no-cache', ...args]);
  });

  it('the reference run (no cache) answers', () => {
    expect(expected).toMatchObject({ code: 0, stderr: '' });
    expect(expected.stdout).toMatch(/^\d+\n$/);
  });

  for (const { name, dir } of unusableCacheDirs(tempDir)) {
    it(`${name}`, () => {
      const where = dir('subtract:squares', 70_001);
      // Synchronous with a time limit: a recursive mkdir under /proc used to spin forever. The limit
      // guards against that, not against a slow machine (20 s was within reach of a loaded one).
      const run = nimberSync(['--cache-dir', where, ...args], '', 300_000);
      expect(run.stderr).toMatch(warning);
      expect(warning.exec(run.stderr)![1]).toBe(where);
      expect(run).toEqual({ code: 0, stdout: expected.stdout, stderr: run.stderr });
    });
  }

  it('cache ls and cache clear on a regular file warn and exit 0', async () => {
    const [file] = unusableCacheDirs(tempDir);
    const where = file.dir('subtract:squares', 70_001);
    for (const sub of ['ls', 'clear']) {
      const run = await nimber(['cache', sub, '--cache-dir', where]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(warning);
    }
  });
});

describe('cache clear that cannot remove the files (issue 28, item 18)', () => {
  const outsider = { uid: 65534, gid: 65534 };
  /**
   * A node binary the outsider may run. The running one may lie where only root can reach (a Node
   * fetched by npx into root's home, as CI's second pass does): then a copy in a readable directory.
   */
  function nodeForOutsider(): string {
    const probe = spawnSync(process.execPath, ['-e', ''], { ...outsider, timeout: 60_000 });
    if (!probe.error) return process.execPath;
    const dir = tempDir();
    chmodSync(dir, 0o755);
    const copy = path.join(dir, 'node');
    copyFileSync(process.execPath, copy);
    chmodSync(copy, 0o755);
    return copy;
  }

  /** The bin as a user who may not write the directory: root bypasses permissions, so as root it runs as nobody. */
  function clearAsOutsider(dir: string): Promise<CliRun> {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const asRoot = process.getuid?.() === 0;
    const node = asRoot ? nodeForOutsider() : process.execPath;
    return new Promise((resolve, reject) => {
      const child = spawn(node, ['bin/nimber.js', 'cache', 'clear', '--cache-dir', dir], {
        cwd: root,
        ...(asRoot ? outsider : {}),
      });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  it('says which files it could not remove, in one line, and exits 1', async () => {
    const parent = tempDir();
    chmodSync(parent, 0o755);
    const dir = path.join(parent, 'cache');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'a.seq'), 'x');
    writeFileSync(path.join(dir, 'b.seq'), 'y');
    chmodSync(dir, 0o555); // entries cannot be unlinked
    const run = await clearAsOutsider(dir);
    chmodSync(dir, 0o755);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^nimber: cannot remove 2 of 2 cached files in \S+ \(EACCES: permission denied\): a\.seq, b\.seq; removed 0\n$/,
    );
    expect(run.code).toBe(1);
    expect(readdirSync(dir).sort()).toEqual(['a.seq', 'b.seq']);
  });
});
