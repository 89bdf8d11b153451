/**
 * Census codes: enumeration, prefixes, and the standard forms, each folding rule checked against
 * the generic mex kernel (brute force over every option) on random codes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_CENSUS_CODES,
  checkCodeSpace,
  countCodes,
  enumerateCodes,
  foldCodes,
  redundantBit,
  standardForm,
  type CodeDigits,
} from '../../../src/engine/families/takebreak/codes.ts';
import { parseTakeBreak, takeBreak } from '../../../src/engine/families/takebreak/index.ts';
import { mexSequence } from '../../../src/engine/kernels/mex.ts';
import { codeText } from './takebreak/arbitraries.ts';

/** Heaps compared: far past every code's digits, so every rule's witness heap is covered many times. */
const OCTAL_HEAPS = 300;
/** Three-heap splits cost O(n^2) options a heap. */
const HEX_HEAPS = 70;

const values = (code: string, heaps: number) => Array.from(mexSequence(parseTakeBreak(code), heaps - 1));
const heapsFor = (code: string) => (parseTakeBreak(code).digits.some((d) => d & 8) ? HEX_HEAPS : OCTAL_HEAPS);

describe('the size of a code space', () => {
  it('is counted without listing, equal to the listing on small spaces and prefixes', () => {
    for (const space of [
      { digits: 1 },
      { digits: 3 },
      { digits: 2, hex: true },
      { digits: 3, prefix: '4.' },
      { digits: 3, prefix: '.3' },
      { digits: 3, prefix: '0.35' },
      { digits: 2, hex: true, prefix: 'C.f' },
      { digits: 2, prefix: '4.07' },
    ])
      expect(countCodes(space), JSON.stringify(space)).toBe(enumerateCodes(space).length);
  });

  it('refuses 16^6 hex codes in one line before listing any, and a space over the run limit by the option', () => {
    expect(countCodes({ digits: 6, hex: true })).toBe(4 * 16 ** 6);
    expect(() => enumerateCodes({ digits: 6, hex: true })).toThrow(
      /^census takebreak --digits 6 --hex has 67,108,864 codes, more than one census enumerates \(1,048,576\): narrow it with --prefix/,
    );
    expect(checkCodeSpace({ digits: 6, hex: true, prefix: '4.3' })).toBe(MAX_CENSUS_CODES);
    expect(() => checkCodeSpace({ digits: 6 }, 2 ** 16)).toThrow(
      'census takebreak --digits 6 has 524,288 codes, more than --max-codes 65,536 allows: give --max-codes 524288 to run it, or narrow it with --prefix (each digit it fixes divides the codes by 8)',
    );
    expect(checkCodeSpace({ digits: 6, prefix: '4.0' }, 2 ** 16)).toBe(2 ** 15);
  });
});

describe('enumerating codes', () => {
  it('one digit: .0 .. .7 and 4.0 .. 4.7, each once', () => {
    expect(enumerateCodes({ digits: 1 })).toEqual([
      '0.0',
      '0.1',
      '0.2',
      '0.3',
      '0.4',
      '0.5',
      '0.6',
      '0.7',
      '4.0',
      '4.1',
      '4.2',
      '4.3',
      '4.4',
      '4.5',
      '4.6',
      '4.7',
    ]);
  });

  it('three digits: 2 · 8^3 distinct codes; hex two digits: 4 · 16^2', () => {
    const three = enumerateCodes({ digits: 3 });
    expect(three.length).toBe(1024);
    expect(new Set(three).size).toBe(1024);
    expect(three).toContain('0.354');
    expect(three).toContain('0.1'); // a shorter code, once (not also as .10 and .100)
    expect(enumerateCodes({ digits: 2, hex: true }).length).toBe(1024);
  });

  it('prefixes restrict the codes', () => {
    expect(enumerateCodes({ digits: 2, prefix: '4.' }).every((c) => c.startsWith('4.'))).toBe(true);
    expect(enumerateCodes({ digits: 2, prefix: '4.' }).length).toBe(64);
    expect(enumerateCodes({ digits: 3, prefix: '0.3' })).toHaveLength(64);
    expect(enumerateCodes({ digits: 3, prefix: '.35' })).toEqual([
      '0.35',
      '0.351',
      '0.352',
      '0.353',
      '0.354',
      '0.355',
      '0.356',
      '0.357',
    ]);
    expect(enumerateCodes({ digits: 1, prefix: 'C.', hex: true })).toHaveLength(16);
  });

  it('bad digit counts and prefixes are one-line input errors', () => {
    expect(() => enumerateCodes({ digits: 0 })).toThrow(/--digits must be 1\.\.6/);
    expect(() => enumerateCodes({ digits: 7 })).toThrow(/--digits/);
    expect(() => enumerateCodes({ digits: 2, prefix: '0.8' })).toThrow(/octal/);
    expect(() => enumerateCodes({ digits: 2, prefix: '2.' })).toThrow(/d0 must be 0, 4/);
    expect(() => enumerateCodes({ digits: 2, prefix: 'x' })).toThrow(/not the start of a code/);
    expect(() => enumerateCodes({ digits: 1, prefix: '0.12' })).toThrow(/more than the 1 digits/);
  });
});

describe('standard forms', () => {
  it("fold codes the way Czajka's GameLookup.md does where no offset is involved (tczajka/octal-games, GameLookup.md)", () => {
    // .6x row: .61 .62 .63 are .6; .65 .66 .67 are .64; 4.0x: 4.01 is 4; 4.x: 4.2 is 4, 4.6 is 4.4 (his .77 by offset)
    for (const c of ['0.61', '0.62', '0.63']) expect(standardForm(c)).toBe('0.6');
    for (const c of ['0.65', '0.66', '0.67']) expect(standardForm(c)).toBe('0.64');
    for (const c of ['4.01', '4.2']) expect(standardForm(c)).toBe('4.0');
    expect(standardForm('4.6')).toBe(standardForm('4.4'));
    expect(standardForm('0.46')).toBe('0.44');
    expect(standardForm('0.47')).toBe('0.45');
  });

  it("keeps games apart that differ: Kayles, Dawson's Kayles, .354, Grundy's game", () => {
    for (const c of ['0.77', '0.07', '0.137', '0.354', '0.376', '4!.0', '0.16']) expect(standardForm(c)).toBe(c);
  });

  it("the 3-digit census folds 1024 codes into 384 games; every member maps to its group's form, and forms are fixed points", () => {
    const groups = foldCodes(enumerateCodes({ digits: 3 }));
    expect(groups.length).toBe(384);
    for (const g of groups) {
      expect(standardForm(g.code)).toBe(g.code);
      for (const m of g.members) expect(standardForm(m)).toBe(g.code);
    }
  });

  it('every 2-digit code has the same values as its standard form (mex kernel, 300 heaps)', () => {
    for (const g of foldCodes(enumerateCodes({ digits: 2 }))) {
      const reference = values(g.code, OCTAL_HEAPS);
      for (const m of g.members) expect(values(m, OCTAL_HEAPS), `${m} vs ${g.code}`).toEqual(reference);
    }
  });

  it("property: a random code (octal or hex, with '!') has the same values as its standard form", () => {
    const code = fc.oneof(codeText({ hex: false, maxDigits: 4 }), codeText({ hex: true, maxDigits: 3 }));
    fc.assert(
      fc.property(code, (text) => {
        const form = standardForm(text);
        const heaps = Math.min(heapsFor(text), heapsFor(form));
        expect(values(form, heaps)).toEqual(values(text, heaps));
        expect(standardForm(form)).toBe(form);
      }),
      { numRuns: 150 },
    );
  });

  it('property: each rule alone — a bit it calls redundant can be set or cleared without changing a value', () => {
    const code = fc.oneof(codeText({ hex: false, maxDigits: 4 }), codeText({ hex: true, maxDigits: 3 }));
    fc.assert(
      fc.property(code, (text) => {
        const r = parseTakeBreak(text);
        const c: CodeDigits = { digits: [...r.digits], unequal: [...r.unequal] };
        for (let k = 1; k <= c.digits.length + 3; k++) {
          for (const bit of [1, 2, 4] as const) {
            if (!redundantBit(c, k, bit)) continue;
            const digits = [...c.digits];
            while (digits.length <= k) digits.push(0);
            const toggled = takeBreak(
              digits.map((d, i) => (i === k ? d ^ bit : d)),
              c.unequal,
            ).code;
            const heaps = Math.min(heapsFor(text), heapsFor(toggled));
            expect(values(toggled, heaps), `${text} with bit ${bit} of d${k} toggled: ${toggled}`).toEqual(
              values(text, heaps),
            );
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
