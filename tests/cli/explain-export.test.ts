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

  it('explain wythoff 30 50: the region is drawn to 7 and the winning move of 30 50 itself is named (issue 28, item 7)', async () => {
    const r = await nimber(['explain', 'wythoff', '30', '50']);
    expect(r.code).toBe(0);
    // (30, 49) is a P-position of Wythoff's game: floor(19 phi) = 30, 30 + 19 = 49
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(
      'So 30 50 is an N-position: the player to move wins, e.g. by moving to 30 49.',
    );
  });

  it('explain kayles 10^8 answers at once from the proved period; 10^18 from its residue, with the winning move analyze finds', async () => {
    const big = await nimber(['explain', 'kayles', '100000000', '99999999']);
    expect(big.code).toBe(0);
    expect(big.stdout).toMatch(/So 100000000 99999999 is an? [NP]-position/);
    const analyzed = await nimber(['analyze', 'kayles', '100000000', '99999999', '--json']);
    const outcome = JSON.parse(analyzed.stdout).outcome as string;
    expect(big.stdout).toContain(`is ${outcome === 'N' ? 'an' : 'a'} ${outcome}-position`);
    const far = await nimber(['explain', 'kayles', '1e18']);
    expect(far.code).toBe(0);
    expect(far.stdout).toContain('g(1000000000000000000) = g(76) = 1');
    const move = /e\.g\. by moving to ([\d ]+)\.$/.exec(far.stdout.trimEnd())?.[1];
    const reached = await nimber(['analyze', 'kayles', ...(move ?? '').split(' '), '--json']);
    expect(JSON.parse(reached.stdout).outcome).toBe('P');
    const two = await nimber(['explain', 'kayles', '1000000000000000000', '5']);
    expect(two.code).toBe(0);
    const listed = JSON.parse((await nimber(['analyze', 'kayles', '1000000000000000000', '5', '--json'])).stdout)
      .winningMoves as { to: string[] }[];
    const twoMove = /e\.g\. by moving to ([\d ]+)\.$/.exec(two.stdout.trimEnd())?.[1];
    expect(listed.map((m) => m.to.join(' '))).toContain(twoMove);
    const misere = await nimber(['explain', 'kayles', '1e18', '--misere']);
    expect(misere.code).toBe(2);
    expect(misere.stderr).toBe(
      'nimber: heap 1 = 1000000000000000000 is above the largest heap explain works out under misère play for takebreak:0.77 (134217728); `analyze --misere` answers larger heaps\n',
    );
  });

  it("explain --misere nim 1 1 2: Bouton's misère rule, the winning move 1 1 1; normal play moves to 1 1 0", async () => {
    const misere = await nimber(['explain', 'nim', '1', '1', '2', '--misere']);
    expect(misere.stdout).toContain("Bouton's misère rule");
    expect(misere.stdout).toContain('  heap 2: g = 2, genus 2^20, restive');
    expect(misere.stdout.trimEnd().split('\n').at(-1)).toBe(
      'So 1 1 2 is an N-position under misère play: the player to move wins, e.g. by moving to 1 1 1.',
    );
    expect(misere.stdout).not.toContain('1 1 0');
    const normal = await nimber(['explain', 'nim', '1', '1', '2']);
    expect(normal.stdout.trimEnd().split('\n').at(-1)).toBe(
      'So 1 1 2 is an N-position: the player to move wins, e.g. by moving to 1 1 0.',
    );
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
