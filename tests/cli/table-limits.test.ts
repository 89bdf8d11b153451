/** `nimber table` takes each family's largest boards (Node Kayles 3 x 31 on), and refuses larger ones in one line, exit 2. */
import { describe, expect, it } from 'vitest';
import { nimber } from '../helpers/cli.ts';

describe('nimber table: the largest boards per family', () => {
  it('takes Node Kayles 3 x 31 (past 30 columns): its value, 2, as its certificate in docs/certificates proves', async () => {
    // about 3 s of CPU: the generous limit leaves the value expected on any machine
    const r = await nimber([
      'table',
      'node-kayles',
      '--rows',
      '3',
      '--cols',
      '31..31',
      '--time-limit',
      '600',
      '--json',
    ]);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const { cells } = JSON.parse(r.stdout);
    expect(cells).toHaveLength(1);
    expect(cells[0]).toMatchObject({ rows: 3, cols: 31, grundy: 2 });
  }, 900_000);

  it('refuses 3 x 129 for Node Kayles and 31 columns for Cram and Chomp, in one line naming the limit, exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['table', 'node-kayles', '--rows', '3', '--cols', '129'],
        /^nimber: a table of node-kayles takes boards with one side up to 30, the other up to 128 and at most 256 cells: 3 x 129 is beyond that$/,
      ],
      [
        ['table', 'cram', '--rows', '3', '--cols', '31'],
        /^nimber: a table of cram takes boards with sides up to 30 and at most 400 cells: 3 x 31 is beyond that$/,
      ],
      [['table', 'chomp', '--rows', '3', '--cols', '31'], /^nimber: cols: 31 is above the maximum side of 30$/],
    ];
    const runs = await Promise.all(cases.map(([args]) => nimber(args)));
    cases.forEach(([args, message], i) => {
      const r = runs[i];
      expect([args.join(' '), r.code, r.stdout]).toEqual([args.join(' '), 2, '']);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr.trim()).toMatch(message);
    });
  });
});
