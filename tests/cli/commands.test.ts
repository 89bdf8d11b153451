/** End-to-end tests of the `nimber` command: spawns `node bin/nimber.js` and checks stdout, stderr and exit codes. */
import { describe, expect, it } from 'vitest';
import { nimber } from '../helpers/cli.ts';
import { NIM_SQUARE, SQUARES_GRUNDY_0_29 } from '../engine/published.ts';

// Every spawn pays the TypeScript loader's start-up, so the cases run concurrently.
describe.concurrent('nimber CLI: answers', () => {
  it('solve nim-square 29 prints 1160', async () => {
    expect(await nimber(['solve', 'nim-square', '29'])).toEqual({ code: 0, stdout: `${NIM_SQUARE[29]}\n`, stderr: '' });
  });

  it('solve nim-square reads N from stdin when no argument is given', async () => {
    expect(await nimber(['solve', 'nim-square'], '100000\n')).toEqual({
      code: 0,
      stdout: `${NIM_SQUARE[100000]}\n`,
      stderr: '',
    });
  });

  it('solve nim 13 12 8 lists all three winning moves (PROBLEMS.md problem 3)', async () => {
    const r = await nimber(['solve', 'nim', '13', '12', '8']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'N-position: nim-sum 9, the player to move wins',
        'winning moves (3):',
        '  take 9 from heap 1 (13 -> 4): 4 12 8',
        '  take 7 from heap 2 (12 -> 5): 13 5 8',
        '  take 7 from heap 3 (8 -> 1): 13 12 1',
        '',
      ].join('\n'),
    );
  });

  it('grundy subtract:squares --to 29 matches PROBLEMS.md', async () => {
    expect(await nimber(['grundy', 'subtract:squares', '--to', '29'])).toEqual({
      code: 0,
      stdout: SQUARES_GRUNDY_0_29.join(' ') + '\n',
      stderr: '',
    });
  });

  it('analyze nim 13 12 8 --json has the documented shape', async () => {
    const r = await nimber(['analyze', 'nim', '13', '12', '8', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      ruleset: 'nim',
      convention: 'normal',
      method: 'closed form',
      heaps: [13, 12, 8],
      grundy: [13, 12, 8],
      nimSum: 9,
      outcome: 'N',
      winningMoves: [{ to: [4, 12, 8] }, { to: [13, 5, 8] }, { to: [13, 12, 1] }],
    });
  });

  it('count: the README form with --order, and --json with the count as a decimal string', async () => {
    const [plain, json] = await Promise.all([
      nimber(['count', 'subtract:squares', '--heaps', '3', '--max', '29', '--order', 'sorted']),
      nimber(['count', 'subtract:squares', '--max', '29', '--json']),
    ]);
    expect(plain).toEqual({ code: 0, stdout: '1160\n', stderr: '' });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ count: '1160' });
  });

  it('--verify runs the oracle: agreement goes to stderr, the answer to stdout', async () => {
    const [count, solve] = await Promise.all([
      nimber(['count', 'subtract:squares', '--max', '29', '--verify']),
      nimber(['solve', 'nim-square', '29', '--verify']),
    ]);
    for (const r of [count, solve])
      expect(r).toEqual({ code: 0, stdout: '1160\n', stderr: 'verified: the brute-force oracle agrees\n' });
  });
});

describe.concurrent('nimber CLI: bad input is exit 2 with one line on stderr', () => {
  const cases: [string, string[], RegExp][] = [
    ['negative N', ['solve', 'nim-square', '-5'], /N must be a non-negative integer, got '-5'/],
    ['non-integer N', ['solve', 'nim-square', '2.5'], /N must be a non-negative integer, got '2.5'/],
    ['unknown ruleset', ['grundy', 'foo:bar', '--to', '5'], /unknown ruleset 'foo:bar'/],
    ['unknown problem', ['solve', 'no-such-problem', '5'], /unknown problem 'no-such-problem'/],
    ['missing argument', ['solve'], /missing required argument 'problem'/],
    ['unknown option', ['solve', 'nim-square', '29', '--frobnicate'], /unknown option '--frobnicate'/],
    ['N above the maximum', ['solve', 'nim-square', '200000000'], /N = 200000000 is above the maximum of 100000000/],
    [
      '--verify beyond the oracle',
      ['solve', 'nim-square', '100', '--verify'],
      /--verify for nim-square works up to N = 60/,
    ],
    [
      'a heap beyond what explain works out under misère play: the limit, and analyze --misere',
      ['explain', 'nim', '1e30', '--misere'],
      /^nimber: heap 1 = 1000000000000000000000000000000 is above the largest heap explain works out under misère play for nim \(4294967295\); `analyze --misere` answers larger heaps/,
    ],
    [
      'a heap of more than 100 digits',
      ['analyze', 'kayles', '1e150'],
      /heap 1: number of digits = 151 is above the maximum of 100/,
    ],
    // the message quotes the text it rejects: clipped to 500 characters, saying how much was left out
    [
      'a 20,000-character heap size',
      ['analyze', 'nim', 'x'.repeat(20_000)],
      /^nimber: heap 1 must be a non-negative integer, got 'x{400,}… \(\d+ more characters\)\n$/,
    ],
  ];
  it.each(cases)('%s', async (_name, args, message) => {
    const r = await nimber(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/^[^\n]+\n$/); // exactly one line
    expect(r.stderr).not.toMatch(/\n\s+at |Error:/); // no stack trace
  });
});
