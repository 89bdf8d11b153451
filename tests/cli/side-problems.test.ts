/** The side problems through the real command (`node bin/nimber.js solve ...`): stdin, arguments, exit codes. */
import { describe, expect, it } from 'vitest';
import { nimberSync as nimber } from '../helpers/cli.ts';

describe('nimber solve (side problems)', () => {
  it('circle-summation reads the judge input from stdin and prints the judge output', () => {
    const r = nimber(['solve', 'circle-summation'], '2\n5 1\n10 20 30 40 50\n3 4\n1 2 1\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      '80 20 30 40 50\n10 60 30 40 50\n10 20 90 40 50\n10 20 30 120 50\n10 20 30 40 100\n\n23 7 12\n11 21 6\n7 13 24\n',
    );
  });

  it('circle-summation: a short line is exit 2 with one line naming it', () => {
    const r = nimber(['solve', 'circle-summation'], '2\n5 1\n10 20 30 40 50\n5 4\n1 2 1 4\n');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('nimber: line 5: expected 5 numbers, got 4\n');
  });

  it('equations from an argument and from stdin, with --verify', () => {
    expect(nimber(['solve', 'equations', '32327'])).toMatchObject({ code: 0, stdout: '656502\n' });
    const r = nimber(['solve', 'equations', '--verify', '--json'], '40921\n');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ count: 686720, modulus: 1000007 });
    expect(r.stderr).toMatch(/verified/);
  });

  it('equations: N above the maximum is exit 2, no stack trace', () => {
    const r = nimber(['solve', 'equations', '20000000']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('nimber: N = 20000000 is above the maximum of 10000000\n');
  });
});
