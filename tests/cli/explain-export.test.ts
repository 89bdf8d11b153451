/** `nimber explain` and `nimber grundy --format`: end to end through bin/nimber.js. */
import { describe, expect, it } from 'vitest';
import { nimber } from '../helpers/cli.ts';
import { SQUARES_GRUNDY_0_29 } from '../engine/published.ts';

describe.concurrent('nimber explain and grundy --format', () => {
  it('explain subtract:squares 13: the mex of {0, 2} is 1', async () => {
    const r = await nimber(['explain', 'subtract:squares', '13']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('values of the options: {0, 2}; mex = 1, so g(13) = 1');
  });

  it('explain nim 13 12 8: nim-sum 1001 = 9 and the three winning moves; --json has the numbers', async () => {
    const r = await nimber(['explain', 'nim', '13', '12', '8']);
    expect(r.stdout).toMatch(/nim-sum = 9\s+1001/);
    expect(r.stdout).toContain('Highest set bit: 2^3 = 8');
    const j = JSON.parse((await nimber(['explain', 'nim', '13', '12', '8', '--json'])).stdout);
    expect(j.nimSum.nimSum).toBe(9);
    expect(j.nimSum.moves.map((m: { to: number[] }) => m.to.join(' '))).toEqual(['4 12 8', '13 5 8', '13 12 1']);
  });

  it('explain wythoff 1 2: a P-position by backward induction', async () => {
    const r = await nimber(['explain', 'wythoff', '1', '2']);
    expect(r.stdout).toContain('Backward induction');
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('So 1 2 is a P-position: the player to move loses.');
  });

  it('grundy --format csv, bfile and json', async () => {
    const values = SQUARES_GRUNDY_0_29.slice(0, 6);
    const csv = await nimber(['grundy', 'subtract:squares', '--to', '5', '--format', 'csv']);
    expect(csv.stdout).toBe(['n,grundy', ...values.map((g, n) => `${n},${g}`)].join('\n') + '\n');
    const bfile = await nimber(['grundy', 'subtract:squares', '--to', '5', '--format', 'bfile']);
    expect(bfile.stdout.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual(values.map((g, n) => `${n} ${g}`));
    const json = JSON.parse((await nimber(['grundy', 'subtract:squares', '--to', '5', '--format', 'json'])).stdout);
    expect(json.values).toEqual(values);
  });

  it('bad input: an unknown format and a bad heap are exit 2 with one line', async () => {
    const f = await nimber(['grundy', 'nim', '--to', '5', '--format', 'xml']);
    expect(f.code).toBe(2);
    const h = await nimber(['explain', 'nim', 'x']);
    expect(h).toEqual({ code: 2, stdout: '', stderr: "nimber: heap 1 must be a non-negative integer, got 'x'\n" });
  });
});
