/** `nimber nim`: nim arithmetic end to end through the real command, decimal results, JSON strings, bad input exit 2. */
import { describe, expect, it } from 'vitest';
import { nimProduct } from '../../src/engine/kernels/nim-arithmetic.ts';
import { nimber } from '../helpers/cli.ts';

describe('nimber nim', () => {
  it('multiplies 2^400 by itself in decimal: a 2-power squares to a nim-product the engine gives', async () => {
    const r = await nimber(['nim', 'mul', '2^400', '2^400']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(nimProduct(1n << 400n, 1n << 400n).toString());
  });

  it('inverts, takes roots, powers, divides and sums (OEIS A051917, A160679; 2 has order 3)', async () => {
    const cases: [string[], string][] = [
      [['inv', '7'], '11'],
      [['sqrt', '8'], '14'],
      [['pow', '2', '100'], '2'],
      [['div', '1', '7'], '11'],
      [['sum', '21508', '42689'], '62149'],
      [['square', '16'], '24'],
    ];
    for (const [args, expected] of cases) {
      const r = await nimber(['nim', ...args]);
      expect([args.join(' '), r.code, r.stdout.trim()]).toEqual([args.join(' '), 0, expected]);
    }
  });

  it('--json writes values as strings; --explain works a product out step by step', async () => {
    const json = await nimber(['nim', 'mul', '2^64', '3', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      op: 'mul',
      operands: ['18446744073709551616', '3'],
      expression: '18446744073709551616 ⊗ 3',
      result: '55340232221128654848',
      fieldBits: 128,
    });
    const explained = await nimber(['nim', 'mul', '8', '8', '--explain']);
    expect(explained.code).toBe(0);
    expect(explained.stdout).toContain('8 ⊗ 8: F = 4, 8 = 2·4 ⊕ 0, 8 = 2·4 ⊕ 0');
    expect(explained.stdout).toMatch(/= 3·4 ⊕ 1 = 13\n/);
  });

  it('takes powers with long exponents up to the operand limit: below 2^65536, and 2^65536 refused as too large', async () => {
    // Distinct Fermat 2-powers 2^(2^k) multiply as integers (Conway, ONAG ch. 6), so 2^a ⊗ 2 = 2^(a+1)
    // for every even a: 2 = 2^(2^0) and 2^a is a product of Fermat 2-powers other than it.
    for (const a of [10_000, 20_000, 65_534]) {
      const r = await nimber(['nim', 'mul', `2^${a}`, '2']);
      expect([a, r.code, r.stdout.trim()]).toEqual([a, 0, (1n << BigInt(a + 1)).toString()]);
    }
    for (const [value, message] of [
      ['2^65536', /^nimber: a has 65537 bits, above the maximum of 65536/],
      ['2^70000', /^nimber: a: 2\^70000 has more than 19729 digits/],
    ] as const) {
      const r = await nimber(['nim', 'mul', value, '2']);
      expect([value, r.code]).toEqual([value, 2]);
      expect(r.stderr).toMatch(message);
    }
  });

  it('bad input is one line on stderr and exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [['nim', 'inv', '0'], /^nimber: 0 has no nim-inverse/],
      [['nim', 'div', '5', '0'], /^nimber: nim-division by 0/],
      [['nim', 'frob', '1', '2'], /^nimber: unknown nim operation 'frob'; known: sum, mul/],
      [['nim', 'mul', '8'], /^nimber: nim mul takes two values/],
      [['nim', 'mul', '-3', '2'], /error|unknown option|non-negative/],
      [['nim', 'mul', 'x', '2'], /^nimber: a must be a non-negative integer, got 'x'/],
      [['nim', 'pow', '2^1100', '3'], /above the maximum of 1024/],
      [['nim', 'mul', '300', '2', '--explain'], /0\.\.255/],
    ];
    for (const [args, message] of cases) {
      const r = await nimber(args);
      expect([args.join(' '), r.code]).toEqual([args.join(' '), 2]);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
    }
  });
});
