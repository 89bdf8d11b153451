/** `nimber analyze`, `table --spots` and `play` on Sprouts, end to end through the real command. */
import { describe, expect, it } from 'vitest';
import { nimber } from '../helpers/cli.ts';

describe('nimber on sprouts', () => {
  it('analyze sprouts:N and a typed position, with --verify against the oracle', async () => {
    const start = await nimber(['analyze', 'sprouts:2', '--json']);
    expect(start.code).toBe(0);
    expect(JSON.parse(start.stdout)).toMatchObject({ position: '{3.3}', grundy: 0, outcome: 'P' });
    const typed = await nimber(['analyze', 'sprouts', '--board', '{3.2A2A}', '--verify']);
    expect(typed.code).toBe(0);
    expect(typed.stdout).toMatch(/P-position/);
  });

  it('table sprouts --spots prints normal and misère outcomes with times (Applegate et al.; OEIS A164950)', async () => {
    const r = await nimber(['table', 'sprouts', '--spots', '1..4', '--json']);
    expect(r.code).toBe(0);
    const { size, rows } = JSON.parse(r.stdout);
    expect(size).toBe('spots');
    expect(rows.map((row: { normal: string }) => row.normal)).toEqual(['P', 'P', 'N', 'N']);
    expect(rows.map((row: { misere: string }) => row.misere)).toEqual(['N', 'P', 'P', 'P']);
    const text = await nimber(['table', 'sprouts', '--spots', '2']);
    expect(text.stdout).toMatch(/spots\s+normal\s+time\s+misère\s+time/);
    expect(text.stdout).toMatch(/^\s+2\s+P\s+\d+\.\d s\s+P\s+\d+\.\d s$/m);
  });

  it('play sprouts:2: a move by number, the engine answers, the game ends', async () => {
    const r = await nimber(['play', 'sprouts:2'], '#1\n#1\n#1\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/you: /);
    expect(r.stdout).toMatch(/engine: /);
    expect(r.stdout).toMatch(/engine wins|you win/i);
  });

  it('bad positions and sizes are one line, exit 2', async () => {
    for (const args of [
      ['analyze', 'sprouts', '--board', '{3.3'],
      ['analyze', 'sprouts', '--board', '{3.7}'],
      ['analyze', 'sprouts', '--board', '{3;3}'],
      ['table', 'sprouts', '--spots', '1..99'],
      ['table', 'sprouts'],
    ]) {
      const r = await nimber(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });
});
