/** Numbers are read the same way by every face: the API accepts exactly the text forms the CLI's (and the page's) parsers accept. */
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../helpers/api.ts';
import { InputError, parseBigNatural, parseNatural } from '../../src/engine/errors.ts';

const { post, app } = useTestApi({ timeLimitMs: 300_000, threads: 1 });

/** What the CLI's parser makes of the text: the number, or null when it refuses it. */
function cliValue(text: string): bigint | null {
  try {
    return parseBigNatural(text, 'heap 1');
  } catch (e) {
    if (e instanceof InputError) return null;
    throw e;
  }
}

const TEXTS = [
  '7',
  ' 7 ',
  '007',
  '1_000',
  '1e3',
  '2.5e3',
  '1.50e1',
  '1e18',
  '1E6',
  '0e5',
  '1.5',
  '1.5e0',
  '-3',
  '+3',
  '0x10',
  '1e',
  'e3',
  '',
  '_',
  '1__0',
  '3 4',
  'seven',
  '1e101',
  '2^10',
  '10^18',
  ' 2 ^ 20 ',
  '2^400',
  '2^',
  '^3',
  '2^-1',
];

describe('one number syntax for the CLI, the page and the API', () => {
  it('the parsers accept digits, underscores and integral scientific forms, and nothing else', () => {
    expect(parseNatural('1_000_000', 'n')).toBe(1_000_000);
    expect(parseNatural('2.5e3', 'n')).toBe(2500);
    expect(parseBigNatural('1e18', 'n')).toBe(10n ** 18n);
    expect(parseBigNatural('1.50e1', 'n')).toBe(15n);
    expect(parseBigNatural('0e500', 'n')).toBe(0n);
    for (const bad of ['1.5', '1.5e0', '-3', '+3', '0x10', 'e3', '']) expect(cliValue(bad), bad).toBeNull();
    expect(() => parseNatural('1e30', 'heap 1')).toThrow('heap 1 is above the maximum of 9007199254740991');
    expect(() => parseBigNatural('1e150', 'heap 1')).toThrow(
      'heap 1: number of digits = 151 is above the maximum of 100',
    );
  });

  it('powers are numbers too, as the documents write maxima (2^20, 2^62, 10^18)', () => {
    expect(parseNatural('2^20', '--max-heaps')).toBe(1_048_576);
    expect(parseBigNatural('2^62', '--mod')).toBe(2n ** 62n);
    expect(parseBigNatural('10^18', '--max')).toBe(10n ** 18n);
    expect(parseBigNatural('0^0', 'n')).toBe(1n);
    expect(() => parseNatural('2^60', '--max')).toThrow('--max is above the maximum of 9007199254740991');
    expect(() => parseBigNatural('2^400', 'heap 1')).toThrow('heap 1: 2^400 has more than 100 digits');
    for (const bad of ['2^', '^3', '2^-1', '2**3']) expect(cliValue(bad), bad).toBeNull();
  });

  it('/api/analyze takes a heap given as text exactly when the CLI does, with the same value', async () => {
    for (const text of TEXTS) {
      const expected = cliValue(text);
      // subtract:1,3,4 has a proved period, so a heap of any size is answered
      const r = await post('/api/analyze', { ruleset: 'subtract:1,3,4', heaps: [text] });
      if (expected === null) {
        expect(r.status, text).toBe(422);
        expect(String(r.body.error), text).toMatch(/^heaps\.0: expected a non-negative integer/);
      } else {
        expect(r.status, text).toBe(200);
        expect(String((r.body.heaps as unknown[])[0]), text).toBe(String(expected));
      }
    }
  });

  it('query numbers too: /api/grundy?to=1e2 is to=100', async () => {
    const a = await app().request('/api/grundy?ruleset=kayles&to=1e2');
    const b = await app().request('/api/grundy?ruleset=kayles&to=100');
    expect(a.status).toBe(200);
    expect(await a.json()).toEqual(await b.json());
  });
});
