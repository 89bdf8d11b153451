/** The CLI face of the coupled games: PE260 through `solve`, `count --list`, `analyze`, and exit codes. */
import { describe, expect, it } from 'vitest';
import { nimberSync as nimber } from '../helpers/cli.ts';

describe('nimber CLI: stone-game and wythoff', () => {
  it('solve stone-game: the sum, JSON with decimal strings, N from stdin', () => {
    expect(nimber(['solve', 'stone-game', '100'])).toMatchObject({ code: 0, stdout: '173895\n' });
    expect(JSON.parse(nimber(['solve', 'stone-game', '1000', '--json']).stdout)).toEqual({
      sum: '167542057',
      count: '121060',
    });
    expect(nimber(['solve', 'stone-game'], '30\n')).toMatchObject({ code: 0, stdout: '5169\n' });
  });

  it.each([['2.5'], ['20001']])('solve stone-game %s exits 2 with one line', (n) => {
    const r = nimber(['solve', 'stone-game', '--', n]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('count --list streams the positions the count counts; the pile count follows the ruleset', () => {
    const list = nimber(['count', 'stone-game', '--max', '20', '--list']);
    const lines = list.stdout.trim().split('\n');
    expect(lines.slice(0, 3)).toEqual(['0 0 0', '0 1 2', '0 3 5']);
    expect(lines).toContain('1 3 3');
    expect(nimber(['count', 'stone-game', '--max', '20']).stdout.trim()).toBe(String(lines.length));
    expect(nimber(['count', 'wythoff', '--max', '12', '--list']).stdout).toBe('0 0\n1 2\n3 5\n4 7\n6 10\n');
    expect(nimber(['count', 'stone-game', '--max', '5', '--heaps', '2']).code).toBe(2);
  });

  it('analyze: the heap-game JSON shape for coupled positions', () => {
    const r = nimber(['analyze', 'stone-game', '1', '3', '3', '--json']);
    expect(JSON.parse(r.stdout)).toEqual({
      ruleset: 'equal-removal:3',
      convention: 'normal',
      method: 'family solver',
      heaps: [1, 3, 3],
      grundy: null,
      nimSum: null,
      outcome: 'P',
      winningMoves: [],
    });
    expect(JSON.parse(nimber(['analyze', 'wythoff', '4', '8', '--json', '--verify']).stdout).winningMoves).toEqual([
      { to: [4, 7] },
    ]);
  });
});
