/** The spec language: canonical forms, named sets, and clear errors. */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/engine/errors.ts';
import { parseRuleset, tryParseRuleset } from '../../src/engine/spec.ts';
import type { SubtractionRuleset } from '../../src/engine/families/subtraction/index.ts';

const members = (spec: string, limit: number) => {
  const r = parseRuleset(spec) as SubtractionRuleset;
  return Array.from(r.subtractionSet.upTo(limit));
};

describe('spec parser', () => {
  it('parses nim and finite sets into canonical specs', () => {
    expect(parseRuleset('nim').spec).toBe('nim');
    expect(parseRuleset(' subtract:4,1,3,1 ').spec).toBe('subtract:1,3,4');
    expect(parseRuleset(parseRuleset('subtract:4,1,3').spec).spec).toBe('subtract:1,3,4');
  });

  it('lists the named infinite sets', () => {
    expect(members('subtract:squares', 50)).toEqual([1, 4, 9, 16, 25, 36, 49]);
    expect(members('subtract:cubes', 100)).toEqual([1, 8, 27, 64]);
    expect(members('subtract:primes', 30)).toEqual([2, 3, 5, 7, 11, 13, 17, 19, 23, 29]);
    expect(members('subtract:powers-of-2', 64)).toEqual([1, 2, 4, 8, 16, 32, 64]);
    expect(members('subtract:fibonacci', 40)).toEqual([1, 2, 3, 5, 8, 13, 21, 34]);
    expect(members('subtract:triangular', 30)).toEqual([1, 3, 6, 10, 15, 21, 28]);
    expect(members('subtract:1,3,4', 3)).toEqual([1, 3]);
  });

  // Issue 16: names that are Object.prototype members must not be found through a plain-object lookup.
  it.each([
    ['__proto__', /unknown ruleset '__proto__'/],
    ['constructor', /unknown ruleset 'constructor'/],
    ['CONSTRUCTOR', /unknown ruleset 'CONSTRUCTOR'/],
    ['toString', /unknown ruleset 'toString'/],
    ['hasOwnProperty', /unknown ruleset 'hasOwnProperty'/],
    ['subtract:__proto__', /'__proto__' is not a positive integer or a known set/],
    ['subtract:valueOf', /'valueOf' is not a positive integer or a known set/],
    ['subtract:hasOwnProperty', /'hasOwnProperty' is not a positive integer or a known set/],
    ['subtract:toString', /'toString' is not a positive integer or a known set/],
    ['subtract:constructor', /'constructor' is not a positive integer or a known set/],
    ['subtract:1,__proto__', /'__proto__'/],
    ['takebreak:__proto__', /takebreak code '__proto__'/],
    ['equal-removal:constructor', /got 'constructor'/],
    ['split:__proto__', /unknown rule '__proto__'/],
  ])('rejects the Object.prototype name %j as an unknown name', (spec, message) => {
    expect(() => parseRuleset(spec)).toThrow(InputError);
    expect(() => parseRuleset(spec)).toThrow(message);
  });

  it.each([
    ['', /empty/],
    ['chess', /unknown ruleset 'chess'/],
    ['subtract', /needs arguments/],
    ['subtract:', /needs arguments/],
    ['subtract:0,2', /'0' is not a positive integer/],
    ['subtract:1,x', /'x' is not a positive integer/],
    ['subtract:-3', /'-3'/],
    ['subtract:squarez', /'squarez'/],
    ['nim:3', /takes no arguments/],
  ])('rejects %j with a message naming the problem', (spec, message) => {
    expect(() => parseRuleset(spec)).toThrow(InputError);
    expect(() => parseRuleset(spec)).toThrow(message);
  });

  it('tryParseRuleset returns a result instead of throwing', () => {
    const bad = tryParseRuleset('nope');
    expect(bad.ok).toBe(false);
    const good = tryParseRuleset('nim');
    expect(good.ok && good.value.spec).toBe('nim');
  });
});
