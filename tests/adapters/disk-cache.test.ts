// The sequence cache: round trips, prefix extension, corrupt/truncated entries, concurrent writers, interrupted runs,
// unusable directories (skipped with one warning), orphaned temp files.
import { spawn, spawnSync } from 'node:child_process';
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { countFromSequence } from '../../src/engine/solve/normal/count.ts';
import { grundySequence } from '../../src/engine/solve/normal/grundy.ts';
import { subtractionSequence } from '../../src/engine/families/subtraction/kernel.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { HeapRuleset } from '../../src/engine/types.ts';
import { computeSequence } from '../../src/adapters/sequence-source.ts';
import { SequenceCache, STALE_TEMP_MS, defaultCacheDir } from '../../src/adapters/disk-cache.ts';
import { createApp } from '../../src/server/app.ts';
import { entryPath, unusableCacheDirs } from '../helpers/unusable-cache.ts';
import { untilCpuUsed } from '../helpers/cpu-wait.ts';
import { firstDifference, setOf } from '../engine/families/subtraction/cases.ts';

const squares = parseRuleset('subtract:squares') as HeapRuleset;
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nimber-cache-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});
const reference = (n: number) => subtractionSequence(setOf('subtract:squares'), n);
const files = (dir: string) => readdirSync(dir).sort();

describe('SequenceCache', () => {
  it('defaults to $XDG_CACHE_HOME/nimber, else ~/.cache/nimber', () => {
    expect(defaultCacheDir({ XDG_CACHE_HOME: '/x/y' })).toBe(path.join('/x/y', 'nimber'));
    expect(defaultCacheDir({})).toBe(path.join(os.homedir(), '.cache', 'nimber'));
    expect(defaultCacheDir({ XDG_CACHE_HOME: 'relative' })).toBe(path.join(os.homedir(), '.cache', 'nimber'));
  });

  it('round-trips 16- and 32-bit sequences and lists them', () => {
    const cache = new SequenceCache(tempDir());
    expect(cache.read('subtract:squares')).toBeNull();
    cache.write('subtract:squares', Uint32Array.from([0, 1, 0, 1, 2]));
    cache.write('x:wide', Uint32Array.from([70_000, 1, 2 ** 32 - 1]));
    expect(Array.from(cache.read('subtract:squares')!)).toEqual([0, 1, 0, 1, 2]);
    expect(Array.from(cache.read('x:wide')!)).toEqual([70_000, 1, 2 ** 32 - 1]);
    expect(cache.list().map((e) => [e.spec, e.length, e.ok])).toEqual([
      ['subtract:squares', 5, true],
      ['x:wide', 3, true],
    ]);
    expect(cache.clear()).toBe(2);
    expect(cache.list()).toEqual([]);
  });

  it('never replaces an entry with a shorter one', () => {
    const cache = new SequenceCache(tempDir());
    expect(cache.write('s', [0, 1, 2, 3])).toBe(true);
    expect(cache.write('s', [0, 1])).toBe(false);
    expect(cache.read('s')!.length).toBe(4);
  });

  for (const damage of ['flipped byte', 'truncated', 'garbage'] as const) {
    it(`a ${damage} entry is detected, deleted and recomputed`, async () => {
      const dir = tempDir();
      const cache = new SequenceCache(dir);
      await computeSequence(squares, 5_000, { cache, minCacheLength: 0 });
      const file = cache.entryFile('subtract:squares')!;
      if (damage === 'flipped byte') {
        const buf = readFileSync(file);
        buf[buf.length - 100] ^= 0x01;
        writeFileSync(file, buf);
      } else if (damage === 'truncated') {
        truncateSync(file, statSync(file).size - 2);
      } else {
        writeFileSync(file, 'not a cache file');
      }
      expect(cache.list()[0].ok).toBe(false);
      expect(cache.read('subtract:squares')).toBeNull();
      const again = await computeSequence(squares, 5_000, { cache, minCacheLength: 0 });
      expect(firstDifference(again, reference(5_000))).toBe(-1);
      expect(cache.read('subtract:squares')!.length).toBe(5_001);
    });
  }
});

describe('computeSequence with a cache', () => {
  it('serves a shorter request from the entry and extends it for a longer one', async () => {
    const cache = new SequenceCache(tempDir());
    const first = await computeSequence(squares, 30_000, { cache, minCacheLength: 0 });
    expect(firstDifference(first, reference(30_000))).toBe(-1);
    // Poison the cached prefix (a valid entry with wrong values): what comes back proves where it came from.
    const poisoned = Uint32Array.from(first);
    poisoned[7] = 9;
    rmSync(cache.entryFile('subtract:squares')!);
    cache.write('subtract:squares', poisoned);
    const shorter = await computeSequence(squares, 100, { cache, minCacheLength: 0 });
    expect(shorter.length).toBe(101);
    expect(shorter[7]).toBe(9); // served from the cache, not recomputed
    const longer = await computeSequence(squares, 60_000, { cache, minCacheLength: 0 });
    expect(longer[7]).toBe(9); // the cached prefix was extended, not recomputed
    rmSync(cache.entryFile('subtract:squares')!);
    const honest = await computeSequence(squares, 30_000, { cache, minCacheLength: 0 });
    const extended = await computeSequence(squares, 60_000, { cache, minCacheLength: 0 });
    expect(firstDifference(honest, reference(30_000))).toBe(-1);
    expect(firstDifference(extended, reference(60_000))).toBe(-1);
    expect(cache.read('subtract:squares')!.length).toBe(60_001);
  });

  it('does not cache short sequences by default, and caches other families too', async () => {
    const cache = new SequenceCache(tempDir());
    await computeSequence(squares, 1_000, { cache });
    expect(cache.list()).toEqual([]);
    const kayles = parseRuleset('kayles') as HeapRuleset;
    const values = await computeSequence(kayles, 70_000, { cache });
    expect(firstDifference(values, grundySequence(kayles, 70_000))).toBe(-1);
    expect(cache.list().map((e) => [e.spec, e.length])).toEqual([[kayles.spec, 70_001]]);
    const again = await computeSequence(kayles, 5_000, { cache });
    expect(firstDifference(again, grundySequence(kayles, 5_000))).toBe(-1);
  });

  it('an aborted computation rejects and writes nothing', async () => {
    const dir = tempDir();
    const cache = new SequenceCache(dir);
    const controller = new AbortController();
    const pending = computeSequence(squares, 5_000_000, {
      cache,
      minCacheLength: 0,
      threads: 1,
      signal: controller.signal,
      onProgress: (done) => {
        if (done >= 200_000) controller.abort();
      },
    });
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(files(dir)).toEqual([]);
  });
});

const unusableCaches = unusableCacheDirs(tempDir, { inProcess: true });

describe('an unusable cache is skipped, never fatal', () => {
  for (const { name, dir } of unusableCaches) {
    it(`${name}: computeSequence answers from memory and warns once`, async () => {
      const warnings: string[] = [];
      const where = dir('subtract:squares', 70_001);
      const cache = new SequenceCache(where, { onUnusable: (w) => warnings.push(w) });
      const values = await computeSequence(squares, 70_000, { cache, minCacheLength: 0 });
      expect(firstDifference(values, reference(70_000))).toBe(-1);
      const again = await computeSequence(squares, 70_000, { cache, minCacheLength: 0 });
      expect(firstDifference(again, reference(70_000))).toBe(-1);
      expect(warnings).toEqual([
        expect.stringMatching(/^the sequence cache at .+ is not usable \(E[A-Z]+\); continuing without it$/),
      ]);
      expect(warnings[0]).toContain(where);
    });
  }

  it('a path under /proc is given up quickly (no endless recursive mkdir)', () => {
    // In a child process with a time limit: the code before the fix spun forever, uninterruptibly.
    const script = `import { SequenceCache } from './src/adapters/disk-cache.ts';
      const warnings = [];
      const cache = new SequenceCache('/proc/self/nimber-cache/a/b', { onUnusable: (w) => warnings.push(w) });
      console.log(JSON.stringify([cache.write('s', [0, 1, 2]), cache.read('s'), warnings.length]));`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      // against the endless spin, not a slow machine: starting tsx alone can take 15 s on a loaded one
      timeout: 300_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([false, null, 1]);
  });

  it('the server answers with 200 when its cache directory is a regular file', async () => {
    const file = path.join(tempDir(), 'file');
    writeFileSync(file, 'not a directory');
    const app = createApp({ timeLimitMs: 300_000, threads: 1, staticDir: null, cacheDir: file });
    try {
      const res = await app.request('/api/grundy?ruleset=subtract:1,3,4&to=70000');
      const text = await res.text();
      expect(res.status, text).toBe(200);
      expect(text).not.toContain(file);
      const values = (JSON.parse(text) as { values: number[] }).values;
      expect(values.length).toBe(70_001);
      expect(values.findIndex((v, n) => v !== [0, 1, 0, 1, 2, 3, 2][n % 7])).toBe(-1); // period 7: 0 1 0 1 2 3 2
    } finally {
      await app.close();
    }
  });
});

describe('orphaned temp files', () => {
  it("a write removes the cache's temp files older than an hour and keeps fresh ones and other files", () => {
    const dir = tempDir();
    const cache = new SequenceCache(dir);
    const stale = path.join(dir, 'subtract_squares-0123456789abcdef.70001.seq.4242.0badf00d.tmp');
    const fresh = path.join(dir, 'subtract_squares-0123456789abcdef.90001.seq.4243.deadbeef.tmp');
    const foreign = path.join(dir, 'notes.tmp');
    for (const f of [stale, fresh, foreign]) writeFileSync(f, 'partial');
    const old = (Date.now() - STALE_TEMP_MS - 60_000) / 1000;
    utimesSync(stale, old, old);
    utimesSync(foreign, old, old);
    utimesSync(fresh, Date.now() / 1000 - 60, Date.now() / 1000 - 60);
    expect(cache.write('s', [0, 1, 2])).toBe(true);
    expect(files(dir)).toEqual([entryPath(tempDir(), 's', 3), 'notes.tmp', path.basename(fresh)].sort());
  });
});

const bin = path.resolve('bin/nimber.js');
function nimber(args: string[]): {
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
  kill: (s: NodeJS.Signals) => void;
  pid: number | undefined;
} {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { done, kill: (s) => child.kill(s), pid: child.pid };
}

describe('the CLI and the cache', () => {
  it('concurrent writers leave one whole entry (the longest) and no temp files', async () => {
    const dir = tempDir();
    const sizes = [70_000, 90_000, 120_000, 90_000];
    const runs = sizes.map(
      (n) => nimber(['count', 'subtract:squares', '--max', String(n), '--cache-dir', dir, '--threads', '1']).done,
    );
    const results = await Promise.all(runs);
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    expect(files(dir).filter((f) => !f.endsWith('.seq'))).toEqual([]);
    const cache = new SequenceCache(dir);
    const values = cache.read('subtract:squares')!;
    expect(values.length).toBe(120_001);
    expect(firstDifference(values, reference(120_000))).toBe(-1);
    const ls = await nimber(['cache', 'ls', '--json', '--cache-dir', dir]).done;
    expect(JSON.parse(ls.stdout).entries).toEqual([
      { spec: 'subtract:squares', heaps: 120_001, bytes: values.length * 2 + 40, ok: true },
    ]);
  });

  it('--no-cache writes nothing; cache clear empties the directory', async () => {
    const dir = tempDir();
    expect(
      (await nimber(['count', 'subtract:squares', '--max', '70000', '--cache-dir', dir, '--no-cache']).done).code,
    ).toBe(0);
    expect(files(dir)).toEqual([]);
    expect((await nimber(['solve', 'nim-square', '70000', '--cache-dir', dir]).done).stdout.trim()).toBe(
      countFromSequence(reference(70_000), 3, 'sorted').toString(),
    );
    expect(files(dir).length).toBe(1);
    const clear = await nimber(['cache', 'clear', '--cache-dir', dir]).done;
    expect(clear.stdout).toContain('removed 1 file');
    expect(files(dir)).toEqual([]);
  });

  for (const threads of ['1', '2']) {
    it(`Ctrl-C (${threads} thread${threads === '1' ? '' : 's'}) exits 130 and leaves no cache entry`, async () => {
      const dir = tempDir();
      const run = nimber(['count', 'subtract:squares', '--max', '40000000', '--cache-dir', dir, '--threads', threads]);
      // at work past its start-up (a fixed delay was not, on a busy machine)
      await untilCpuUsed(run.pid, 2.5);
      run.kill('SIGINT');
      const r = await run.done;
      expect(r.code, r.stderr).toBe(130);
      expect(r.stderr).toContain('cancelled');
      expect(files(dir)).toEqual([]);
    });
  }
});
