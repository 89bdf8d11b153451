/** End-to-end: Lasker's Nim in every CLI command, a family added by its folder and one registry line. */
import { describe, expect, it } from 'vitest';
import { lasker } from '../../src/engine/families/lasker/index.ts';
import { oracleCount, oracleFor } from '../../src/engine/solve/oracle/normal.ts';
import { nimber } from '../helpers/cli.ts';

describe.concurrent('nimber CLI: lasker', () => {
  it('grundy prints the values of Winning Ways (ch. 4)', async () => {
    expect((await nimber(['grundy', 'lasker', '--to', '20'])).stdout.trim()).toBe(
      '0 1 2 4 3 5 6 8 7 9 10 12 11 13 14 16 15 17 18 20 19',
    );
  });

  it('analyze: the outcome and the winning moves the oracle finds', async () => {
    const r = await nimber(['analyze', 'lasker', '3', '5', '7', '--json']);
    expect(r.code).toBe(0);
    const analysis = JSON.parse(r.stdout);
    const oracle = oracleFor(lasker);
    expect(analysis.outcome).toBe(oracle.outcome([3, 5, 7]));
    expect(analysis.winningMoves).toEqual(oracle.winningMoves([3, 5, 7]));
    // From a heap of 2 both emptying it and splitting it into 1 + 1 leave nim-sum 0.
    const split = await nimber(['analyze', 'lasker', '2']);
    expect(split.stdout).toContain('winning moves (2):');
    expect(split.stdout).toContain('split heap 1 (2) into 1 + 1: 1 1');
  });

  it('count agrees with the oracle (and --verify runs it)', async () => {
    const r = await nimber(['count', 'lasker', '--heaps', '3', '--max', '8', '--verify']);
    expect(r).toMatchObject({ code: 0, stderr: 'verified: the brute-force oracle agrees\n' });
    expect(r.stdout.trim()).toBe(String(oracleCount(lasker, 3, 8, 'sorted')));
  });

  it('analyze beyond the maximum: exact values from the closed form over bigints', async () => {
    // g(10^18) = 10^18 - 1 (10^18 ≡ 0 mod 4), g(3) = 4: nim-sum (10^18 - 1) XOR 4 = 10^18 - 5; 10^18 -> 3 leaves 3 3
    const r = await nimber(['analyze', 'lasker', '1000000000000000000', '3', '--json']);
    expect(r.code).toBe(0);
    const a = JSON.parse(r.stdout);
    expect(a.grundy).toEqual(['999999999999999999', '4']);
    expect(a.nimSum).toBe('999999999999999995');
    expect(a.winningMoves[0]).toEqual({ to: ['3', '3'] });
  });

  it('period is proved by the closed form', async () => {
    expect(JSON.parse((await nimber(['period', 'lasker', '--json'])).stdout)).toEqual({
      period: 4,
      preperiod: 1,
      saltus: 4,
      certified: true,
      computed: 0,
    });
  });

  it('play takes a split typed as the position after it, answers, and ends on quit', async () => {
    const r = await nimber(['play', 'lasker', '2'], '1 1\nquit\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Lasker's Nim from 2");
    expect(r.stdout).toContain('you: split heap 1 (2) into 1 + 1: 1 1');
    expect(r.stdout).toMatch(/engine: take 1 from heap \d \(1 -> 0\): .*no winning move exists/);
  });

  it('rulesets lists lasker', async () => {
    expect((await nimber(['rulesets'])).stdout).toMatch(/^ {2}lasker — Lasker's Nim/m);
  });
});
