/** End-to-end: heaps and counts of any size from proved periods, the period search's budget, refusals up front. */
import { describe, expect, it } from 'vitest';
import { nimber } from '../helpers/cli.ts';
import { KAYLES_GRUNDY } from '../engine/published.ts';

describe.concurrent('nimber CLI: proved periods answer any size', () => {
  it('grundy --from 10^18 for Kayles: the published values (A002186) reduced by period 12', async () => {
    const r = await nimber(['grundy', 'kayles', '--from', '1000000000000000000', '--to', '1000000000000000011']);
    expect(r.code).toBe(0);
    const expected = Array.from(
      { length: 12 },
      (_, i) => KAYLES_GRUNDY[Number(71n + ((10n ** 18n + BigInt(i) - 71n) % 12n))],
    );
    expect(r.stdout).toBe(expected.join(' ') + '\n');
    const json = JSON.parse(
      (await nimber(['grundy', 'kayles', '--from', '1e18', '--to', '1000000000000000001', '--json'])).stdout,
    );
    expect(json).toEqual({
      ruleset: 'takebreak:0.77',
      from: '1000000000000000000',
      to: '1000000000000000001',
      values: expected.slice(0, 2),
      pPositions: expected.slice(0, 2).flatMap((g, i) => (g === 0 ? [String(10n ** 18n + BigInt(i))] : [])),
    });
  });

  it('grundy kayles --to 4194304 from the period (the last values repeat with period 12)', async () => {
    const r = await nimber(['grundy', 'kayles', '--to', '4194304', '--no-cache']);
    expect(r.code).toBe(0);
    const values = r.stdout.trim().split(' ').map(Number);
    expect(values.length).toBe(4_194_305);
    expect(values.slice(0, 105)).toEqual(KAYLES_GRUNDY);
    expect(values.slice(-12)).toEqual(values.slice(-24, -12));
  });

  it('analyze a heap of 10^18 and count to 10^18, modulo a prime with 100000 heaps', async () => {
    const a = await nimber(['analyze', 'subtract:1,3,4', '1000000000000000001', '5', '--json']);
    expect(JSON.parse(a.stdout)).toMatchObject({
      heaps: ['1000000000000000001', '5'],
      grundy: [0, 3],
      nimSum: 3,
      outcome: 'N',
      truncated: false,
    });
    const c = await nimber(['count', 'kayles', '--heaps', '2', '--max', '1e18', '--order', 'ordered']);
    expect(c.code).toBe(0);
    expect(BigInt(c.stdout.trim()) > 10n ** 35n).toBe(true);
    const m = await nimber([
      'count',
      'dawsons-kayles',
      '--heaps',
      '100000',
      '--min',
      '1',
      '--max',
      '1e18',
      '--mod',
      '1000000007',
    ]);
    expect(m.code).toBe(0);
    expect(BigInt(m.stdout.trim()) < 1_000_000_007n).toBe(true);
  });

  it('beyond the maximum without a period: exit 2 naming the maximum and the reason', async () => {
    const r = await nimber(['analyze', 'subtract:squares', '1000000000000000000']);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'nimber: heap size = 1000000000000000000 is above the maximum of 100000000 for subtract:squares (no periodicity theorem applies, so no period is proved)\n',
    });
    const g = await nimber(['grundy', 'grundys-game', '--from', '1e18', '--to', '1e18']);
    expect(g.code).toBe(2);
    expect(g.stderr).toMatch(
      /^nimber: heap size = 1000000000000000000 is above the maximum of 100000000 for takebreak:4!\.0 \(no period is proved in heaps 0\.\.\d+( within the 10 s budget)?\)\n$/,
    );
  });

  it('refused before computing: count nim --max 100000000 --heaps 3, --verify beyond the oracle', async () => {
    const r = await nimber(['count', 'nim', '--max', '100000000', '--heaps', '3', '--no-cache']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^nimber: Grundy values of nim reach at least 100000000 .*too many for an exact count/);
    const v = await nimber(['count', 'kayles', '--heaps', '3', '--max', '100', '--verify']);
    expect(v.code).toBe(2);
    expect(v.stderr).toMatch(/^nimber: --verify: the brute-force oracle cannot check .* in about 10 s/);
    const w = await nimber(['analyze', 'kayles', '1000', '--verify']);
    expect(w.code).toBe(2);
  });

  it('period takebreak:0.16 proves (105351, 149459) with no flags', async () => {
    const r = await nimber(['period', 'takebreak:0.16', '--json']);
    expect(JSON.parse(r.stdout)).toEqual({
      period: 149459,
      preperiod: 105351,
      saltus: 0,
      certified: true,
      computed: 524288,
    });
  });

  it('period says what it computed, with no "larger --to" hint when nothing suggests one', async () => {
    const r = await nimber(['period', 'grundys-game', '--budget', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^takebreak:4!\.0: no period found in heaps 0\.\.\d+ before the budget ran out \(--budget gives it more time\)\n$/,
    );
    expect(r.stdout).not.toContain('--to');
    const s = await nimber(['period', 'subtract:squares', '--to', '1000']);
    expect(s.stdout).toBe('subtract:squares: no period found in heaps 0..1000\n');
  });
});
