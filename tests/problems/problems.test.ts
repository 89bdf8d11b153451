/** Catalog problems of the foundation: Nim Square and Nim, through parse -> solve -> format. */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/engine/errors.ts';
import { PROBLEMS, findProblem, solveText } from '../../src/problems/index.ts';

describe('catalog', () => {
  it('every problem solves its own sample exactly', () => {
    for (const p of PROBLEMS) expect(solveText(p, p.sample.input), p.id).toBe(p.sample.output);
  });

  it('every problem with a brute-force check agrees with it on the sample', () => {
    for (const p of PROBLEMS) {
      if (!p.verify) continue;
      const input = p.parse(p.sample.input);
      expect(
        JSON.stringify(p.json(p.solve(input)), (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
        p.id,
      ).toBe(JSON.stringify(p.json(p.verify(input)), (_k, v) => (typeof v === 'bigint' ? String(v) : v)));
    }
  });

  it('nim-square: PE310 values and JSON as a decimal string', () => {
    const p = findProblem('nim-square')!;
    expect(solveText(p, '100000\n')).toBe('2586528661783');
    expect(p.json(p.solve(p.parse('29')))).toEqual({ count: '1160' });
  });

  it('nim-square: verify agrees with the fast path for every N <= 40', () => {
    const p = findProblem('nim-square')!;
    for (let n = 0; n <= 40; n += 4) expect(p.verify!(n)).toBe(p.solve(n));
  });

  it.each(['', '-5', '2.5', 'abc', '1 2', '1e9'])('nim-square rejects %j', (text) => {
    expect(() => findProblem('nim-square')!.parse(text)).toThrow(InputError);
  });

  it('nim: rejects non-numbers and refuses to verify huge positions', () => {
    const p = findProblem('nim')!;
    expect(() => p.parse('1 x 3')).toThrow(/heap 2/);
    expect(() => p.verify!(p.parse('100 100'))).toThrow(InputError);
  });
});
