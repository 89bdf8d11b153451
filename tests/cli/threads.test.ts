/**
 * `--threads` is a limit: above the cores (the cost model then picks the count) or 1 (no workers),
 * a long subtraction sequence (over the parallel kernel's 500,000-heap threshold) gives the same answer.
 */
import { describe, expect, it } from 'vitest';
import { nimber } from '../helpers/cli.ts';

describe('--threads', () => {
  it('64 (more than the cores) and 1 give the same nim-square answer at N = 600000', async () => {
    const [many, one] = await Promise.all([
      nimber(['--no-cache', '--threads', '64', 'solve', 'nim-square', '600000']),
      nimber(['--no-cache', '--threads', '1', 'solve', 'nim-square', '600000']),
    ]);
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/^\d+\n$/);
    expect(many).toEqual({ code: 0, stdout: one.stdout, stderr: '' });
  });

  it('0 is refused with one line and exit code 2', async () => {
    expect(await nimber(['--threads', '0', 'solve', 'nim-square', '10'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'nimber: --threads must be at least 1\n',
    });
  });
});
