/** One --budget on every command that may need a proved period (issue 28, item 11a). */
import { describe, expect, it } from 'vitest';
import { nimber } from '../helpers/cli.ts';

const FAR = ['--from', '1e18', '--to', '1000000000000000005'];

describe.concurrent('nimber CLI: --budget', () => {
  it.each([['period'], ['grundy'], ['count'], ['analyze']])('%s declares the same --budget', async (command) => {
    const help = (await nimber([command, '--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).toContain(
      '--budget <S> seconds a search for a proved period may spend, for heaps beyond the computable maximum (default 10)',
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
