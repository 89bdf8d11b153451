/** End-to-end: `nimber period`, `solve stone-piles`, and grundy/analyze/count with the new rulesets. */
import { describe, expect, it } from 'vitest';
import { nimber } from '../helpers/cli.ts';

describe.concurrent('nimber CLI: take-and-break and split games', () => {
  it('period kayles --json', async () => {
    const r = await nimber(['period', 'kayles', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ period: 12, preperiod: 71, saltus: 0, certified: true, computed: 256 });
  });

  it('period in words, and an honest "none found"', async () => {
    expect((await nimber(['period', 'dawsons-kayles'])).stdout).toMatch(
      /^takebreak:0\.07: period 34, preperiod 53 \(proved/,
    );
    const none = await nimber(['period', 'grundys-game', '--to', '500', '--json']);
    expect(JSON.parse(none.stdout)).toEqual({
      period: null,
      preperiod: null,
      saltus: null,
      certified: false,
      computed: 501,
    });
  });

  it('solve stone-piles prints the judge sample output', async () => {
    expect(await nimber(['solve', 'stone-piles'], '4\n1\n4\n2\n1 2\n3\n1 3 4\n1\n8\n')).toEqual({
      code: 0,
      stdout: 'BOB\nBOB\nALICE\nBOB\n',
      stderr: '',
    });
  });

  it('solve stone-piles: a judge error names the line and exits 2', async () => {
    const r = await nimber(['solve', 'stone-piles'], '2\n1\n4\n2\n1\n');
    expect(r).toEqual({ code: 2, stdout: '', stderr: 'nimber: line 5: expected 2 pile sizes for test 2, got 1\n' });
  });

  it('grundy, analyze and count work for the new rulesets', async () => {
    expect((await nimber(['grundy', 'grundys-game', '--to', '12'])).stdout).toBe('0 0 0 1 0 2 1 0 2 1 0 2 1\n');
    const a = await nimber(['analyze', 'stone-piles', '8', '6', '--verify']);
    expect(a.code).toBe(0);
    expect(a.stdout).toContain('split heap 1 (8) into 2 + 6: 2 6 6');
    const k = await nimber(['analyze', 'kayles', '9', '--json']);
    expect(JSON.parse(k.stdout).outcome).toBe('N');
    expect((await nimber(['analyze', 'takebreak:0.37', '9'])).stdout).toContain(
      'take 2 from heap 1 (9) and split the rest into 2 + 5: 2 5',
    );
    const c = await nimber(['count', 'kayles', '--heaps', '3', '--max', '10', '--verify']);
    expect(c).toMatchObject({ code: 0, stdout: '37\n' });
  });

  it('bad codes exit 2 with one line', async () => {
    const r = await nimber(['grundy', 'takebreak:2.7', '--to', '5']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^nimber: takebreak: d0 = 2 is not allowed/);
  });
});
