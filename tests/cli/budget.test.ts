/** One --budget on every command that may need a proved period (issue 28, item 11a). */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nimber } from '../helpers/cli.ts';

const FAR = ['--from', '1e18', '--to', '1000000000000000005'];

describe.concurrent('nimber CLI: --budget', () => {
  it.each([['period'], ['grundy'], ['count'], ['analyze']])('%s declares the same --budget', async (command) => {
    const help = (await nimber([command, '--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).toContain(
      '--budget <S> seconds a search for a period may spend (default 10); grundy, count and analyze spend it on heaps beyond the computable maximum',
    );
  });

  it('grundy, count and analyze prove a period far beyond the maximum within a budget given to them', async () => {
    // takebreak:0.356: preperiod 7315, period 142, proved from 14,917 heaps
    const grundy = await nimber(['grundy', 'takebreak:0.356', ...FAR, '--budget', '30', '--no-cache']);
    expect(grundy.code, grundy.stderr).toBe(0);
    expect(grundy.stdout.trim().split(' ')).toHaveLength(6);
    const count = await nimber(['count', 'takebreak:0.356', '--heaps', '2', '--max', '1e18', '--budget', '30']);
    expect(count.code, count.stderr).toBe(0);
    const analyze = await nimber(['analyze', 'takebreak:0.356', '1e18', '5', '--budget', '30', '--json']);
    expect(analyze.code, analyze.stderr).toBe(0);
    expect(JSON.parse(analyze.stdout)).toMatchObject({ heaps: ['1000000000000000000', '5'] });
  });

  it.each([
    ['period', 'kayles'],
    ['grundy', 'kayles', ...FAR],
    ['count', 'kayles', '--max', '1e18'],
  ])('%s refuses a budget of 0 or above an hour in one line', async (...args) => {
    for (const budget of ['0', '3601']) {
      const r = await nimber([...args, '--budget', budget]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        budget === '0' ? /--budget must be at least 1 second/ : /--budget .*above the maximum of 3600/,
      );
    }
  });
});

describe('nimber CLI: a proved period kept in the disk cache', () => {
  const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'nimber-proof-cli-'));

  it('period takebreak:0.376 proves its period once; grundy, count and analyze far out then answer within a 1 s budget', async () => {
    // Czajka's SolvedGames.md: .376 has preperiod 2,268,248 and period 4; the proof needs 4,536,507
    // heaps, many seconds of computing, far more than the 1 s the later commands are given
    const dir = tempDir();
    const cached = ['--cache-dir', dir];
    const proved = await nimber([...cached, 'period', 'takebreak:0.376', '--budget', '600']);
    expect(proved.code, proved.stderr).toBe(0);
    expect(proved.stdout).toContain('period 4, preperiod 2268248 (proved by the periodicity theorem');
    const grundy = await nimber([...cached, 'grundy', 'takebreak:0.376', ...FAR, '--budget', '1', '--json']);
    expect(grundy.code, grundy.stderr).toBe(0);
    expect(JSON.parse(grundy.stdout).values).toHaveLength(6);
    const count = await nimber([
      ...cached,
      'count',
      'takebreak:0.376',
      '--heaps',
      '3',
      '--max',
      '1e18',
      '--budget',
      '1',
    ]);
    expect(count.code, count.stderr).toBe(0);
    expect(count.stdout.trim()).toMatch(/^\d+$/);
    const analyze = await nimber([...cached, 'analyze', 'takebreak:0.376', '1e18', '7', '--budget', '1', '--json']);
    expect(analyze.code, analyze.stderr).toBe(0);
    // without the kept proof the same budget is refused
    const refused = await nimber(['--no-cache', 'grundy', 'takebreak:0.376', ...FAR, '--budget', '1']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/no period is proved in heaps 0\.\.\d+ within the 1 s budget/);
  });

  it('a damaged kept proof is ignored with a warning and proved again; cache clear and --no-cache respect it', async () => {
    const dir = tempDir();
    const cached = ['--cache-dir', dir];
    const expected = (await nimber(['--no-cache', 'grundy', 'takebreak:0.356', ...FAR, '--budget', '30'])).stdout;
    expect(readdirSync(dir)).toEqual([]);
    // --no-cache keeps nothing
    expect((await nimber([...cached, '--no-cache', 'period', 'takebreak:0.356'])).code).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
    expect((await nimber([...cached, 'period', 'takebreak:0.356'])).code).toBe(0);
    const [file] = readdirSync(dir).filter((f) => f.endsWith('.proof'));
    expect((await nimber([...cached, 'cache', 'ls'])).stdout).toContain(
      'takebreak:0.356: preperiod 7315, period 142, proved from 14917 heaps',
    );
    const bytes = readFileSync(path.join(dir, file));
    bytes[bytes.length - 2] ^= 1;
    writeFileSync(path.join(dir, file), bytes);
    const again = await nimber([...cached, 'grundy', 'takebreak:0.356', ...FAR, '--budget', '30']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(
      'nimber: warning: ignored the cached proof of takebreak:0.356 (checksum mismatch); proving it again',
    );
    expect(again.stdout).toBe(expected);
    // proved again and kept again, then answered from it
    const third = await nimber([...cached, 'grundy', 'takebreak:0.356', ...FAR, '--budget', '1']);
    expect([third.code, third.stderr, third.stdout]).toEqual([0, '', expected]);
    const cleared = await nimber([...cached, 'cache', 'clear']);
    expect(cleared.stdout).toMatch(/^removed [1-9]\d* files? from /);
    expect(readdirSync(dir).filter((f) => f.endsWith('.proof'))).toEqual([]);
  });
});
