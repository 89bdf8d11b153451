// The real bin with an unusable sequence cache: the right answer, exit 0, and exactly one warning line.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
      // Synchronous with a time limit: a recursive mkdir under /proc used to spin forever.
      const run = nimberSync(['--cache-dir', where, ...args], '', 20_000);
      expect(run.stderr).toMatch(warning);
      expect(warning.exec(run.stderr)![1]).toBe(where);
      expect(run).toEqual({ code: 0, stdout: expected.stdout, stderr: run.stderr });
    }, 30_000);
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
