/** End-to-end: `grundy --from` far beyond a family's maximum where a closed form answers (Nim, Lasker's Nim). */
import { describe, expect, it } from 'vitest';
import { nimber } from '../helpers/cli.ts';

describe.concurrent('nimber grundy: closed forms answer windows of any size', () => {
  it("Lasker's Nim at 10^18: g(4k+4) = 4k+3, g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4", async () => {
    const r = await nimber(['grundy', 'lasker', '--from', '1e18', '--to', '1000000000000000003']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('999999999999999999 1000000000000000001 1000000000000000002 1000000000000000004\n');
  });

  it('Nim at 2^64: decimal values, JSON strings', async () => {
    const r = await nimber(['grundy', 'nim', '--from', '2^64', '--to', '18446744073709551619', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      ruleset: 'nim',
      from: '18446744073709551616',
      to: '18446744073709551619',
      values: ['18446744073709551616', '18446744073709551617', '18446744073709551618', '18446744073709551619'],
      pPositions: [],
    });
  });

  it('a window too long for bigints is refused in one line (exit 2)', async () => {
    const r = await nimber(['grundy', 'nim', '--from', '2^64', '--to', '18446744073709551616000', '--format', 'csv']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
